import { and, eq } from 'drizzle-orm';
import { isOfficeStudentRequest, type TRequestDetail } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError, badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { loadSettings } from '../../../institutions/index.js';
import { notify } from '../../../notifications/index.js';
import { users } from '../../../people/index.js';
import { auditShape, openRequest, presentRequest, requestTypes } from '../../../requests/index.js';
import { NOT_FOR_STUDENT, reachableProfile, startableFor } from '../startable-types.js';

/**
 * Staff start a draft for a student, on their behalf. The student is the requester and
 * subject, so the draft is theirs to complete and submit; the History Log shows who started it.
 * The office's own requests (a termination: docs/product/students-requests.md#the-offices-own-requests)
 * are the staff member's draft about the student's record instead: the student is neither its subject nor told.
 */
export async function startRequestForStudent(ctx: TContext, profileId: string, input: { requestTypeId: string }): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const p = await reachableProfile(tx, actor, profileId);
    const [chosen] = await tx.select().from(requestTypes).where(eq(requestTypes.id, input.requestTypeId));
    if (chosen && isOfficeStudentRequest(chosen.code) && startableFor(p.visaType)(chosen)) return startOfficeRequest(tx, ctx, p, chosen);
    if (!p.userId) {
      throw new AppError(
        409,
        'NO_PORTAL_ACCOUNT',
        'This student has no portal account yet. Invite them to the portal first, so they can complete the request.',
      );
    }
    const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, input.requestTypeId));
    if (!type || !startableFor(p.visaType)(type)) throw badRequest(NOT_FOR_STUDENT, { requestTypeId: [NOT_FOR_STUDENT] });
    const [student] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, p.userId), eq(users.isActive, true)));
    if (!student) throw new AppError(409, 'INACTIVE', "This student's portal account is deactivated.");
    const row = await openRequest(tx, ctx, {
      type: { id: type.id },
      requesterUserId: p.userId,
      subjectUserId: p.userId,
      campusSiteId: p.campusSiteId,
      departmentId: student.departmentId,
      title: type.name,
      profileId: p.id,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row.id,
      action: 'request.created',
      after: { ...auditShape(row), type: type.code, number: row.number, startedByOffice: true },
      ip: ctx.ip,
    });
    const base = (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
    const text = `The international office started a ${type.name} request (#${row.number}) for you. Please complete and submit it.`;
    await notify(tx, ctx, {
      userIds: [p.userId],
      text,
      typeName: 'request.started-for-you',
      requestId: row.id,
      profileId: p.id,
      email: {
        subject: `Request #${row.number}: please complete it`,
        text: `${text}\n\nSign in to the portal to complete it: ${base}/\n`,
      },
    });
    return presentRequest(tx, actor, row);
  });
}

/** The office's own request about a student's record: the staff member's draft, at the record's site, about no portal account. */
async function startOfficeRequest(
  tx: TTx,
  ctx: TContext,
  p: Awaited<ReturnType<typeof reachableProfile>>,
  type: typeof requestTypes.$inferSelect,
): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  const row = await openRequest(tx, ctx, {
    type: { id: type.id },
    requesterUserId: actor.userId,
    subjectUserId: null,
    campusSiteId: p.campusSiteId,
    title: type.name,
    profileId: p.id,
  });
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: actor.userId,
    entityType: 'request',
    entityId: row.id,
    action: 'request.created',
    after: { ...auditShape(row), type: type.code, number: row.number, startedByOffice: true, officeRequest: true },
    ip: ctx.ip,
  });
  return presentRequest(tx, actor, row);
}
