/**
 * Benchmark of the Scholar Dashboard's Excel export (docs/performance.md#excel-export-at-100-000-cases):
 * 100 000 scholar cases in Demo University, then, alternating, three times each:
 *   (a) the app's Scholar_Export as the browser gets it, over real HTTP from the production server run as
 *       its own process (`node --enable-source-maps apps/server/dist/main.js`, as `npm start` runs it): the
 *       job started, followed with GET /api/jobs/:id at the browser's polling intervals, its file downloaded
 *       (the server writes the workbook in its export worker thread, which is part of its process);
 *   (b) exceljs's streaming writer alone writing the same rows and columns to a file: the same SQL
 *       (the export's select, built by the app's code) through a server-side cursor 500 rows at a time in
 *       the same kind of tenant transaction, the same column definitions and cell values.
 * Prints each run's time and file size, the median ratio app / raw, the server process's RSS sampled
 * every 10 ms from /proc/<pid>/status (and its VmHWM), the bench process's own RSS growth while the raw
 * writer ran, and the load average.
 * Run: `npm run bench:export` (builds the server first; DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_SCHOLARS (100000), BENCH_RUNS (3), BENCH_KEEP=1.
 * A script, not a test: figures depend on the machine, so nothing here asserts a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { jobsApi, scholarsApi } from '@meridian/domain';
import { REPO_ROOT } from '../apps/server/src/platform/config/config.js';
import { BOSS_SCHEMA, bossDb } from '../apps/server/src/platform/jobs/queue-schema.js';
import type { TAuthenticatedActor } from '../apps/server/src/platform/http/context.js';
import { dashboardConditions } from '../apps/server/src/modules/scholars/reports/queries/dashboard.query.js';
import {
  exportColumns,
  exportRowValues,
  exportSelect,
  exportSheetName,
} from '../apps/server/src/modules/scholars/reports/scholar-export.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';
import { f, log, mb, openBenchDatabase, pct, seedWith } from './harness.js';
import { seedScholars } from './seed-scholars.js';

const TOTAL = Number(process.env.BENCH_SCHOLARS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SERVER = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const BATCH = 500;
const HOST = 'demo.test';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** VmRSS and VmHWM of a process, in bytes (0 once it is gone). */
function procMemory(pid: number): { rss: number; hwm: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Samples a process's RSS every 10 ms into a peak that can be read and reset. */
function sampler(read: () => number) {
  let peak = read();
  const samples: number[] = [];
  const timer = setInterval(() => {
    const v = read();
    samples.push(v);
    if (v > peak) peak = v;
  }, 10);
  return {
    peak: () => peak,
    reset: () => {
      peak = read();
    },
    count: () => samples.length,
    stop: () => clearInterval(timer),
  };
}

interface TAnswer {
  status: number;
  bytes: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** One request to the server as the browser makes it (host of Demo University); a file's bytes are counted, not kept. */
function request(port: number, method: 'GET' | 'POST', urlPath: string, token: string | null, body?: unknown): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        headers: {
          host: HOST,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
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
          resolve({ status: res.statusCode ?? 0, bytes, text: Buffer.concat(kept).toString('utf8'), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The server as `npm start` runs it, on the bench database, with its own data folder. */
function startServer(port: number, databaseUrl: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MERIDIAN_DEMO: '0',
      PUBLIC_BASE_URL: 'https://portal.demo.test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitHealthy(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await request(port, 'GET', '/api/health', null)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy');
}

/** Waits (up to BENCH_DAILY_WAIT_S, 300 s) until every daily job the server offered has run; false when it gave up. */
async function waitForDailyJobs(pool: pg.Pool, child: ChildProcess): Promise<boolean> {
  const end = Date.now() + Number(process.env.BENCH_DAILY_WAIT_S ?? 300) * 1000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const { rows } = await pool.query<{ queues: number; ended: number; open: number }>(
      `select (select count(*)::int from ${BOSS_SCHEMA}.queue where name like 'daily-%') queues,
              (select count(distinct name)::int from ${BOSS_SCHEMA}.job where name like 'daily-%' and state in ('completed', 'failed')) ended,
              (select count(*)::int from ${BOSS_SCHEMA}.job where name like 'daily-%' and state in ('created', 'retry', 'active')) open`,
    );
    const r = rows[0]!;
    if (r.queues > 0 && r.ended >= r.queues && r.open === 0) return true;
    await new Promise((res) => setTimeout(res, 1000));
  }
  return false;
}

/**
 * Marks today's run of every daily job done, as a server that ran them would have (the once-a-day
 * pg-boss slot main.ts offers them into), so this server does not run them. Answers their names.
 */
async function holdOffDailyJobs(pool: pg.Pool): Promise<string[]> {
  const boss = new PgBoss({ db: bossDb(pool), schema: BOSS_SCHEMA, supervise: false, schedule: false, migrate: false });
  await boss.start();
  const held: string[] = [];
  try {
    // The server creates the daily queues as it starts listening.
    let queues: string[] = [];
    for (let i = 0; i < 50 && queues.length === 0; i++) {
      queues = (
        await pool.query<{ name: string }>(`select name from ${BOSS_SCHEMA}.queue where name like 'daily-%' order by name`)
      ).rows.map((r) => r.name);
      if (!queues.length) await new Promise((r) => setTimeout(r, 200));
    }
    for (const queue of queues) {
      const id = await boss.send(queue, {}, { singletonKey: queue.slice('daily-'.length), singletonHours: 24 });
      const [job] = id ? await boss.fetch(queue) : [];
      if (job) await boss.complete(queue, job.id);
      held.push(queue.slice('daily-'.length));
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
  return held;
}

/** (a) The export as the browser runs it: start the job, follow it at the browser's intervals, download the file. */
async function appExport(port: number, token: string): Promise<{ ms: number; bytes: number; rows: number; jobMs: number }> {
  const t = performance.now();
  const started = await request(port, 'POST', '/api/scholars/dashboard/export', token, {});
  if (started.status !== 202) throw new Error(`export: ${started.status} ${started.text}`);
  const location = String(started.headers.location);
  let job: jobsApi.TJob;
  for (let polls = 0; ; polls++) {
    await new Promise((r) => setTimeout(r, jobsApi.jobPollMs(polls)));
    job = JSON.parse((await request(port, 'GET', location, token)).text) as jobsApi.TJob;
    if (job.status === 'failed') throw new Error(`the export job failed: ${JSON.stringify(job.error)}`);
    if (job.status === 'completed') break;
  }
  const file = await request(port, 'GET', `${location}/file`, token);
  if (file.status !== 200) throw new Error(`download: ${file.status}`);
  const ms = performance.now() - t;
  const jobMs = new Date(job.finishedAt!).getTime() - new Date(job.createdAt).getTime();
  return { ms, bytes: file.bytes, rows: (job.result as scholarsApi.TScholarExportResult).rows, jobMs };
}

async function main() {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: run "npm run build -w @meridian/server" first`);
  const db = await openBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-export-bench-'));
  let server: ChildProcess | null = null;
  try {
    const t0 = performance.now();
    await seedWith(db.pool, (c) => seedScholars(c, db.instA, TOTAL, 0));
    const cases = Number(
      (await db.pool.query<{ n: string }>('select count(*) n from scholar_applications where institution_id = $1', [db.instA])).rows[0]!.n,
    );
    log(`migrated and seeded ${cases} scholar cases in Demo University in ${f((performance.now() - t0) / 1000)} s`);

    // The raw writer's SQL: the export's own select for the same user and filters, built by the app's code.
    const scope = scholarsApi.ZScholarExportInput.parse({});
    const { rows: users } = await db.pool.query<{ role: string; department_id: string | null; time_zone: string }>(
      `select u.role, u.department_id, i.time_zone from users u join institutions i on i.id = u.institution_id
        where u.institution_id = $1 and u.user_name = 'admin'`,
      [db.instA],
    );
    const admin = users[0]!;
    // What dashboardConditions reads of the signed-in admin: the role (an ISSS admin sees every case).
    const actor = { role: admin.role, departmentId: admin.department_id } as unknown as TAuthenticatedActor;
    const today = (await db.pool.query<{ d: string }>('select to_char(now() at time zone $1, $2) d', [admin.time_zone, 'YYYY-MM-DD']))
      .rows[0]!.d;
    const statement = await db.database.tenant(db.instA, (tx) =>
      Promise.resolve(exportSelect(tx, 'scholars', scope, dashboardConditions(actor, scope, { today, endingSoonDays: 30 })).toSQL()),
    );
    const columns = exportColumns('scholars');

    /** (b) exceljs's streaming writer alone: the same rows and columns to a file. */
    const rawExport = async (file: string): Promise<{ ms: number; bytes: number; rows: number }> => {
      const t = performance.now();
      const client = await db.pool.connect();
      let n = 0;
      try {
        await client.query('begin');
        await client.query('set local role meridian_app');
        await client.query("select set_config('app.institution_id', $1, true)", [db.instA]);
        await client.query(`declare raw_export no scroll cursor for ${statement.sql}`, statement.params);
        const out = fs.createWriteStream(file);
        const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
        const ws = wb.addWorksheet(exportSheetName('scholars'));
        ws.columns = columns.map((c) => ({ header: c.name, key: c.key, width: c.width }));
        ws.getRow(1).commit();
        for (;;) {
          const { rows } = await client.query<Record<string, unknown>>(`fetch ${BATCH} from raw_export`);
          for (const r of rows) {
            ws.addRow(exportRowValues('scholars', r)).commit();
            n++;
          }
          if (rows.length < BATCH) break;
        }
        ws.commit();
        await wb.commit();
        if (!out.closed) await new Promise<void>((r) => out.once('close', () => r()));
        await client.query('commit');
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
      return { ms: performance.now() - t, bytes: fs.statSync(file).size, rows: n };
    };

    const port = await freePort();
    const url = new URL(process.env.DATABASE_URL ?? db.embedded!.url);
    url.pathname = `/${(await db.pool.query<{ d: string }>('select current_database() d')).rows[0]!.d}`;
    const tStart = performance.now();
    server = startServer(port, url.toString(), dataDir);
    await waitHealthy(port, server);
    const pid = server.pid!;
    const login = await request(port, 'POST', '/api/auth/login', null, { userName: 'admin', password: DEMO_PASSWORD });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
    const token = (JSON.parse(login.text) as { accessToken: string }).accessToken;
    log(`server pid ${pid} healthy in ${f((performance.now() - tStart) / 1000)} s; RSS ${mb(procMemory(pid).rss)}`);
    // The server's daily jobs are offered a minute after it starts. By default today's run of each is
    // marked done before then, so they neither take the machine nor weigh on the server's memory while
    // the exports are measured; BENCH_DAILY=run lets them run first instead (their own effect on memory).
    const tDaily = performance.now();
    const dailyMode = process.env.BENCH_DAILY === 'run' ? 'run' : 'hold';
    if (dailyMode === 'run') {
      const dailyDone = await waitForDailyJobs(db.pool, server);
      log(
        `daily jobs ${dailyDone ? 'finished' : 'NOT finished'} after ${f((performance.now() - tDaily) / 1000)} s; server RSS ${mb(procMemory(pid).rss)}`,
      );
    } else log(`daily jobs held off for today: ${(await holdOffDailyJobs(db.pool)).join(', ')}`);
    const idle = procMemory(pid);
    const dailyWindow = Date.now();

    const serverRss = sampler(() => procMemory(pid).rss);
    const benchRss = sampler(() => process.memoryUsage().rss);
    const app: { ms: number; jobMs: number; bytes: number; rows: number; rssBefore: number; rssPeak: number; rssAfter: number }[] = [];
    const raw: { ms: number; bytes: number; rows: number; rssBefore: number; rssPeak: number }[] = [];
    const loads: number[] = [];
    const runApp = async () => {
      const rssBefore = procMemory(pid).rss;
      serverRss.reset();
      const r = await appExport(port, token);
      app.push({ ...r, rssBefore, rssPeak: serverRss.peak(), rssAfter: procMemory(pid).rss });
      log(
        `app: ${r.rows} rows, ${mb(r.bytes)} in ${f(r.ms)} ms (job ${r.jobMs} ms); server RSS ${mb(rssBefore)} → peak ${mb(serverRss.peak())}`,
      );
    };
    const runRaw = async (i: number) => {
      const rssBefore = process.memoryUsage().rss;
      benchRss.reset();
      const r = await rawExport(path.join(dataDir, `raw-${i}.xlsx`));
      raw.push({ ...r, rssBefore, rssPeak: benchRss.peak() });
      log(`raw: ${r.rows} rows, ${mb(r.bytes)} in ${f(r.ms)} ms; bench RSS ${mb(rssBefore)} → peak ${mb(benchRss.peak())}`);
    };
    for (let i = 0; i < RUNS; i++) {
      if (i % 2 === 0) {
        await runApp();
        await runRaw(i);
      } else {
        await runRaw(i);
        await runApp();
      }
      loads.push(os.loadavg()[0]!);
    }
    serverRss.stop();
    benchRss.stop();
    const end = procMemory(pid);
    // Daily jobs (first offered a minute after start) that ran while measuring would weigh on the server's memory.
    const { rows: daily } = await db.pool
      .query<{ name: string }>(
        `select name from ${BOSS_SCHEMA}.job where name like 'daily-%' and started_on >= to_timestamp($1 / 1000.0)`,
        [dailyWindow],
      )
      .catch(() => ({ rows: [] as { name: string }[] }));

    const ratios = app.map((a, i) => a.ms / raw[i]!.ms);
    const out: string[] = [];
    out.push(`## Scholar_Export benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`, '');
    out.push(
      `- data: ${cases} scholar cases in Demo University (one institution), ANALYZEd; the export of all of them (no filter, the default sort), as the ISSS admin`,
    );
    out.push(
      `- app: the production server as its own process (node --enable-source-maps apps/server/dist/main.js, its export worker thread included in its RSS); POST /api/scholars/dashboard/export, GET /api/jobs/:id as the browser polls (every ${jobsApi.JOB_FIRST_POLL_MS} ms for about 10 s, then every ${jobsApi.JOB_POLL_MS} ms), GET /api/jobs/:id/file; timed from the POST to the file's last byte`,
    );
    out.push(
      `- raw: exceljs.stream.xlsx.WorkbookWriter alone in the bench process, the same select (the app's own, ${BATCH} rows per FETCH from a cursor in a tenant transaction), the same columns and cell values, to a file`,
    );
    out.push('');
    out.push(
      '| run | order | app s | (job s) | raw s | app / raw | app file | raw file | server RSS before → peak → after | bench RSS during raw | load (1 min) |',
    );
    out.push('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |');
    for (let i = 0; i < RUNS; i++) {
      const a = app[i]!;
      const r = raw[i]!;
      out.push(
        `| ${i + 1} | ${i % 2 === 0 ? 'app, raw' : 'raw, app'} | ${f(a.ms / 1000)} | ${f(a.jobMs / 1000)} | ${f(r.ms / 1000)} | ${ratios[i]!.toFixed(2)} | ${(a.bytes / 1024 / 1024).toFixed(1)} MB | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${mb(a.rssBefore)} → ${mb(a.rssPeak)} → ${mb(a.rssAfter)} | ${mb(r.rssBefore)} → ${mb(r.rssPeak)} (+${mb(r.rssPeak - r.rssBefore)}) | ${loads[i]!.toFixed(1)} |`,
      );
    }
    out.push('');
    const median = pct(ratios, 50);
    out.push(
      `- median app / raw: ${median.toFixed(2)} (the app at ${(1 / median).toFixed(2)}× the raw writer's speed); app p50 ${f(
        pct(
          app.map((a) => a.ms),
          50,
        ) / 1000,
      )} s, raw p50 ${f(
        pct(
          raw.map((r) => r.ms),
          50,
        ) / 1000,
      )} s`,
    );
    out.push(
      `- server process: RSS ${mb(idle.rss)} idle after sign-in; peak ${mb(Math.max(...app.map((a) => a.rssPeak)))} across the ${RUNS} exports (sampled every 10 ms, ${serverRss.count()} samples); after each export ${app.map((a) => mb(a.rssAfter)).join(', ')}; VmHWM ${mb(end.hwm)} (since start)`,
    );
    out.push(`- rows: app ${app.map((a) => a.rows).join(', ')}; raw ${raw.map((r) => r.rows).join(', ')}`);
    out.push(
      `- the server's daily jobs: ${dailyMode === 'run' ? 'run before measuring (BENCH_DAILY=run)' : "today's run marked done before they were offered"}; started while measuring: ${daily.length ? daily.map((d) => d.name).join(', ') : 'none'}`,
    );
    const cpus = os.cpus();
    out.push(
      `- machine: ${cpus.length} × ${cpus[0]?.model.trim()}, ${mb(os.totalmem())} RAM, Node ${process.version}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1/5/15 min) at the end, ${db.loadStart} (1 min) at start`,
    );
    out.push(`- PostgreSQL: ${db.embedded ? 'embedded, data/bench' : 'DATABASE_URL'}`);
    console.log(out.join('\n'));
  } finally {
    if (server && server.exitCode === null) {
      const s = server;
      s.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          s.kill('SIGKILL');
          r(null);
        }, 35_000);
        s.once('exit', () => {
          clearTimeout(t);
          r(null);
        });
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await db.finish();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
