import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { messagesApi, TSession } from '@meridian/domain';
import { loadConfig } from '../src/platform/config/config.js';
import { MailDelivery, OPTED_OUT, queueMail, type TMail, type TMailDeliveryOptions } from '../src/platform/mail/mailer.js';
import { isOptedOut, unsubscribeToken } from '../src/platform/mail/unsubscribe.js';
import { purgeOldMail } from '../src/modules/messages/sent/retention.js';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent, userIdOf } from './factories/index.js';

// docs/product/messages.md: delivery through a real SMTP server, the Sent Email log, its scope, the
// record's Message Center, unsubscribing from bulk mail and retention.
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;
let student: TSession;

// ---------- a real SMTP server, inside the test ----------
interface TReceived {
  from: string;
  to: string[];
  raw: string;
}
const received: TReceived[] = [];
/** How the server answers RCPT TO for an address: accept, refuse for good (550) or for now (451). */
const answers = new Map<string, 'ok' | 'permanent' | 'temporary'>();
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, done) {
      const how = answers.get(address.address) ?? 'ok';
      if (how === 'ok') return done();
      const err = new Error(
        how === 'permanent' ? '5.1.1 <' + address.address + '>: mailbox unknown' : '4.3.0 Mailbox busy, try later',
      ) as Error & {
        responseCode: number;
      };
      err.responseCode = how === 'permanent' ? 550 : 451;
      return done(err);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  // The portal believes a mail server is configured: messages are queued, failed ones may be sent again.
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  [admin, officer, assistant, student] = await Promise.all([
    t.login('admin'),
    t.login('officer'),
    t.login('assistant'),
    t.login('student'),
  ]);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
const delivery = (options: TMailDeliveryOptions = {}) =>
  new MailDelivery(t.database, undefined, 'ISSS <isss@demo.example.edu>', transport(), { tokens: t.services.tokens, ...options });

/** Queues one message for institution A (or another) as the portal does, and returns its id. */
async function queue(mail: Partial<TMail> & { to: string }, institutionId = t.institutionA): Promise<string> {
  await t.database.tenant(institutionId, (tx) =>
    queueMail(
      tx,
      institutionId,
      {
        subject: `Subject for ${mail.to}`,
        text: 'Plain text body.\n\nSecond paragraph.',
        html: '<p>HTML <b>body</b></p>',
        purpose: 'test',
        ...mail,
      },
      true,
    ),
  );
  const [row] = await t.sql<{ id: string }>('select id from outbox where to_address = $1 order by created_at desc limit 1', [mail.to]);
  return row!.id;
}
const rowOf = (id: string) =>
  t.sqlOne<{ status: string; attempts: number; smtp_response: string | null; last_error: string | null; sent_at: Date | null }>(
    'select status, attempts, smtp_response, last_error, sent_at from outbox where id = $1',
    [id],
  );
const rawTo = (address: string) => received.filter((r) => r.to.some((a) => a.toLowerCase() === address.toLowerCase())).map((r) => r.raw);
/** A header's value, its folded lines joined. */
function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

describe('delivery through a real SMTP server', () => {
  it('sends text and HTML as multipart/alternative with the Message-ID, and keeps the server answer', async () => {
    const id = await queue({ to: 'mime@example.edu', cc: ['copy@example.edu'] });
    expect(await delivery().runOnce()).toBe(1);
    const [raw] = rawTo('mime@example.edu');
    expect(raw).toBeDefined();
    expect(header(raw!, 'Content-Type')).toMatch(/^multipart\/alternative; boundary=/);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(header(raw!, 'Message-ID')).toBe(`<${id}@meridian.outbox>`);
    expect(header(raw!, 'Cc')).toBe('copy@example.edu');
    expect(received.find((r) => r.to.includes('mime@example.edu'))!.to).toContain('copy@example.edu');
    // Transactional mail never offers to unsubscribe, and is not signed without DKIM settings.
    expect(header(raw!, 'List-Unsubscribe')).toBeNull();
    expect(header(raw!, 'DKIM-Signature')).toBeNull();
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
    expect(row.smtp_response).toMatch(/^250 /);
  });

  it('puts List-Unsubscribe (one-click) only on bulk mail; compliance mail never has it', async () => {
    await queue({ to: 'bulk@example.edu', category: 'bulk' });
    await queue({ to: 'compliance@example.edu', category: 'compliance' });
    await delivery().runOnce();
    const [bulk] = rawTo('bulk@example.edu');
    const [compliance] = rawTo('compliance@example.edu');
    expect(header(bulk!, 'List-Unsubscribe')).toMatch(/^<https:\/\/portal\.demo\.test\/api\/messages\/unsubscribe\?t=[\w.-]+>$/);
    expect(header(bulk!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(compliance!, 'List-Unsubscribe')).toBeNull();
    expect(header(compliance!, 'List-Unsubscribe-Post')).toBeNull();
  });

  it('reads the DKIM settings all three together, or refuses to start with only some', () => {
    const key = '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----';
    expect(loadConfig({}).dkim).toBeUndefined();
    expect(loadConfig({ DKIM_DOMAIN: 'demo.example.edu', DKIM_SELECTOR: 'm', DKIM_PRIVATE_KEY: key }).dkim).toEqual({
      domainName: 'demo.example.edu',
      keySelector: 'm',
      privateKey: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----',
    });
    expect(() => loadConfig({ DKIM_DOMAIN: 'demo.example.edu' })).toThrow(/set together/);
    expect(() => loadConfig({ DKIM_DOMAIN: 'd', DKIM_SELECTOR: 'm', DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/PEM/);
  });

  it('signs with DKIM when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await queue({ to: 'dkim@example.edu' });
    await delivery({ dkim: { domainName: 'demo.example.edu', keySelector: 'meridian', privateKey } }).runOnce();
    const [raw] = rawTo('dkim@example.edu');
    const sig = header(raw!, 'DKIM-Signature');
    expect(sig).toMatch(/\bd=demo\.example\.edu;/);
    expect(sig).toMatch(/\bs=meridian;/);
    expect(sig).toMatch(/\bb=[A-Za-z0-9+/=\s]{100,}/);
  });

  it('a permanent refusal (550) fails the message at once, keeps the answer, and is not tried again', async () => {
    answers.set('gone@example.edu', 'permanent');
    const id = await queue({ to: 'gone@example.edu' });
    await delivery().runOnce();
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.smtp_response).toMatch(/^550 5\.1\.1/);
    expect(row.last_error).toMatch(/550/);
    // Even once a retry's wait would be over, a failed message is not claimed again.
    await t.sql(`update outbox set claimed_at = now() - interval '2 hours' where id = $1`, [id]);
    await delivery().runOnce();
    expect((await rowOf(id)).attempts).toBe(1);
    expect(rawTo('gone@example.edu')).toHaveLength(0);
  });

  it('a temporary refusal (451) is tried again, and sent once the server takes it', async () => {
    answers.set('busy@example.edu', 'temporary');
    const id = await queue({ to: 'busy@example.edu' });
    await delivery().runOnce();
    let row = await rowOf(id);
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(1);
    expect(row.smtp_response).toMatch(/^451 4\.3\.0/);
    answers.set('busy@example.edu', 'ok');
    await t.sql(`update outbox set claimed_at = now() - interval '1 minute' where id = $1`, [id]);
    await delivery().runOnce();
    row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(row.smtp_response).toMatch(/^250 /);
    expect(rawTo('busy@example.edu')).toHaveLength(1);
  });
});

describe('unsubscribing from bulk mail', () => {
  const postOneClick = (query: string, host?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/messages/unsubscribe?${query}`,
      headers: { host: host ?? 'demo.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('the link of a bulk message works (opening it changes nothing; the one-click POST records the address)', async () => {
    await queue({ to: 'Leaver@Example.edu', category: 'bulk' });
    await delivery().runOnce();
    const [raw] = rawTo('Leaver@Example.edu');
    const url = new URL(header(raw!, 'List-Unsubscribe')!.slice(1, -1));
    const opened = await t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { host: 'demo.test', accept: 'text/html' },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(/text\/html/);
    expect(opened.body).toContain('leaver@example.edu');
    expect(opened.body).toContain('<form method="post"');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(await t.database.tenant(t.institutionA, (tx) => isOptedOut(tx, t.institutionA, 'leaver@example.edu'))).toBe(false);

    const res = await postOneClick(url.search.slice(1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.database.tenant(t.institutionA, (tx) => isOptedOut(tx, t.institutionA, 'LEAVER@example.edu'))).toBe(true);
    // A second click changes nothing.
    expect((await postOneClick(url.search.slice(1))).statusCode).toBe(200);

    // Bulk mail to the address is no longer sent; transactional and compliance mail still is.
    const bulk = await queue({ to: 'leaver@example.edu', category: 'bulk', subject: 'Newsletter' });
    const notice = await queue({ to: 'leaver@example.edu', category: 'compliance', subject: 'Report your address' });
    await delivery().runOnce();
    expect((await rowOf(bulk)).status).toBe('failed');
    expect((await rowOf(bulk)).last_error).toBe(OPTED_OUT);
    expect((await rowOf(notice)).status).toBe('sent');
  });

  it('a tampered, cut or foreign link is refused with 400, never a 500, and records nothing', async () => {
    const good = unsubscribeToken(t.services.tokens, t.institutionA, 'victim@example.edu');
    const last = good.at(-1) === 'A' ? 'B' : 'A';
    const tampered = good.slice(0, -1) + last;
    const otherAddress = good.replace(/\.[^.]+\./, `.${Buffer.from('other@example.edu').toString('base64url')}.`);
    for (const bad of [tampered, otherAddress, good.slice(0, 20), '', 'x.y.z', '%00']) {
      const res = await postOneClick(`t=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/messages/unsubscribe?t=${encodeURIComponent(bad)}`,
        headers: { host: 'demo.test', accept: 'text/html' },
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('not valid');
    }
    // Institution A's link used on institution B's portal is not valid there.
    expect((await postOneClick(`t=${good}`, HOST_B)).statusCode).toBe(400);
    const [{ n }] = (await t.sql<{ n: number }>(
      "select count(*)::int as n from mail_opt_outs where address in ('victim@example.edu', 'other@example.edu')",
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('the Sent Email log', () => {
  let mainStudent = '';
  let medStudent = '';
  const tag = `log${Date.now()}`;
  beforeAll(async () => {
    const main = await buildStudent(t, { site: 'MAIN', email: `main.${tag}@example.edu` });
    const med = await buildStudent(t, { site: 'MED', email: `med.${tag}@example.edu` });
    mainStudent = main.id;
    medStudent = med.id;
    const assistantId = await userIdOf(t, 'assistant');
    for (let i = 1; i <= 5; i++) await queue({ to: `main.${tag}@example.edu`, subject: `${tag} main ${i}`, profileId: main.id });
    for (let i = 1; i <= 3; i++)
      await queue({ to: `med.${tag}@example.edu`, subject: `${tag} med ${i}`, profileId: med.id, category: 'compliance' });
    await queue({ to: `someone.${tag}@example.edu`, subject: `${tag} by the assistant`, sentBy: assistantId });
    // Mail to the MAIN student's address from before messages were linked to records.
    await t.sql(
      `insert into outbox (institution_id, to_address, subject, text_body, purpose, status, created_at)
       values ($1, $2, $3, 'old', 'test', 'recorded', now() - interval '400 days')`,
      [t.institutionA, `MAIN.${tag}@example.edu`, `${tag} old unlinked`],
    );
    await queue({ to: `b.${tag}@example.edu`, subject: `${tag} institution B` }, t.institutionB);
  });

  const list = (as: TSession, query: Record<string, string | number>) => call(t, 'GET', '/api/messages/sent', { as, query });
  async function allSubjects(
    as: TSession,
    query: Record<string, string | number> = {},
  ): Promise<{ ids: string[]; subjects: string[]; total: number }> {
    const ids: string[] = [];
    const subjects: string[] = [];
    let total = -1;
    for (let page = 1; page < 20; page++) {
      const res = await list(as, { q: tag, pageSize: 3, page, ...query });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ items: messagesApi.TSentMailItem[]; total: number }>();
      total = body.total;
      ids.push(...body.items.map((m) => m.id));
      subjects.push(...body.items.map((m) => m.subject));
      if (body.items.length < 3) break;
    }
    return { ids, subjects, total };
  }

  it('pages, searches and sorts on the server; another institution never appears', async () => {
    const { ids, subjects, total } = await allSubjects(admin);
    expect(total).toBe(10);
    expect(new Set(ids).size).toBe(10);
    expect(subjects.some((s) => s.includes('institution B'))).toBe(false);
    const bySubject = await list(admin, { q: `${tag} med`, sort: 'subject', dir: 'asc' });
    expect(bySubject.json<{ items: messagesApi.TSentMailItem[] }>().items.map((m) => m.subject)).toEqual([
      `${tag} med 1`,
      `${tag} med 2`,
      `${tag} med 3`,
    ]);
    const byAddress = await list(admin, { q: `MED.${tag}@EXAMPLE` });
    expect(byAddress.json<{ total: number }>().total).toBe(3);
    const compliance = await list(admin, { q: tag, category: 'compliance' });
    expect(compliance.json<{ total: number }>().total).toBe(3);
    const recorded = await list(admin, { q: tag, status: 'recorded' });
    expect(recorded.json<{ total: number }>().total).toBe(1);
    // A wildcard in the search is only itself.
    expect((await list(admin, { q: `${tag}%` })).json<{ total: number }>().total).toBe(0);
  });

  it('filters by the office calendar days, and refuses an end before the start on its field', async () => {
    const old = await list(admin, { q: tag, to: '2026-01-01' });
    expect(old.json<{ items: messagesApi.TSentMailItem[] }>().items.map((m) => m.subject)).toEqual([`${tag} old unlinked`]);
    const bad = await list(admin, { from: '2026-03-02', to: '2026-03-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.to).toBeDefined();
    expect((await list(admin, { from: '2026-02-30' })).statusCode).toBe(400);
  });

  it('an assistant of site MAIN sees the mail about MAIN records and what they sent, nothing about MED; the same ones open', async () => {
    const { ids, subjects } = await allSubjects(assistant);
    expect(subjects.sort()).toEqual([...[1, 2, 3, 4, 5].map((i) => `${tag} main ${i}`), `${tag} by the assistant`].sort());
    const every = await allSubjects(admin);
    for (const id of every.ids) {
      const res = await call(t, 'GET', `/api/messages/sent/${id}`, { as: assistant });
      expect(res.statusCode).toBe(ids.includes(id) ? 200 : 404);
    }
    // Officers see all of it; the other kinds of user none.
    expect((await allSubjects(officer)).total).toBe(10);
    expect((await list(student, {})).statusCode).toBe(403);
  });

  it('the detail names the record it is about; one-time links are hidden from whoever reads the log', async () => {
    const id = (await allSubjects(admin, { q: `${tag} main 1` })).ids[0]!;
    const d = (await call(t, 'GET', `/api/messages/sent/${id}`, { as: admin })).json<messagesApi.TSentMailDetail>();
    expect(d.about).toMatchObject({ kind: 'student', id: mainStudent });
    expect(d.htmlBody).toContain('<b>body</b>');
    const link = await queue({
      to: `reset.${tag}@example.edu`,
      subject: 'Reset',
      text: 'Choose a new password: https://portal.demo.test/#/reset/SECRET-TOKEN',
      html: '<a href="https://portal.demo.test/#/reset/SECRET-TOKEN">reset</a>',
      purpose: 'password-link:reset',
    });
    const r = (await call(t, 'GET', `/api/messages/sent/${link}`, { as: admin })).json<messagesApi.TSentMailDetail>();
    expect(r.textBody).not.toContain('SECRET-TOKEN');
    expect(r.htmlBody).not.toContain('SECRET-TOKEN');
  });

  it('a failed message is sent again by a super user or officer (audited); an assistant may not', async () => {
    answers.set(`resend.${tag}@example.edu`, 'permanent');
    const id = await queue({ to: `resend.${tag}@example.edu`, profileId: mainStudent });
    await delivery().runOnce();
    expect((await rowOf(id)).status).toBe('failed');
    expect((await call(t, 'POST', `/api/messages/sent/${id}/resend`, { as: assistant })).statusCode).toBe(403);
    answers.set(`resend.${tag}@example.edu`, 'ok');
    const res = await call(t, 'POST', `/api/messages/sent/${id}/resend`, { as: officer });
    expect(res.statusCode).toBe(200);
    expect(res.json<messagesApi.TSentMailDetail>().status).toBe('queued');
    const [audit] = await t.sql<{ action: string }>("select action from audit_events where entity_id = $1 and action = 'email.resent'", [
      id,
    ]);
    expect(audit).toBeDefined();
    expect((await call(t, 'POST', `/api/messages/sent/${id}/resend`, { as: officer })).statusCode).toBe(422);
    await delivery().runOnce();
    expect((await rowOf(id)).status).toBe('sent');
  });

  it("the record's Message Center lists its linked mail and older mail to its address, newest first, paged", async () => {
    const res = await call(t, 'GET', `/api/students/${mainStudent}/messages`, { as: assistant, query: { page: 1, pageSize: 50 } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: messagesApi.TRecordMessageItem[]; total: number }>();
    const subjects = body.items.map((m) => m.subject);
    expect(subjects).toContain(`${tag} old unlinked`);
    expect(subjects.at(-1)).toBe(`${tag} old unlinked`);
    expect(subjects.filter((s) => s.startsWith(`${tag} main`))).toHaveLength(5);
    expect(subjects.some((s) => s.includes('med'))).toBe(false);
    const page2 = await call(t, 'GET', `/api/students/${mainStudent}/messages`, { as: admin, query: { page: 2, pageSize: 2 } });
    expect(page2.json<{ items: unknown[]; total: number }>()).toMatchObject({ total: body.total });
    expect(page2.json<{ items: unknown[] }>().items).toHaveLength(2);
    // The MED record is not the MAIN assistant's.
    expect((await call(t, 'GET', `/api/students/${medStudent}/messages`, { as: assistant })).statusCode).toBe(404);
  });
});

describe('retention', () => {
  it('deletes mail older than the institution keeps it, never mail still waiting to be sent', async () => {
    const old = async (to: string, status: string, days: number, institutionId = t.institutionA) => {
      const [r] = await t.sql<{ id: string }>(
        `insert into outbox (institution_id, to_address, subject, text_body, purpose, status, created_at)
         values ($1, $2, 's', 't', 'test', $3, now() - make_interval(days => $4)) returning id`,
        [institutionId, to, status, days],
      );
      return r!.id;
    };
    const oldSent = await old('r1@example.edu', 'sent', 800);
    const oldQueued = await old('r2@example.edu', 'queued', 800);
    const young = await old('r3@example.edu', 'sent', 700);
    // Institution B keeps mail 40 days; a setting below the minimum (30) counts as 30.
    await t.sql(`update institutions set settings = settings || '{"mailRetentionDays": 40}'::jsonb where id = $1`, [t.institutionB]);
    const b45 = await old('r4@example.edu', 'failed', 45, t.institutionB);
    const b35 = await old('r5@example.edu', 'failed', 35, t.institutionB);
    await purgeOldMail(t.services);
    const left = (await t.sql<{ id: string }>('select id from outbox where id = any($1)', [[oldSent, oldQueued, young, b45, b35]])).map(
      (r) => r.id,
    );
    expect(left.sort()).toEqual([oldQueued, young, b35].sort());
  });

  it('the setting is edited with the office settings: at least 30 days', async () => {
    const settings = (await call(t, 'GET', '/api/institution/settings', { as: admin })).json<Record<string, unknown>>();
    expect(settings.mailRetentionDays).toBe(730);
    const { logoUpload: _l, ...body } = settings;
    const bad = await call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...body, mailRetentionDays: 10 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.mailRetentionDays).toBeDefined();
    const ok = await call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...body, mailRetentionDays: 365 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().mailRetentionDays).toBe(365);
  });
});
