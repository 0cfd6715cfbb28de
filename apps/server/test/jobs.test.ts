import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PgBoss from 'pg-boss';
import type { jobsApi, TSession } from '@meridian/domain';
import { institutionContext, type TContext } from '../src/platform/http/context.js';
import { AppError } from '../src/platform/errors/app-error.js';
import { JobRunner, registerJobKind, STALE_AFTER_S, WORK_QUEUE } from '../src/platform/jobs/runner.js';
import { BOSS_SCHEMA, bossDb } from '../src/platform/jobs/queue-schema.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';

// Long work as jobs (docs/product/operations.md#long-work-runs-as-jobs): progress a user sees, resumed
// after its server dies, a user's mistake ending it with the message, scheduled work once across servers.

let t: TTestApp;
let admin: TSession;
let ctx: TContext;
const runs = new Map<string, number>();

registerJobKind<{ steps: number; tag: string }>({
  kind: 'test.count',
  run: async ({ input, progress }) => {
    runs.set(input.tag, (runs.get(input.tag) ?? 0) + 1);
    progress({ done: 0, total: input.steps, phase: 'Counting' });
    for (let i = 1; i <= input.steps; i++) {
      await new Promise((r) => setTimeout(r, 5));
      progress({ done: i });
    }
    return { counted: input.steps };
  },
});
registerJobKind<{ field: string }>({
  kind: 'test.refuse',
  run: ({ input }) =>
    Promise.reject(
      new AppError(400, 'VALIDATION', 'Row 3: the date is not a date.', { [input.field]: ['Row 3: the date is not a date.'] }),
    ),
});
registerJobKind<{ tag: string }>({
  kind: 'test.flaky',
  run: ({ input, attempt }) => {
    runs.set(input.tag, attempt);
    if (attempt < 2) return Promise.reject(new Error('connection terminated unexpectedly'));
    return Promise.resolve({ attempt });
  },
});

/** A file job that writes half its file, then waits for the test (or dies, on its first run, when asked). */
const gates = new Map<string, () => void>();
const HALF = 'line,of,the,report\n'.repeat(20_000);
registerJobKind<{ tag: string; dieFirst?: boolean }>({
  kind: 'test.stream-file',
  run: async ({ input, attempt, saveFile }) => {
    const file = new PassThrough();
    const saved = saveFile(file, 'report.csv', 'text/csv');
    saved.catch(() => {});
    file.write(HALF);
    if (input.dieFirst && attempt === 1) {
      file.destroy(new Error('connection terminated unexpectedly'));
      await saved.catch(() => {});
      throw new Error('connection terminated unexpectedly');
    }
    await new Promise<void>((release) => gates.set(input.tag, release));
    file.end(`run ${attempt}\n`);
    await saved;
    return { attempt };
  },
});

// Its own data folder: what is being written (files/.partial) is this file's jobs' alone.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-jobs-'));
const partial = () =>
  fs.existsSync(path.join(dataDir, 'files', '.partial')) ? fs.readdirSync(path.join(dataDir, 'files', '.partial')) : [];
/** Waits (up to 10 s) until the files being written are `n`: the storage opens its file as the job writes. */
async function partialFiles(n: number): Promise<string[]> {
  for (let i = 0; partial().length !== n && i < 200; i++) await new Promise((r) => setTimeout(r, 50));
  return partial();
}

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  admin = await t.login('admin');
  const claims = await t.services.tokens.verifyAccess(admin.accessToken);
  const actor = await t.services.findSession(claims!, t.institutionA);
  ctx = institutionContext(t.services, { id: t.institutionA, timeZone: 'America/New_York' }, { actor, ip: '127.0.0.1', userAgent: 'test' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(jobId: string, done: (j: jobsApi.TJob) => boolean, ms = 30_000): Promise<jobsApi.TJob> {
  const end = Date.now() + ms;
  for (;;) {
    const j = (await call(t, 'GET', `/api/jobs/${jobId}`, { as: admin })).json<jobsApi.TJob>();
    if (done(j)) return j;
    if (Date.now() > end) throw new Error(`job ${jobId} stuck: ${JSON.stringify(j)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a job', () => {
  it('is queued, shows its progress, and ends with its result', async () => {
    const job = await t.services.jobs.enqueue(ctx, 'test.count', { steps: 40, tag: 'progress' });
    expect(job).toMatchObject({ status: 'queued', done: 0, phase: 'Waiting to start' });
    const seen = new Set<string>();
    const end = await until(job.id, (j) => {
      seen.add(j.status);
      return j.status === 'completed';
    });
    expect(end).toMatchObject({ status: 'completed', attempts: 1, done: 40, total: 40, result: { counted: 40 }, error: null });
    expect(end.finishedAt).not.toBeNull();
    expect(runs.get('progress')).toBe(1);
  });

  it("ends as failed with the user's mistake (field errors and status), without trying again", async () => {
    const job = await t.services.jobs.enqueue(ctx, 'test.refuse', { field: 'file' });
    const end = await until(job.id, (j) => j.status === 'failed');
    expect(end.error).toEqual({
      code: 'VALIDATION',
      message: 'Row 3: the date is not a date.',
      status: 400,
      fieldErrors: { file: ['Row 3: the date is not a date.'] },
    });
    expect(end.attempts).toBe(1);
  });

  it('is tried again after a failure that is not the user’s (a lost database connection)', async () => {
    const job = await t.services.jobs.enqueue(ctx, 'test.flaky', { tag: 'flaky' });
    const end = await until(job.id, (j) => j.status === 'completed', 60_000);
    expect(end).toMatchObject({ attempts: 2, result: { attempt: 2 } });
  });

  it('is listed for its requester while it runs, and for nobody else', async () => {
    const job = await t.services.jobs.enqueue(ctx, 'test.count', { steps: 200, tag: 'listed' });
    const mine = (await call(t, 'GET', '/api/jobs', { as: admin, query: { kind: 'test.count', active: 'true' } })).json<{
      items: jobsApi.TJob[];
    }>();
    expect(mine.items.map((j) => j.id)).toContain(job.id);
    const officer = await t.login('officer');
    expect((await call(t, 'GET', '/api/jobs', { as: officer, query: { kind: 'test.count' } })).json()).toEqual({ items: [] });
    expect((await call(t, 'GET', `/api/jobs/${job.id}`, { as: officer })).statusCode).toBe(404);
    await until(job.id, (j) => j.status === 'completed');
  });
});

describe('a job that makes a file', () => {
  const gate = async (tag: string) => {
    for (let i = 0; !gates.has(tag); i++) {
      if (i > 600) throw new Error(`job ${tag} never reached its gate`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return gates.get(tag)!;
  };

  it('keeps a streamed file only once it is whole, and serves it only once the job completed', async () => {
    const job = await t.services.jobs.enqueue(ctx, 'test.stream-file', { tag: 'whole' });
    const release = await gate('whole');
    // Half written: being written aside, not recorded on the job, not downloadable.
    expect(await partialFiles(1)).toHaveLength(1);
    expect(
      (await t.sqlOne<{ file_key: string | null }>('select file_key from background_jobs where id = $1', [job.id])).file_key,
    ).toBeNull();
    expect((await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: admin })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/jobs/${job.id}`, { as: admin })).json()).toMatchObject({ status: 'running', fileName: null });
    release();
    const end = await until(job.id, (j) => j.status === 'completed');
    expect(end.fileName).toBe('report.csv');
    const file = await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain('filename="report.csv"');
    expect(file.body).toBe(`${HALF}run 1\n`);
    expect(await partialFiles(0)).toEqual([]);
  });

  it('keeps nothing of a run that died while writing; the run after it makes the whole file', async () => {
    const job = await t.services.jobs.enqueue(ctx, 'test.stream-file', { tag: 'died', dieFirst: true });
    const release = await gate('died');
    // The first run's half file is gone; the second run is writing its own.
    expect(await partialFiles(1)).toHaveLength(1);
    expect((await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: admin })).statusCode).toBe(404);
    release();
    const end = await until(job.id, (j) => j.status === 'completed');
    expect(end).toMatchObject({ attempts: 2, result: { attempt: 2 }, fileName: 'report.csv' });
    expect((await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: admin })).body).toBe(`${HALF}run 2\n`);
    expect(await partialFiles(0)).toEqual([]);
  });
});

describe('a job whose server died', () => {
  it('is handed back to the queue and run again by a server that is alive, once', async () => {
    // A server took the job (pg-boss: active; our row: running) and then stopped writing its heartbeat:
    // kill -9. Made by hand here, with a pg-boss of its own that fetches the job and never works it.
    const dead = new PgBoss({ db: bossDb(t.database.pool), schema: BOSS_SCHEMA, supervise: false, schedule: false, migrate: false });
    await dead.start();
    // Park this server's workers' view: the job goes in while nobody polls it except the dead server.
    const [row] = await t.sql<{ id: string }>(
      `insert into background_jobs (institution_id, kind, requested_by, actor, input, status, attempts, started_at, heartbeat_at)
       values ($1, 'test.count', $2, $3, '{"steps": 3, "tag": "resumed"}', 'running', 1, now() - interval '2 minutes', now() - make_interval(secs => $4))
       returning id`,
      [t.institutionA, ctx.actor!.userId, JSON.stringify({ actor: ctx.actor, ip: '127.0.0.1', userAgent: 'test' }), STALE_AFTER_S + 5],
    );
    const jobId = row!.id;
    await t.database.pool.query(
      `insert into ${BOSS_SCHEMA}.job (id, name, data, state, started_on, retry_limit) values ($1, $2, $3, 'active', now() - interval '2 minutes', 3)`,
      [jobId, WORK_QUEUE, JSON.stringify({ jobId })],
    );
    await dead.stop({ graceful: false, close: false, wait: true });
    const end = await until(jobId, (j) => j.status === 'completed', 60_000);
    expect(end.attempts).toBe(2);
    expect(end.result).toEqual({ counted: 3 });
    expect(runs.get('resumed')).toBe(1);
  });

  it('is not run again once its work committed (completed inside the work’s transaction)', async () => {
    let ran = 0;
    registerJobKind<object>({
      kind: 'test.commit-once',
      run: async ({ ctx: c, completeIn }) => {
        ran++;
        await c.db((tx) => completeIn(tx, { wrote: 1 }));
        // The server dies right after the commit, before pg-boss hears the job is done.
        throw new Error('killed after commit');
      },
    });
    const job = await t.services.jobs.enqueue(ctx, 'test.commit-once', {});
    const end = await until(job.id, (j) => j.status === 'completed');
    expect(end.result).toEqual({ wrote: 1 });
    // pg-boss tries it again (the error); the retry finds it completed and does nothing.
    await new Promise((r) => setTimeout(r, 4000));
    expect(ran).toBe(1);
    expect((await call(t, 'GET', `/api/jobs/${job.id}`, { as: admin })).json()).toMatchObject({ status: 'completed', attempts: 1 });
  });
});

describe('finished jobs', () => {
  it('are forgotten with their files a fortnight after they ended; newer ones and running ones stay', async () => {
    const { fileStorage, newStorageKey } = await import('../src/platform/files/storage.js');
    const storage = fileStorage(t.config.dataDir);
    const key = newStorageKey();
    await storage.put(key, Buffer.from('old export'));
    const insert = (status: string, finished: string | null, fileKey: string | null) =>
      t.sqlOne<{ id: string }>(
        `insert into background_jobs (institution_id, kind, requested_by, actor, input, status, file_key, finished_at)
         values ($1, 'test.count', $2, '{}', '{}', $3, $4, $5::timestamptz) returning id`,
        [t.institutionA, ctx.actor!.userId, status, fileKey, finished],
      );
    const old = await insert('completed', new Date(Date.now() - 15 * 86_400_000).toISOString(), key);
    const recent = await insert('failed', new Date(Date.now() - 13 * 86_400_000).toISOString(), null);
    const running = await insert('running', null, null);
    const runner = new JobRunner(t.database);
    await runner.start(t.services, { workers: 0 });
    try {
      await runner.retention().run();
    } finally {
      await runner.stop(1000);
    }
    const left = (
      await t.sql<{ id: string }>('select id from background_jobs where id = any($1::uuid[])', [[old.id, recent.id, running.id]])
    ).map((r) => r.id);
    expect(left.sort()).toEqual([recent.id, running.id].sort());
    await expect(storage.readBuffer(key)).rejects.toThrow();
    await t.sql("update background_jobs set status = 'failed', finished_at = now() where id = $1", [running.id]);
  });
});

describe('daily jobs', () => {
  it('run once a day across several servers', async () => {
    let ran = 0;
    const job = {
      name: `test-daily-${Date.now()}`,
      run: () => {
        ran++;
        return Promise.resolve();
      },
    };
    const servers = [new JobRunner(t.database), new JobRunner(t.database), new JobRunner(t.database)];
    try {
      for (const s of servers) await s.start(t.services, { workers: 1 });
      // Each server offers the job right away and then every 100 ms: the once-a-day slot takes one.
      for (const s of servers) await s.scheduleDaily([job], { firstDelayMs: 0, everyMs: 100 });
      await new Promise((r) => setTimeout(r, 3000));
      expect(ran).toBe(1);
    } finally {
      await Promise.all(servers.map((s) => s.stop(1000)));
    }
  });
});

describe('POST /api/sevis/batches', () => {
  it('answers 202 with the job, Location naming it', async () => {
    const res = await call(t, 'POST', '/api/sevis/batches', { as: admin, body: {}, follow: false });
    expect(res.statusCode).toBe(202);
    const job = res.json<jobsApi.TJob>();
    expect(res.headers.location).toBe(`/api/jobs/${job.id}`);
    expect(job).toMatchObject({ kind: 'sevis.create-batches', status: 'queued' });
    const end = await until(job.id, (j) => j.status !== 'queued' && j.status !== 'running');
    expect(end.status).toBe('completed');
    expect(end.result).toMatchObject({ batches: expect.any(Array), batchedEvents: expect.any(Number) });
  });
});
