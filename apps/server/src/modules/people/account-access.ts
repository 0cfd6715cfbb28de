import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';

/**
 * What staff management needs of sign-in: e-mail a set-password link, end every session. The auth
 * module provides it (auth sits above people: it reads the users people keep).
 */
export interface TAccountAccess {
  sendInviteLink(tx: TTx, ctx: TContext, user: { id: string; email: string; firstName: string; role: string }): Promise<void>;
  revokeAllSessions(tx: TTx, userId: string, reason: string): Promise<void>;
}

let access: TAccountAccess | null = null;

/** Registers the sign-in module's side of staff management (at start-up). */
export function provideAccountAccess(provider: TAccountAccess): void {
  access = provider;
}

export function accountAccess(): TAccountAccess {
  if (!access) throw new Error('No account access is registered: compose the modules before use (see apps/server/src/modules.ts).');
  return access;
}
