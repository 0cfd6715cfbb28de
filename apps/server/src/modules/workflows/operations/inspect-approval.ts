import { type TContext } from '../../../platform/http/context.js';
import { presentApprovalSummary } from '../approval.presenter.js';
import { usableLink } from '../approval-links.js';

/** What the link is about. Opening changes nothing: mail scanners open links. */
export async function inspectApproval(ctx: TContext, token: string) {
  return ctx.db(async (tx) => presentApprovalSummary(tx, (await usableLink(tx, token, false)).approval));
}
