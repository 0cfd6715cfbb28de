import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type TDatabase } from '../src/platform/db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';
import { studentProfiles } from '../src/modules/students/schema.js';

// docs/decisions/041-mass-email-queues-through-the-outbox.md: a mass e-mail of 2 000 recipients survives the
// server being killed (SIGKILL) in the middle of it: after a restart every recipient has received exactly
// one message, counted by a real mail server on the receiving side by Message-ID and recipient.
const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'main.ts');
const HOST = 'demo.test';
const N = 2000;

let dbName = '';
let dbUrl = '';
let adminUrl = '';
let database: TDatabase;
let smtp: SMTPServer;
let smtpPort = 0;
let port = 0;
let child: ChildProcess | null = null;
/** What the mail server received: per recipient, the Message-IDs, and every delivery as it came. */
const byRecipient = new Map<string, Set<string>>();
let deliveries = 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

/** Starts the server as `npm start` would, against the test's database and mail server. */
async function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      // One kept connection to the mail server, as a production relay would be configured.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?pool=true&maxMessages=100000`,
      MAIL_FROM: 'ISSS <isss@demo.test>',
      // Fast enough for 2 000 messages within the test's time.
      MAIL_RATE_PER_MINUTE: '120000',
      MERIDIAN_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout.on('data', (b: Buffer) => (log += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (log += b.toString()));
  if (process.env.MASS_CRASH_DEBUG) {
    proc.stdout.pipe(process.stderr);
    proc.stderr.pipe(process.stderr);
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${log}`)), 240_000);
    proc.stdout.on('data', () => {
      if (log.includes('Meridian is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}: ${log}`));
    });
  });
  proc.removeAllListeners('exit');
  return proc;
}

/** One call to the running server, on the demo institution's host. */
function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          host: HOST,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString() || 'null') as T }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const q = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => (await database.pool.query<R>(text, values)).rows;

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 90_000, everyMs = 100): Promise<void> {
  const end = Date.now() + timeoutMs;
  if (process.env.MASS_CRASH_DEBUG) console.error(new Date().toISOString(), 'waiting for', what);
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

beforeAll(async () => {
  adminUrl = inject('pgAdminUrl');
  dbName = `meridian_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  database = openDatabase(dbUrl, { max: 3 });
  const institutionId = (await seedDemo(database, { publicBaseUrl: 'https://portal.demo.test', hosts: [HOST] }))!;
  const [site] = await q<{ id: number }>("select id from campus_sites where institution_id = $1 and code = 'MAIN'", [institutionId]);
  const rows = Array.from({ length: N }, (_, i) => ({
    institutionId,
    campusSiteId: site!.id,
    sevisId: `N${String(9_100_000_000 + i)}`,
    firstName: `Crash${i}`,
    lastName: 'Recipient',
    email: `r${i}@crash.test`,
    visaType: 'F-1',
    sevisStatus: 'Active',
    currentStage: 'continuing',
    educationLevel: '05',
    birthDate: '1999-04-12',
    birthCountryCode: 'IN',
    citizenshipCountryCode: 'IN',
    programStartDate: '2025-08-20',
    programEndDate: '2027-05-15',
    tags: ['crash'],
  }));
  for (let i = 0; i < N; i += 500) await database.owner.insert(studentProfiles).values(rows.slice(i, i + 500));

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const id = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? '(none)';
        if (session.envelope.rcptTo.some((x) => x.address.endsWith('@crash.test'))) deliveries++;
        // Only the mass e-mail's recipients are counted (the demo's own mail may arrive beside it).
        for (const r of session.envelope.rcptTo.filter((x) => x.address.endsWith('@crash.test'))) {
          const seen = byRecipient.get(r.address) ?? new Set<string>();
          seen.add(id);
          byRecipient.set(r.address, seen);
        }
        done();
      });
    },
  });
  // A connection the killed server left open is reset: that is expected, not an error of the test.
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  port = await freePort();
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await database?.close().catch(() => {});
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  const a = new pg.Client({ connectionString: adminUrl });
  await a.connect();
  await a.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await a.end();
});

describe('a mass e-mail when the server is killed in the middle of it', () => {
  it('reaches every one of 2 000 recipients exactly once after a restart', { timeout: 600_000 }, async () => {
    child = await startServer();
    const login = await api<{ accessToken: string }>('POST', '/api/auth/login', { userName: 'admin', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const created = await api<{ id: string; counts: { total: number } }>(
      'POST',
      '/api/messages/mass',
      {
        recordKind: 'student',
        recipients: { type: 'studentList', title: 'active', filters: { tag: 'crash' } },
        subject: 'Check-in reminder for {{student.firstName}}',
        bodyHtml: '<p>Dear {{student.firstName}} {{student.lastName}}, please check in with the office.</p>',
      },
      login.json.accessToken,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.counts.total).toBe(N);
    const sendId = created.json.id;

    // Killed while the job is part-way through the recipients.
    const queued = async () =>
      (
        await q<{ n: number }>("select count(*)::int as n from mass_send_recipients where mass_send_id = $1 and status = 'queued'", [
          sendId,
        ])
      )[0]!.n;
    await until('the job to be part-way', async () => (await queued()) >= 200, 120_000, 10);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const atKill = await queued();
    expect(atKill, 'killed before the job had finished').toBeLessThan(N);

    // As if the time a lost server is recognised by had passed (a job's heartbeat, a message's claim).
    await q("update background_jobs set heartbeat_at = now() - interval '10 minutes' where status = 'running'");
    await q("update outbox set claimed_at = now() - interval '11 minutes' where status = 'sending'");

    child = await startServer();
    await until(
      'every recipient to receive the message',
      async () =>
        byRecipient.size >= N &&
        (await q<{ n: number }>("select count(*)::int as n from outbox where mass_send_id = $1 and status <> 'sent'", [sendId]))[0]!.n ===
          0,
      // Generous for a busy machine; on an idle one the whole test takes well under two minutes.
      300_000,
      250,
    ).catch(async (e: unknown) => {
      const state = await q('select status, count(*)::int as n from outbox where mass_send_id = $1 group by status', [sendId]);
      const recips = await q('select status, count(*)::int as n from mass_send_recipients where mass_send_id = $1 group by status', [
        sendId,
      ]);
      throw new Error(
        `${(e as Error).message}: received ${byRecipient.size}, outbox ${JSON.stringify(state)}, recipients ${JSON.stringify(recips)}`,
      );
    });
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));

    // On the receiving side: each of the 2 000 addresses got one message (one Message-ID), no other address any.
    expect(byRecipient.size).toBe(N);
    const twice = [...byRecipient].filter(([, ids]) => ids.size !== 1);
    expect(twice, 'recipients with more than one distinct message').toEqual([]);
    for (let i = 0; i < N; i++) expect(byRecipient.has(`r${i}@crash.test`)).toBe(true);
    // At most the one message in flight at the kill was handed over twice, with the same Message-ID.
    expect(deliveries).toBeLessThanOrEqual(N + 1);
    // On the sending side: one outbox row per recipient, each recipient queued with its own.
    const rows = await q<{ recipients: number; distinct_outbox: number; rows: number }>(
      `select (select count(*)::int from mass_send_recipients where mass_send_id = $1 and status = 'queued') as recipients,
              (select count(distinct outbox_id)::int from mass_send_recipients where mass_send_id = $1) as distinct_outbox,
              (select count(*)::int from outbox where mass_send_id = $1) as rows`,
      [sendId],
    );
    expect(rows[0]).toEqual({ recipients: N, distinct_outbox: N, rows: N });
    const [job] = await q<{ status: string; attempts: number }>(
      'select j.status, j.attempts from background_jobs j join mass_sends m on m.job_id = j.id where m.id = $1',
      [sendId],
    );
    expect(job).toMatchObject({ status: 'completed' });
    expect(job!.attempts).toBeGreaterThanOrEqual(2);
  });
});
