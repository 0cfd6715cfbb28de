import { eq } from 'drizzle-orm';
import { SCHOLAR_PROGRAM_TYPES, type scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { openRequest, requestTypes } from '../../../requests/index.js';
import { scholarApplications, scholars } from '../../schema.js';
import { presentDeptCase } from '../dept-case.presenter.js';
import {
  assertEmailFree,
  sponsorshipAuditShape,
  caseFields,
  departmentNameOf,
  departmentOf,
  requestData,
  type TInput,
} from '../sponsorship-fields.js';

/** Saves a new sponsorship request as a draft: the scholar, the case and its engine request, in one transaction. */
export async function createSponsorship(ctx: TContext, input: TInput): Promise<scholarsApi.TDeptCase> {
  const actor = requireActor(ctx);
  const departmentId = departmentOf(actor);
  return ctx.db(async (tx) => {
    await assertEmailFree(tx, ctx, input.email, null);
    const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.code, SCHOLAR_PROGRAM_TYPES.sponsorship));
    const departmentName = await departmentNameOf(tx, departmentId);
    if (!type)
      throw new AppError(500, 'INTERNAL', 'The sponsorship request type is missing: the office must set up the scholar program types.');
    const [s] = await tx
      .insert(scholars)
      .values({
        institutionId: ctx.institutionId,
        departmentId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
      })
      .returning();
    const r = await openRequest(tx, ctx, {
      type: { id: type.id },
      requesterUserId: actor.userId,
      subjectUserId: null,
      departmentId,
      title: `Sponsorship request: ${input.firstName} ${input.lastName}`,
      data: requestData(input, departmentName),
    });
    const [c] = await tx
      .insert(scholarApplications)
      .values({
        institutionId: ctx.institutionId,
        scholarId: s!.id,
        departmentId,
        ...caseFields(input),
        sponsorshipState: 'draft',
        sponsorshipRequestId: r.id,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const [scholar] = await tx.update(scholars).set({ currentApplicationId: c!.id }).where(eq(scholars.id, s!.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: r.id,
      action: 'request.created',
      after: { type: type.code, number: r.number },
      ip: ctx.ip,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c!.id,
      action: 'sponsorship.created',
      after: sponsorshipAuditShape(c!, scholar!),
      ip: ctx.ip,
    });
    return presentDeptCase(tx, c!, scholar!);
  });
}
