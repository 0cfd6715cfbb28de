import { type TContext } from '../../../platform/http/context.js';
import { chains } from '../extensions.js';
import { lockRequest } from '../request-locks.js';

/** Staff remind the pending approvers with fresh links (e.g. after one expired). */
export async function resendApprovalLinks(ctx: TContext, requestId: string) {
  return ctx.db(async (tx) => ({ sent: await chains().resend(tx, ctx, await lockRequest(tx, ctx, requestId, 'process')) }));
}
