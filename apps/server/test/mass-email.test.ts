import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesApi, type TSession } from '@meridian/domain';
import { BOSS_SCHEMA } from '../src/platform/jobs/queue-schema.js';
import { MailDelivery } from '../src/platform/mail/mailer.js';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { buildStudent, siteIdOf, type TStudentRow } from './factories/index.js';
import { call } from './http.js';

// docs/product/messages.md#email-communications: a message to many records at once, each copy filled from
// its own record, in the sender's reach, with a log of every recipient's outcome.
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;
const TAG = 'masstest';
const s: Record<'a1' | 'a2' | 'a3' | 'a4' | 'm1' | 'b1', TStudentRow> = {} as never;

beforeAll(async () => {
  // Mail is queued for a mail server (the delivery below is driven by hand, through a stand-in transport).
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
  [admin, officer, assistant] = await t.loginAll('admin', 'officer', 'assistant');
  s.a1 = await buildStudent(t, { tags: [TAG], email: 'ana.one@example.edu', educationLevel: '06' });
  s.a2 = await buildStudent(t, { tags: [TAG], email: '' });
  s.a3 = await buildStudent(t, { tags: [TAG], email: 'Gone.Away@example.edu' });
  s.a4 = await buildStudent(t, { tags: [TAG], email: 'bounce.four@example.edu', firstName: '<script>alert(1)</script>{{general.today}}' });
  s.m1 = await buildStudent(t, { tags: [TAG], email: 'med.one@example.edu', site: 'MED' });
  s.b1 = await buildStudent(t, { tags: [TAG], email: 'other@example.edu', institutionId: t.institutionB });
  await t.sql('insert into mail_opt_outs (institution_id, address) values ($1, $2)', [t.institutionA, 'gone.away@example.edu']);
});
afterAll(() => t?.close());

const listChoice = (filters: Record<string, string> = {}) => ({ type: 'studentList', title: 'active', filters: { tag: TAG, ...filters } });
const wording = { subject: 'Hello {{student.firstName}}', bodyHtml: '<p>Dear {{student.firstName}}, please check in.</p>' };

async function previewIds(as: TSession, recipients: unknown): Promise<string[]> {
  const res = await call(t, 'POST', '/api/messages/mass/recipients-preview', { as, body: { recordKind: 'student', recipients } });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<messagesApi.TMassRecipientsPreview>()
    .sample.map((r) => r.recordId)
    .sort();
}

async function create(as: TSession, body: Record<string, unknown>): Promise<messagesApi.TMassSendDetail> {
  const res = await call(t, 'POST', '/api/messages/mass', {
    as,
    body: { recordKind: 'student', recipients: listChoice(), ...wording, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<messagesApi.TMassSendDetail>();
}

/** Waits until the send's job has prepared every recipient. */
async function prepared(as: TSession, id: string): Promise<messagesApi.TMassSendDetail> {
  for (let i = 0; i < 400; i++) {
    const send = (await call(t, 'GET', `/api/messages/mass/${id}`, { as })).json<messagesApi.TMassSendDetail>();
    if (send.status !== 'preparing' && send.status !== 'scheduled') return send;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`send ${id} was not prepared`);
}

async function recipients(as: TSession, id: string, status?: string): Promise<messagesApi.TMassRecipientItem[]> {
  const res = await call(t, 'GET', `/api/messages/mass/${id}/recipients`, { as, query: { pageSize: 100, ...(status ? { status } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: messagesApi.TMassRecipientItem[] }>().items;
}

/** A mail server stand-in: refuses addresses starting with "bounce" for good (550) while `refusing`. */
const transport = (refusing: { on: boolean }): Transporter =>
  ({
    sendMail: (m: { to: string }) =>
      refusing.on && m.to.startsWith('bounce')
        ? Promise.reject(
            Object.assign(new Error("Can't send mail - all recipients were rejected"), {
              responseCode: 550,
              response: `550 5.1.1 <${m.to}>: Recipient address rejected: User unknown`,
            }),
          )
        : Promise.resolve({ response: '250 2.0.0 Ok: queued' }),
  }) as unknown as Transporter;

describe('choosing recipients', () => {
  it('follows the list title, its filters and the sender’s campus sites; another institution’s records never', async () => {
    const mine = [s.a1, s.a2, s.a3, s.a4].map((r) => r.id).sort();
    expect(await previewIds(assistant, listChoice())).toEqual(mine);
    expect(await previewIds(officer, listChoice())).toEqual(mine);
    expect(await previewIds(admin, listChoice())).toEqual([...mine, s.m1.id].sort());
    expect(await previewIds(admin, listChoice({ educationLevel: '06' }))).toEqual([s.a1.id]);
    expect(await previewIds(admin, { ...listChoice(), title: 'initial' })).toEqual([]);
    expect(await previewIds(admin, listChoice({ campusSiteId: String(await siteIdOf(t, 'MED')) }))).toEqual([s.m1.id]);
    // The other institution's super user, on its own host, reaches only its own record.
    const adminB = await t.login('admin', { host: HOST_B });
    const res = await call(t, 'POST', '/api/messages/mass/recipients-preview', {
      as: adminB,
      host: HOST_B,
      body: { recordKind: 'student', recipients: listChoice() },
    });
    expect(res.json<messagesApi.TMassRecipientsPreview>().sample.map((r) => r.recordId)).toEqual([s.b1.id]);
  });

  it('refuses a hand-picked record out of reach on the recipients field (another site, another institution)', async () => {
    for (const [as, id] of [
      [assistant, s.m1.id],
      [admin, s.b1.id],
    ] as const) {
      const res = await call(t, 'POST', '/api/messages/mass', {
        as,
        body: { recordKind: 'student', recipients: { type: 'students', ids: [id] }, ...wording },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.recipients).toEqual([
        messagesApi.MSG_MASS_EMAIL.recipientNotFound,
      ]);
    }
    const none = await call(t, 'POST', '/api/messages/mass', {
      as: admin,
      body: { recordKind: 'student', recipients: { ...listChoice(), title: 'initial' }, ...wording },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.recipients).toEqual([
      messagesApi.MSG_MASS_EMAIL.noRecipients,
    ]);
  });
});

describe('the wording', () => {
  it('refuses unknown merge tags and tags the record kind cannot fill, on their field, at save', async () => {
    const bad = await call(t, 'POST', '/api/messages/mass', {
      as: admin,
      body: {
        recordKind: 'student',
        recipients: listChoice(),
        subject: 'Hi {{student.nope}}',
        bodyHtml: '<p>Dear {{scholar.firstName}}</p>',
      },
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors;
    expect(fields.subject?.[0]).toContain('student.nope');
    expect(fields.bodyHtml?.[0]).toContain('scholar.firstName');
    const empty = await call(t, 'POST', '/api/messages/mass', {
      as: admin,
      body: { recordKind: 'student', recipients: listChoice(), subject: 'Hi', bodyHtml: '<p> </p><script>x</script>' },
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors)).toEqual(['bodyHtml']);
    expect((await t.sql('select 1 from mass_sends')).length, 'nothing kept').toBe(0);
  });

  it('renders values inert: markup stays text, and a value holding {{...}} is not filled again', async () => {
    const res = await call(t, 'POST', '/api/messages/mass/message-preview', {
      as: admin,
      body: { recordKind: 'student', recordId: s.a4.id, ...wording },
    });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json<messagesApi.TMassMessagePreview>();
    expect(copy.html).not.toContain('<script');
    expect(copy.html).toContain('&lt;script&gt;');
    expect(copy.html).toContain('{{general.today}}');
    expect(copy.subject).toBe('Hello <script>alert(1)</script>{{general.today}}');
    // A record outside the sender's reach is not found.
    expect(
      (
        await call(t, 'POST', '/api/messages/mass/message-preview', {
          as: assistant,
          body: { recordKind: 'student', recordId: s.m1.id, ...wording },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('sending', () => {
  let sendId = '';

  it('skips records without an address and (bulk only) those who unsubscribed, and queues one message per recipient', async () => {
    const send = await create(admin, {});
    sendId = send.id;
    const done = await prepared(admin, send.id);
    expect(done.counts).toMatchObject({ total: 5, skipped: 2, failed: 0 });
    const skipped = await recipients(admin, send.id, 'skipped');
    expect(skipped.map((r) => [r.recordId, r.reason]).sort()).toEqual(
      [
        [s.a2.id, messagesApi.MSG_MASS_EMAIL.noAddress],
        [s.a3.id, messagesApi.MSG_MASS_EMAIL.optedOut],
      ].sort(),
    );
    const rows = await t.sql<{ to_address: string; category: string; html_body: string; profile_id: string; sent_by: string }>(
      'select to_address, category, html_body, profile_id, sent_by from outbox where mass_send_id = $1 order by to_address',
      [send.id],
    );
    expect(rows.map((r) => r.to_address)).toEqual(['ana.one@example.edu', 'bounce.four@example.edu', 'med.one@example.edu']);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['bulk']));
    expect(rows.find((r) => r.to_address.startsWith('bounce'))!.html_body).not.toContain('<script');
    expect(rows.find((r) => r.to_address.startsWith('ana'))!.html_body).toContain('Dear Test');

    // A compliance notice is not stopped by an unsubscribe from bulk mail.
    const notice = await prepared(admin, (await create(admin, { isCompliance: true })).id);
    expect(notice.counts).toMatchObject({ total: 5, skipped: 1 });
    const categories = await t.sql<{ category: string; n: number }>(
      'select category, count(*)::int as n from outbox where mass_send_id = $1 group by category',
      [notice.id],
    );
    expect(categories).toEqual([{ category: 'compliance', n: 4 }]);
  });

  it('a student message to a title holding F-1 and J-1 records reaches both; the F-OPT tags are empty on the J-1 copy', async () => {
    const f1 = await buildStudent(t, { tags: ['mixedkinds'], email: 'f.one@example.edu', firstName: 'Farah' });
    const j1 = await buildStudent(t, {
      tags: ['mixedkinds'],
      email: 'j.one@example.edu',
      firstName: 'Jonas',
      visaType: 'J-1',
      evCategoryCode: '1B',
    });
    const send = await create(admin, {
      recipients: { type: 'studentList', title: 'all', filters: { tag: 'mixedkinds' } },
      subject: 'Hello {{student.firstName}}',
      bodyHtml: '<p>Dear {{student.firstName}} ({{student.visaType}}), OPT from [{{opt.startDate}}].</p>',
    });
    const done = await prepared(admin, send.id);
    expect(done.counts).toMatchObject({ total: 2, skipped: 0, failed: 0 });
    const rows = await t.sql<{ profile_id: string; subject: string; html_body: string }>(
      'select profile_id, subject, html_body from outbox where mass_send_id = $1',
      [send.id],
    );
    const byId = new Map(rows.map((r) => [r.profile_id, r]));
    expect(byId.get(f1.id)!.subject).toBe('Hello Farah');
    expect(byId.get(j1.id)!.subject).toBe('Hello Jonas');
    expect(byId.get(j1.id)!.html_body).toContain('Dear Jonas (J-1), OPT from [].');
  });

  it('lists each failure with the mail server’s answer, and "Resend to failed" sends a new message the log keeps beside the first', async () => {
    const refusing = { on: true };
    const delivery = new MailDelivery(t.database, undefined, 'ISSS <isss@demo.test>', transport(refusing));
    await delivery.runOnce(1000);
    let send = (await call(t, 'GET', `/api/messages/mass/${sendId}`, { as: admin })).json<messagesApi.TMassSendDetail>();
    expect(send.counts).toEqual({ total: 5, queued: 0, sent: 2, failed: 1, skipped: 2 });
    expect(send.status).toBe('done');
    expect(send.canResend).toBe(true);
    const failed = await recipients(admin, sendId, 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ recordId: s.a4.id, address: 'bounce.four@example.edu' });
    expect(failed[0]!.smtpResponse).toContain('550 5.1.1');

    const again = await call(t, 'POST', `/api/messages/mass/${sendId}/resend-failed`, { as: admin });
    expect(again.statusCode, again.body).toBe(200);
    await prepared(admin, sendId);
    refusing.on = false;
    await delivery.runOnce(1000);
    send = (await call(t, 'GET', `/api/messages/mass/${sendId}`, { as: admin })).json<messagesApi.TMassSendDetail>();
    expect(send.counts).toEqual({ total: 5, queued: 0, sent: 3, failed: 0, skipped: 2 });
    const both = await t.sql<{ status: string }>(
      "select status from outbox where mass_send_id = $1 and to_address like 'bounce%' order by created_at",
      [sendId],
    );
    expect(both.map((r) => r.status)).toEqual(['failed', 'sent']);
    // Nothing failed any more: nothing to send again.
    expect((await call(t, 'POST', `/api/messages/mass/${sendId}/resend-failed`, { as: admin })).statusCode).toBe(422);
  });

  it('the log shows a sender their own sends; the super user every send', async () => {
    const mine = await create(assistant, {});
    const log = (as: TSession) =>
      call(t, 'GET', '/api/messages/mass', { as }).then((r) => r.json<{ items: messagesApi.TMassSendItem[] }>().items.map((i) => i.id));
    expect(await log(assistant)).toEqual([mine.id]);
    expect(await log(admin)).toContain(mine.id);
    expect(await log(admin)).toContain(sendId);
    expect((await call(t, 'GET', `/api/messages/mass/${sendId}`, { as: assistant })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/messages/mass/${sendId}/recipients`, { as: officer })).statusCode).toBe(404);
    await prepared(assistant, mine.id);
  });

  it('a scheduled send waits for its time; cancelling skips its recipients', async () => {
    const later = await create(officer, { sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.status).toBe('scheduled');
    expect(later.canCancel).toBe(true);
    const res = await call(t, 'POST', `/api/messages/mass/${later.id}/cancel`, { as: officer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<messagesApi.TMassSendDetail>()).toMatchObject({ status: 'cancelled', counts: { skipped: 4, queued: 0 } });
    expect((await recipients(officer, later.id, 'skipped')).every((r) => r.reason !== null)).toBe(true);
    expect((await call(t, 'POST', `/api/messages/mass/${later.id}/cancel`, { as: officer })).statusCode).toBe(422);
  });

  it('when its time comes, a record that left the sender’s reach meanwhile fails with the reason; the others are sent', async () => {
    const later = await create(assistant, { sendAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.sql('update student_profiles set campus_site_id = $1 where id = $2', [await siteIdOf(t, 'MED'), s.a1.id]);
    const { job_id } = await t.sqlOne<{ job_id: string }>('select job_id from mass_sends where id = $1', [later.id]);
    // Its time has come (the queue holds the job until then).
    await t.sql(`update ${BOSS_SCHEMA}.job set start_after = now() where id = $1`, [job_id]);
    const done = await prepared(assistant, later.id);
    expect(done.counts).toMatchObject({ total: 4, failed: 1, skipped: 2 });
    expect(await recipients(assistant, later.id, 'failed')).toMatchObject([
      { recordId: s.a1.id, reason: messagesApi.MSG_MASS_EMAIL.notResolvable },
    ]);
    await t.sql('update student_profiles set campus_site_id = $1 where id = $2', [await siteIdOf(t, 'MAIN'), s.a1.id]);
  });
});
