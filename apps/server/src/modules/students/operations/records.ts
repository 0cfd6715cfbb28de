import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { studentsApi as S, type TAuditEvent, type TStudentStage } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, fieldError, type TFieldErrors } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { auditEvents, auditPage } from '../../audit/index.js';
import { campusSites } from '../../people/index.js';
import { requests } from '../../requests/index.js';
import { studentDependents, studentSitesOfActivity, studentProfiles } from '../schema.js';
import { getAccessibleProfile, staffReachesProfile, type TProfileRow } from '../student.policy.js';
import { presentStudentRecord } from '../student-record.presenter.js';
import { createPayload, raiseEventsForChange } from './records-changes.js';
import { requestsOf } from './records-related.js';
import { listProfileEvents, raiseEvent } from './sevis-events.js';

export const MSG_STALE =
  'Someone changed this record after you opened it. Your changes were not saved: reload to see the latest values, then make your change again.';
export const MSG_DUP_SEVIS = 'A student with this SEVIS ID already exists.';
export const MSG_DUP_CAMPUS = 'A student with this campus ID already exists.';
export const MSG_DUP_PERSON = 'A student with this first name, last name and date of birth already exists.';
export const MSG_SITE = 'You cannot add or move students to this campus site.';

/** One student record, as staff see it (site scope: 404 outside it). */
export async function getStudent(ctx: TContext, profileId: string): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    // FERPA: who opened a record with birth date and SEVIS id is recorded (kept out of the History Log's changes).
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile_read',
      entityId: p.id,
      action: 'student.viewed',
      ip: ctx.ip,
    });
    return presentStudentRecord(tx, ctx.actor, p);
  });
}

/** 409 with the field when another record of the institution has the same SEVIS id, campus id, or name and birth date. */
async function assertNoDuplicate(
  tx: TTx,
  v: { sevisId?: string | null; campusId?: string | null; firstName: string; lastName: string; birthDate: string | null },
  exceptId?: string,
) {
  const conds: SQL[] = [];
  if (v.sevisId) conds.push(eq(studentProfiles.sevisId, v.sevisId));
  if (v.campusId) conds.push(eq(studentProfiles.campusId, v.campusId));
  if (v.birthDate) {
    conds.push(
      and(
        sql`lower(${studentProfiles.firstName}) = lower(${v.firstName})`,
        sql`lower(${studentProfiles.lastName}) = lower(${v.lastName})`,
        eq(studentProfiles.birthDate, v.birthDate),
      )!,
    );
  }
  if (!conds.length) return;
  const rows = await tx
    .select({ sevisId: studentProfiles.sevisId, campusId: studentProfiles.campusId })
    .from(studentProfiles)
    .where(and(or(...conds), exceptId ? ne(studentProfiles.id, exceptId) : undefined))
    .limit(5);
  if (!rows.length) return;
  const errors: TFieldErrors = {};
  if (v.sevisId && rows.some((r) => r.sevisId === v.sevisId)) errors.sevisId = [MSG_DUP_SEVIS];
  if (v.campusId && rows.some((r) => r.campusId === v.campusId)) errors.campusId = [MSG_DUP_CAMPUS];
  if (!Object.keys(errors).length) {
    errors.lastName = [MSG_DUP_PERSON];
    errors.birthDate = [MSG_DUP_PERSON];
  }
  throw new AppError(409, 'DUPLICATE_STUDENT', Object.values(errors)[0]![0]!, errors);
}

async function assertSiteReachable(tx: TTx, ctx: TContext, campusSiteId: number) {
  const [site] = await tx.select({ id: campusSites.id }).from(campusSites).where(eq(campusSites.id, campusSiteId));
  if (!site) throw fieldError('campusSiteId', 'Choose a campus site of this institution');
  if (!staffReachesProfile(requireActor(ctx), { campusSiteId }, 'edit')) throw fieldError('campusSiteId', MSG_SITE);
}

/** Staff create a record (student/create, create-j1); one without a SEVIS id raises a pending SEVIS Create. */
export async function createStudent(ctx: TContext, input: z.output<typeof S.ZStudentCreateInput>): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    await assertSiteReachable(tx, ctx, input.campusSiteId);
    const v = { ...input, sevisId: input.sevisId || null, campusId: input.campusId || null };
    await assertNoDuplicate(tx, v);
    const [row] = await tx
      .insert(studentProfiles)
      .values({
        institutionId: ctx.institutionId,
        campusSiteId: v.campusSiteId,
        sevisId: v.sevisId,
        campusId: v.campusId,
        firstName: v.firstName,
        middleName: v.middleName,
        lastName: v.lastName,
        email: v.email,
        gender: v.gender,
        birthDate: v.birthDate,
        birthCity: v.birthCity,
        birthCountryCode: v.birthCountryCode,
        citizenshipCountryCode: v.citizenshipCountryCode,
        visaType: v.visaType,
        sevisStatus: 'Initial',
        educationLevel: v.educationLevel,
        major1Code: v.major1Code,
        programStartDate: v.programStartDate,
        programEndDate: v.programEndDate,
        evCategoryCode: v.evCategoryCode,
        subjectFieldCode: v.subjectFieldCode,
        usAddress: v.usAddress,
        foreignAddress: v.foreignAddress,
        currentStage: 'invited',
        updatedAt: new Date(),
        englishRequired: v.englishRequired,
        englishRequirementsMet: v.englishRequirementsMet,
        englishNotRequiredReason: v.englishNotRequiredReason,
        academicTermMonths: v.academicTermMonths,
        evPositionCode: v.evPositionCode,
        receivedUsGovtFunds: v.receivedUsGovtFunds,
      })
      .returning();
    const p = row!;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: p.id,
      action: 'student.created',
      after: { name: `${p.firstName} ${p.lastName}`, visaType: p.visaType, sevisId: p.sevisId, campusSiteId: p.campusSiteId },
      ip: ctx.ip,
    });
    if (!p.sevisId) await raiseEvent(tx, ctx, { profileId: p.id, eventType: 'Create', action: 'Create', payload: createPayload(p) });
    return presentStudentRecord(tx, ctx.actor, p);
  });
}

type TProfileUpdate = Partial<typeof studentProfiles.$inferInsert>;

/** The values a PUT sets: empty SEVIS/campus ids are null (they are unique when given). */
function toColumns(input: Omit<S.TStudentUpdateInput, 'updatedAt'>): TProfileUpdate {
  const out: Record<string, unknown> = { ...input };
  if ('sevisId' in out) out.sevisId = out.sevisId || null;
  if ('campusId' in out) out.campusId = out.campusId || null;
  return out;
}

/**
 * Applies changed values to a locked record: cross-field checks, duplicates, site move, one audit
 * event with before/after of the changed fields, and the SEVIS updates. Shared by PUT and corrections.
 */
export async function applyRecordChange(
  tx: TTx,
  ctx: TContext,
  before: TProfileRow,
  set: TProfileUpdate,
  action: string,
  extra: Record<string, unknown> = {},
) {
  const merged = { ...before, ...set } as TProfileRow;
  const errors: TFieldErrors = {};
  if (merged.programStartDate && merged.programEndDate && merged.programEndDate < merged.programStartDate)
    errors.programEndDate = ['The program end must be on or after its start'];
  if (merged.sessionStartDate && merged.sessionEndDate && merged.sessionEndDate < merged.sessionStartDate)
    errors.sessionEndDate = ['The session end must be on or after its start'];
  if (merged.sessionStartDate && merged.programStartDate && merged.sessionStartDate < merged.programStartDate)
    errors.sessionStartDate = ['The session must start on or after the program start'];
  if (merged.visaType === 'J-1' && !merged.evCategoryCode) errors.evCategoryCode = ['Required field'];
  const english = S.englishReasonIssue(merged);
  if (english) errors.englishNotRequiredReason = [english];
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  if (set.campusSiteId !== undefined && set.campusSiteId !== before.campusSiteId) await assertSiteReachable(tx, ctx, set.campusSiteId!);
  const touchesIdentity = ['sevisId', 'campusId', 'firstName', 'lastName', 'birthDate'].some((k) => k in set);
  if (touchesIdentity) await assertNoDuplicate(tx, merged, before.id);
  const changed = Object.keys(set).filter(
    (k) => JSON.stringify((before as Record<string, unknown>)[k] ?? null) !== JSON.stringify((set as Record<string, unknown>)[k] ?? null),
  );
  if (!changed.length) return before;
  const [after] = await tx
    .update(studentProfiles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(studentProfiles.id, before.id))
    .returning();
  const raised = await raiseEventsForChange(tx, ctx, before, after!, null);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: before.id,
    action,
    before: Object.fromEntries(changed.map((k) => [k, (before as Record<string, unknown>)[k] ?? null])),
    after: {
      ...Object.fromEntries(changed.map((k) => [k, (after as Record<string, unknown>)[k] ?? null])),
      ...extra,
      ...(raised.length ? { sevisUpdates: raised } : {}),
    },
    ip: ctx.ip,
  });
  return after!;
}

/** Locks the record for a change and refuses a stale form (409 on updatedAt). */
export async function lockProfile(tx: TTx, profileId: string, updatedAt?: string): Promise<TProfileRow> {
  const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId)).for('update');
  if (updatedAt !== undefined && row!.updatedAt.toISOString() !== new Date(updatedAt).toISOString())
    throw new AppError(409, 'STALE_RECORD', MSG_STALE);
  return row!;
}

/** Staff change sections of a record (optimistic: a stale updatedAt answers 409). */
export async function updateStudent(ctx: TContext, profileId: string, input: S.TStudentUpdateInput): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const { updatedAt, ...values } = input;
    if (Number.isNaN(new Date(updatedAt).getTime())) throw fieldError('updatedAt', 'Invalid value');
    const before = await lockProfile(tx, profileId, updatedAt);
    const after = await applyRecordChange(tx, ctx, before, toColumns(values), 'student.updated');
    return presentStudentRecord(tx, ctx.actor, after);
  });
}

export async function setStage(ctx: TContext, profileId: string, stage: TStudentStage): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const before = await lockProfile(tx, profileId);
    if (before.currentStage === stage) return presentStudentRecord(tx, ctx.actor, before);
    const [after] = await tx
      .update(studentProfiles)
      .set({ currentStage: stage, updatedAt: new Date() })
      .where(eq(studentProfiles.id, profileId))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: profileId,
      action: 'student.stage.changed',
      before: { currentStage: before.currentStage },
      after: { currentStage: stage },
      ip: ctx.ip,
    });
    return presentStudentRecord(tx, ctx.actor, after!);
  });
}

export async function setTags(ctx: TContext, profileId: string, tags: string[]): Promise<S.TStudentRecord> {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const before = await lockProfile(tx, profileId);
    const next = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
    if (JSON.stringify(next) === JSON.stringify(before.tags)) return presentStudentRecord(tx, ctx.actor, before);
    const [after] = await tx
      .update(studentProfiles)
      .set({ tags: next, updatedAt: new Date() })
      .where(eq(studentProfiles.id, profileId))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: profileId,
      action: 'student.tags.changed',
      before: { tags: before.tags },
      after: { tags: next },
      ip: ctx.ip,
    });
    return presentStudentRecord(tx, ctx.actor, after!);
  });
}

/** History Log of a record: its events, those of its dependents and sites, and those of its requests (as on its Requests tab); newest first. */
export async function getStudentHistory(
  ctx: TContext,
  profileId: string,
  page: number,
  pageSize: number,
): Promise<{ items: TAuditEvent[]; total: number; page: number; pageSize: number }> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    const where = or(
      and(eq(auditEvents.entityType, 'student_profile'), eq(auditEvents.entityId, profileId)),
      and(
        eq(auditEvents.entityType, 'student_dependent'),
        inArray(
          auditEvents.entityId,
          sql`(select ${studentDependents.id}::text from ${studentDependents} where ${studentDependents.profileId} = ${profileId})`,
        ),
      ),
      and(
        eq(auditEvents.entityType, 'student_site_of_activity'),
        inArray(
          auditEvents.entityId,
          sql`(select ${studentSitesOfActivity.id}::text from ${studentSitesOfActivity} where ${studentSitesOfActivity.profileId} = ${profileId})`,
        ),
      ),
      and(
        eq(auditEvents.entityType, 'request'),
        inArray(auditEvents.entityId, sql`(select ${requests.id}::text from ${requests} where ${requestsOf(p)})`),
      ),
    )!;
    return auditPage(tx, where, page, pageSize);
  });
}

/** SEVIS updates of a record, newest first. */
export async function listStudentSevisEvents(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'read');
    const rows = await listProfileEvents(tx, profileId);
    return rows.map((e) => ({
      id: e.id,
      eventType: e.eventType,
      action: e.action,
      status: e.status as 'pending',
      message: e.message,
      resultCode: e.resultCode,
      payload: e.payload ?? {},
      dependentId: e.dependentId,
      requestId: e.requestId,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    }));
  });
}
