import type { TDatabase } from '../db/database.js';

export interface TDailyJob {
  name: string;
  /** A pg advisory lock key of its own: one server runs the job at a time, the others skip that round. */
  lockKey: number;
  run: () => Promise<unknown>;
}

/**
 * Runs fn while holding a session-level advisory lock on a connection of its own; returns false
 * without running it when another server holds the lock. The jobs themselves are idempotent, so a
 * second run on the same day changes nothing.
 */
export async function runExclusive(db: TDatabase, lockKey: number, fn: () => Promise<unknown>): Promise<boolean> {
  const client = await db.pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [lockKey]);
    if (!rows[0]?.ok) return false;
    try {
      await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => {});
    }
    return true;
  } finally {
    client.release();
  }
}

/**
 * A small daily scheduler: each job runs a minute after start-up and then every 24 hours, on
 * whichever server gets the lock. Tests call the job functions directly.
 */
export function startDailyJobs(
  db: TDatabase,
  jobs: TDailyJob[],
  opts: { firstDelayMs?: number; everyMs?: number; log?: (msg: string) => void } = {},
): () => void {
  const log = opts.log ?? ((m: string) => console.log(m));
  const tick = () => {
    for (const job of jobs) {
      void runExclusive(db, job.lockKey, job.run).catch((e: unknown) => log(`daily job ${job.name} failed: ${(e as Error).message}`));
    }
  };
  const first = setTimeout(tick, opts.firstDelayMs ?? 60_000);
  const every = setInterval(tick, opts.everyMs ?? 24 * 3600_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
