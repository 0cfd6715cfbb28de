/**
 * Lists under load (docs/performance.md#lists-under-load): the three heaviest lists, each with 100 000
 * records in one institution, driven through the real server over real HTTP at 1, 10 and 50 concurrent
 * connections for a fixed time, and beside each run pgbench running the same SQL at the same client count.
 *
 *   npm run bench:lists-load                      (DATABASE_URL's server, else the embedded PostgreSQL)
 *   BENCH_SECONDS=3 npm run bench:lists-load      (a quick check)
 *
 * Env: BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (1,10,50), BENCH_RECORDS (100000 per list),
 * BENCH_LISTS (a comma list of scenario keys, default all: requests-open, requests-keyword, students-active,
 * students-titles, scholars-all), BENCH_WARMUP_SECONDS (1, app only), PGBENCH (the binary), PGBENCH_MODE
 * (extended, as the app's driver talks; or simple / prepared), BENCH_SERVER=dist (apps/server/dist/main.js
 * after `npm run build`; default `node --import tsx apps/server/src/main.ts`), BENCH_LOG_LEVEL (warn),
 * BENCH_KEEP=1 (keeps the database and the pgbench scripts and logs).
 *
 * The server is the production entry point (job runner included) on a fresh database seeded here; the
 * load generator is this process: N workers, each with its own keep-alive connection and one request in
 * flight, latencies recorded exactly. The SQL each request issues is captured from the app once (the
 * statements of its tenant transactions, `set local role meridian_app` and the tenant setting included)
 * and written as a pgbench script with literal parameters. App and pgbench runs alternate, and which
 * goes first alternates too. Exits 1 on any failed request or failed pgbench transaction. A script, not
 * a test: nothing here asserts a time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { REPO_ROOT } from '../apps/server/src/platform/config/config.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';
import { benchApp, capture, f, getter, log, machineLines, memory, openBenchDatabase, pct, seedWith, type TStatement } from './harness.js';
import { seedRequests, seedStudents } from './seed-requests.js';
import { seedScholars } from './seed-scholars.js';
import { seedStudentActivity, seedStudentProfiles } from './seed-students.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const MODE = process.env.PGBENCH_MODE ?? 'extended';
const HOST = 'demo.test';

// pg's own conversion of a parameter to its text form (dates, arrays, JSON, buffers), for the literals.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (v: unknown) => string | Buffer | null | undefined;
};

interface TScenario {
  key: string;
  name: string;
  url: string;
  query: Record<string, string | number>;
  /** A table the captured SQL must mention (the list's own query, not only the session's). */
  table: string;
}
const OPEN = 'submitted,in_review,clarification_requested';
const SCENARIOS: TScenario[] = [
  {
    key: 'requests-open',
    name: 'requests: open queue, updated desc, p1',
    url: '/api/requests',
    query: { status: OPEN, sort: 'updatedAt', order: 'desc', page: 1, pageSize: 25 },
    table: '"requests"',
  },
  {
    key: 'requests-keyword',
    name: 'requests: open + "garcia", updated desc, p1',
    url: '/api/requests',
    query: { status: OPEN, q: 'garcia', sort: 'updatedAt', order: 'desc', page: 1, pageSize: 25 },
    table: '"requests"',
  },
  {
    key: 'students-active',
    name: 'students: active, name asc, p1',
    url: '/api/students',
    query: { title: 'active', sort: 'name', order: 'asc', page: 1, pageSize: 25 },
    table: '"student_profiles"',
  },
  {
    key: 'students-titles',
    name: 'students: list titles with counts',
    url: '/api/students/list-titles',
    query: {},
    table: '"student_title_counts"',
  },
  {
    key: 'scholars-all',
    name: 'scholars: All, updated desc, p1',
    url: '/api/scholars/dashboard',
    query: { sort: 'updatedAt', order: 'desc', page: 1, pageSize: 25 },
    table: '"scholar_applications"',
  },
];

const load1 = () => os.loadavg()[0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The server as production starts it (main.ts: config from the environment, job runner, daily jobs). */
function startServer(port: number, dbUrl: string, dataDir: string): ChildProcess {
  const dist = process.env.BENCH_SERVER === 'dist';
  const entry = dist
    ? [path.join(REPO_ROOT, 'apps/server/dist/main.js')]
    : ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')];
  if (dist && !fs.existsSync(entry[0]!)) throw new Error('BENCH_SERVER=dist: build first (npm run build)');
  return spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      // The bench seeded both demo institutions itself (demo.test and other.test).
      MERIDIAN_DEMO: '0',
      PUBLIC_BASE_URL: 'https://portal.demo.test',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** One GET on a worker's own keep-alive connection; resolves with the status once the body is read. */
function get(agent: http.Agent, port: number, pathAndQuery: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathAndQuery, agent, headers: { host: HOST, authorization: `Bearer ${token}` } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function waitHealthy(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(500);
  }
  throw new Error('the server did not become healthy');
}

/** Signs in over HTTP (node:http: fetch would not send the Host header the tenant is found by). */
function signIn(port: number, userName: string): Promise<string> {
  const body = JSON.stringify({ userName, password: DEMO_PASSWORD });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        headers: { host: HOST, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve((JSON.parse(text) as { accessToken: string }).accessToken)
            : reject(new Error(`sign-in ${userName}: ${res.statusCode} ${text}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** How long a process's main thread (the one running JavaScript) has waited, runnable, for a CPU, in ms (/proc/<pid>/schedstat). */
function cpuWaitMs(pid: number | undefined): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return NaN;
  }
}

interface TAppRun {
  rps: number;
  /** The server process's CPU time per answered request (its share of the two cores, without PostgreSQL's). */
  cpuPerRequest: number;
  /** How long the server's main thread waited for a core per answered request: the machine's load, not the app's cost. */
  waitPerRequest: number;
  /** This process's (the load generator's) CPU time per answered request. */
  clientCpuPerRequest: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  failures: Map<string, number>;
}

/** `connections` workers, each one request in flight on its own connection, for `seconds`. */
async function appLoad(port: number, pathAndQuery: string, token: string, connections: number, seconds: number): Promise<TAppRun> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  const end = started + seconds * 1000;
  const agents = Array.from({ length: connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(
    agents.map(async (agent) => {
      while (performance.now() < end) {
        const t = performance.now();
        let key = '';
        try {
          const status = await get(agent, port, pathAndQuery, token);
          if (status !== 200) key = `HTTP ${status}`;
        } catch (e) {
          key = (e as { code?: string }).code ?? 'network error';
        }
        if (key) failures.set(key, (failures.get(key) ?? 0) + 1);
        else latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const a of agents) a.destroy();
  const errors = [...failures.values()].reduce((a, b) => a + b, 0);
  const has = latencies.length > 0;
  return {
    rps: latencies.length / elapsed,
    cpuPerRequest: NaN,
    waitPerRequest: NaN,
    clientCpuPerRequest: NaN,
    requests: latencies.length,
    p50: has ? pct(latencies, 50) : NaN,
    p95: has ? pct(latencies, 95) : NaN,
    p99: has ? pct(latencies, 99) : NaN,
    errors,
    failures,
  };
}

/** A parameter as a SQL literal: pg's text form, in an E'' string with ':' escaped (pgbench reads `:name` as a variable). */
function literal(v: unknown): string {
  const p = prepareValue(v);
  if (p === null || p === undefined) return 'NULL';
  const s = Buffer.isBuffer(p) ? `\\x${p.toString('hex')}` : p;
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\072')}'`;
}

const inline = (s: TStatement) => s.text.replace(/\$(\d+)/g, (_, n: string) => literal(s.values[Number(n) - 1])).trim();

/**
 * The tenant transactions one request ran (the app's own begin, role, tenant setting, statements,
 * commit, on whichever pool connection it got), in order; statements outside them are counted apart.
 */
function tenantTransactions(statements: TStatement[]): { transactions: TStatement[][]; outside: number } {
  const transactions: TStatement[][] = [];
  const open = new Map<unknown, TStatement[]>();
  let outside = 0;
  for (const s of statements) {
    const text = s.text.trim();
    const current = open.get(s.client);
    if (/^begin/i.test(text)) open.set(s.client, [s]);
    else if (current) {
      current.push(s);
      if (/^(commit|rollback)/i.test(text)) {
        open.delete(s.client);
        if (current.some((x) => x.text.includes("set_config('app.institution_id'"))) transactions.push(current);
        else outside += current.length;
      }
    } else outside++;
  }
  return { transactions, outside };
}

interface TPgbench {
  tps: number;
  avg: number;
  stddev: number;
  p50: number;
  p95: number;
  p99: number;
  transactions: number;
  failed: number;
}

function pgbenchBinary(): string {
  const candidates = [process.env.PGBENCH, 'pgbench', '/usr/lib/postgresql/15/bin/pgbench'].filter(Boolean) as string[];
  for (const c of candidates) if (spawnSync(c, ['--version']).status === 0) return c;
  throw new Error('pgbench not found: install postgresql-client-15 (Debian) or set PGBENCH');
}

/** pgbench with the script at `clients` clients for SECONDS; percentiles from its per-transaction log. */
async function pgbench(bin: string, dbUrl: string, script: string, clients: number, logDir: string, tag: string): Promise<TPgbench> {
  const prefix = path.join(logDir, tag);
  const args = ['-n', '-M', MODE, '-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(SECONDS)];
  args.push('-f', script, '--log', `--log-prefix=${prefix}`, dbUrl);
  const child = spawn(bin, args, { cwd: logDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const tps = num(/tps = ([\d.]+)/);
  if (code !== 0 || !Number.isFinite(tps)) throw new Error(`pgbench ${tag} exited with ${code}:\n${out}`);
  const latencies: number[] = [];
  let failed = num(/number of failed transactions: (\d+)/) || 0;
  for (const file of fs.readdirSync(logDir).filter((n) => n.startsWith(`${path.basename(prefix)}.`))) {
    for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const time = line.split(' ')[2];
      if (!time) continue;
      if (/^\d+$/.test(time)) latencies.push(Number(time) / 1000);
      else if (time === 'failed') failed = Math.max(failed, 1);
    }
  }
  const avg = latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length);
  const stddev = Math.sqrt(latencies.reduce((a, b) => a + (b - avg) ** 2, 0) / Math.max(1, latencies.length));
  return {
    tps,
    avg,
    stddev,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    transactions: latencies.length,
    failed,
  };
}

/**
 * The server offers its daily jobs (alerts, SEVIS batches, retention) a minute after it starts: they are
 * left to finish before measuring, so that they do not run during a measurement.
 */
async function waitForDailyJobs(pool: pg.Pool, startedAt: number): Promise<void> {
  let said = false;
  while (performance.now() - startedAt < 180_000) {
    const { rows } = await pool.query<{ total: string; pending: string }>(
      `select count(*) total, count(*) filter (where state in ('created', 'retry', 'active')) pending from pgboss.job where name like 'daily-%'`,
    );
    const total = Number(rows[0]!.total);
    if (total > 0 && Number(rows[0]!.pending) === 0) {
      log(`the server's ${total} daily jobs ran, ${f((performance.now() - startedAt) / 1000)} s after it started`);
      return;
    }
    if (!said) log("waiting for the server's daily jobs (offered a minute after it starts) to run before measuring");
    said = true;
    await sleep(1000);
  }
  log('the daily jobs have not all run 3 minutes after the server started: measuring anyway');
}

interface TRow {
  scenario: TScenario;
  connections: number;
  app: TAppRun;
  sql: TPgbench;
  loadBefore: number;
  loadAfter: number;
  appFirst: boolean;
}

async function main() {
  const wanted = process.env.BENCH_LISTS?.split(',').map((s) => s.trim());
  const scenarios = SCENARIOS.filter((s) => !wanted || wanted.includes(s.key));
  if (scenarios.length === 0) throw new Error(`BENCH_LISTS: none of ${SCENARIOS.map((s) => s.key).join(', ')}`);
  const bin = pgbenchBinary();
  const pgbenchVersion = spawnSync(bin, ['--version']).stdout.toString().trim();
  const db = await openBenchDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-lists-load-'));
  let server: ChildProcess | null = null;
  let failed = false;
  try {
    // The server starts now, so that its daily jobs (a minute after start) are offered while seeding.
    const port = await freePort();
    const serverStarted = performance.now();
    server = startServer(port, db.url, path.join(tmp, 'files'));
    const t0 = performance.now();
    await seedWith(db.pool, async (c) => {
      await seedStudents(c, db.instA, Math.round(RECORDS / 20), 'stu-a-');
      await seedRequests(c, db.instA, RECORDS);
      await seedStudentProfiles(c, db.instA, RECORDS, 0);
      await seedStudentActivity(c, db.instA);
      await seedScholars(c, db.instA, RECORDS, 0);
    });
    const counts = (
      await db.pool.query<{ requests: string; students: string; scholars: string }>(
        `select (select count(*) from requests where institution_id = $1) requests,
                (select count(*) from student_profiles where institution_id = $1) students,
                (select count(*) from scholar_applications where institution_id = $1) scholars`,
        [db.instA],
      )
    ).rows[0]!;
    log(
      `seeded Demo University with ${counts.requests} requests, ${counts.students} student records, ${counts.scholars} scholar cases in ${f((performance.now() - t0) / 1000)} s`,
    );
    await waitHealthy(port, server);
    await waitForDailyJobs(db.pool, serverStarted);

    // The SQL of each scenario, captured from the app in this process (same code as the server's).
    const { app: inProcess, login } = await benchApp(db.database);
    const inProcessToken = await login('admin');
    const scripts = new Map<string, string>();
    const scriptNotes: string[] = [];
    for (const sc of scenarios) {
      const call = getter(inProcess, sc.url, inProcessToken);
      await call(sc.query); // warm: per-process memories (session, settings) as a running server has them
      const probe = await capture(() => call(sc.query));
      if (probe.result.statusCode !== 200) throw new Error(`${sc.name}: ${probe.result.statusCode} ${probe.result.body}`);
      const { transactions, outside } = tenantTransactions(probe.statements);
      if (!transactions.some((t) => t.some((s) => s.text.includes(sc.table)))) throw new Error(`${sc.name}: list SQL not captured`);
      const lines = [`-- ${sc.name}: GET ${sc.url}, the SQL the app issued, parameters as literals`];
      for (const t of transactions) lines.push(...t.map((s) => `${inline(s)};`));
      const file = path.join(tmp, `${sc.key}.sql`);
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      scripts.set(sc.key, file);
      const count = transactions.reduce((n, t) => n + t.length - 4, 0);
      scriptNotes.push(
        `- ${sc.name}: ${transactions.length} tenant transaction${transactions.length === 1 ? '' : 's'}, ${count} statement${count === 1 ? '' : 's'} besides begin / role / tenant / commit${outside ? `; ${outside} outside a tenant transaction, not replayed` : ''}`,
      );
      if (process.env.BENCH_DEBUG) console.error(fs.readFileSync(file, 'utf8'));
    }
    await inProcess.close();

    const token = await signIn(port, 'admin');
    const memBefore = memory();
    const rows: TRow[] = [];
    for (const [i, sc] of scenarios.entries()) {
      const qs = new URLSearchParams(Object.entries(sc.query).map(([k, v]) => [k, String(v)])).toString();
      const pathAndQuery = qs ? `${sc.url}?${qs}` : sc.url;
      for (const [j, connections] of LEVELS.entries()) {
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
        const appFirst = (i + j) % 2 === 0;
        const loadBefore = load1();
        log(`${sc.name} × ${connections}: load average ${loadBefore.toFixed(2)} before (${appFirst ? 'app' : 'pgbench'} first)`);
        let app: TAppRun | null = null;
        let sql: TPgbench | null = null;
        const runApp = async () => {
          if (WARMUP_SECONDS > 0) await appLoad(port, pathAndQuery, token, connections, WARMUP_SECONDS);
          const [cpu, wait, client] = [cpuMs(server?.pid), cpuWaitMs(server?.pid), process.cpuUsage()];
          app = await appLoad(port, pathAndQuery, token, connections, SECONDS);
          const used = process.cpuUsage(client);
          const n = Math.max(1, app.requests);
          app.cpuPerRequest = (cpuMs(server?.pid) - cpu) / n;
          app.waitPerRequest = (cpuWaitMs(server?.pid) - wait) / n;
          app.clientCpuPerRequest = (used.user + used.system) / 1000 / n;
        };
        const runSql = async () => {
          sql = await pgbench(bin, db.url, scripts.get(sc.key)!, connections, tmp, `${sc.key}-c${connections}`);
        };
        if (appFirst) {
          await runApp();
          await runSql();
        } else {
          await runSql();
          await runApp();
        }
        const loadAfter = load1();
        const a = app as unknown as TAppRun;
        const s = sql as unknown as TPgbench;
        for (const [k, n] of a.failures) log(`${sc.name} × ${connections}: ${n} × ${k}`);
        if (a.errors > 0 || s.failed > 0) failed = true;
        log(
          `${sc.name} × ${connections}: app ${f(a.rps)} req/s p50 ${f(a.p50)} p95 ${f(a.p95)} p99 ${f(a.p99)} ms, ${a.errors} errors, server CPU ${f(a.cpuPerRequest)} ms/req, waiting for a core ${f(a.waitPerRequest)} ms/req, load generator CPU ${f(a.clientCpuPerRequest)} ms/req; pgbench ${f(s.tps)} tps avg ${f(s.avg)} ms, ${s.failed} failed; load average ${loadAfter.toFixed(2)} after`,
        );
        rows.push({ scenario: sc, connections, app: a, sql: s, loadBefore, loadAfter, appFirst });
      }
    }
    const memAfter = memory();

    const out: string[] = [];
    out.push(`## Lists under load (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`, '');
    out.push(
      `- data: one institution (Demo University) with ${counts.requests} requests, ${counts.students} student records (with employments and corrections), ${counts.scholars} scholar cases; ANALYZEd`,
      `- app: GET through the real server (${process.env.BENCH_SERVER === 'dist' ? 'apps/server/dist/main.js' : 'node --import tsx apps/server/src/main.ts'}, LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'warn'}, database pool of 10) over HTTP on loopback as admin; N connections each with one request in flight, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up; the load generator is this Node process on the same machine`,
      `- pgbench: ${pgbenchVersion}, -M ${MODE}, -c N, -j min(2, N), -T ${SECONDS}; the script is the request's tenant transaction(s) (begin; set local role meridian_app; set_config of the tenant; the list's statements with literal parameters; commit); latency percentiles from its per-transaction log`,
      "- server CPU: the server process's CPU time (user + system, /proc/<pid>/stat) during the app run ÷ the requests answered: what the app itself costs per request, PostgreSQL's work not included; wait for a core: how long its main thread was runnable but not running (/proc/<pid>/schedstat) ÷ the requests: what the machine's load adds; client CPU: the load generator's (this process's) CPU per request",
      '- ratio: app req/s ÷ pgbench tps (1.0 would mean the app adds nothing to its SQL); load: 1-minute load average before → after the pair of runs',
      '',
      '| list | conns | app req/s | app p50 ms | app p95 ms | app p99 ms | app errors | server CPU / wait for a core ms per req | client CPU ms / req | pgbench tps | pgbench avg ± sd ms | pgbench p50 / p95 / p99 ms | app / pgbench | load |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...rows.map(
        (r) =>
          `| ${r.scenario.name} | ${r.connections} | ${f(r.app.rps)} | ${f(r.app.p50)} | ${f(r.app.p95)} | ${f(r.app.p99)} | ${r.app.errors} | ${f(r.app.cpuPerRequest)} / ${f(r.app.waitPerRequest)} | ${f(r.app.clientCpuPerRequest)} | ${f(r.sql.tps)} | ${f(r.sql.avg)} ± ${f(r.sql.stddev)} | ${f(r.sql.p50)} / ${f(r.sql.p95)} / ${f(r.sql.p99)} | ${(r.app.rps / r.sql.tps).toFixed(2)} | ${r.loadBefore.toFixed(1)} → ${r.loadAfter.toFixed(1)} |`,
      ),
      '',
      'What each pgbench script runs:',
      '',
      ...scriptNotes,
      '',
      ...(await machineLines(db, memBefore, memAfter)),
    );
    console.log(out.join('\n'));
    if (failed) log('some requests or pgbench transactions failed (see above): exit 1');
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(r, 10_000);
        server!.once('exit', () => {
          clearTimeout(t);
          r(null);
        });
      });
    }
    if (process.env.BENCH_KEEP) log(`kept the pgbench scripts and logs in ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
    await db.finish();
  }
  if (failed) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
