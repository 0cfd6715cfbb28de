import { and, eq, inArray, isNull } from 'drizzle-orm';
import { studentsApi, sevisApi, type jobsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, conflict, fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import type { TJobRun } from '../../../../platform/jobs/runner.js';
import { campusSites } from '../../../people/index.js';
import {
  createStudent,
  sevisPendingEvents,
  staffReachesProfile,
  updateStudent,
  studentProfiles,
  cancelSevisEventsRaisedSince,
} from '../../../students/index.js';
import { rtiImportRows, rtiImports } from '../../schema.js';
import { loadRtiImport, presentRtiImport } from '../rti-imports.js';
import { diffRow, type TRtiValues } from '../rti-parse.js';

const M = sevisApi.RTI_MSG;

/**
 * Why an RTI import queues no SEVIS update (docs/decisions/011): the values come FROM SEVIS, so an
 * update SEVIS would receive for them says nothing new, and a batch carrying it could even overwrite
 * a newer SEVIS change made in RTI. The change still goes through the students module's record
 * operations (duplicate checks, site rules, audit with before/after, the SEVIS-event mapping), and
 * every pending event that the change itself raised (new in this savepoint) is then cancelled with a
 * message saying why. Events pending from before stay as they were: they carry our own changes.
 */
async function cancelRaisedEvents(tx: TTx, profileId: string, before: string[], note: string): Promise<number> {
  return cancelSevisEventsRaisedSince(tx, profileId, before, note);
}

const firstIssue = (e: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const i = e.issues[0]!;
  const label = sevisApi.RTI_FIELDS.find((f) => f.key === i.path[0])?.label ?? String(i.path[0] ?? '');
  return `${label ? `${label}: ` : ''}${i.message}`;
};

/** The job kind that applies an RTI comparison (docs/product/sevis-rti.md). */
export const APPLY_RTI_IMPORT_JOB = sevisApi.APPLY_RTI_IMPORT_JOB;

type TApplyInput = { rowIds: string[]; insertNew: boolean; campusSiteId: number | null };
export type TApplyRtiJobInput = TApplyInput & { importId: string };

/** The rows an apply takes: not applied yet, changed (and new when asked), the selected ones or all. */
const applicable = (importId: string, input: TApplyInput) =>
  and(
    eq(rtiImportRows.importId, importId),
    isNull(rtiImportRows.appliedAction),
    inArray(rtiImportRows.state, input.insertNew ? ['changed', 'new'] : ['changed']),
    input.rowIds.length ? inArray(rtiImportRows.id, input.rowIds) : undefined,
  );

/** New records need a campus site the caller may add students to. */
async function assertSiteForNew(tx: TTx, ctx: TContext, input: TApplyInput): Promise<void> {
  if (!input.campusSiteId) throw fieldError('campusSiteId', M.siteRequired);
  const [site] = await tx.select({ id: campusSites.id }).from(campusSites).where(eq(campusSites.id, input.campusSiteId));
  if (!site || !staffReachesProfile(requireActor(ctx), { campusSiteId: site.id }, 'edit'))
    throw fieldError('campusSiteId', 'You cannot add students to this campus site.');
}

/**
 * "Apply" as a job: the import the caller may see (404), not discarded (409) and the campus site for
 * new records (400) are settled now; the records change in a job the import's page follows.
 */
export async function startApplyRtiImport(ctx: TContext, importId: string, input: TApplyInput): Promise<jobsApi.TJob> {
  await ctx.db(async (tx) => {
    const imp = await loadRtiImport(tx, ctx, importId);
    if (imp.status === 'discarded') throw conflict(M.notPreview);
    const [someNew] = await tx
      .select({ id: rtiImportRows.id })
      .from(rtiImportRows)
      .where(and(applicable(imp.id, input), eq(rtiImportRows.state, 'new')))
      .limit(1);
    if (someNew) await assertSiteForNew(tx, ctx, input);
  });
  return ctx.services.jobs.enqueue<TApplyRtiJobInput>(ctx, APPLY_RTI_IMPORT_JOB, { importId, ...input });
}

/** The job: applies in one transaction that also completes the job, so a resumed job never applies twice. */
export function runApplyRtiImport({ ctx, input, progress, completeIn }: TJobRun<TApplyRtiJobInput>): Promise<sevisApi.TRtiApplyOutput> {
  const { importId, ...rest } = input;
  return applyRtiImport(ctx, importId, rest, { progress, completeIn });
}

/**
 * Updates the selected (or all) changed records with RTI's values and adds the records we lack; each
 * row on its own savepoint, all of them in one transaction.
 */
export async function applyRtiImport(
  ctx: TContext,
  importId: string,
  input: TApplyInput,
  job: Pick<TJobRun<unknown>, 'progress' | 'completeIn'>,
): Promise<sevisApi.TRtiApplyOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const imp = await loadRtiImport(tx, ctx, importId, true);
    if (imp.status === 'discarded') throw conflict(M.notPreview);
    const rows = await tx.select().from(rtiImportRows).where(applicable(imp.id, input));
    if (rows.some((r) => r.state === 'new')) await assertSiteForNew(tx, ctx, input);
    job.progress({ phase: `Applying ${imp.fileName}`, done: 0, total: rows.length });
    const note = `Not sent: SEVIS already has this (RTI import ${imp.fileName}).`;
    let updated = 0;
    let inserted = 0;
    let failed = 0;
    let suppressed = 0;
    for (const [i, row] of rows.entries()) {
      job.progress({ done: i });
      const v = row.values as TRtiValues;
      try {
        await tx.transaction(async (sp) => {
          const spCtx: TContext = { ...ctx, db: (fn) => fn(sp) };
          if (row.state === 'changed' && row.profileId) {
            const [p] = await sp.select().from(studentProfiles).where(eq(studentProfiles.id, row.profileId));
            if (!p) throw new AppError(404, 'NOT_FOUND', 'The record is gone.');
            const diffs = diffRow(p, v);
            const set = Object.fromEntries(Object.entries(diffs).map(([k, d]) => [k, d.rti]));
            if (Object.keys(set).length) {
              const parsed = studentsApi.ZStudentUpdateInput.safeParse({ ...set, updatedAt: p.updatedAt.toISOString() });
              if (!parsed.success) throw new AppError(400, 'VALIDATION', firstIssue(parsed.error));
              const pending = (
                await sp.select({ id: sevisPendingEvents.id }).from(sevisPendingEvents).where(eq(sevisPendingEvents.profileId, p.id))
              ).map((e) => e.id);
              await updateStudent(spCtx, p.id, parsed.data);
              suppressed += await cancelRaisedEvents(sp, p.id, pending, note);
            }
            await writeAudit(sp, {
              institutionId: ctx.institutionId,
              actorUserId: actor.userId,
              entityType: 'student_profile',
              entityId: p.id,
              action: 'sevis.rti.applied',
              after: { importId: imp.id, fileName: imp.fileName, row: row.rowNumber, fields: Object.keys(set) },
              ip: ctx.ip,
            });
            await sp.update(rtiImportRows).set({ appliedAction: 'updated', message: '' }).where(eq(rtiImportRows.id, row.id));
            updated += 1;
          } else if (row.state === 'new') {
            const parsed = studentsApi.ZStudentCreateInput.safeParse({
              firstName: v.firstName,
              lastName: v.lastName,
              middleName: v.middleName,
              email: v.email,
              birthDate: v.birthDate,
              gender: v.gender,
              citizenshipCountryCode: v.citizenshipCountryCode,
              birthCountryCode: v.birthCountryCode,
              visaType: v.visaType ?? (imp.kind === 'ev' ? 'J-1' : 'F-1'),
              campusSiteId: input.campusSiteId,
              programStartDate: v.programStartDate,
              programEndDate: v.programEndDate,
              sevisId: v.sevisId,
              educationLevel: v.educationLevel,
              major1Code: v.major1Code,
              evCategoryCode: v.evCategoryCode,
            });
            if (!parsed.success) throw new AppError(400, 'VALIDATION', `Cannot add this student: ${firstIssue(parsed.error)}`);
            const created = await createStudent(spCtx, parsed.data);
            if (v.sevisStatus && v.sevisStatus !== created.sevisStatus) {
              await updateStudent(spCtx, created.id, { sevisStatus: v.sevisStatus as 'Active', updatedAt: created.updatedAt });
            }
            suppressed += await cancelRaisedEvents(sp, created.id, [], note);
            await writeAudit(sp, {
              institutionId: ctx.institutionId,
              actorUserId: actor.userId,
              entityType: 'student_profile',
              entityId: created.id,
              action: 'sevis.rti.applied',
              after: { importId: imp.id, fileName: imp.fileName, row: row.rowNumber, inserted: true },
              ip: ctx.ip,
            });
            await sp
              .update(rtiImportRows)
              .set({ appliedAction: 'inserted', profileId: created.id, message: '' })
              .where(eq(rtiImportRows.id, row.id));
            inserted += 1;
          }
        });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        failed += 1;
        await tx
          .update(rtiImportRows)
          .set({ message: e.message.slice(0, 1000) })
          .where(eq(rtiImportRows.id, row.id));
      }
    }
    job.progress({ done: rows.length });
    const now = new Date();
    const [after] = await tx
      .update(rtiImports)
      .set({
        status: updated + inserted > 0 || imp.status === 'applied' ? 'applied' : imp.status,
        updatedCount: imp.updatedCount + updated,
        insertedCount: imp.insertedCount + inserted,
        ...(updated + inserted > 0 ? { appliedBy: actor.userId, appliedAt: now } : {}),
      })
      .where(eq(rtiImports.id, imp.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'rti_import',
      entityId: imp.id,
      action: 'sevis.rti.applied',
      after: { updated, inserted, failed, suppressedEvents: suppressed },
      ip: ctx.ip,
    });
    const out = { import: await presentRtiImport(tx, after!), updated, inserted, failed, suppressedEvents: suppressed };
    await job.completeIn(tx, out);
    return out;
  });
}
