/**
 * Benchmark of the office's scholar dashboard (docs/product/scholars-reports.md#dashboard): 20 000 scholars
 * with a case each in Demo University (and 5 000 in Other College, which row-level security keeps out), the
 * dashboard with a phase tab, a keyword and a sort measured through the real app and beside it the same SQL
 * run directly; then the Excel export of all of them over real HTTP (the job, then its file), with its time
 * and peak memory.
 * Run: `npm run bench:scholars` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_ITERATIONS (100), BENCH_WARMUP (20), BENCH_SCHOLARS (20000), BENCH_PLANS=all, BENCH_KEEP=1.
 * A script, not a test: figures depend on the machine, so nothing here asserts a time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
const TOTAL = Number(process.env.BENCH_SCHOLARS ?? 20_000);
const OTHER = Math.round(TOTAL / 4);

interface TScenario {
  name: string;
  url: string;
  query: Record<string, string | number>;
}
/** A phase tab with a keyword and a sort, then a plain first page and the tab counts. */
const SCENARIOS: TScenario[] = [
  {
    name: 'Active tab + "garcia", name asc',
    url: '/api/scholars/dashboard',
    query: { phase: 'active', q: 'garcia', sort: 'name', order: 'asc', pageSize: 25 },
  },
  {
    name: 'Application tab + "chen", end date desc',
    url: '/api/scholars/dashboard',
    query: { phase: 'application', q: 'chen', sort: 'endDate', order: 'desc', pageSize: 25 },
  },
  {
    name: 'All + "kumar" + status pending, updated desc',
    url: '/api/scholars/dashboard',
    query: { phase: 'all', q: 'kumar', status: 'pending', sort: 'updatedAt', order: 'desc', pageSize: 25 },
  },
  { name: 'All, updated desc, p1 (no keyword)', url: '/api/scholars/dashboard', query: { sort: 'updatedAt', order: 'desc', pageSize: 25 } },
  { name: 'tabs with counts + "garcia"', url: '/api/scholars/dashboard/tabs', query: { q: 'garcia' } },
];

/** One HTTP request to the listening app as a user of Demo University; the answer's body is counted, not kept, unless asked. */
function request(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; bytes: number; text: string; disposition: string; location: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
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
        const m = await measureScenario({
          name: sc.name,
          get: () => get(sc.query),
          pool: db.pool,
          institutionId: db.instA,
          table: '"scholar_applications"',
          warmup: WARMUP,
          iter: ITER,
          totalOf: (res) => {
            const body = res.json<{ total: number } | { phase: string; count: number }[]>();
            return Array.isArray(body) ? `${body[0]?.count ?? 0} in All` : body.total;
          },
        });
        rows.push({ who: actor.who, scenario: sc.name, ...m });
        log(
          `${actor.who} | ${sc.name}: p50 ${f(pct(m.http, 50))} ms, p95 ${f(pct(m.http, 95))} ms (direct p50 ${f(pct(m.direct, 50))} ms)`,
        );
      }
    }
    const memAfter = memory();

    // The export of every case over real HTTP, as the browser gets it: the job, then its file.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const exports: string[] = [];
    for (const [label, url] of [
      ['Scholar_Export (all cases)', '/api/scholars/dashboard/export'],
      ['OPT (all F-1 OPT/STEM cases)', '/api/scholars/dashboard/export-opt'],
    ] as const) {
      const before = process.memoryUsage();
      const r = await timedExport(port, url, actors[0]!.token);
      if (r.status !== 200) throw new Error(`${label}: ${r.status}`);
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
      `- data: ${cases} scholars with a case each in Demo University (${OTHER} more in Other College, out of reach under row-level security), 3 departments, 8 phases, 9 statuses; ANALYZEd`,
    );
    out.push(
      `- measured: GET /api/scholars/dashboard (and /dashboard/tabs) through app.inject (routing, JWT + session check, tenant, zod, SQL, presenter, JSON), ${ITER} runs after ${WARMUP} warm-up, one at a time, as users of Demo University`,
    );
    out.push(
      '- direct SQL: the statements the request issued (account settings, count and page, or the one counting query), replayed on one connection in the same kind of transaction (`set local role meridian_app`, tenant set)',
    );
    out.push('');
    out.push(...resultTable(rows));
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
