import type { jobsApi } from '@meridian/domain';
import { BOSS_SCHEMA } from '../src/platform/jobs/queue-schema.js';
import { WORK_QUEUE } from '../src/platform/jobs/runner.js';
import type { TTestApp } from './app.js';

/** A job's row as the runner keeps it (owner SQL). */
export interface TJobRow {
  status: jobsApi.TJobStatus;
  attempts: number;
  done: number;
  total: number | null;
  phase: string;
  input: Record<string, unknown>;
  result: unknown;
  error: { code: string; message: string; status?: number; fieldErrors?: Record<string, string[]> } | null;
}

export async function jobRow(t: TTestApp, jobId: string): Promise<TJobRow> {
  return t.sqlOne<TJobRow & Record<string, unknown>>(
    'select status, attempts, done, total, phase, input, result, error from background_jobs where id = $1',
    [jobId],
  );
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * pg-boss hands a finished job out once more, as it does when the server that ran it died after the
 * work's transaction committed but before pg-boss heard the job was done. Resolves once a worker has
 * taken it and pg-boss counts it done again.
 */
export async function redeliverJob(t: TTestApp, jobId: string): Promise<void> {
  await t.sql(`update ${BOSS_SCHEMA}.job set state = 'retry', start_after = now(), completed_on = null where name = $1 and id = $2`, [
    WORK_QUEUE,
    jobId,
  ]);
  await until(`pg-boss to finish job ${jobId} again`, async () => {
    const [r] = await t.sql<{ state: string }>(`select state::text as state from ${BOSS_SCHEMA}.job where name = $1 and id = $2`, [
      WORK_QUEUE,
      jobId,
    ]);
    return r?.state === 'completed' ? true : null;
  });
}

/**
 * As if the server running a job had died with its work half done: the job's row back to 'running'
 * with a heartbeat long stale, and pg-boss's job active again. The runner's reaper (any server's) hands
 * it back to the queue and the work runs again from the start; resolves with the row once it has
 * ended again.
 */
export async function resumeAsIfCrashed(t: TTestApp, jobId: string): Promise<TJobRow> {
  const before = await jobRow(t, jobId);
  await t.sql(
    "update background_jobs set status = 'running', heartbeat_at = now() - interval '10 minutes', finished_at = null where id = $1",
    [jobId],
  );
  await t.sql(`update ${BOSS_SCHEMA}.job set state = 'active', started_on = now(), completed_on = null where name = $1 and id = $2`, [
    WORK_QUEUE,
    jobId,
  ]);
  return until(`job ${jobId} to run again and end`, async () => {
    const row = await jobRow(t, jobId);
    return row.attempts > before.attempts && row.status !== 'queued' && row.status !== 'running' ? row : null;
  });
}
