import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import type { TRequestRow } from './request.policy.js';

/** What a listener learns when an approval chain ends on a request of its type. */
export interface TApprovalOutcomeEvent {
  /** The request after the outcome was applied (status in_review, unlocked). */
  request: TRequestRow;
  outcome: 'approved' | 'rejected';
  approver: { userId: string | null; name: string; comment: string };
}
export type TApprovalOutcomeHandler = (tx: TTx, ctx: TContext, event: TApprovalOutcomeEvent) => Promise<void>;

const handlers = new Map<string, Set<TApprovalOutcomeHandler>>();

/**
 * Lets a module that owns a kind of request (e.g. scholars: sponsorship_request) react to the end of
 * its approval chain, in the same transaction, without the requests module importing it. The owner
 * then tells the office and the requester itself (the generic "back with the office" would be wrong). Registering
 * the same handler twice (several apps in one process) keeps one.
 */
export function onApprovalOutcome(typeCode: string, handler: TApprovalOutcomeHandler): void {
  const set = handlers.get(typeCode) ?? new Set<TApprovalOutcomeHandler>();
  set.add(handler);
  handlers.set(typeCode, set);
}

/** Whether a module owns the outcome of this request type (then it, not the requests module, tells people). */
export function hasApprovalOutcomeListener(typeCode: string): boolean {
  return (handlers.get(typeCode)?.size ?? 0) > 0;
}

/** Runs the handlers registered for a request type, in order of registration. */
export async function emitApprovalOutcome(tx: TTx, ctx: TContext, typeCode: string, event: TApprovalOutcomeEvent): Promise<void> {
  for (const h of handlers.get(typeCode) ?? []) await h(tx, ctx, event);
}
