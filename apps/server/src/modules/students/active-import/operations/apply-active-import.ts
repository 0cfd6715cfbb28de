import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { activeImportFieldLabel, studentsApi, type jobsApi } from '@meridian/domain';
import { writeAudit, writeAuditMany, type TAuditInput } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, conflict } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import type { TJobRun } from '../../../../platform/jobs/runner.js';
import { activeStudentImportRows, activeStudentImports, studentEnrollments, studentProfiles } from '../../schema.js';
import { staffReachesProfile } from '../../student.policy.js';
import { applyRecordChange } from '../../records/operations/apply-record-change.js';
import { MSG_DUP_CAMPUS, type TProfileUpdate } from '../../records/record-rules.js';
import { isUniqueViolation } from '../../../../platform/db/errors.js';
import { loadActiveImport, presentActiveImport } from '../active-imports.js';
import { comparable, comparedValue, currentValue, feedColumnValue, isProfileField, PROFILE_COLUMNS, refusalText } from '../row-values.js';

/** Rows applied per transaction: each chunk commits with its rows' outcomes, so an interrupted apply resumes after it. */
const CHUNK = 200;
/** The History Log line of a record the feed changed (with the fields' before and after). */
export const SIS_UPDATE_ACTION = 'student.sis-import.applied';

export interface TApplyJobInput {
  importId: string;
  /** When this apply was asked for (the database's clock): what it did is the rows applied since. */
  startedAt: string;
}

type TOutcome = { id: string; outcome: 'applied' | 'skipped' | 'failed'; message: string };

/** A record refused a row of a chunk run without savepoints: the chunk is undone and done again, row by row. */
class RetryCarefully extends Error {}

/**
 * "Apply" as a job: the import the caller may see (404) and not discarded (409) are settled at once; the
 * rows are applied by the job the page follows.
 */
export async function startApplyActiveImport(ctx: TContext, importId: string): Promise<jobsApi.TJob> {
  const startedAt = await ctx.db(async (tx) => {
    const imp = await loadActiveImport(tx, ctx, importId);
    if (imp.status === 'discarded') throw conflict(studentsApi.ACTIVE_IMPORT_MSG_API.discarded);
    const now = await tx.execute<{ at: string }>(sql`select clock_timestamp()::text as at`);
    return now.rows[0]!.at;
  });
  return ctx.services.jobs.enqueue<TApplyJobInput>(ctx, studentsApi.ACTIVE_IMPORT_APPLY_JOB, { importId, startedAt });
}

/** The job. */
export function runApplyActiveImport({
  ctx,
  input,
  progress,
  completeIn,
}: TJobRun<TApplyJobInput>): Promise<studentsApi.TActiveImportApplyOutput> {
  return applyActiveImport(ctx, input, { progress, completeIn });
}

/**
 * Applies one chunk in the caller's transaction: the next rows with changes (not excluded, not yet taken;
 * rows another apply holds are skipped over), their records locked. Each row is checked again: the caller
 * still works for the record's site, and every field it changes still holds the value compared (else the row
 * is skipped: someone changed the record since). The record's fields go through the students module's own
 * change (cross-field checks, duplicates, site rules, one History Log line with before and after, and the
 * SEVIS updates a staff edit raises); the enrolment is written beside it. The rows' outcomes are written in
 * the same transaction. Answers how many rows it took (0: none left), or null when the import was discarded.
 *
 * A record seldom refuses a change, so a chunk first runs without a savepoint per row (two statements fewer
 * per record); at the first refusal the whole chunk is undone (RetryCarefully) and done again `careful`, each
 * row on its own savepoint, so one refusal undoes only its row and nothing half-done is ever kept.
 */
async function applyChunk(tx: TTx, ctx: TContext, importId: string, careful: boolean): Promise<number | null> {
  const actor = requireActor(ctx);
  const [imp] = await tx
    .select({ status: activeStudentImports.status, fileName: activeStudentImports.fileName })
    .from(activeStudentImports)
    .where(eq(activeStudentImports.id, importId))
    .for('share');
  if (!imp || imp.status === 'discarded') return null;
  const t = activeStudentImportRows;
  const rows = await tx
    .select()
    .from(t)
    .where(and(eq(t.importId, importId), eq(t.class, 'changed'), eq(t.excluded, false), isNull(t.outcome)))
    .orderBy(asc(t.rowNo))
    .limit(CHUNK)
    .for('update', { skipLocked: true });
  if (!rows.length) return 0;
  const profileIds = [...new Set(rows.map((r) => r.profileId!).filter(Boolean))];
  // Locked in one order, so two applies (or an apply and a staff edit of many) cannot deadlock.
  const profiles = await tx
    .select()
    .from(studentProfiles)
    .where(inArray(studentProfiles.id, profileIds))
    .orderBy(asc(studentProfiles.id))
    .for('update');
  const enrollments = await tx.select().from(studentEnrollments).where(inArray(studentEnrollments.profileId, profileIds));
  const profileById = new Map(profiles.map((p) => [p.id, p]));
  const enrollmentById = new Map(enrollments.map((e) => [e.profileId, e]));
  const outcomes: TOutcome[] = [];
  const enrollmentWrites: { profile_id: string; status: string; credits: number | null }[] = [];
  const enrollmentAudits: TAuditInput[] = [];
  for (const r of rows) {
    const p = r.profileId ? profileById.get(r.profileId) : undefined;
    if (!p) {
      outcomes.push({ id: r.id, outcome: 'failed', message: 'The student record was not found.' });
      continue;
    }
    if (!staffReachesProfile(actor, p, 'edit')) {
      outcomes.push({ id: r.id, outcome: 'skipped', message: 'The student record is no longer at a campus site you work for.' });
      continue;
    }
    const e = enrollmentById.get(p.id);
    const stale = r.changed.filter((f) => comparable(f, currentValue(p, e, f)) !== comparable(f, comparedValue(r, f)));
    if (stale.length) {
      outcomes.push({
        id: r.id,
        outcome: 'skipped',
        message: `Changed in Meridian since the comparison: ${stale.map(activeImportFieldLabel).join(', ')}. Send the feed again to compare it anew.`,
      });
      continue;
    }
    const set: TProfileUpdate = {};
    for (const f of r.changed) if (isProfileField(f)) Object.assign(set, { [PROFILE_COLUMNS[f]]: feedColumnValue(r, f) });
    const status = r.changed.includes('enrollmentStatus') ? r.enrollmentStatus : (e?.status ?? '');
    const credits = r.changed.includes('credits') ? r.credits : (e?.credits ?? null);
    const enrollmentChanged = r.changed.includes('enrollmentStatus') || r.changed.includes('credits');
    try {
      const extra = { importId, row: r.rowNo, file: imp.fileName };
      if (Object.keys(set).length && careful) await tx.transaction((sp) => applyRecordChange(sp, ctx, p, set, SIS_UPDATE_ACTION, extra));
      else if (Object.keys(set).length) await applyRecordChange(tx, ctx, p, set, SIS_UPDATE_ACTION, extra);
    } catch (err) {
      if (!careful) throw new RetryCarefully();
      // Another record took the SEVIS ID or campus ID between the checks and the change (the savepoint undid the row).
      if (isUniqueViolation(err)) {
        outcomes.push({ id: r.id, outcome: 'failed', message: `The record was not changed: ${MSG_DUP_CAMPUS}` });
        continue;
      }
      if (!(err instanceof AppError)) throw err;
      outcomes.push({ id: r.id, outcome: 'failed', message: refusalText(err) });
      continue;
    }
    if (enrollmentChanged) {
      enrollmentWrites.push({ profile_id: p.id, status: status ?? '', credits: credits === null ? null : Number(credits) });
      enrollmentAudits.push({
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'student_profile',
        entityId: p.id,
        action: SIS_UPDATE_ACTION,
        before: { enrollmentStatus: e?.status || null, credits: e?.credits === undefined || e.credits === null ? null : Number(e.credits) },
        after: {
          enrollmentStatus: status || null,
          credits: credits === null ? null : Number(credits),
          importId,
          row: r.rowNo,
          file: imp.fileName,
        },
        ip: ctx.ip,
      });
    }
    outcomes.push({ id: r.id, outcome: 'applied', message: '' });
  }
  if (enrollmentWrites.length) {
    await tx.execute(sql`
      insert into student_enrollments (profile_id, institution_id, status, credits, import_id, reported_at)
      select x.profile_id, ${ctx.institutionId}::uuid, x.status, x.credits, ${importId}::uuid, now()
      from jsonb_to_recordset(${JSON.stringify(enrollmentWrites)}::jsonb) as x(profile_id uuid, status text, credits numeric)
      on conflict (profile_id) do update set status = excluded.status, credits = excluded.credits, import_id = excluded.import_id,
        reported_at = excluded.reported_at`);
    await writeAuditMany(tx, enrollmentAudits);
  }
  // The SEVIS updates each record's change queued: raiseEvent's History Log lines written in this transaction.
  const raised = await tx.execute<{ id: string; n: number }>(sql`
    select entity_id as id, count(*)::int as n from audit_events
    where entity_type = 'student_profile' and entity_id = any(${`{${profileIds.join(',')}}`}::text[])
      and action = 'student.sevis-event.raised' and at = now()
    group by entity_id`);
  const updates = new Map(raised.rows.map((x) => [x.id, x.n]));
  const profileOf = new Map(rows.map((r) => [r.id, r.profileId]));
  await tx.execute(sql`
    update active_student_import_rows r
    set outcome = x.outcome, outcome_message = x.message, sevis_updates = x.sevis_updates, applied_at = now()
    from jsonb_to_recordset(${JSON.stringify(
      outcomes.map((o) => ({
        ...o,
        sevis_updates: o.outcome === 'applied' ? (updates.get(profileOf.get(o.id) ?? '') ?? 0) : 0,
      })),
    )}::jsonb) as x(id uuid, outcome text, message text, sevis_updates int)
    where r.id = x.id`);
  return rows.length;
}

/**
 * Applies an import's changes that are not excluded, chunk by chunk (docs/product/active-student-import.md#apply).
 * Each chunk is its own transaction with its rows' outcomes, so an apply cut off (a crash, a restart) goes on
 * with the rows no chunk took, and no row is ever applied twice; running it again once everything is taken
 * does nothing. The end (the import marked applied, one audit line of the apply in the Imports log, the job's
 * completion) is one last transaction.
 */
export async function applyActiveImport(
  ctx: TContext,
  input: TApplyJobInput,
  job: Pick<TJobRun<unknown>, 'progress' | 'completeIn'>,
): Promise<studentsApi.TActiveImportApplyOutput> {
  const actor = requireActor(ctx);
  const { importId, startedAt } = input;
  const { total, done: before } = await ctx.db(async (tx) => {
    const imp = await loadActiveImport(tx, ctx, importId);
    if (imp.status === 'discarded') throw conflict(studentsApi.ACTIVE_IMPORT_MSG_API.discarded);
    const [n] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        done: sql<number>`count(*) filter (where ${activeStudentImportRows.outcome} is not null)::int`,
      })
      .from(activeStudentImportRows)
      .where(
        and(
          eq(activeStudentImportRows.importId, imp.id),
          eq(activeStudentImportRows.class, 'changed'),
          eq(activeStudentImportRows.excluded, false),
        ),
      );
    return n!;
  });
  let done = before;
  job.progress({ phase: 'Applying the changes', done, total });
  for (;;) {
    const taken = await ctx
      .db((tx) => applyChunk(tx, ctx, importId, false))
      .catch((e: unknown) => {
        if (!(e instanceof RetryCarefully)) throw e;
        return ctx.db((tx) => applyChunk(tx, ctx, importId, true));
      });
    if (!taken) break;
    done += taken;
    job.progress({ done: Math.min(done, total) });
  }
  return ctx.db(async (tx) => {
    const imp = await loadActiveImport(tx, ctx, importId, true);
    const t = activeStudentImportRows;
    const [run] = await tx
      .select({
        applied: sql<number>`count(*) filter (where ${t.outcome} = 'applied')::int`,
        skipped: sql<number>`count(*) filter (where ${t.outcome} = 'skipped')::int`,
        failed: sql<number>`count(*) filter (where ${t.outcome} = 'failed')::int`,
        sevisUpdates: sql<number>`coalesce(sum(${t.sevisUpdates}), 0)::int`,
      })
      .from(t)
      .where(and(eq(t.importId, imp.id), eq(t.class, 'changed'), sql`${t.appliedAt} >= ${startedAt}::timestamptz`));
    const after =
      imp.status === 'discarded'
        ? imp
        : (
            await tx
              .update(activeStudentImports)
              .set({ status: 'applied', appliedBy: actor.userId, appliedAt: new Date() })
              .where(eq(activeStudentImports.id, imp.id))
              .returning()
          )[0]!;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'active_student_import',
      entityId: imp.id,
      action: 'active-student-import.applied',
      after: { fileName: imp.fileName, ...run! },
      ip: ctx.ip,
    });
    const result = { import: await presentActiveImport(tx, after), ...run! };
    await job.completeIn(tx, result);
    return result;
  });
}
