/**
 * Benchmark of the office's scholar dashboard (docs/product/scholars-reports.md#dashboard): 100 000 scholars
 * with a case each in Demo University (and 5 000 in Other College, which row-level security keeps out), the
 * dashboard with a phase tab, a keyword, a sort and a page reached by next or previous measured through the
 * real app and beside it the same SQL run directly; the requests per second 50 connections get from the
 * landing page over real HTTP; then the Excel export of all of them over real HTTP (the job, then its
 * file), with its time and peak memory.
 * Run: `npm run bench:scholars` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_ITERATIONS (100), BENCH_WARMUP (20), BENCH_SCHOLARS (100000), BENCH_SCHOLARS_OTHER (5000),
 * BENCH_CONNECTIONS (50), BENCH_LOAD_SECONDS (10), BENCH_EXPORT=0 (skip the exports), BENCH_PLANS=all, BENCH_KEEP=1.
 * A script, not a test: figures depend on the machine, so nothing here asserts a time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  benchApp,
  f,
  getter,
  log,
  machineLines,
  mb,
  measureScenario,
  memory,
  openBenchDatabase,
  pct,
  planLines,
  resultTable,
  seedWith,
  type TMeasured,
} from './harness.js';
import { seedScholars } from './seed-scholars.js';

const ITER = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const TOTAL = Number(process.env.BENCH_SCHOLARS ?? 100_000);
const OTHER = Number(process.env.BENCH_SCHOLARS_OTHER ?? 5_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
/** How deep the "next" and "previous" scenarios page: 400 pages of 25 in, the 10 001st case. */
const DEEP = 400;

interface TScenario {
  name: string;
  url: string;
  query: Record<string, string | number>;
  /**
   * A page reached by cursor: `next` walks DEEP pages forwards with the answers' `next` and measures the
   * page after them; `prev` then measures the page before that one with its `prev`. A build without
   * cursors (no `next` in its answer) is asked for the same page by number.
   */
  deep?: 'next' | 'prev';
}
const LIST = '/api/scholars/dashboard';
const p25 = { pageSize: 25 };
/**
 * The landing (All, last updated first) and each tab's first page without a keyword, each sort's first
 * page, pages deep in the list reached by next and previous, the keyword searches, and the tab counts.
 */
const SCENARIOS: TScenario[] = [
  { name: 'All, updated desc, p1 (no keyword)', url: LIST, query: { sort: 'updatedAt', order: 'desc', ...p25 } },
  { name: 'Active tab, updated desc, p1', url: LIST, query: { phase: 'active', sort: 'updatedAt', order: 'desc', ...p25 } },
  { name: 'Filed tab, updated desc, p1', url: LIST, query: { phase: 'filed', sort: 'updatedAt', order: 'desc', ...p25 } },
  {
    name: `All, updated desc, page ${DEEP + 1} by next`,
    url: LIST,
    query: { sort: 'updatedAt', order: 'desc', ...p25 },
    deep: 'next',
  },
  {
    name: `Active tab, updated desc, page ${DEEP} by previous`,
    url: LIST,
    query: { phase: 'active', sort: 'updatedAt', order: 'desc', ...p25 },
    deep: 'prev',
  },
  { name: 'All, name asc, p1', url: LIST, query: { sort: 'name', order: 'asc', ...p25 } },
  { name: `All, name asc, page ${DEEP + 1} by next`, url: LIST, query: { sort: 'name', order: 'asc', ...p25 }, deep: 'next' },
  { name: 'Application tab, name desc, p1', url: LIST, query: { phase: 'application', sort: 'name', order: 'desc', ...p25 } },
  { name: 'All, department asc, p1', url: LIST, query: { sort: 'department', order: 'asc', ...p25 } },
  { name: 'All, visa desc, p1', url: LIST, query: { sort: 'visa', order: 'desc', ...p25 } },
  { name: 'All, phase asc, p1', url: LIST, query: { sort: 'phase', order: 'asc', ...p25 } },
  { name: 'Active tab, status asc, p1', url: LIST, query: { phase: 'active', sort: 'status', order: 'asc', ...p25 } },
  { name: 'All, end date desc, p1', url: LIST, query: { sort: 'endDate', order: 'desc', ...p25 } },
  { name: `All, end date asc, page ${DEEP + 1} by next`, url: LIST, query: { sort: 'endDate', order: 'asc', ...p25 }, deep: 'next' },
  {
    name: 'Active tab + "garcia", name asc',
    url: LIST,
    query: { phase: 'active', q: 'garcia', sort: 'name', order: 'asc', ...p25 },
  },
  {
    name: 'Application tab + "chen", end date desc',
    url: LIST,
    query: { phase: 'application', q: 'chen', sort: 'endDate', order: 'desc', ...p25 },
  },
  {
    name: 'All + "kumar" + status pending, updated desc',
    url: LIST,
    query: { phase: 'all', q: 'kumar', status: 'pending', sort: 'updatedAt', order: 'desc', ...p25 },
  },
  { name: 'tabs with counts (no keyword)', url: '/api/scholars/dashboard/tabs', query: {} },
  { name: 'tabs with counts + status pending', url: '/api/scholars/dashboard/tabs', query: { status: 'pending' } },
  { name: 'tabs with counts + "garcia"', url: '/api/scholars/dashboard/tabs', query: { q: 'garcia' } },
];

type TListAnswer = { total: number; totalCapped?: boolean; next?: string | null; prev?: string | null };

/** The query of a scenario's measured page: for a deep one, the cursor found by walking there. */
async function queryOf(sc: TScenario, get: ReturnType<typeof getter>): Promise<Record<string, string | number>> {
  if (!sc.deep) return sc.query;
  let at = (await get(sc.query)).json<TListAnswer>();
  if (at.next === undefined) return { ...sc.query, page: sc.deep === 'next' ? DEEP + 1 : DEEP };
  for (let i = 0; i < DEEP; i++) {
    if (!at.next) throw new Error(`${sc.name}: the list ends before page ${DEEP + 1}`);
    const after = at.next;
    if (i === DEEP - 1 && sc.deep === 'next') return { ...sc.query, after };
    at = (await get({ ...sc.query, after })).json<TListAnswer>();
  }
  return { ...sc.query, before: at.prev! };
}

/**
 * CONNECTIONS keep-alive connections, each asking for `path` again as soon as its answer is read, for
 * LOAD_SECONDS: requests per second and the latency each request saw.
 */
async function throughput(port: number, path: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const r = await request(port, 'GET', path, token, undefined, agent).catch(() => ({ status: 0 }));
        if (r.status === 200) latencies.push(performance.now() - t);
        else errors++;
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return { rps: latencies.length / seconds, n: latencies.length, errors, latencies, load: os.loadavg()[0]! };
}

/** One HTTP request to the listening app as a user of Demo University; the answer's body is counted, not kept, unless asked. */
function request(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
  agent?: http.Agent,
): Promise<{ status: number; bytes: number; text: string; disposition: string; location: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        ...(agent ? { agent } : {}),
        headers: {
          host: 'demo.test',
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        const json = String(res.headers['content-type'] ?? '').includes('json');
        const kept: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (json) kept.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            text: Buffer.concat(kept).toString('utf8'),
            disposition: String(res.headers['content-disposition'] ?? ''),
            location: String(res.headers.location ?? ''),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Starts an export over HTTP (a job), follows the job as the browser does, then downloads its file,
 * discarding the bytes; samples this process's RSS and heap every 10 ms throughout.
 */
async function timedExport(
  port: number,
  url: string,
  token: string,
): Promise<{ ms: number; bytes: number; status: number; disposition: string; peakRss: number; peakHeap: number }> {
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const t = performance.now();
  try {
    const started = await request(port, 'POST', url, token, {});
    if (started.status !== 202) return { ms: 0, bytes: 0, status: started.status, disposition: '', peakRss, peakHeap };
    for (;;) {
      const job = JSON.parse((await request(port, 'GET', started.location, token)).text) as { status: string };
      if (job.status === 'failed') throw new Error(`${url}: the export job failed`);
      if (job.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const file = await request(port, 'GET', `${started.location}/file`, token);
    return { ms: performance.now() - t, bytes: file.bytes, status: file.status, disposition: file.disposition, peakRss, peakHeap };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const db = await openBenchDatabase();
  try {
    const t0 = performance.now();
    await seedWith(db.pool, async (c) => {
      await seedScholars(c, db.instA, TOTAL, 0);
      await seedScholars(c, db.instB, OTHER, TOTAL);
    });
    const cases = (await db.pool.query<{ n: string }>('select count(*) n from scholar_applications where institution_id = $1', [db.instA]))
      .rows[0]!.n;
    log(
      `migrated and seeded ${cases} scholar cases in Demo University (+${OTHER} in Other College) in ${f((performance.now() - t0) / 1000)} s`,
    );

    const { app, login } = await benchApp(db.database);
    const actors = [
      { who: 'admin (super user)', token: await login('admin') },
      { who: 'officer (Main Campus)', token: await login('officer') },
    ];
    const memBefore = memory();
    const rows: TMeasured[] = [];
    for (const actor of actors) {
      for (const sc of SCENARIOS) {
        const get = getter(app, sc.url, actor.token);
        const query = await queryOf(sc, get);
        const m = await measureScenario({
          name: sc.name,
          get: () => get(query),
          pool: db.pool,
          institutionId: db.instA,
          table: '"scholar_applications"',
          warmup: WARMUP,
          iter: ITER,
          totalOf: (res) => {
            const body = res.json<TListAnswer | { phase: string; count: number; capped?: boolean }[]>();
            if (Array.isArray(body)) return `${body[0]?.capped ? 'over ' : ''}${body[0]?.count ?? 0} in All`;
            return `${body.totalCapped ? 'over ' : ''}${body.total}`;
          },
        });
        rows.push({ who: actor.who, scenario: sc.name, ...m });
        log(
          `${actor.who} | ${sc.name}: p50 ${f(pct(m.http, 50))} ms, p95 ${f(pct(m.http, 95))} ms (direct p50 ${f(pct(m.direct, 50))} ms)`,
        );
      }
    }
    const memAfter = memory();

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;

    // The landing page's two requests under CONNECTIONS connections at once, over real HTTP (this process
    // is client and server: the figure is a floor).
    const loads: string[] = [];
    for (const [label, path] of [
      ['list: All, updated desc, p1', `${LIST}?sort=updatedAt&order=desc&pageSize=25`],
      ['tab counts (no keyword)', '/api/scholars/dashboard/tabs'],
    ] as const) {
      const r = await throughput(port, path, actors[0]!.token);
      loads.push(
        `| ${label} | ${CONNECTIONS} | ${r.n} | ${f(r.rps)} | ${f(pct(r.latencies, 50))} | ${f(pct(r.latencies, 95))} | ${f(pct(r.latencies, 99))} | ${r.errors} | ${r.load.toFixed(1)} |`,
      );
      log(`${label}: ${f(r.rps)} req/s at ${CONNECTIONS} connections, p95 ${f(pct(r.latencies, 95))} ms, ${r.errors} errors`);
    }

    // The export of every case over real HTTP, as the browser gets it: the job, then its file.
    const exports: string[] = [];
    for (const [label, url] of process.env.BENCH_EXPORT === '0'
      ? []
      : ([
          ['Scholar_Export (all cases)', '/api/scholars/dashboard/export'],
          ['OPT (all F-1 OPT/STEM cases)', '/api/scholars/dashboard/export-opt'],
        ] as const)) {
      const before = process.memoryUsage();
      const r = await timedExport(port, url, actors[0]!.token);
      if (r.status !== 200) {
        // The dashboard's figures above stand without it (the bench app runs no job runner: 503).
        exports.push(`| ${label} | not measured: HTTP ${r.status} | | | | |`);
        log(`${label}: HTTP ${r.status}, not measured`);
        continue;
      }
      const audit = (
        await db.pool.query<{ after: { rows: number } }>(
          "select after from audit_events where action = 'scholars.export' order by at desc limit 1",
        )
      ).rows[0]!;
      exports.push(
        `| ${label} | ${audit.after.rows} | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${f(r.ms / 1000)} s | ${mb(before.rss)} → ${mb(r.peakRss)} (+${mb(r.peakRss - before.rss)}) | ${mb(before.heapUsed)} → ${mb(r.peakHeap)} |`,
      );
      log(`${label}: ${audit.after.rows} rows, ${r.bytes} bytes in ${f(r.ms)} ms, peak RSS ${mb(r.peakRss)}, ${r.disposition}`);
    }

    const out: string[] = [];
    out.push(`## Scholar dashboard benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`, '');
    out.push(
      `- data: ${cases} scholars with a case each in Demo University (${OTHER} more in Other College, out of reach under row-level security), 3 departments, 8 phases, 9 statuses; VACUUM ANALYZEd`,
    );
    out.push(
      `- measured: GET /api/scholars/dashboard (and /dashboard/tabs) through app.inject (routing, JWT + session check, tenant, zod, SQL, presenter, JSON), ${ITER} runs after ${WARMUP} warm-up, one at a time, as users of Demo University; a page "by next" or "by previous" is the one its cursor opens after walking ${DEEP} pages there`,
    );
    out.push(
      '- direct SQL: the statements the request issued (account settings, the count to the cap, the walk down the sort index, the cases of the page in full; or the tab counts), replayed on one connection in the same kind of transaction (`set local role meridian_app`, tenant set)',
    );
    out.push('');
    out.push(...resultTable(rows));
    out.push('');
    out.push(
      `Throughput: ${CONNECTIONS} keep-alive HTTP connections as admin, each asking again as soon as its answer is read, for ${LOAD_SECONDS} s (pool of 10 database connections, as in production):`,
      '',
    );
    out.push('| request | connections | answered | req/s | p50 ms | p95 ms | p99 ms | errors | load |');
    out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    out.push(...loads);
    out.push('');
    out.push('| export | rows | file | time | RSS before → peak | heap before → peak |');
    out.push('| --- | ---: | ---: | ---: | --- | --- |');
    out.push(...exports);
    out.push('');
    out.push(...(await machineLines(db, memBefore, memAfter)));
    out.push(...(await planLines(db, rows, '"scholar_applications"')));
    console.log(out.join('\n'));
    await app.close();
  } finally {
    await db.finish();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
