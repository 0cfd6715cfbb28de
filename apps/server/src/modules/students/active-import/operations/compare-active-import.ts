import { eq } from 'drizzle-orm';
import { studentsApi, type jobsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { dropKept, keepForJob, withKeptInput } from '../../../../platform/jobs/kept-input.js';
import type { TJobRun } from '../../../../platform/jobs/runner.js';
import { campusSites } from '../../../people/index.js';
import { activeStudentImports } from '../../schema.js';
import { checkImportFileType } from '../../intake/import-file.js';
import { editableSites, presentActiveImport } from '../active-imports.js';
import { compareFeed, type TSiteByCode } from '../compare-feed.js';
import { readFeedFile, readFeedJson } from '../feed-rows.js';
import { uploadName } from '../../../../platform/files/upload-name.js';

/** What the compare job gets: where the feed is kept until it is read, and where it came from. */
export interface TCompareJobInput {
  storageKey: string;
  fileName: string;
  source: 'file' | 'api';
}

/** The institution's campus sites by code (upper case), used or not: a code the office never had is a cell error. */
async function sitesByCode(ctx: TContext): Promise<TSiteByCode> {
  const rows = await ctx.db((tx) =>
    tx.select({ id: campusSites.id, code: campusSites.code, isActive: campusSites.isActive }).from(campusSites),
  );
  return new Map(rows.map((s) => [s.code.trim().toUpperCase(), { id: s.id, isActive: s.isActive }]));
}

async function startCompare(ctx: TContext, data: Buffer, input: Omit<TCompareJobInput, 'storageKey'>): Promise<jobsApi.TJob> {
  const storageKey = await keepForJob(ctx, data);
  try {
    return await ctx.services.jobs.enqueue<TCompareJobInput>(ctx, studentsApi.ACTIVE_IMPORT_COMPARE_JOB, { ...input, storageKey });
  } catch (e) {
    await dropKept(ctx, storageKey);
    throw e;
  }
}

/**
 * An officer's upload of the feed: a file whose content does not match its name is refused at once; the
 * bytes are kept in file storage and read, checked and compared by a job the page follows.
 */
export function startActiveImportUpload(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<jobsApi.TJob> {
  const fileName = uploadName(file.fileName, 'feed');
  checkImportFileType(fileName, file.data);
  return startCompare(ctx, file.data, { fileName, source: 'file' });
}

/**
 * The campus's JSON push: every row is checked now, so the campus system hears of a bad row at once
 * (400 on rows.<index>.<field>); the comparison runs as a job the token may follow.
 */
export async function startActiveImportPush(ctx: TContext, body: studentsApi.TActiveStudentFeedInput): Promise<jobsApi.TJob> {
  const actor = requireActor(ctx);
  readFeedJson(body.rows, new Set((await sitesByCode(ctx)).keys()));
  const by = actor.integration ? `integration key “${actor.integration.name}”` : 'the API';
  return startCompare(ctx, Buffer.from(JSON.stringify(body.rows), 'utf8'), { fileName: `Pushed by ${by}`.slice(0, 200), source: 'api' });
}

/** The job: reads the kept feed, checks it, stores it and its comparison, and completes in the same transaction. */
export function runCompareActiveImport({
  ctx,
  input,
  progress,
  completeIn,
}: TJobRun<TCompareJobInput>): Promise<studentsApi.TActiveImportSummary> {
  return withKeptInput(ctx, input.storageKey, (data) => compareActiveImport(ctx, input, data, { progress, completeIn }));
}

/**
 * Reads and checks a feed (all or nothing: one problem refuses it, each problem named by row and column), then
 * stores it as an import and compares it with the student records in the database (compare-feed.ts). The
 * comparison and the job's completion are one transaction: a job resumed after a crash never stores two.
 */
export async function compareActiveImport(
  ctx: TContext,
  input: Omit<TCompareJobInput, 'storageKey'>,
  data: Buffer,
  job: Pick<TJobRun<unknown>, 'progress' | 'completeIn'>,
): Promise<studentsApi.TActiveImportSummary> {
  const actor = requireActor(ctx);
  const sites = await sitesByCode(ctx);
  const codes = new Set(sites.keys());
  job.progress({ phase: 'Reading the feed', done: 0, total: null });
  const feed =
    input.source === 'api'
      ? readFeedJson(JSON.parse(data.toString('utf8')) as studentsApi.TActiveStudentFeedInput['rows'], codes)
      : await readFeedFile(input.fileName, data, codes, (read) => job.progress({ done: read }));
  job.progress({ phase: 'Comparing with the student records', done: 0, total: feed.rows.length });
  return ctx.db(async (tx) => {
    const [created] = await tx
      .insert(activeStudentImports)
      .values({
        institutionId: ctx.institutionId,
        source: input.source,
        fileName: input.fileName,
        rowCount: feed.rows.length,
        ignoredColumns: feed.ignored.slice(0, 50),
        createdBy: actor.userId,
      })
      .returning();
    const counts = await compareFeed(tx, {
      institutionId: ctx.institutionId,
      importId: created!.id,
      rows: feed.rows,
      sites,
      reach: await editableSites(tx, actor),
    });
    const [stored] = await tx.update(activeStudentImports).set({ counts }).where(eq(activeStudentImports.id, created!.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'active_student_import',
      entityId: created!.id,
      action: 'active-student-import.compared',
      after: { fileName: input.fileName, source: input.source, rows: feed.rows.length, counts },
      ip: ctx.ip,
    });
    job.progress({ done: feed.rows.length });
    const summary = await presentActiveImport(tx, stored!);
    await job.completeIn(tx, summary);
    return summary;
  });
}
