import { and, count, desc, eq } from 'drizzle-orm';
import { studentsApi as S } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, notFound, type TFieldErrors } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import { siteOfficers } from '../../people/index.js';
import { users } from '../../people/index.js';
import { studentProfileCorrections, studentProfiles } from '../schema.js';
import { getAccessibleProfile, getOwnProfile, siteFilter, staffReachesProfile, type TProfileRow } from '../student.policy.js';
import { presentStudentRecord } from '../student-record.presenter.js';
import { applyRecordChange, lockProfile } from './records.js';

type TCorrectionRow = typeof studentProfileCorrections.$inferSelect;
const ZCorrectable = S.ZStudentFields.pick(
  Object.fromEntries(S.CORRECTABLE_FIELDS.map((k) => [k, true])) as { [K in (typeof S.CORRECTABLE_FIELDS)[number]]: true },
).partial();

export const MSG_NOT_CORRECTABLE = 'This field cannot be corrected here: ask the office.';
export const MSG_NOTHING_TO_CORRECT = 'Nothing to correct: the values are the same as your record.';
export const MSG_DECIDED = 'This correction request has already been decided.';

const summary = (c: TCorrectionRow, p: Pick<TProfileRow, 'firstName' | 'lastName' | 'sevisId' | 'visaType'>) => ({
  id: c.id,
  profileId: c.profileId,
  studentName: `${p.firstName} ${p.lastName}`.trim(),
  sevisId: p.sevisId,
  visaType: p.visaType,
  fields: Object.keys(c.changes),
  reason: c.reason,
  status: c.status as 'pending',
  decisionNote: c.decisionNote,
  createdAt: c.createdAt.toISOString(),
  decidedAt: c.decidedAt?.toISOString() ?? null,
});

const audit = (tx: TTx, ctx: TContext, profileId: string, action: string, after: unknown, before?: unknown) =>
  writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: profileId,
    action,
    before,
    after,
    ip: ctx.ip,
  });

/** The student's own record, read only, with their correction requests. */
export async function getMyRecord(ctx: TContext): Promise<S.TMyRecord> {
  return ctx.db(async (tx) => {
    const p = await getOwnProfile(tx, ctx);
    const { canEdit: _c, pendingSevisEvents: _s, tags: _t, employments: _e, ...rest } = await presentStudentRecord(tx, null, p);
    const corrections = await tx
      .select()
      .from(studentProfileCorrections)
      .where(eq(studentProfileCorrections.profileId, p.id))
      .orderBy(desc(studentProfileCorrections.createdAt));
    return { ...rest, corrections: corrections.map((c) => summary(c, p)) };
  });
}

/** A student asks the office to correct fields of their own record (only correctable fields; values checked as staff's are). */
export async function submitCorrection(ctx: TContext, input: { changes: Record<string, unknown>; reason: string }) {
  return ctx.db(async (tx) => {
    const p = await getOwnProfile(tx, ctx);
    const errors: TFieldErrors = {};
    for (const k of Object.keys(input.changes))
      if (!(S.CORRECTABLE_FIELDS as readonly string[]).includes(k)) errors[k] = [MSG_NOT_CORRECTABLE];
    if (Object.keys(errors).length) throw badRequest(MSG_NOT_CORRECTABLE, errors);
    const parsed = ZCorrectable.safeParse(input.changes);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
      throw badRequest(Object.values(errors)[0]![0]!, errors);
    }
    const current = p as unknown as Record<string, unknown>;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, v] of Object.entries(parsed.data)) {
      if (JSON.stringify(current[k] ?? null) !== JSON.stringify(v ?? null)) changes[k] = { from: current[k] ?? null, to: v };
    }
    if (!Object.keys(changes).length) throw badRequest(MSG_NOTHING_TO_CORRECT, { changes: [MSG_NOTHING_TO_CORRECT] });
    const [c] = await tx
      .insert(studentProfileCorrections)
      .values({
        institutionId: ctx.institutionId,
        profileId: p.id,
        changes,
        reason: input.reason,
        requestedBy: requireActor(ctx).userId,
      })
      .returning();
    await audit(tx, ctx, p.id, 'student.correction.submitted', { correctionId: c!.id, fields: Object.keys(changes), reason: input.reason });
    // The officers of the student's site hear of it at once (the record's banner and the corrections list show it too).
    const who = `${p.firstName} ${p.lastName}`.trim() || 'A student';
    await notify(tx, ctx, {
      userIds: await siteOfficers(tx, p.campusSiteId),
      typeName: 'student.correction.submitted',
      text: `${who} asked to correct ${Object.keys(changes).length} field${Object.keys(changes).length === 1 ? '' : 's'} of their record.`,
    });
    return summary(c!, p);
  });
}

/** Correction requests of the records the caller reaches (site scope in SQL), newest first. */
export async function listCorrections(
  ctx: TContext,
  q: { status: string; page: number; pageSize: number; profileId?: string | undefined },
) {
  return ctx.db(async (tx) => {
    const where = and(
      siteFilter(requireActor(ctx)),
      q.status === 'all' ? undefined : eq(studentProfileCorrections.status, q.status),
      q.profileId ? eq(studentProfileCorrections.profileId, q.profileId) : undefined,
    );
    const [{ total }] = (await tx
      .select({ total: count() })
      .from(studentProfileCorrections)
      .innerJoin(studentProfiles, eq(studentProfiles.id, studentProfileCorrections.profileId))
      .where(where)) as [{ total: number }];
    const rows = await tx
      .select({ c: studentProfileCorrections, p: studentProfiles })
      .from(studentProfileCorrections)
      .innerJoin(studentProfiles, eq(studentProfiles.id, studentProfileCorrections.profileId))
      .where(where)
      .orderBy(desc(studentProfileCorrections.createdAt), desc(studentProfileCorrections.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: rows.map(({ c, p }) => summary(c, p)), total: Number(total), page: q.page, pageSize: q.pageSize };
  });
}

async function detail(tx: TTx, ctx: TContext, c: TCorrectionRow, p: TProfileRow): Promise<S.TCorrectionDetail> {
  const current = p as unknown as Record<string, unknown>;
  const rows = Object.entries(c.changes).map(([field, ch]) => {
    // Pending: compare with the record as it is now; decided: with what it was when the student asked.
    const cur = c.status === 'pending' ? (current[field] ?? null) : ch.from;
    return {
      field,
      label: S.STUDENT_FIELD_LABELS[field] ?? field,
      current: cur,
      requested: ch.to,
      isDifferent: JSON.stringify(cur ?? null) !== JSON.stringify(ch.to ?? null),
    };
  });
  const [decider] = c.decidedBy
    ? await tx.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.id, c.decidedBy))
    : [];
  return {
    ...summary(c, p),
    rows,
    decidedByName: decider ? `${decider.f} ${decider.l}` : null,
    canDecide: c.status === 'pending' && !!ctx.actor && staffReachesProfile(ctx.actor, p, 'edit'),
  };
}

async function loadCorrection(tx: TTx, ctx: TContext, correctionId: string, mode: 'read' | 'edit', lock = false) {
  const q = tx.select().from(studentProfileCorrections).where(eq(studentProfileCorrections.id, correctionId));
  const [c] = lock ? await q.for('update') : await q;
  if (!c) throw notFound();
  const p = await getAccessibleProfile(tx, ctx, c.profileId, mode);
  return { c, p };
}

/** A correction side by side with the current record: [{ field, label, current, requested }]. */
export async function getCorrection(ctx: TContext, correctionId: string) {
  return ctx.db(async (tx) => {
    const { c, p } = await loadCorrection(tx, ctx, correctionId, 'read');
    return detail(tx, ctx, c, p);
  });
}

/** Approve: the requested values are applied (with the record's checks and SEVIS updates) and the student is told. */
export async function approveCorrection(ctx: TContext, correctionId: string, note: string) {
  return ctx.db(async (tx) => {
    const { c } = await loadCorrection(tx, ctx, correctionId, 'edit', true);
    if (c.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', MSG_DECIDED);
    const before = await lockProfile(tx, c.profileId);
    const set = Object.fromEntries(Object.entries(c.changes).map(([k, ch]) => [k, ch.to]));
    const after = await applyRecordChange(tx, ctx, before, set, 'student.correction.applied', { correctionId });
    const [decided] = await tx
      .update(studentProfileCorrections)
      .set({ status: 'approved', decisionNote: note, decidedBy: requireActor(ctx).userId, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(studentProfileCorrections.id, correctionId))
      .returning();
    await audit(
      tx,
      ctx,
      c.profileId,
      'student.correction.approved',
      { correctionId, status: 'approved', fields: Object.keys(c.changes), note },
      { status: 'pending' },
    );
    if (after.userId) {
      await notify(tx, ctx, {
        userIds: [after.userId],
        typeName: 'student.correction.approved',
        text: 'Your profile correction was approved and your record updated.',
        email: {
          subject: 'Your profile correction was approved',
          text: `The office approved your correction of: ${Object.keys(c.changes)
            .map((k) => S.STUDENT_FIELD_LABELS[k] ?? k)
            .join(', ')}.${note ? `\n\nNote: ${note}` : ''}`,
        },
      });
    }
    return detail(tx, ctx, decided!, after);
  });
}

/** Reject with a note the student reads. */
export async function rejectCorrection(ctx: TContext, correctionId: string, note: string) {
  return ctx.db(async (tx) => {
    const { c, p } = await loadCorrection(tx, ctx, correctionId, 'edit', true);
    if (c.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', MSG_DECIDED);
    const [decided] = await tx
      .update(studentProfileCorrections)
      .set({ status: 'rejected', decisionNote: note, decidedBy: requireActor(ctx).userId, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(studentProfileCorrections.id, correctionId))
      .returning();
    await audit(
      tx,
      ctx,
      c.profileId,
      'student.correction.rejected',
      { correctionId, status: 'rejected', fields: Object.keys(c.changes), note },
      { status: 'pending' },
    );
    if (p.userId) {
      await notify(tx, ctx, {
        userIds: [p.userId],
        typeName: 'student.correction.rejected',
        text: `Your profile correction was not approved: ${note}`,
        email: {
          subject: 'Your profile correction was not approved',
          text: `The office did not approve your profile correction.\n\nReason: ${note}`,
        },
      });
    }
    return detail(tx, ctx, decided!, p);
  });
}
