import { and, eq } from 'drizzle-orm';
import { type scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError, conflict } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { updateOwnedRequestContent } from '../../../requests/index.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { scholarApplications, scholars } from '../../schema.js';
import { presentDeptCase } from '../dept-case.presenter.js';
import {
  DEPT_MSG,
  assertEmailFree,
  sponsorshipAuditShape,
  caseFields,
  departmentNameOf,
  departmentOf,
  requestData,
  type TUpdateInput,
} from '../sponsorship-fields.js';

/** Changes a draft (or rejected) sponsorship request; an older version than the stored one answers 409. */
export async function updateSponsorship(ctx: TContext, applicationId: string, input: TUpdateInput): Promise<scholarsApi.TDeptCase> {
  const actor = requireActor(ctx);
  departmentOf(actor);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    if (c.sponsorshipState !== 'draft' && c.sponsorshipState !== 'rejected') throw new AppError(409, 'NOT_EDITABLE', DEPT_MSG.notEditable);
    if (c.version !== input.version) throw new AppError(409, 'STALE', DEPT_MSG.staleVersion);
    if (input.email.toLowerCase() !== scholar.email.toLowerCase()) {
      if (scholar.userId) {
        const msg = 'The scholar was invited with this e-mail address (it is their user name); it cannot be changed here.';
        throw conflict(msg, { email: [msg] });
      }
      await assertEmailFree(tx, ctx, input.email, scholar.id);
    }
    const [updated] = await tx
      .update(scholarApplications)
      .set({ ...caseFields(input), version: c.version + 1, updatedBy: actor.userId, updatedAt: new Date() })
      .where(and(eq(scholarApplications.id, c.id), eq(scholarApplications.version, input.version)))
      .returning();
    if (!updated) throw new AppError(409, 'STALE', DEPT_MSG.staleVersion);
    const [s] = await tx
      .update(scholars)
      .set({ firstName: input.firstName, lastName: input.lastName, email: input.email, updatedAt: new Date() })
      .where(eq(scholars.id, scholar.id))
      .returning();
    if (c.sponsorshipRequestId) {
      const departmentName = await departmentNameOf(tx, c.departmentId);
      await updateOwnedRequestContent(tx, c.sponsorshipRequestId, {
        title: `Sponsorship request: ${input.firstName} ${input.lastName}`,
        data: requestData(input, departmentName),
      });
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: 'sponsorship.updated',
      before: sponsorshipAuditShape(c, scholar),
      after: sponsorshipAuditShape(updated, s!),
      ip: ctx.ip,
    });
    return presentDeptCase(tx, updated, s!);
  });
}
