import { studentsApi as S, type jobsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import type { TJobProgressUpdate } from '../../../../platform/jobs/runner.js';
import { dropKept, keepForJob } from '../../../../platform/jobs/kept-input.js';
import { checkJ1CohortFileType, readJ1CohortRows } from '../j1-cohort-file.js';
import { uploadName } from '../../../../platform/files/upload-name.js';

/** The job kind that reads a participants file (docs/product/students-records.md#j-1-cohort). */
export const READ_J1_COHORT_FILE_JOB = S.READ_J1_COHORT_FILE_JOB;

/** What the file-reading job gets: where the file is kept, and the name it came with. */
export interface TReadJ1CohortFileJobInput {
  storageKey: string;
  fileName: string;
}

/**
 * Starts reading a participants file as a job: a file whose content does not match its name is refused
 * at once (400, as before); otherwise the bytes are kept in file storage for the job.
 */
export async function startReadJ1CohortFile(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<jobsApi.TJob> {
  requireActor(ctx);
  const fileName = uploadName(file.fileName);
  checkJ1CohortFileType(fileName, file.data);
  const storageKey = await keepForJob(ctx, file.data);
  try {
    return await ctx.services.jobs.enqueue<TReadJ1CohortFileJobInput>(ctx, READ_J1_COHORT_FILE_JOB, { storageKey, fileName });
  } catch (e) {
    await dropKept(ctx, storageKey);
    throw e;
  }
}

/**
 * Reads a participants file for the J-1 cohort page (docs/product/students-records.md#j-1-cohort): its
 * rows come back for the officer to review in the participants table; nothing is stored or created, so
 * reading it again after a crash is harmless.
 */
export async function readJ1CohortFile(
  ctx: TContext,
  file: { fileName: string; data: Buffer },
  progress: (update: TJobProgressUpdate) => void = () => {},
): Promise<S.TJ1CohortFileRows> {
  requireActor(ctx);
  const fileName = uploadName(file.fileName);
  progress({ phase: 'Reading rows', done: 0, total: null });
  const rows = await readJ1CohortRows(fileName, file.data, undefined, (done) => progress({ done }));
  progress({ done: rows.length, total: rows.length });
  return { fileName, rows };
}
