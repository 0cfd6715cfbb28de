import type { TProcessedState, TRole, TStudentStage } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';

/**
 * What post-login routing needs to know of an account beyond the user row: a student's record and
 * stage, a scholar's case and hiring department. The modules that own those records provide them
 * (auth sits below students and scholars, so it asks instead of importing them).
 */
export interface TAccountFacts {
  profileId?: string | null;
  currentStage?: TStudentStage | null;
  scholarId?: string | null;
  scholarApplicationId?: string | null;
  processedState?: TProcessedState | null;
  /** The department the account belongs to, when it is not the user row's own (a scholar's hiring department). */
  departmentId?: string | null;
}

export type TAccountFactsProvider = (tx: TTx, userId: string) => Promise<TAccountFacts>;

const providers = new Map<TRole, TAccountFactsProvider>();

/** Registers the module that knows more of one role's accounts (idempotent: the last registration wins). */
export function provideAccountFacts(role: TRole, provider: TAccountFactsProvider): void {
  providers.set(role, provider);
}

/** The facts of one account, from the provider of its role (none: an empty answer). */
export async function accountFacts(tx: TTx, user: { id: string; role: string }): Promise<TAccountFacts> {
  const provider = providers.get(user.role as TRole);
  return provider ? provider(tx, user.id) : {};
}
