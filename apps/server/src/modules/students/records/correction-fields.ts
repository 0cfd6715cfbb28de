import { eq } from 'drizzle-orm';
import { studentsApi as S } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { studentProfileCorrections } from '../schema.js';
import { getAccessibleProfile, staffReachesProfile, type TProfileRow } from '../student.policy.js';

type TCorrectionRow = typeof studentProfileCorrections.$inferSelect;

/** The fields a student may ask to correct, each optional. */
export const ZCorrectable = S.ZStudentFields.pick(
  Object.fromEntries(S.CORRECTABLE_FIELDS.map((k) => [k, true])) as { [K in (typeof S.CORRECTABLE_FIELDS)[number]]: true },
).partial();

export const MSG_NOT_CORRECTABLE = 'This field cannot be corrected here: ask the office.';

export const MSG_NOTHING_TO_CORRECT = 'Nothing to correct: the values are the same as your record.';

export const MSG_DECIDED = 'This correction request has already been decided.';

/** A correction request as the office's list shows it. */
export const correctionSummary = (c: TCorrectionRow, p: Pick<TProfileRow, 'firstName' | 'lastName' | 'sevisId' | 'visaType'>) => ({
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

/** Writes a correction request's step to the student's History Log. */
export const auditCorrection = (tx: TTx, ctx: TContext, profileId: string, action: string, after: unknown, before?: unknown) =>
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

/** A correction request with each asked field beside the record's current value. */
export async function presentCorrection(tx: TTx, ctx: TContext, c: TCorrectionRow, p: TProfileRow): Promise<S.TCorrectionDetail> {
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
    ...correctionSummary(c, p),
    rows,
    decidedByName: decider ? `${decider.f} ${decider.l}` : null,
    canDecide: c.status === 'pending' && !!ctx.actor && staffReachesProfile(ctx.actor, p, 'edit'),
  };
}

/** A correction request with its student's record, if the caller may read (or edit) the record; 404 otherwise. */
export async function loadCorrection(tx: TTx, ctx: TContext, correctionId: string, mode: 'read' | 'edit', lock = false) {
  const q = tx.select().from(studentProfileCorrections).where(eq(studentProfileCorrections.id, correctionId));
  const [c] = lock ? await q.for('update') : await q;
  if (!c) throw notFound();
  const p = await getAccessibleProfile(tx, ctx, c.profileId, mode);
  return { c, p };
}
