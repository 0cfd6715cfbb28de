/**
 * The timing harness the list benchmarks share (request list, student list, scholar dashboard): a
 * fresh database seeded with the two demo institutions, the real app, each scenario measured through
 * app.inject and, beside it, the same SQL replayed directly, then the result table, the machine and
 * the plan of the slowest scenario. A script helper, not a test: nothing here asserts a time.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type TApp } from '../apps/server/src/app.js';
import { loadConfig, REPO_ROOT } from '../apps/server/src/platform/config/config.js';
import { migrateDatabase, openDatabase, type TDatabase } from '../apps/server/src/platform/db/database.js';
import { startEmbeddedPostgres, type TEmbedded } from '../apps/server/src/platform/db/embedded.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
export const memory = () => {
  const m = process.memoryUsage();
  return `RSS ${mb(m.rss)}, heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}`;
};
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
export const f = (n: number) => n.toFixed(1);
export const log = (m: string) => console.error(`[bench] ${m}`);

/** Peak resident memory and heap while fn runs, sampled every 20 ms (the app and its job runner live in the bench's process). */
export async function withPeak<T>(fn: () => Promise<T>): Promise<{ result: T; peakRss: number; peakHeap: number; ms: number }> {
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const t = performance.now();
  try {
    const result = await fn();
    const m = process.memoryUsage();
    return { result, peakRss: Math.max(peakRss, m.rss), peakHeap: Math.max(peakHeap, m.heapUsed), ms: performance.now() - t };
  } finally {
    clearInterval(timer);
  }
}

/** Records every statement pg sends while fn runs (drizzle calls client.query(text|config, values)). */
export type TStatement = { text: string; values: unknown[]; client?: unknown };
export async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; statements: TStatement[] }> {
  const statements: TStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const [q, v] = a as [string | { text: string; values?: unknown[] }, unknown];
    if (typeof q === 'string') statements.push({ text: q, values: Array.isArray(v) ? v : [], client: this });
    else if (q && typeof q.text === 'string')
      statements.push({ text: q.text, values: Array.isArray(v) ? v : (q.values ?? []), client: this });
    return original.apply(this, a);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    proto.query = original;
  }
}

export interface TBenchDb {
  database: TDatabase;
  /** The bench database's connection string (for a server started as a child process, or pgbench). */
  url: string;
  pool: pg.Pool;
  instA: string;
  instB: string;
  embedded: TEmbedded | null;
  memStart: string;
  loadStart: string;
  /** Drops the database (unless BENCH_KEEP=1 on a server) and stops the embedded PostgreSQL. */
  finish: () => Promise<void>;
}

/**
 * A fresh database `meridian_bench_<random>` on DATABASE_URL's server (or the embedded PostgreSQL under
 * data/bench when it is unset), migrated, with the demo institutions on demo.test and other.test.
 */
export async function openBenchDatabase(): Promise<TBenchDb> {
  const memStart = memory();
  const loadStart = os.loadavg()[0]!.toFixed(1);
  let embedded: TEmbedded | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    log('DATABASE_URL unset: starting the embedded PostgreSQL under data/bench');
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(REPO_ROOT, 'data', 'bench'),
      port: Number(process.env.BENCH_EMBEDDED_PG_PORT ?? 54349),
      database: 'postgres',
      quiet: true,
    });
    adminUrl = embedded.url;
  }
  const name = `meridian_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { max: 10 });
  const finish = async () => {
    await database.close();
    // BENCH_KEEP=1 leaves the database for a look with psql (not with the embedded server, which stops).
    if (process.env.BENCH_KEEP && !embedded) log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch((e: unknown) => log(`drop failed: ${String(e)}`));
    await admin.end();
    if (embedded) await embedded.stop();
  };
  try {
    await migrateDatabase(database);
    const instA = (await seedDemo(database, { publicBaseUrl: 'https://portal.demo.test', hosts: ['demo.test'] }))!;
    const instB = (await seedDemo(database, {
      publicBaseUrl: 'https://portal.other.test',
      hosts: ['other.test'],
      name: 'Other College',
      force: true,
    }))!;
    return { database, url: url.toString(), pool: database.pool, instA, instB, embedded, memStart, loadStart, finish };
  } catch (e) {
    await finish();
    throw e;
  }
}

/**
 * Seeds on one client after setseed, so every run draws the same data; then VACUUM ANALYZE, the state
 * autovacuum keeps a live database in (statistics, and a visibility map that lets a count or a page walk
 * read the index alone instead of visiting every row it names).
 */
export async function seedWith(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select setseed(0.42)');
    await fn(client);
    await client.query('vacuum analyze');
  } finally {
    client.release();
  }
}

/** The real app on the bench database, with a log-in that answers an access token. */
export async function benchApp(
  database: TDatabase,
  opts: { logTo?: NodeJS.WritableStream; jobs?: boolean } = {},
): Promise<{ app: TApp['app']; login: (userName: string) => Promise<string> }> {
  // With logTo, the production logger (LOG_LEVEL, default info) writes there: its cost is part of a request's.
  const { app } = await buildApp({ ...loadConfig({}), publicBaseUrl: 'https://portal.demo.test' }, database, {
    logger: !!opts.logTo,
    serveWeb: false,
    // No job runner unless the bench measures a job: its polling would add its own queries to the measured ones.
    jobs: opts.jobs ?? false,
    ...(opts.logTo ? { logStream: opts.logTo } : {}),
  });
  const login = async (userName: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'demo.test' },
      payload: { userName, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${userName}: ${res.statusCode} ${res.body}`);
    return res.json<{ accessToken: string }>().accessToken;
  };
  return { app, login };
}

/** A GET through app.inject as a user of Demo University. */
export function getter(app: TApp['app'], url: string, token: string) {
  return (query: Record<string, string | number>) =>
    app.inject({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { host: 'demo.test', authorization: `Bearer ${token}` },
    });
}

export interface TMeasured {
  who: string;
  scenario: string;
  total: number | string;
  http: number[];
  direct: number[];
  statements: TStatement[];
  /** Load average (1 min) when the scenario's runs ended: the tails are only comparable at a similar load. */
  load: number;
}

/** Replays captured statements once in a tenant transaction, as the app runs them. */
async function replay(client: pg.PoolClient, institutionId: string, statements: TStatement[]): Promise<void> {
  await client.query('begin');
  await client.query('set local role meridian_app');
  await client.query("select set_config('app.institution_id', $1, true)", [institutionId]);
  for (const s of statements) await client.query(s.text, s.values);
  await client.query('commit');
}

/**
 * Measures one scenario: one probe request whose SQL is captured (the statements of its last tenant
 * transaction that mentions `table`), then `warmup + iter` iterations, each one request through
 * the app and one replay of the captured statements on a dedicated connection in the same kind of
 * transaction (`set local role meridian_app`, tenant set; row-level security applies). The two
 * alternate, and which goes first alternates too, so load that comes and goes during the run weighs
 * on both columns alike instead of skewing their ratio.
 */
export async function measureScenario(o: {
  name: string;
  get: () => Promise<LightMyRequestResponse>;
  totalOf: (res: LightMyRequestResponse) => number | string;
  pool: pg.Pool;
  institutionId: string;
  table: string;
  warmup: number;
  iter: number;
  /** Untimed work before each request through the app (and before the probe), e.g. a write the request must see. */
  before?: () => Promise<unknown>;
}): Promise<Omit<TMeasured, 'who' | 'scenario'>> {
  await o.before?.();
  const probe = await capture(o.get);
  if (probe.result.statusCode !== 200) throw new Error(`${o.name}: ${probe.result.statusCode} ${probe.result.body}`);
  const total = o.totalOf(probe.result);
  // The scenario's own statements: those of the last tenant transaction that reads `table`, on its connection.
  const txOf = (start: number) => {
    const own = probe.statements.slice(start + 1).filter((s) => s.client === probe.statements[start]!.client);
    const end = own.findIndex((s) => /^commit/i.test(s.text.trim()));
    return end < 0 ? [] : own.slice(0, end).map(({ text, values }) => ({ text, values }));
  };
  const starts = probe.statements.flatMap((s, i) => (s.text.includes("set_config('app.institution_id'") ? [i] : []));
  const start = starts.findLast((i) => txOf(i).some((s) => s.text.includes(o.table)));
  const statements = start === undefined ? [] : txOf(start);
  if (process.env.BENCH_DEBUG) console.error(probe.statements.map((s) => s.text.slice(0, 120)));
  if (!statements.length) throw new Error(`${o.name}: list SQL not captured`);

  const http: number[] = [];
  const direct: number[] = [];
  const client = await o.pool.connect();
  try {
    const viaApp = async (keep: boolean) => {
      await o.before?.();
      const t = performance.now();
      const res = await o.get();
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${o.name}: ${res.statusCode}`);
      if (keep) http.push(ms);
    };
    const viaSql = async (keep: boolean) => {
      const t = performance.now();
      await replay(client, o.institutionId, statements);
      const ms = performance.now() - t;
      if (keep) direct.push(ms);
    };
    for (let i = 0; i < o.warmup + o.iter; i++) {
      const keep = i >= o.warmup;
      if (i % 2 === 0) {
        await viaApp(keep);
        await viaSql(keep);
      } else {
        await viaSql(keep);
        await viaApp(keep);
      }
    }
  } finally {
    client.release();
  }
  return { total, http, direct, statements, load: os.loadavg()[0]! };
}

/** The result table (markdown): app and SQL percentiles side by side, and the load they ran under. */
export function resultTable(rows: TMeasured[]): string[] {
  return [
    '| user | scenario | matches | app p50 ms | app p95 ms | app p99 ms | SQL p50 ms | SQL p95 ms | SQL p99 ms | app − SQL p50 ms | load |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.who} | ${r.scenario} | ${r.total} | ${f(pct(r.http, 50))} | ${f(pct(r.http, 95))} | ${f(pct(r.http, 99))} | ${f(pct(r.direct, 50))} | ${f(pct(r.direct, 95))} | ${f(pct(r.direct, 99))} | ${f(pct(r.http, 50) - pct(r.direct, 50))} | ${r.load.toFixed(1)} |`,
    ),
  ];
}

/** The machine, PostgreSQL and memory lines under the table. */
export async function machineLines(db: TBenchDb, memBefore: string, memAfter: string): Promise<string[]> {
  const version = (await db.pool.query<{ v: string }>('select version() v')).rows[0]!.v;
  const settings = (
    await db.pool.query<{ name: string; setting: string; unit: string | null }>(
      "select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'max_parallel_workers_per_gather', 'jit')",
    )
  ).rows;
  const cpus = os.cpus();
  return [
    `- machine: ${cpus.length} × ${cpus[0]?.model.trim()}, ${mb(os.totalmem())} RAM, ${os.type()} ${os.release()}, Node ${process.version}; load average (1 min) ${db.loadStart} at start, ${os.loadavg()[0]!.toFixed(1)} at the end (other work on the machine inflates the tails)`,
    `- PostgreSQL: ${version} (${db.embedded ? 'embedded, data/bench' : 'DATABASE_URL'}); ${settings.map((s) => `${s.name}=${s.setting}${s.unit ?? ''}`).join(', ')}`,
    `- memory: at start ${db.memStart}; before measuring ${memBefore}; after ${memAfter}`,
  ];
}

/** EXPLAIN (ANALYZE, BUFFERS) of the slowest scenario's statements on `table` (BENCH_PLANS=all: every scenario). */
export async function planLines(db: TBenchDb, rows: TMeasured[], table: string): Promise<string[]> {
  const out: string[] = [];
  const slowest = [...rows].sort((a, b) => pct(b.http, 95) - pct(a.http, 95))[0]!;
  for (const r of process.env.BENCH_PLANS === 'all' ? rows : [slowest]) {
    out.push('', `### Plan of ${r === slowest ? 'the slowest scenario' : 'scenario'}: ${r.who}, ${r.scenario}`, '');
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local role meridian_app');
      await client.query("select set_config('app.institution_id', $1, true)", [db.instA]);
      for (const s of r.statements.filter((x) => x.text.includes(table))) {
        const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values);
        out.push(
          '```',
          s.text.replace(/\s+/g, ' ').slice(0, 400) + (s.text.length > 400 ? ' …' : ''),
          `-- params: ${JSON.stringify(s.values)}`,
          '',
          ...plan.rows.map((x) => x['QUERY PLAN']),
          '```',
          '',
        );
      }
      await client.query('rollback');
    } finally {
      client.release();
    }
  }
  return out;
}
