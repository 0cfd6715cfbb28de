import { hostname } from 'node:os';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { ZStaffPermissions, type jobsApi } from '@meridian/domain';
import type { TDatabase, TTx } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError, notFound } from '../errors/app-error.js';
import {
  institutionContext,
  requireActor,
  type TAuthenticatedActor,
  type TContext,
  type TJobQueue,
  type TServices,
} from '../http/context.js';
import { forgetCachedSessions } from '../auth/session-cache.js';
import { fileStorage, newStorageKey } from '../files/storage.js';
import { backgroundJobs } from './schema.js';
import { BOSS_SCHEMA, bossDb } from './queue-schema.js';

/** The queue every user-started job goes through; the job's kind picks its handler. */
export const WORK_QUEUE = 'meridian-work';

const HEARTBEAT_MS = 3_000;
/** A running job whose server has not written for this long is taken to be lost with that server. */
export const STALE_AFTER_S = 30;
const REAP_MS = 5_000;
const PROGRESS_FLUSH_MS = 300;

export interface TJobProgressUpdate {
  done?: number;
  total?: number | null;
  phase?: string;
}

/** What a job's handler gets: the context of the user who started it, its input, and ways to report. */
export interface TJobRun<I> {
  jobId: string;
  ctx: TContext;
  input: I;
  /** 1 on the first run; more when it resumed after a crash or a lost database. */
  attempt: number;
  /** Progress the browser shows; cheap to call often (written a few times a second at most). */
  progress: (update: TJobProgressUpdate) => void;
  /**
   * Marks the job completed inside the work's own transaction, so a crash after the commit can never
   * run the work a second time: the resumed job finds it completed.
   */
  completeIn: (tx: TTx, result: unknown) => Promise<void>;
  /**
   * Keeps the file the job produced (an export, a combined PDF) for its requester to download: bytes
   * in memory, or a stream stored as it is read (memory stays flat; start saving before writing, and
   * await the answer once the stream is ended). The job records the file only once it is stored whole,
   * and it is served only once the job completed; a stream that fails (or is destroyed) stores nothing.
   */
  saveFile: (data: Buffer | Readable, fileName: string, contentType: string) => Promise<void>;
}

export interface TJobKind<I = unknown> {
  /** e.g. 'sevis.create-batches' */
  kind: string;
  /** Runs the work and returns its result (unless it called completeIn). Must be safe to run again from the start. */
  run: (job: TJobRun<I>) => Promise<unknown>;
}

const kinds = new Map<string, TJobKind<never>>();

const JOB_FAILED = {
  code: 'JOB_FAILED',
  message:
    'The work could not be finished. Nothing was half-saved; please try again, and tell the portal administrator if it happens again.',
};

/** Modules register the kinds of long work they run (at composition, idempotent). */
export function registerJobKind<I>(kind: TJobKind<I>): void {
  kinds.set(kind.kind, kind);
}

export interface TDailyJob {
  name: string;
  run: () => Promise<unknown>;
}

type TJobRow = typeof backgroundJobs.$inferSelect;
type TJob = jobsApi.TJob;

/** A job row as its requester sees it. */
export function presentJob(row: TJobRow): TJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as TJob['status'],
    phase: row.phase,
    done: row.done,
    total: row.total,
    attempts: row.attempts,
    result: row.result ?? null,
    error: (row.error ?? null) as TJob['error'],
    fileName: row.fileKey ? row.fileName : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

interface TStoredActor {
  actor: TAuthenticatedActor;
  ip: string;
  userAgent: string;
}

/**
 * Long work as pg-boss jobs on the application's PostgreSQL, any number of servers. Each server works
 * the queue; a running job's server writes a heartbeat, and a job whose server died (kill -9, a lost
 * machine) is handed back to the queue by whichever server notices first, then runs again from the
 * start (its work is one transaction, or read-only). Daily jobs run once per day across all servers.
 */
export class JobRunner implements TJobQueue {
  private boss: PgBoss | null = null;
  private services: TServices | null = null;
  private readonly running = new Set<string>();
  private readonly workerIds: string[] = [];
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private readonly node = `${hostname()}:${process.pid}`;
  /** pg-boss's own complete/fail, which reject when the database is away (see guardWorkerBookkeeping). */
  private readonly strict: Partial<Record<'complete' | 'fail', (...args: unknown[]) => Promise<unknown>>> = {};

  constructor(
    private readonly database: TDatabase,
    private readonly log: (level: 'info' | 'warn' | 'error', msg: string) => void = () => {},
  ) {}

  /** Starts pg-boss and this server's workers. */
  async start(services: TServices, opts: { workers?: number; pollingIntervalSeconds?: number } = {}): Promise<void> {
    this.services = services;
    const boss = new PgBoss({
      db: bossDb(this.database.pool),
      schema: BOSS_SCHEMA,
      // Completed daily jobs stay long enough for the once-a-day slot to hold (see scheduleDaily).
      archiveCompletedAfterSeconds: 2 * 86_400,
      maintenanceIntervalSeconds: 60,
      migrate: false,
      // Daily jobs use once-a-day slots (scheduleDaily), not pg-boss's cron.
      schedule: false,
    });
    boss.on('error', (e: Error) => {
      if (!isDatabaseUnavailable(e)) this.log('warn', `job queue: ${e.message}`);
    });
    await boss.start();
    this.guardWorkerBookkeeping(boss);
    // A backstop: the heartbeat resumes a lost job within seconds; pg-boss gives one up after an hour.
    await boss.createQueue(WORK_QUEUE, { name: WORK_QUEUE, retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 3600 });
    this.boss = boss;
    for (let i = 0; i < (opts.workers ?? 2); i++) {
      this.workerIds.push(
        await boss.work<{ jobId: string }>(
          WORK_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, includeMetadata: true },
          async ([job]) => (job ? this.execute(job.data.jobId, job.retryCount >= job.retryLimit) : undefined),
        ),
      );
    }
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn().catch(() => {}), ms);
      t.unref();
      this.timers.push(t);
    };
    every(HEARTBEAT_MS, () => this.beat());
    every(REAP_MS, () => this.reap());
  }

  /** Starts a job for the context's user; the answer is the job row the browser follows. */
  async enqueue<I extends object>(ctx: TContext, kind: string, input: I, opts: { startAfter?: Date | undefined } = {}): Promise<TJob> {
    if (!kinds.has(kind)) throw new Error(`unknown job kind ${kind}`);
    const actor = requireActor(ctx);
    const stored: TStoredActor = { actor, ip: ctx.ip, userAgent: ctx.userAgent };
    const [row] = await ctx.db((tx) =>
      tx
        .insert(backgroundJobs)
        .values({ institutionId: ctx.institutionId, kind, requestedBy: actor.userId, actor: stored, input, phase: 'Waiting to start' })
        .returning(),
    );
    // A job set for later (a scheduled mass e-mail) waits in pg-boss until its time, across restarts.
    await this.send(row!.id, opts.startAfter);
    return presentJob(row!);
  }

  /** The job as its requester sees it; 404 for anyone else. */
  async get(ctx: TContext, jobId: string): Promise<TJob> {
    return presentJob(await this.own(ctx, jobId));
  }

  /** The requester's recent jobs, newest first. */
  async list(ctx: TContext, opts: { kind?: string | undefined; active?: boolean | undefined }): Promise<TJob[]> {
    const actor = requireActor(ctx);
    const rows = await ctx.db((tx) =>
      tx
        .select()
        .from(backgroundJobs)
        .where(
          and(
            eq(backgroundJobs.requestedBy, actor.userId),
            opts.kind ? eq(backgroundJobs.kind, opts.kind) : undefined,
            opts.active ? sql`${backgroundJobs.status} in ('queued', 'running')` : undefined,
          ),
        )
        .orderBy(sql`${backgroundJobs.createdAt} desc`)
        .limit(20),
    );
    return rows.map(presentJob);
  }

  /** The file a finished job produced, for its requester. */
  async file(ctx: TContext, jobId: string): Promise<{ key: string; fileName: string; contentType: string }> {
    const row = await this.own(ctx, jobId);
    if (row.status !== 'completed' || !row.fileKey) throw notFound();
    return { key: row.fileKey, fileName: row.fileName ?? 'download', contentType: row.fileType ?? 'application/octet-stream' };
  }

  /**
   * Daily jobs: each server offers each job every ten minutes (and a minute after it starts) into a
   * once-a-day pg-boss slot, so exactly one run per UTC day happens across all servers, on whichever
   * server's worker takes it; a run that fails is retried.
   */
  async scheduleDaily(jobs: TDailyJob[], opts: { firstDelayMs?: number; everyMs?: number } = {}): Promise<void> {
    const boss = this.requireBoss();
    const workers = new Map<string, string>();
    for (const job of jobs) {
      const queue = `daily-${job.name}`;
      await boss.createQueue(queue, { name: queue, retryLimit: 2, retryDelay: 60, expireInSeconds: 3 * 3600 });
      workers.set(
        job.name,
        await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
          this.log('info', `daily job ${job.name} started on ${this.node}`);
          await job.run();
        }),
      );
    }
    const offer = () =>
      Promise.all(
        jobs.map(async (job) => {
          const id = await boss.send(`daily-${job.name}`, {}, { singletonKey: job.name, singletonHours: 24 }).catch(() => null);
          // This server offered today's run: its worker looks now rather than at its next poll.
          const worker = workers.get(job.name);
          if (id && worker) boss.notifyWorker(worker);
        }),
      );
    const first = setTimeout(() => void offer(), opts.firstDelayMs ?? 60_000);
    const every = setInterval(() => void offer(), opts.everyMs ?? 10 * 60_000);
    first.unref();
    every.unref();
    this.timers.push(first, every);
  }

  /**
   * Jobs finished a fortnight ago are forgotten with their files: results can hold personal data (an
   * import's rows), and nobody follows a job that old. Partial writes a crash left in the file storage
   * (a day old: nothing writes that long) go too. A daily job (main.ts).
   */
  retention(): TDailyJob {
    return {
      name: 'job-retention',
      run: async () => {
        const { rows } = await this.database.pool.query<{ file_key: string | null }>(
          "delete from background_jobs where finished_at < now() - interval '14 days' returning file_key",
        );
        const storage = this.services ? fileStorage(this.services.config.dataDir) : null;
        for (const r of rows) if (r.file_key && storage) await storage.delete(r.file_key).catch(() => {});
        await storage?.sweepPartial(86_400_000).catch((e: unknown) => this.log('warn', `partial files not swept: ${(e as Error).message}`));
        return rows.length;
      },
    };
  }

  /**
   * Graceful stop: no new jobs are taken; the ones under way get until the timeout to finish. A job
   * cut off keeps no heartbeat and is resumed by another server.
   */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    const boss = this.boss;
    if (!boss) return;
    const heartbeat = setInterval(() => void this.beat().catch(() => {}), HEARTBEAT_MS);
    try {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    } catch {
      // stopping anyway
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * pg-boss 10's workers record a job's end (complete, or fail after an error) without waiting for the
   * answer, so with the database away the rejection would be unhandled and end the process. Here a
   * failed record is logged instead: the job's row and the heartbeat settle it once the database is back
   * (a completed row is never run again; a running row without a heartbeat is resumed).
   */
  private guardWorkerBookkeeping(boss: PgBoss): void {
    const manager = (boss as unknown as { manager?: Record<'complete' | 'fail', (...args: unknown[]) => Promise<unknown>> }).manager;
    if (!manager) return;
    for (const name of ['complete', 'fail'] as const) {
      const original = manager[name].bind(manager);
      this.strict[name] = original;
      manager[name] = (...args: unknown[]) =>
        original(...args).catch((e: unknown) => {
          this.log('warn', `job queue could not record a job's ${name === 'complete' ? 'end' : 'failure'}: ${(e as Error).message}`);
          return null;
        });
    }
  }

  /** Gives pg-boss back a job whose server died: it is tried again (or ends, its tries used up). */
  private async handBack(boss: PgBoss, id: string): Promise<void> {
    const fail = this.strict.fail ?? ((...args: unknown[]) => boss.fail(...(args as [string, string, object])));
    await fail(WORK_QUEUE, id, { message: 'its server stopped' });
    const again = await boss.getJobById(WORK_QUEUE, id);
    if (again?.state === 'failed') await this.finish(id, 'failed', null, JOB_FAILED);
    else for (const w of this.workerIds) boss.notifyWorker(w);
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new AppError(503, 'UNAVAILABLE', 'Background work is not running on this server.');
    return this.boss;
  }

  private async own(ctx: TContext, jobId: string): Promise<TJobRow> {
    const actor = requireActor(ctx);
    const [row] = await ctx.db((tx) =>
      tx
        .select()
        .from(backgroundJobs)
        .where(and(eq(backgroundJobs.id, jobId), eq(backgroundJobs.requestedBy, actor.userId))),
    );
    if (!row) throw notFound();
    return row;
  }

  private async send(jobId: string, startAfter?: Date): Promise<void> {
    await this.requireBoss().send(WORK_QUEUE, { jobId }, { id: jobId, ...(startAfter ? { startAfter } : {}) });
    // This server's workers look now rather than at their next poll.
    for (const id of this.workerIds) this.boss?.notifyWorker(id);
  }

  /** Runs one job (pg-boss calls it); an error thrown here makes pg-boss try again later. */
  private async execute(jobId: string, lastTry: boolean): Promise<void> {
    const services = this.services!;
    const owner = this.database.owner;
    const [claimed] = await owner
      .update(backgroundJobs)
      .set({
        status: 'running',
        attempts: sql`${backgroundJobs.attempts} + 1`,
        startedAt: sql`coalesce(${backgroundJobs.startedAt}, now())`,
        heartbeatAt: sql`now()`,
        phase: 'Starting',
      })
      .where(
        and(
          eq(backgroundJobs.id, jobId),
          // Queued, or running on a server that stopped writing its heartbeat. A running job with a live
          // heartbeat is another server's (pg-boss gave it out again after its long expiry): left alone.
          sql`(${backgroundJobs.status} = 'queued' or (${backgroundJobs.status} = 'running' and ${backgroundJobs.heartbeatAt} < now() - make_interval(secs => ${STALE_AFTER_S})))`,
        ),
      )
      .returning();
    if (!claimed) return; // finished already (it completed in the work's own transaction before a crash), or running elsewhere
    const handler = kinds.get(claimed.kind);
    if (!handler) {
      await this.finish(jobId, 'failed', null, { code: 'UNKNOWN_JOB', message: 'This server does not know this kind of work.' });
      return;
    }
    const { rows } = await this.database.pool.query<{ time_zone: string }>('select time_zone from institutions where id = $1', [
      claimed.institutionId,
    ]);
    const stored = claimed.actor as TStoredActor;
    const ctx = institutionContext(
      services,
      { id: claimed.institutionId, timeZone: rows[0]?.time_zone ?? 'UTC' },
      {
        // Read with today's profile schema: a job queued before a permission setting existed gets its default.
        actor: { ...stored.actor, staff: stored.actor.staff ? ZStaffPermissions.parse(stored.actor.staff) : null },
        ip: stored.ip,
        userAgent: stored.userAgent,
      },
    );
    this.running.add(jobId);
    const progress = this.progressWriter(jobId);
    let completedInTx = false;
    try {
      const result = await handler.run({
        jobId,
        ctx,
        input: claimed.input as never,
        attempt: claimed.attempts,
        progress: progress.update,
        completeIn: async (tx, value) => {
          // Everything reported goes with the completion: once completed, the writer no longer writes
          // (and a write still in flight would find the job completed and change nothing).
          const last = progress.latest();
          await tx
            .update(backgroundJobs)
            .set({
              status: 'completed',
              result: value,
              phase: 'Done',
              // now() would be when the work's transaction began, not when it ended.
              finishedAt: sql`statement_timestamp()`,
              error: null,
              ...(last?.done !== undefined ? { done: last.done } : {}),
              ...(last?.total !== undefined ? { total: last.total } : {}),
            })
            .where(eq(backgroundJobs.id, jobId));
          completedInTx = true;
        },
        saveFile: async (data, fileName, contentType) => {
          const storage = fileStorage(services.config.dataDir);
          const key = newStorageKey();
          if (Buffer.isBuffer(data)) await storage.put(key, data);
          else await storage.putStream(key, data);
          // A file an earlier run of this job kept (it died before completing) is replaced, not left behind.
          const [before] = await owner.select({ fileKey: backgroundJobs.fileKey }).from(backgroundJobs).where(eq(backgroundJobs.id, jobId));
          await owner.update(backgroundJobs).set({ fileKey: key, fileName, fileType: contentType }).where(eq(backgroundJobs.id, jobId));
          if (before?.fileKey && before.fileKey !== key) await storage.delete(before.fileKey).catch(() => {});
        },
      });
      await progress.close();
      if (!completedInTx) await this.finish(jobId, 'completed', result ?? null, null);
      // A job may have changed accounts (an import, a deactivation): this node asks about sessions afresh.
      forgetCachedSessions();
    } catch (e) {
      await progress.close();
      if (e instanceof AppError && e.statusCode < 500) {
        // The user's input (a file's rows, a record's state): running it again gives the same answer.
        await this.finish(jobId, 'failed', null, {
          code: e.code,
          message: e.message,
          status: e.statusCode,
          ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}),
        });
        return;
      }
      if (!lastTry) {
        this.log('warn', `job ${jobId} (${claimed.kind}) failed, will try again: ${(e as Error).message}`);
        await owner
          .update(backgroundJobs)
          .set({ status: 'queued', phase: 'Waiting to try again', heartbeatAt: null })
          .where(and(eq(backgroundJobs.id, jobId), eq(backgroundJobs.status, 'running')))
          .catch(() => {});
        throw e;
      }
      this.log('error', `job ${jobId} (${claimed.kind}) failed: ${(e as Error).message}`);
      await this.finish(jobId, 'failed', null, {
        code: isDatabaseUnavailable(e) ? 'UNAVAILABLE' : 'JOB_FAILED',
        message:
          'The work could not be finished. Nothing was half-saved; please try again, and tell the portal administrator if it happens again.',
      });
    } finally {
      this.running.delete(jobId);
    }
  }

  private async finish(jobId: string, status: 'completed' | 'failed', result: unknown, error: object | null): Promise<void> {
    const [ended] = await this.database.owner
      .update(backgroundJobs)
      .set({ status, result: result, error, phase: status === 'completed' ? 'Done' : 'Stopped', finishedAt: sql`now()` })
      .where(and(eq(backgroundJobs.id, jobId), sql`${backgroundJobs.status} in ('queued', 'running')`))
      .returning({ input: backgroundJobs.input });
    // The job is over for good: bytes kept for it (platform/jobs/kept-input.ts) are no longer needed.
    const kept = (ended?.input as { storageKey?: unknown } | undefined)?.storageKey;
    if (typeof kept === 'string' && this.services)
      await fileStorage(this.services.config.dataDir)
        .delete(kept)
        .catch(() => {});
  }

  /** Progress is kept in memory and written at most a few times a second, never over a finished job. */
  private progressWriter(jobId: string) {
    let pending: TJobProgressUpdate | null = null;
    let latest: TJobProgressUpdate = {};
    let timer: NodeJS.Timeout | null = null;
    let writing: Promise<unknown> = Promise.resolve();
    const flush = () => {
      timer = null;
      const p = pending;
      pending = null;
      if (!p) return writing;
      writing = writing
        .then(() =>
          this.database.owner
            .update(backgroundJobs)
            .set({
              ...(p.done !== undefined ? { done: p.done } : {}),
              ...(p.total !== undefined ? { total: p.total } : {}),
              ...(p.phase !== undefined ? { phase: p.phase } : {}),
              heartbeatAt: sql`now()`,
            })
            .where(and(eq(backgroundJobs.id, jobId), eq(backgroundJobs.status, 'running'))),
        )
        .catch(() => {});
      return writing;
    };
    return {
      update: (u: TJobProgressUpdate) => {
        pending = { ...pending, ...u };
        latest = { ...latest, ...u };
        timer ??= setTimeout(() => void flush(), PROGRESS_FLUSH_MS);
      },
      close: async () => {
        if (timer) clearTimeout(timer);
        await flush();
      },
      /** Everything the job reported so far, written or not. */
      latest: (): TJobProgressUpdate => latest,
    };
  }

  private async beat(): Promise<void> {
    if (this.running.size === 0) return;
    await this.database.pool.query("update background_jobs set heartbeat_at = now() where id = any($1::uuid[]) and status = 'running'", [
      [...this.running],
    ]);
  }

  /**
   * Hands back to the queue the jobs whose server stopped writing (it died), and re-sends a queued job
   * pg-boss lost track of. Any server may do it; the row update decides which one does.
   */
  private async reap(): Promise<void> {
    const boss = this.boss;
    if (!boss || this.stopped) return;
    // The row update decides which server hands a job back (only one gets each row); then pg-boss is told.
    const { rows: lost } = await this.database.pool.query<{ id: string }>(
      `update background_jobs set status = 'queued', heartbeat_at = null, phase = 'Resuming after a server stopped'
        where status = 'running' and heartbeat_at < now() - make_interval(secs => $1) and not (id = any($2::uuid[]))
        returning id`,
      [STALE_AFTER_S, [...this.running]],
    );
    for (const { id } of lost) {
      this.log('warn', `job ${id} lost its server; resuming it`);
      await this.handBack(boss, id);
    }
    // Queued jobs pg-boss lost track of: never sent (the database went away between the row and the
    // send), or still marked active because the hand-back above was cut off by an outage.
    const { rows: waiting } = await this.database.pool.query<{ id: string }>(
      "select id from background_jobs where status = 'queued' and created_at < now() - interval '1 minute' limit 50",
    );
    for (const { id } of waiting) {
      const job = await boss.getJobById(WORK_QUEUE, id, { includeArchive: true });
      if (!job) await this.send(id);
      else if (job.state === 'active' && job.startedOn && Date.now() - new Date(job.startedOn).getTime() > STALE_AFTER_S * 1000)
        await this.handBack(boss, id);
      else if (job.state === 'failed' || job.state === 'completed' || job.state === 'cancelled')
        await this.finish(id, 'failed', null, JOB_FAILED);
    }
  }
}
