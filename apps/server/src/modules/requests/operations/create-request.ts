import { eq } from 'drizzle-orm';
import { visaScopeIncludes, type TRequestDetail } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { isOfficeOnlyType, requesterFactsOf } from '../extensions.js';
import { auditShape, presentRequest } from '../request.presenter.js';
import { requests, requestTypes } from '../schema.js';
import { assertAdvisor } from '../request-guards.js';
import { nextRequestNumber } from '../request-numbers.js';

const STARTER_OF: Record<string, string> = { ISSSstudent: 'student', scholar: 'scholar', department: 'department', isssAdmin: 'staff' };

/** Where a new request belongs: the requester's own site and department, unless the module that knows them better says otherwise. */
async function requesterPlacement(tx: TTx, actor: TAuthenticatedActor) {
  const [u] = await tx.select().from(users).where(eq(users.id, actor.userId));
  const facts = await requesterFactsOf(tx, actor);
  return {
    campusSiteId: facts.campusSiteId ?? u?.campusSiteId ?? null,
    departmentId: facts.departmentId ?? u?.departmentId ?? null,
    profileId: facts.profileId ?? null,
    visaType: facts.visaType,
  };
}

export const NOT_AVAILABLE = 'This request type is not available to you.';
export const START_FROM_RECORD = "Start this request from the student's record: it is about their record.";

/** Starts a draft of an enabled request type the caller may start (a student: of their visa type, about their record). */
export async function createRequest(
  ctx: TContext,
  input: { requestTypeId: string; advisorUserId?: string | null | undefined },
): Promise<TRequestDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, input.requestTypeId));
    if (!type || !type.isEnabled || !type.starters.includes(STARTER_OF[actor.role] ?? '')) {
      throw badRequest(NOT_AVAILABLE, { requestTypeId: [NOT_AVAILABLE] });
    }
    // A type only the office starts is opened from the record it is about (a student's termination: the student record's page).
    if (isOfficeOnlyType(type.code)) {
      const message = actor.role === 'isssAdmin' ? START_FROM_RECORD : NOT_AVAILABLE;
      throw badRequest(message, { requestTypeId: [message] });
    }
    const { campusSiteId, departmentId, profileId, visaType } = await requesterPlacement(tx, actor);
    // A requester with a visa type (a student) may start only the types of that visa type.
    if (visaType !== undefined && !visaScopeIncludes(type.visaScope, visaType ?? '')) {
      throw badRequest(NOT_AVAILABLE, { requestTypeId: [NOT_AVAILABLE] });
    }
    await assertAdvisor(tx, ctx.institutionId, input.advisorUserId);
    const [row] = await tx
      .insert(requests)
      .values({
        institutionId: ctx.institutionId,
        number: await nextRequestNumber(tx, ctx.institutionId),
        requestTypeId: type.id,
        requesterUserId: actor.userId,
        subjectUserId: actor.role === 'department' ? null : actor.userId,
        campusSiteId,
        departmentId,
        advisorUserId: input.advisorUserId ?? null,
        title: type.name,
        profileId,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: row!.id,
      action: 'request.created',
      after: { ...auditShape(row!), type: type.code, number: row!.number },
      ip: ctx.ip,
    });
    return presentRequest(tx, actor, row!);
  });
}
