/**
 * Fault test (docs/product/operations.md#fault-test): kill -9 of the server and of PostgreSQL in the
 * middle of work, then the README's start again, and count what was lost, duplicated or half-written.
 * Every count must be 0 and the server healthy again without a hand. `npm run test:faults` (after
 * `npm run build`); it exits 1 when any count is not 0.
 *
 * The portal runs as `npm start` runs it (`node apps/server/dist/main.js`, the embedded PostgreSQL in
 * its own data folder), on free ports, so the real start-up recovery is what is tested:
 *   1. a burst of submissions (comments) while the server is killed with SIGKILL;
 *   2. a batch upload of 1 500 students committed (a job) while the server is killed;
 *   3. SEVIS batches built (a job) from 2 000 pending Registrations while PostgreSQL is killed with SIGKILL;
 *   4. the same while the server running the job is killed with SIGKILL.
 * Long work is a job (docs/product/operations.md#long-work-runs-as-jobs): after the restart it resumes by
 * itself, nobody starts it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../../apps/server/src/platform/config/config.js';

const SERVER = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-faults-'));
const log = (m: string) => console.error(`[faults] ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const counts: { scenario: string; lost: number; duplicated: number; halfWritten: number; healthyAfter: boolean }[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let port = 0;
let pgPort = 0;
let node: ChildProcess | null = null;
const base = () => `http://127.0.0.1:${port}`;

/** The README's start (without the build step), as a fresh process on the same data folder. */
async function start(): Promise<void> {
  node = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: 'http://localhost',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    if (node.exitCode !== null) throw new Error(`the server exited with ${node.exitCode} on start`);
    if (await healthy()) return;
    await sleep(500);
  }
  throw new Error('the server did not become healthy');
}

const healthy = () =>
  fetch(`${base()}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);

async function killServer(): Promise<void> {
  const n = node!;
  n.kill('SIGKILL');
  if (n.exitCode === null) await new Promise((r) => n.once('exit', r));
}

/** The embedded PostgreSQL's postmaster, from its lock file. */
const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function sql<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const c = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'meridian' });
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
}

let token = '';
async function api(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const isForm = body instanceof FormData;
  return fetch(`${base()}${p}`, {
    method,
    headers: {
      host: 'localhost',
      authorization: `Bearer ${token}`,
      ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: isForm ? body : JSON.stringify(body) } : {}),
  });
}

async function signIn(): Promise<void> {
  const r = await fetch(`${base()}/api/auth/login`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: 'Meridian-demo-1' }),
  });
  if (!r.ok) throw new Error(`sign-in: ${r.status} ${await r.text()}`);
  token = ((await r.json()) as { accessToken: string }).accessToken;
}

interface TJobView {
  id: string;
  status: string;
  result: unknown;
  attempts: number;
  phase: string;
  error: { message: string } | null;
}

/** Starts long work (the route answers 202 with its job). */
async function startJob(p: string, body?: unknown): Promise<TJobView> {
  const r = await api('POST', p, body);
  if (r.status !== 202) throw new Error(`${p} answered ${r.status}: ${await r.text()}`);
  return (await r.json()) as TJobView;
}

/** Waits for a job to end by itself (a killed server's job is resumed by the next server). */
async function jobEnd(jobId: string, ms = 240_000): Promise<TJobView> {
  const until = Date.now() + ms;
  for (;;) {
    const r = await api('GET', `/api/jobs/${jobId}`).catch(() => null);
    if (r?.status === 401) await signIn().catch(() => {});
    else if (r?.ok) {
      const job = (await r.json()) as TJobView;
      if (job.status === 'completed' || job.status === 'failed') return job;
    }
    if (Date.now() > until) throw new Error(`job ${jobId} did not end`);
    await sleep(500);
  }
}

/** 1. Comments submitted 20 at a time; the server is killed after the 60th is acknowledged. */
async function submissionsWhileServerDies(): Promise<void> {
  await signIn();
  const [req] = await sql<{ id: string }>('select id from requests order by created_at limit 1');
  const acknowledged = new Set<string>();
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < 400 && !killed) {
      const marker = `fault-comment-${next++}`;
      const ok = await api('POST', '/api/comments', { subjectType: 'request', subjectId: req!.id, body: marker, isInternal: true })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) acknowledged.add(marker);
      if (acknowledged.size >= 60 && !killed) {
        killed = true;
        await killServer();
      }
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  await start();
  const rows = await sql<{ body: string; n: number }>(
    "select body, count(*)::int as n from comments where body like 'fault-comment-%' group by body",
  );
  const stored = new Map(rows.map((r) => [r.body, r.n]));
  counts.push({
    scenario: 'burst of submissions, server killed',
    lost: [...acknowledged].filter((m) => !stored.has(m)).length,
    duplicated: rows.filter((r) => r.n > 1).length,
    // A comment is one row; half-written would be one without its subject.
    halfWritten: (
      await sql<{ n: number }>(
        "select count(*)::int as n from comments c left join requests r on r.id = c.subject_id where c.body like 'fault-comment-%' and r.id is null",
      )
    )[0]!.n,
    healthyAfter: await healthy(),
  });
}

const STUDENTS = 1500;
const pad = (n: number) => String(n).padStart(2, '0');

/** 2. An upload of 1 500 students is committed and the server killed while it commits. */
async function importWhileServerDies(): Promise<string> {
  await signIn();
  const header = 'First name,Last name,Email,Birth date,Citizenship,Visa type,Campus site,Program start date,Program end date';
  // Names A to Z only (SEVIS S1148), each person distinct (name and birth date).
  const letters = (i: number) => [2, 1, 0].map((k) => String.fromCharCode(65 + (Math.floor(i / 26 ** k) % 26))).join('');
  const rows = Array.from(
    { length: STUDENTS },
    (_, i) =>
      `Fault,Student${letters(i)},fault${i}@faults.test,${pad((i % 12) + 1)}/${pad((i % 27) + 1)}/2003,JP,F-1,MAIN,08/20/2027,05/15/2031`,
  );
  const form = new FormData();
  form.append('file', new Blob([[header, ...rows].join('\n')], { type: 'text/csv' }), 'faults.csv');
  // The upload is read and checked as a job: its result is the preview's summary.
  const read = await jobEnd((await startJob('/api/student-imports', form)).id);
  if (read.status !== 'completed') throw new Error(`upload: ${read.error?.message ?? read.status}`);
  const summary = read.result as { id: string; errorCount: number };
  if (summary.errorCount) {
    const preview = await (await api('GET', `/api/student-imports/${summary.id}/errors.csv`)).text();
    throw new Error(`the fault upload has ${summary.errorCount} row errors:\n${preview.slice(0, 800)}`);
  }
  const commit = await startJob(`/api/student-imports/${summary.id}/commit`);
  await sleep(150);
  await killServer();
  const created = async () =>
    (await sql<{ n: number }>("select count(*)::int as n from student_profiles where email like 'fault%@faults.test'"))[0]!.n;
  const afterCrash = await created();
  await start();
  // Nobody commits again: the commit job resumes by itself (or had finished before the kill).
  const end = await jobEnd(commit.id);
  log(`import commit job ${end.status} after ${end.attempts} ${end.attempts === 1 ? 'run' : 'runs'}`);
  const lost = end.status === 'completed' ? 0 : STUDENTS;
  const total = await created();
  const creates = (
    await sql<{ n: number }>(
      "select count(*)::int as n from sevis_pending_events e join student_profiles p on p.id = e.profile_id where p.email like 'fault%@faults.test' and e.event_type = 'Create' and e.status <> 'superseded'",
    )
  )[0]!.n;
  counts.push({
    scenario: `batch upload of ${STUDENTS} students, server killed while committing (${afterCrash ? 'commit had finished' : 'commit rolled back'}; the job ${end.status}, ${end.attempts} runs)`,
    lost: lost + Math.max(0, STUDENTS - total),
    duplicated: Math.max(0, total - STUDENTS) + Math.max(0, creates - STUDENTS),
    // Partial: part of the upload created, or a record without its SEVIS Create.
    halfWritten: (afterCrash !== 0 && afterCrash !== STUDENTS ? 1 : 0) + Math.abs(total - creates),
    healthyAfter: await healthy(),
  });
  return summary.id;
}

const REGISTRATIONS = 2000;

/** Complete F-1 records SEVIS knows, each with a pending Registration for the session under way. */
async function seedRegistrations(tag: string): Promise<void> {
  const [inst] = await sql<{ id: string; site: number }>(
    "select institution_id as id, id as site from campus_sites where code = 'MAIN' limit 1",
  );
  await sql(
    `insert into student_profiles (institution_id, campus_site_id, campus_id, sevis_id, first_name, last_name, email, gender, birth_date, birth_city,
       birth_country_cd, citizenship_country_cd, permanent_residence_country_cd, visa_type, sevis_status, current_stage, education_level, major1_cd,
       program_start_date, program_end_date, document_issue_date, session_start_date, session_end_date, us_address, foreign_address, phone, financials, academic_term_months)
     select $1, $2, $4 || g, 'N' || lpad(($5::bigint + g)::text, 10, '0'), 'Priya', 'Raman', $4 || g || '@faults.test', 'F', date '1999-01-01' + (g % 2000), 'Pune',
       'IN', 'IN', 'IN', 'F-1', 'Active', 'continuing', '04', '11.0701', current_date - 400, current_date + 400, current_date - 500, current_date - 30, current_date + 30,
       jsonb_build_object('line1', '100 Main St', 'city', 'Springfield', 'state', 'IL', 'postalCode', '62701'),
       jsonb_build_object('line1', '1 Station Road', 'city', 'Pune', 'postalCode', '411001', 'countryCode', 'IN'),
       '2175550100', jsonb_build_object('tuition', 30000, 'living', 15000, 'personalFunds', 45000, 'academicTermMonths', 9), 9
     from generate_series(1, $3::int) g`,
    [inst!.id, inst!.site, REGISTRATIONS, tag, tag === 'reg' ? 7000000000 : 7100000000],
  );
  await sql(
    `insert into sevis_pending_events (institution_id, profile_id, event_type, action, payload)
     select p.institution_id, p.id, 'Registration', 'Register',
       jsonb_build_object('sessionStartDate', (current_date - 30)::text, 'sessionEndDate', (current_date + 30)::text, 'isLastSession', false, 'nextSessionStartDate', (current_date + 60)::text)
     from student_profiles p where p.email like $1`,
    [`${tag}%@faults.test`],
  );
}

/** The batch invariants: an event in two batches (or twice in one) would go to SEVIS twice; a batch whose record count disagrees with its records, or an event marked batched without a record, is half-written; a Registration in no batch is lost. */
async function batchCounts(tag: string): Promise<{ lost: number; duplicated: number; halfWritten: number }> {
  const one = async (q: string, v: unknown[] = []) => (await sql<{ n: number }>(q, v))[0]!.n;
  return {
    duplicated: await one(
      'select count(*)::int as n from (select event_id from sevis_batch_records group by event_id having count(*) > 1) x',
    ),
    halfWritten:
      (await one(
        'select count(*)::int as n from sevis_batches b where b.record_count <> (select count(*) from sevis_batch_records r where r.batch_row_id = b.id)',
      )) +
      (await one(
        "select count(*)::int as n from sevis_pending_events e where e.status = 'batched' and not exists (select 1 from sevis_batch_records r where r.event_id = e.id)",
      )),
    lost: await one(
      'select count(*)::int as n from sevis_pending_events e join student_profiles p on p.id = e.profile_id where p.email like $1 and not exists (select 1 from sevis_batch_records r where r.event_id = e.id)',
      [`${tag}%@faults.test`],
    ),
  };
}

/**
 * 3. SEVIS batches are built (a job) from 2 000 pending Registrations while PostgreSQL is killed; the
 * server answers 503 meanwhile, is started again, and the job resumes by itself.
 */
async function batchBuildWhilePostgresDies(): Promise<void> {
  await seedRegistrations('reg');
  await signIn();
  const job = await startJob('/api/sevis/batches', {});
  await sleep(300);
  process.kill(postmasterPid(), 'SIGKILL');
  // The server stays up and says the database is away.
  await sleep(500);
  const health = await fetch(`${base()}/api/health`)
    .then((r) => r.status)
    .catch(() => 0);
  log(`health while PostgreSQL is away: ${health}`);
  const serverAlive = node!.exitCode === null && health === 503;
  // The README's answer to a dead embedded database: start again (the server restarts it).
  await killServer();
  await start();
  await signIn();
  const end = await jobEnd(job.id);
  log(
    `batch build job ${end.status} after ${end.attempts} ${end.attempts === 1 ? 'run' : 'runs'}${end.error ? `: ${end.error.message}` : ''}`,
  );
  const c = await batchCounts('reg');
  counts.push({
    scenario: `SEVIS batches of ${REGISTRATIONS} Registrations built as a job, PostgreSQL killed (503 meanwhile: ${serverAlive ? 'yes' : 'NO'}); the job resumed by itself (${end.status}, ${end.attempts} runs)`,
    lost: c.lost + (end.status === 'completed' ? 0 : 1),
    duplicated: c.duplicated,
    halfWritten: c.halfWritten + (serverAlive ? 0 : 1),
    healthyAfter: await healthy(),
  });
}

/** 4. A batch build job under way when its server is killed with SIGKILL: the next server resumes it. */
async function batchBuildWhileServerDies(): Promise<void> {
  await seedRegistrations('rgb');
  await signIn();
  const job = await startJob('/api/sevis/batches', {});
  for (let i = 0; i < 100; i++) {
    const r = (await (await api('GET', `/api/jobs/${job.id}`)).json()) as TJobView;
    if (r.status !== 'queued') break;
    await sleep(20);
  }
  await sleep(200);
  await killServer();
  await start();
  const end = await jobEnd(job.id);
  log(`batch build job ${end.status} after ${end.attempts} ${end.attempts === 1 ? 'run' : 'runs'}`);
  const c = await batchCounts('rgb');
  counts.push({
    scenario: `SEVIS batches of ${REGISTRATIONS} Registrations built as a job, its server killed; the next server resumed it (${end.status}, ${end.attempts} runs)`,
    lost: c.lost + (end.status === 'completed' ? 0 : 1),
    duplicated: c.duplicated,
    halfWritten: c.halfWritten,
    healthyAfter: await healthy(),
  });
}

async function main(): Promise<void> {
  if (!fs.existsSync(SERVER)) throw new Error('build first: npm run build');
  port = await freePort();
  pgPort = await freePort();
  log(`data in ${dataDir}; portal on ${port}, PostgreSQL on ${pgPort}`);
  await start();
  try {
    await submissionsWhileServerDies();
    await importWhileServerDies();
    await batchBuildWhilePostgresDies();
    await batchBuildWhileServerDies();
  } finally {
    node?.kill('SIGTERM');
    await new Promise((r) => (node?.exitCode === null ? node.once('exit', r) : r(null)));
    try {
      process.kill(postmasterPid(), 'SIGINT');
    } catch {
      /* already stopped */
    }
    await sleep(1000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\n| scenario | lost | duplicated | half-written | healthy after |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const c of counts)
    console.log(`| ${c.scenario} | ${c.lost} | ${c.duplicated} | ${c.halfWritten} | ${c.healthyAfter ? 'yes' : 'NO'} |`);
  const bad = counts.some((c) => c.lost || c.duplicated || c.halfWritten || !c.healthyAfter);
  console.log(bad ? '\nFAULT TEST FAILED' : '\nFault test passed: nothing lost, duplicated or half-written; healthy again without a hand.');
  process.exit(bad ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(e);
  node?.kill('SIGKILL');
  process.exit(1);
});
