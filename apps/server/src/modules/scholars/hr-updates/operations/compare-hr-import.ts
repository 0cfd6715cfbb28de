import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { hrDepartmentLookup, scholarsApi, type jobsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { dropKept, keepForJob, withKeptInput } from '../../../../platform/jobs/kept-input.js';
import type { TJobRun } from '../../../../platform/jobs/runner.js';
import { departments } from '../../../people/index.js';
import { checkImportFileType } from '../../../students/index.js';
import { compareHrFeed, comparisonHolds, feedJson } from '../compare-feed.js';
import { readHrFeedFile, readHrFeedJson } from '../feed-rows.js';
import { assertHrUpdatesOn, hrReach, presentHrImport } from '../hr-imports.js';
import { scholarHrImports } from '../schema.js';
import { uploadName } from '../../../../platform/files/upload-name.js';

/** What the compare job gets: where the feed is kept until it is read, and where it came from. */
export interface THrCompareJobInput {
  storageKey: string;
  fileName: string;
  source: 'file' | 'api';
}

/** The office's departments by code and by name (the feed's Department column). */
async function departmentLookup(ctx: TContext): Promise<Map<string, string>> {
  const rows = await ctx.db((tx) => tx.select({ id: departments.id, code: departments.code, name: departments.name }).from(departments));
  return hrDepartmentLookup(rows);
}

async function startCompare(ctx: TContext, data: Buffer, input: Omit<THrCompareJobInput, 'storageKey'>): Promise<jobsApi.TJob> {
  const storageKey = await keepForJob(ctx, data);
  try {
    return await ctx.services.jobs.enqueue<THrCompareJobInput>(ctx, scholarsApi.HR_COMPARE_JOB, { ...input, storageKey });
  } catch (e) {
    await dropKept(ctx, storageKey);
    throw e;
  }
}

/** An officer's upload: a file whose content does not match its name is refused at once; a job reads and compares it. */
export async function startHrFeedUpload(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<jobsApi.TJob> {
  await ctx.db((tx) => assertHrUpdatesOn(tx, ctx));
  const fileName = uploadName(file.fileName, 'feed');
  checkImportFileType(fileName, file.data);
  return startCompare(ctx, file.data, { fileName, source: 'file' });
}

/** HR's JSON push: every row is checked now (400 on rows.<index>.<field>); the comparison runs as a job the token may follow. */
export async function startHrFeedPush(ctx: TContext, body: scholarsApi.THrFeedInput): Promise<jobsApi.TJob> {
  const actor = requireActor(ctx);
  await ctx.db((tx) => assertHrUpdatesOn(tx, ctx));
  readHrFeedJson(body.rows, await departmentLookup(ctx));
  const by = actor.integration ? `integration key “${actor.integration.name}”` : 'the API';
  return startCompare(ctx, Buffer.from(JSON.stringify(body.rows), 'utf8'), { fileName: `Pushed by ${by}`.slice(0, 200), source: 'api' });
}

/** The job: reads the kept feed, checks it, stores it and its comparison, and completes in the same transaction. */
export function runCompareHrImport({
  ctx,
  input,
  progress,
  completeIn,
}: TJobRun<THrCompareJobInput>): Promise<scholarsApi.THrImportSummary> {
  return withKeptInput(ctx, input.storageKey, (data) => compareHrImport(ctx, input, data, { progress, completeIn }));
}

/**
 * Reads and checks a feed (all or nothing: one problem refuses it, each named by row and column), then stores it
 * and compares it with the scholars' current cases in the database (compare-feed.ts). The same feed sent again by
 * the same person while its comparison still holds answers that import: nothing new is stored.
 */
export async function compareHrImport(
  ctx: TContext,
  input: Omit<THrCompareJobInput, 'storageKey'>,
  data: Buffer,
  job: Pick<TJobRun<unknown>, 'progress' | 'completeIn'>,
): Promise<scholarsApi.THrImportSummary> {
  const actor = requireActor(ctx);
  const lookup = await departmentLookup(ctx);
  job.progress({ phase: 'Reading the feed', done: 0, total: null });
  const feed =
    input.source === 'api'
      ? readHrFeedJson(JSON.parse(data.toString('utf8')) as scholarsApi.THrFeedInput['rows'], lookup)
      : await readHrFeedFile(input.fileName, data, lookup, (read) => job.progress({ done: read }));
  const json = feedJson(feed.rows);
  const contentHash = createHash('sha256').update(json).digest('hex');
  job.progress({ phase: 'Comparing with the scholar cases', done: 0, total: feed.rows.length });
  return ctx.db(async (tx) => {
    await assertHrUpdatesOn(tx, ctx);
    const [earlier] = await tx
      .select()
      .from(scholarHrImports)
      .where(and(eq(scholarHrImports.contentHash, contentHash), eq(scholarHrImports.createdBy, actor.userId)))
      .orderBy(desc(scholarHrImports.createdAt))
      .limit(1);
    if (earlier && (await comparisonHolds(tx, earlier.id))) {
      const summary = await presentHrImport(tx, earlier, true);
      await job.completeIn(tx, summary);
      return summary;
    }
    const [created] = await tx
      .insert(scholarHrImports)
      .values({
        institutionId: ctx.institutionId,
        source: input.source,
        fileName: input.fileName,
        contentHash,
        rowCount: feed.rows.length,
        ignoredColumns: feed.ignored.slice(0, 50),
        createdBy: actor.userId,
      })
      .returning();
    const counts = await compareHrFeed(tx, {
      institutionId: ctx.institutionId,
      importId: created!.id,
      feed: json,
      reach: await hrReach(tx, actor),
    });
    const [stored] = await tx.update(scholarHrImports).set({ counts }).where(eq(scholarHrImports.id, created!.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_hr_import',
      entityId: created!.id,
      action: 'scholar-hr-import.compared',
      after: { fileName: input.fileName, source: input.source, rows: feed.rows.length, counts },
      ip: ctx.ip,
    });
    job.progress({ done: feed.rows.length });
    const summary = await presentHrImport(tx, stored!);
    await job.completeIn(tx, summary);
    return summary;
  });
}
