import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { type TContext } from '../../../../platform/http/context.js';
import { loadSettings } from '../../../institutions/index.js';
import { notify } from '../../../notifications/index.js';
import { type TApprovalOutcomeEvent } from '../../../requests/index.js';
import { scholarApplications, scholars } from '../../schema.js';
import { nameOf, tellOffice } from '../sponsorship-steps.js';

/**
 * The end of the department's approval chain (called by the requests module in the approver's
 * transaction; the approver may have no session): approved goes to the office, rejected goes back
 * to the department with the approver's reason.
 */
export async function applySponsorshipApprovalOutcome(tx: TTx, ctx: TContext, e: TApprovalOutcomeEvent): Promise<void> {
  const [c] = await tx
    .select()
    .from(scholarApplications)
    .where(and(eq(scholarApplications.sponsorshipRequestId, e.request.id), eq(scholarApplications.sponsorshipState, 'pending_approval')))
    .for('update');
  if (!c) return;
  const [s] = await tx.select().from(scholars).where(eq(scholars.id, c.scholarId));
  const state = e.outcome === 'approved' ? 'submitted' : 'rejected';
  await tx
    .update(scholarApplications)
    .set({
      sponsorshipState: state,
      version: c.version + 1,
      updatedAt: new Date(),
      ...(state === 'submitted' ? { submittedToIsssAt: new Date() } : {}),
    })
    .where(eq(scholarApplications.id, c.id));
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: e.approver.userId,
    entityType: 'scholar_application',
    entityId: c.id,
    action: e.outcome === 'approved' ? 'sponsorship.approved' : 'sponsorship.rejected',
    before: { sponsorshipState: c.sponsorshipState },
    after: { sponsorshipState: state, approverName: e.approver.name, reason: e.approver.comment || undefined },
    ip: ctx.ip,
  });
  const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
  const who = s ? nameOf(s) : 'the scholar';
  if (state === 'submitted') {
    await tellOffice(tx, ctx, e.request, c, s!, 'approved by the department');
    await notify(tx, ctx, {
      userIds: [c.createdBy ?? e.request.requesterUserId],
      text: `The sponsorship request for ${who} was approved and sent to the international office.`,
      typeName: 'scholar.sponsorship.approved',
      requestId: e.request.id,
      scholarId: c.scholarId,
      scholarApplicationId: c.id,
    });
  } else {
    const text = `${e.approver.name} rejected the sponsorship request for ${who}.`;
    await notify(tx, ctx, {
      userIds: [c.createdBy ?? e.request.requesterUserId],
      text,
      typeName: 'scholar.sponsorship.rejected',
      requestId: e.request.id,
      scholarId: c.scholarId,
      scholarApplicationId: c.id,
      email: {
        subject: `Sponsorship request for ${who} rejected`,
        text: `${text}${e.approver.comment ? `\n\nReason: ${e.approver.comment}` : ''}\n\nEdit it and send it again: ${base}/#/scholar/editscholarapplication/${c.id}\n`,
      },
    });
  }
}
