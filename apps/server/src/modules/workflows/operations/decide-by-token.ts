import { type TContext } from '../../../platform/http/context.js';
import { usableLink } from '../approval-links.js';
import { decide } from '../approval-decision.js';

/** Decides through an e-mailed link: explicit POST, single use. */
export async function decideByToken(ctx: TContext, token: string, decision: 'approve' | 'reject', comment: string) {
  return ctx.db(async (tx) => {
    const { approval } = await usableLink(tx, token, true);
    return decide(tx, ctx, approval.id, decision, comment);
  });
}
