/**
 * Benchmark of the Student List (issue 4): 100 000 student records over two institutions, three list
 * titles each with a keyword and a sort (plus a first page without keyword and the title counts),
 * measured through the real app (app.inject) and, beside it, the same SQL replayed directly.
 * Run: `npm run bench:students` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_ITERATIONS (100), BENCH_WARMUP (20), BENCH_STUDENTS (100000), BENCH_PLANS=all, BENCH_KEEP=1.
 * A script, not a test: figures depend on the machine, so nothing here asserts a time.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, REPO_ROOT } from '../apps/server/src/platform/config/config.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.js';
import { startEmbeddedPostgres, type TEmbedded } from '../apps/server/src/platform/db/embedded.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';
import { seedStudentActivity, seedStudentProfiles } from './seed-students.js';

const ITER = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const TOTAL = Number(process.env.BENCH_STUDENTS ?? 100_000);
const SHARE_A = 0.6;

interface TScenario { name: string; url: string; query: Record<string, string | number> }
/** The three titles of issue 4's "Must show", each with a keyword and a sort; then a plain first page and the counts. */
const SCENARIOS: TScenario[] = [
  { name: 'active + "garcia", name asc', url: '/api/students', query: { title: 'active', q: 'garcia', sort: 'name', order: 'asc', pageSize: 25 } },
  { name: 'all + "chen", updated desc', url: '/api/students', query: { title: 'all', q: 'chen', sort: 'updatedAt', order: 'desc', pageSize: 25 } },
  { name: 'terminated-18-months + "kumar", program end desc', url: '/api/students', query: { title: 'terminated-18-months', q: 'kumar', sort: 'programEndDate', order: 'desc', pageSize: 25 } },
  { name: 'active, name asc, p1 (no keyword)', url: '/api/students', query: { title: 'active', sort: 'name', order: 'asc', pageSize: 25 } },
  { name: 'list titles with counts', url: '/api/students/list-titles', query: {} },
];

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const memory = () => { const m = process.memoryUsage(); return `RSS ${mb(m.rss)}, heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}`; };
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!; };
const f = (n: number) => n.toFixed(1);
const log = (m: string) => console.error(`[bench] ${m}`);

/** Records every statement pg sends while fn runs (drizzle calls client.query(text|config, values)). */
type TStatement = { text: string; values: unknown[] };
async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; statements: TStatement[] }> {
  const statements: TStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const [q, v] = a as [string | { text: string; values?: unknown[] }, unknown];
    if (typeof q === 'string') statements.push({ text: q, values: Array.isArray(v) ? v : [] });
    else if (q && typeof q.text === 'string') statements.push({ text: q.text, values: Array.isArray(v) ? v : q.values ?? [] });
    return original.apply(this, a);
  };
  try { return { result: await fn(), statements }; } finally { proto.query = original; }
}

async function main() {
  const memStart = memory();
  const loadStart = os.loadavg()[0]!.toFixed(1);
  let embedded: TEmbedded | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    log('DATABASE_URL unset: starting the embedded PostgreSQL under data/bench');
    embedded = await startEmbeddedPostgres({ dataDir: path.join(REPO_ROOT, 'data', 'bench'), port: Number(process.env.BENCH_EMBEDDED_PG_PORT ?? 54349), database: 'postgres', quiet: true });
    adminUrl = embedded.url;
  }
  const name = `meridian_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { max: 10 });
  try {
    const t0 = performance.now();
    await migrateDatabase(database);
    const instA = (await seedDemo(database, { publicBaseUrl: 'https://portal.demo.test', hosts: ['demo.test'] }))!;
    const instB = (await seedDemo(database, { publicBaseUrl: 'https://portal.other.test', hosts: ['other.test'], name: 'Other College', force: true }))!;
    const nA = Math.round(TOTAL * SHARE_A);
    const nB = TOTAL - nA;
    const pool = database.pool;
    // setseed holds per connection: seed on one client so every run draws the same data.
    const seedClient = await pool.connect();
    try {
      await seedClient.query('select setseed(0.42)');
      await seedStudentProfiles(seedClient, instA, nA, 0);
      await seedStudentProfiles(seedClient, instB, nB, nA);
      await seedStudentActivity(seedClient, instA);
      await seedStudentActivity(seedClient, instB);
      await seedClient.query('analyze');
    } finally { seedClient.release(); }
    const seeded = (await pool.query<{ n: string }>('select count(*) n from student_profiles')).rows[0]!.n;
    const employments = (await pool.query<{ n: string }>('select count(*) n from student_employments')).rows[0]!.n;
    log(`migrated and seeded ${seeded} student records (${nA} / ${nB}), ${employments} employments, in ${f((performance.now() - t0) / 1000)} s`);

    const { app } = await buildApp({ ...loadConfig({}), publicBaseUrl: 'https://portal.demo.test' }, database, { logger: false, serveWeb: false });
    const login = async (userName: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: 'demo.test' }, payload: { userName, password: DEMO_PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login ${userName}: ${res.statusCode} ${res.body}`);
      return (res.json() as { accessToken: string }).accessToken;
    };
    const actors = [{ who: 'admin (super user)', token: await login('admin') }, { who: 'officer (Main Campus)', token: await login('officer') }];
    const memBefore = memory();

    const rows: { who: string; scenario: string; total: number | string; http: number[]; direct: number[]; statements: TStatement[] }[] = [];
    for (const actor of actors) {
      for (const sc of SCENARIOS) {
        const get = (query: Record<string, string | number>) => app.inject({
          method: 'GET', url: sc.url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
          headers: { host: 'demo.test', authorization: `Bearer ${actor.token}` },
        });
        const query = { ...sc.query };
        const probe = await capture(() => get(query));
        if (probe.result.statusCode !== 200) throw new Error(`${sc.name}: ${probe.result.statusCode} ${probe.result.body}`);
        // The list answers a page with its total; list-titles answers the titles (their count is shown).
        const body = probe.result.json() as { total: number } | unknown[];
        const total = Array.isArray(body) ? `${body.length} titles` : body.total;
        // The list's own statements: those inside the last tenant transaction (the first checks the session).
        const start = probe.statements.findLastIndex((s) => s.text.includes("set_config('app.institution_id'"));
        const end = probe.statements.findIndex((s, i) => i > start && /^commit/i.test(s.text.trim()));
        const statements = probe.statements.slice(start + 1, end);
        if (process.env.BENCH_DEBUG) console.error(probe.statements.map((s) => s.text.slice(0, 120)));
        if (start < 0 || end < 0 || !statements.some((s) => s.text.includes('"student_profiles"'))) throw new Error(`${sc.name}: list SQL not captured`);

        const http: number[] = [];
        for (let i = 0; i < WARMUP + ITER; i++) {
          const t = performance.now();
          const res = await get(query);
          const ms = performance.now() - t;
          if (res.statusCode !== 200) throw new Error(`${sc.name}: ${res.statusCode}`);
          if (i >= WARMUP) http.push(ms);
        }
        // The same statements on one connection, in the same kind of transaction (RLS role, tenant), no HTTP.
        const direct: number[] = [];
        const client = await pool.connect();
        try {
          for (let i = 0; i < WARMUP + ITER; i++) {
            const t = performance.now();
            await client.query('begin');
            await client.query('set local role meridian_app');
            await client.query("select set_config('app.institution_id', $1, true)", [instA]);
            for (const s of statements) await client.query(s.text, s.values);
            await client.query('commit');
            const ms = performance.now() - t;
            if (i >= WARMUP) direct.push(ms);
          }
        } finally { client.release(); }
        rows.push({ who: actor.who, scenario: sc.name, total, http, direct, statements });
        log(`${actor.who} | ${sc.name}: p50 ${f(pct(http, 50))} ms, p95 ${f(pct(http, 95))} ms (direct p50 ${f(pct(direct, 50))} ms)`);
      }
    }
    const memAfter = memory();

    const version = (await pool.query<{ v: string }>('select version() v')).rows[0]!.v;
    const settings = (await pool.query<{ name: string; setting: string; unit: string | null }>(
      "select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'max_parallel_workers_per_gather', 'jit')")).rows;
    const cpus = os.cpus();
    const out: string[] = [];
    out.push(`## Student list benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`, '');
    out.push(`- data: ${seeded} student records (${nA} in Demo University, ${nB} in Other College), ${employments} employments, 1 % with a pending correction, 2 campus sites; ANALYZEd`);
    out.push(`- measured: GET /api/students (and /api/students/list-titles) through app.inject (routing, JWT + session check, tenant, zod, SQL, presenter, JSON), ${ITER} runs after ${WARMUP} warm-up, one at a time, as users of Demo University`);
    out.push('- direct SQL: the statements the list issued (captured from pg during one request: the count and the page query, or the one counting query), replayed on one connection inside the same kind of transaction (`set local role meridian_app`, tenant set), same number of runs');
    out.push('');
    out.push('| user | scenario | matches | app p50 ms | app p95 ms | app max ms | SQL p50 ms | SQL p95 ms |');
    out.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      out.push(`| ${r.who} | ${r.scenario} | ${r.total} | ${f(pct(r.http, 50))} | ${f(pct(r.http, 95))} | ${f(Math.max(...r.http))} | ${f(pct(r.direct, 50))} | ${f(pct(r.direct, 95))} |`);
    }
    out.push('');
    out.push(`- machine: ${cpus.length} × ${cpus[0]?.model.trim()}, ${mb(os.totalmem())} RAM, ${os.type()} ${os.release()}, Node ${process.version}; load average (1 min) ${loadStart} at start, ${os.loadavg()[0]!.toFixed(1)} at the end (other work on the machine inflates the tails)`);
    out.push(`- PostgreSQL: ${version} (${embedded ? 'embedded, data/bench' : 'DATABASE_URL'}); ${settings.map((s) => `${s.name}=${s.setting}${s.unit ?? ''}`).join(', ')}`);
    out.push(`- memory: at start ${memStart}; before measuring ${memBefore}; after ${memAfter}`);

    const slowest = [...rows].sort((a, b) => pct(b.http, 95) - pct(a.http, 95))[0]!;
    // BENCH_PLANS=all prints every scenario's plans (to choose indexes); by default the slowest only.
    for (const r of process.env.BENCH_PLANS === 'all' ? rows : [slowest]) {
      out.push('', `### Plan of ${r === slowest ? 'the slowest scenario' : 'scenario'}: ${r.who}, ${r.scenario}`, '');
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('set local role meridian_app');
        await client.query("select set_config('app.institution_id', $1, true)", [instA]);
        for (const s of r.statements.filter((x) => x.text.includes('"student_profiles"'))) {
          const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values);
          out.push('```', s.text.replace(/\s+/g, ' ').slice(0, 400) + (s.text.length > 400 ? ' …' : ''), `-- params: ${JSON.stringify(s.values)}`, '', ...plan.rows.map((x) => x['QUERY PLAN']), '```', '');
        }
        await client.query('rollback');
      } finally { client.release(); }
    }
    console.log(out.join('\n'));
    await app.close();
  } finally {
    await database.close();
    // BENCH_KEEP=1 leaves the database for a look with psql (not with the embedded server, which stops).
    if (process.env.BENCH_KEEP && !embedded) log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch((e: unknown) => log(`drop failed: ${String(e)}`));
    await admin.end();
    if (embedded) await embedded.stop();
  }
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
