import type { TTx } from '../../../platform/db/database.js';
import { type TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { notify } from '../../notifications/index.js';
import { officeRecipients, stepOwnedRequest, type TRequestRow } from '../../requests/index.js';
import { type TCaseRow, type TScholarRow } from '../scholar.policy.js';

/** A scholar's name as messages show it. */
export const nameOf = (s: Pick<TScholarRow, 'firstName' | 'lastName'>) => `${s.firstName} ${s.lastName}`.trim();

/** Moves the engine request through the allowed transitions (the requests module's state machine), audited there. */
export async function moveRequest(tx: TTx, ctx: TContext, r: TRequestRow, to: 'submitted' | 'adv_review'): Promise<TRequestRow> {
  let row = r;
  if (row.status === 'draft') row = await stepOwnedRequest(tx, ctx, row, 'submit');
  if (to === 'adv_review') row = await stepOwnedRequest(tx, ctx, row, 'send_to_approver');
  return row;
}

/** Tells the office's staff that a sponsorship request reached them (bell and e-mail). */
export async function tellOffice(tx: TTx, ctx: TContext, r: TRequestRow, c: TCaseRow, s: TScholarRow, how: string) {
  const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
  const text = `New sponsorship request for ${nameOf(s)} (${c.proposedStatus}) ${how}: request #${r.number}.`;
  await notify(tx, ctx, {
    userIds: await officeRecipients(tx, r),
    text,
    typeName: 'scholar.sponsorship.submitted',
    requestId: r.id,
    scholarId: s.id,
    scholarApplicationId: c.id,
    email: {
      subject: `Sponsorship request #${r.number}: ${nameOf(s)}`,
      text: `${text}\n\nReview it: ${base}/#/admin/reviewrequest/${c.id}\n`,
    },
  });
}
