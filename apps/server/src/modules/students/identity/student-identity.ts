import { and, eq, isNull, ne } from 'drizzle-orm';
import { identityLinksApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError, conflict } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { applyRecordChange } from '../records/operations/apply-record-change.js';
import { studentProfiles } from '../schema.js';
import { getAccessibleProfile, staffReachesProfile, type TProfileRow } from '../student.policy.js';

/*
 * What the Integrated User Tool (docs/product/integrated-user-tool.md) changes of a student record: its SIS id
 * (campus_id) and which portal account it is. Each runs in the caller's transaction, so a bulk link stands or
 * falls as one; each checks the record's campus site as editing the record does, and writes its audit event.
 */

const M = identityLinksApi.MSG_IDENTITY_LINKS;

const nameOf = (p: Pick<TProfileRow, 'firstName' | 'lastName'>) => [p.firstName, p.lastName].filter(Boolean).join(' ') || 'a student';

/** 409 on `field`, the status of an id another record holds. */
const taken = (field: string, message: string) => new AppError(409, 'CONFLICT', message, { [field]: [message] });

/** The record the actor may change, locked until the transaction ends (404 out of reach, 403 read-only). */
async function lockForEdit(tx: TTx, ctx: TContext, profileId: string): Promise<TProfileRow> {
  await getAccessibleProfile(tx, ctx, profileId, 'edit');
  const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId)).for('update');
  return row!;
}

/**
 * The student record that already has this SIS id, other than `exceptId`, as a 409 on `field`: its student is
 * named only to staff who may open that record (docs/product/integrated-user-tool.md#ids-are-unique).
 */
export async function assertCampusIdFree(tx: TTx, ctx: TContext, campusId: string, exceptId: string | null, field: string): Promise<void> {
  const [other] = await tx
    .select({
      id: studentProfiles.id,
      firstName: studentProfiles.firstName,
      lastName: studentProfiles.lastName,
      campusSiteId: studentProfiles.campusSiteId,
    })
    .from(studentProfiles)
    .where(and(eq(studentProfiles.campusId, campusId), exceptId ? ne(studentProfiles.id, exceptId) : undefined))
    .limit(1);
  if (!other) return;
  throw taken(field, M.studentIdTaken(staffReachesProfile(requireActor(ctx), other, 'read') ? nameOf(other) : null));
}

/** Sets, changes or (null) removes a student record's SIS id; unchanged, it writes nothing. */
export async function setStudentCampusId(
  tx: TTx,
  ctx: TContext,
  profileId: string,
  campusId: string | null,
  opts: { field?: string; source?: string } = {},
): Promise<TProfileRow> {
  const field = opts.field ?? 'externalId';
  const before = await lockForEdit(tx, ctx, profileId);
  if ((before.campusId ?? null) === campusId) return before;
  if (campusId) await assertCampusIdFree(tx, ctx, campusId, before.id, field);
  try {
    // The record's own change path: its audit event (before/after), duplicate checks and SEVIS rules.
    return await applyRecordChange(tx, ctx, before, { campusId }, 'student.campus-id.changed', {
      source: opts.source ?? 'integrated-user-tool',
    });
  } catch (e) {
    // Another officer gave the same id a moment ago: the unique index says so.
    if (isUniqueViolation(e)) throw taken(field, M.studentIdTaken(null));
    throw e;
  }
}

/** Makes a portal account (a student account, checked by the caller) the record's; the record must have none. */
export async function linkStudentAccount(
  tx: TTx,
  ctx: TContext,
  profileId: string,
  account: { id: string; userName: string },
  opts: { source?: string } = {},
): Promise<TProfileRow> {
  const before = await lockForEdit(tx, ctx, profileId);
  if (before.userId) throw conflict(M.recordTaken, { recordId: [M.recordTaken] });
  const [after] = await tx
    .update(studentProfiles)
    .set({ userId: account.id, portalAccess: 1, updatedAt: new Date() })
    .where(and(eq(studentProfiles.id, profileId), isNull(studentProfiles.userId)))
    .returning()
    .catch((e: unknown) => {
      // student_profiles_user_uq: the account is some other record's.
      if (isUniqueViolation(e)) throw conflict(M.alreadyLinked, { recordId: [M.alreadyLinked] });
      throw e;
    });
  if (!after) throw conflict(M.changedMeanwhile);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'student_profile',
    entityId: profileId,
    action: 'student.account.linked',
    before: { userId: null, portalAccess: before.portalAccess },
    after: { userId: account.id, userName: account.userName, portalAccess: 1, source: opts.source ?? 'integrated-user-tool' },
    ip: ctx.ip,
  });
  return after;
}

/** Ends the link between a record and its portal account (both stay; the record's portal access closes). */
export async function unlinkStudentAccount(tx: TTx, ctx: TContext, profileId: string): Promise<TProfileRow> {
  const before = await lockForEdit(tx, ctx, profileId);
  if (!before.userId) return before;
  const [after] = await tx
    .update(studentProfiles)
    .set({ userId: null, portalAccess: 0, updatedAt: new Date() })
    .where(eq(studentProfiles.id, profileId))
    .returning();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'student_profile',
    entityId: profileId,
    action: 'student.account.unlinked',
    before: { userId: before.userId, portalAccess: before.portalAccess },
    after: { userId: null, portalAccess: 0, source: 'integrated-user-tool' },
    ip: ctx.ip,
  });
  return after!;
}
