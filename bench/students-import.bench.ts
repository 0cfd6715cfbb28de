/**
 * Benchmark of the student batch upload (docs/product/students-intake.md#batch-upload): a 10 000-row CSV (and
 * the same rows as XLSX) uploaded, checked and previewed, then committed in one transaction, through the real
 * app (app.inject: multipart, auth, tenant, parsing, row checks, duplicate look-ups, storage), against an
 * institution that already holds BENCH_EXISTING student records. Reports wall time and memory: RSS and heap
 * after each step, the peak RSS sampled every 10 ms during each step, and the process's maxRSS
 * (process.resourceUsage) at the end.
 * Run: `npm run bench:students-import` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_ROWS (10000), BENCH_EXISTING (20000), BENCH_KEEP=1.
 * A script, not a test: figures depend on the machine, so nothing here asserts a time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { IMPORT_COLUMN_KEYS } from '@meridian/domain';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, REPO_ROOT } from '../apps/server/src/platform/config/config.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.js';
import { startEmbeddedPostgres, type TEmbedded } from '../apps/server/src/platform/db/embedded.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';
import { seedStudentProfiles } from './seed-students.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const EXISTING = Number(process.env.BENCH_EXISTING ?? 20_000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const log = (m: string) => console.error(`[bench] ${m}`);

const FIRST = ['Aiko', 'Wei', 'Priya', 'Mateo', 'Fatima', 'Lukas', 'Amara', 'Hiro', 'Sofia', 'Omar', 'Chen', 'Ana'];
const LAST = ['Tanaka', 'Zhang', 'Sharma', 'Garcia', 'Haddad', 'Muller', 'Okafor', 'Sato', 'Rossi', 'Khan', 'Li', 'Silva'];
const COUNTRIES = ['JP', 'CN', 'IN', 'MX', 'EG', 'DE', 'NG', 'BR', 'KR', 'VN'];

/** Row i of the file: unique names, e-mail and campus id; every fifth with a SEVIS id. */
function studentRow(i: number, tag: string): Record<string, string> {
  const m = (i % 12) + 1;
  return {
    first_name: `${FIRST[i % FIRST.length]}${i}`,
    last_name: LAST[(i * 7) % LAST.length]!,
    email: `student${i}.${tag}@bench.example.org`,
    birth_date: `${String(m).padStart(2, '0')}/${String((i % 28) + 1).padStart(2, '0')}/${1995 + (i % 10)}`,
    citizenship: COUNTRIES[i % COUNTRIES.length]!,
    visa_type: i % 4 === 0 ? 'J-1' : 'F-1',
    campus_site: i % 3 === 0 ? 'MED' : 'MAIN',
    program_start_date: '08/20/2026',
    program_end_date: '05/15/2030',
    sevis_id: i % 5 === 0 ? `N${String(7_000_000_000 + i).padStart(10, '0')}` : '',
    campus_id: `B${tag}${i}`,
    education_level: String((i % 4) + 1).padStart(2, '0'),
    major1: '11.0701',
    gender: i % 2 ? 'F' : 'M',
  };
}

function csvOf(rows: Record<string, string>[]): Buffer {
  const lines = [IMPORT_COLUMN_KEYS.join(','), ...rows.map((r) => IMPORT_COLUMN_KEYS.map((k) => r[k] ?? '').join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function xlsxOf(rows: Record<string, string>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  ws.addRow([...IMPORT_COLUMN_KEYS]);
  for (const r of rows) ws.addRow(IMPORT_COLUMN_KEYS.map((k) => r[k] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(name: string, data: Buffer) {
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Runs one step, timing it and sampling RSS every 10 ms for its peak. */
async function step<T>(name: string, fn: () => Promise<T>, out: string[]): Promise<T> {
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    const ms = performance.now() - t0;
    clearInterval(timer);
    const after = process.memoryUsage();
    peak = Math.max(peak, after.rss);
    out.push(
      `| ${name} | ${(ms / 1000).toFixed(2)} | ${mb(before.rss)} | ${mb(peak)} | +${mb(Math.max(0, peak - before.rss))} | ${mb(after.heapUsed)} |`,
    );
    log(`${name}: ${(ms / 1000).toFixed(2)} s, peak RSS ${mb(peak)}`);
  }
}

async function main() {
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
  try {
    await migrateDatabase(database);
    const inst = (await seedDemo(database, { publicBaseUrl: 'https://portal.demo.test', hosts: ['demo.test'] }))!;
    const seedClient = await database.pool.connect();
    try {
      if (EXISTING > 0) await seedStudentProfiles(seedClient, inst, EXISTING, 0);
      await seedClient.query('analyze');
    } finally {
      seedClient.release();
    }
    log(`seeded ${EXISTING} existing student records`);

    const { app } = await buildApp({ ...loadConfig({}), publicBaseUrl: 'https://portal.demo.test' }, database, {
      logger: false,
      serveWeb: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'demo.test' },
      payload: { userName: 'admin', password: DEMO_PASSWORD },
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    const headers = { host: 'demo.test', authorization: `Bearer ${token}` };
    const upload = async (fileName: string, data: Buffer) => {
      const { payload, contentType } = multipart(fileName, data);
      const res = await app.inject({
        method: 'POST',
        url: '/api/student-imports',
        payload,
        headers: { ...headers, 'content-type': contentType },
      });
      if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const s = res.json<{ id: string; rowCount: number; errorCount: number }>();
      if (s.rowCount !== ROWS || s.errorCount !== 0) throw new Error(`unexpected preview: ${JSON.stringify(s)}`);
      return s.id;
    };

    const out: string[] = [];
    const tag = randomBytes(3).toString('hex');
    const rows = Array.from({ length: ROWS }, (_, i) => studentRow(i, tag));
    const csv = csvOf(rows);
    const xlsx = await xlsxOf(rows.map((r) => ({ ...r, email: r.email!.replace('@', '.x@'), campus_id: `X${r.campus_id}` })));
    out.push(`| step | seconds | RSS before | peak RSS | peak growth | heap used after |`, `| --- | ---: | ---: | ---: | ---: | ---: |`);
    const xlsxId = await step(`preview XLSX, ${ROWS} rows (${mb(xlsx.length)})`, () => upload('bench.xlsx', xlsx), out);
    await app.inject({ method: 'POST', url: `/api/student-imports/${xlsxId}/discard`, headers });
    const id = await step(`preview CSV, ${ROWS} rows (${mb(csv.length)})`, () => upload('bench.csv', csv), out);
    await step(
      'open the preview (first page of 50 rows)',
      async () => {
        const res = await app.inject({ method: 'GET', url: `/api/student-imports/${id}?pageSize=50`, headers });
        if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode}`);
      },
      out,
    );
    await step(
      `commit ${ROWS} records (one transaction)`,
      async () => {
        const res = await app.inject({ method: 'POST', url: `/api/student-imports/${id}/commit`, headers });
        if (res.statusCode !== 200) throw new Error(`commit: ${res.statusCode} ${res.body.slice(0, 300)}`);
        log(`commit: ${res.body}`);
      },
      out,
    );
    const [counts] = (
      await database.pool.query<{ p: string; e: string; a: string }>(
        `select (select count(*) from student_profiles) p, (select count(*) from sevis_pending_events where event_type = 'Create') e,
              (select count(*) from audit_events where action = 'student.imported') a`,
      )
    ).rows;
    const version = (await database.pool.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
    await app.close();
    const maxRss = process.resourceUsage().maxRSS * 1024;
    console.log(
      [
        `## Student batch upload: ${ROWS} rows`,
        '',
        ...out,
        '',
        `- after commit: ${counts!.p} student records, ${counts!.e} SEVIS Create events, ${counts!.a} 'student.imported' History Log events`,
        `- process maxRSS (resourceUsage): ${mb(maxRss)}; existing records before the upload: ${EXISTING}`,
        `- machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${mb(os.totalmem())}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}; Node ${process.version}; PostgreSQL ${version} (${embedded ? 'embedded' : 'DATABASE_URL'})`,
      ].join('\n'),
    );
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP && !embedded) log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch((e: unknown) => log(`drop failed: ${String(e)}`));
    await admin.end();
    if (embedded) await embedded.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
