import { AppError } from '../errors/app-error.js';
import type { TContext } from '../http/context.js';
import { fileStorage, MissingFileError, newStorageKey } from '../files/storage.js';

/** What a job answers when what it was to read is gone (it ran already, or storage lost it). */
export const KEPT_INPUT_GONE = 'What was sent for this work is no longer kept. Please send it again.';

/**
 * Keeps what a job will read (an uploaded file, a long list of rows) in file storage until the job
 * has used it: a job's input stays a storage key (named `storageKey` in the input, which the runner
 * also forgets when it gives the job up for good), and any server that takes the job up can read it.
 */
export async function keepForJob(ctx: TContext, data: Buffer): Promise<string> {
  const key = newStorageKey();
  await fileStorage(ctx.services.config.dataDir).put(key, data);
  return key;
}

/** Forgets what was kept (a job that could not be started, or one that has used it). */
export async function dropKept(ctx: TContext, key: string): Promise<void> {
  await fileStorage(ctx.services.config.dataDir)
    .delete(key)
    .catch(() => {});
}

/**
 * Runs a job's work on what was kept for it. Once the work has an answer (done, or refused as the
 * user's mistake: running it again would answer the same) the kept bytes are deleted; on any other
 * failure they stay, for the job's next try.
 */
export async function withKeptInput<T>(
  ctx: TContext,
  key: string,
  work: (data: Buffer) => Promise<T>,
  gone: { code: string; message: string } = { code: 'GONE', message: KEPT_INPUT_GONE },
): Promise<T> {
  let data: Buffer;
  try {
    data = await fileStorage(ctx.services.config.dataDir).readBuffer(key);
  } catch (e) {
    if (e instanceof MissingFileError) throw new AppError(410, gone.code, gone.message);
    throw e;
  }
  try {
    const out = await work(data);
    await dropKept(ctx, key);
    return out;
  } catch (e) {
    if (e instanceof AppError && e.statusCode < 500) await dropKept(ctx, key);
    throw e;
  }
}
