import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTOMATED_EMAILS, addDays, messagesApi, type TAutomatedEmailKey, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildEmployment, buildStemReport, buildStudent, buildUser } from './factories/index.js';
import { runStudentReminders } from '../src/modules/students/reminders/run-student-reminders.js';
import { sevisRegistrationDeadline } from '../src/modules/students/reminders/sevis-registration-reminders.js';

// docs/product/messages.md#automated-e-mail: per event, on or off, for which visa types, in which wording,
// and a reminder's lead times; the students' reminders run daily as of the office's own today.
const M = messagesApi.MSG_AUTOMATED_EMAILS;
let t: TTestApp;
let admin: TSession;
let officer: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await t.loginAll('admin', 'officer');
  // The office is in Los Angeles: its day turns over eight hours after UTC's.
  await t.sql('update institutions set time_zone = $1 where id = $2', ['America/Los_Angeles', t.institutionA]);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type TSave = messagesApi.TSaveAutomatedEmailInput;
const config = async (as: TSession = admin, host?: string) => {
  const res = await call(t, 'GET', '/api/messages/automated-emails', { as, ...(host ? { host } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<messagesApi.TAutomatedEmailConfig>();
};
const setting = async (key: TAutomatedEmailKey) => (await config()).items.find((i) => i.key === key)!;
const save = (key: string, body: Partial<TSave>, as: TSession = admin) =>
  call(t, 'PUT', `/api/messages/automated-emails/${key}`, {
    as,
    body: { enabled: true, visaTypes: [], templateId: null, leadDays: [], ...body },
  });

/** 23:30 in Los Angeles on `day`: 07:30 UTC the next day in winter (PST), 06:30 in summer (PDT). */
function lateEvening(day: string): Date {
  const hour = (d: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(d);
  const winter = new Date(`${day}T23:30:00-08:00`);
  return hour(winter) === '23' ? winter : new Date(`${day}T23:30:00-07:00`);
}

/** Runs the daily reminders at 23:30 Los Angeles time on `day`, when UTC is already on the next day: the office's today is `day`. */
async function runAt(day: string) {
  const now = lateEvening(day);
  expect(now.toISOString().slice(0, 10)).toBe(addDays(day, 1));
  vi.useFakeTimers({ toFake: ['Date'], now });
  try {
    return await runStudentReminders(t.services);
  } finally {
    vi.useRealTimers();
  }
}
const mailsTo = (address: string) =>
  t.sql<{ subject: string; body_text: string; purpose: string }>(
    'select subject, text_body as body_text, purpose from outbox where to_address = $1',
    [address],
  );

describe('automated e-mail settings', () => {
  it('answers every event with its defaults until the office changes one', async () => {
    const c = await config(officer);
    expect(c.items.map((i) => i.key)).toEqual(AUTOMATED_EMAILS.map((e) => e.key));
    expect(c.items.every((i) => i.isDefault && i.visaTypes.length === 0 && i.templateId === null)).toBe(true);
    expect(c.items.find((i) => i.key === 'student.programEndApproaching')).toMatchObject({ enabled: true, leadDays: [60, 30] });
    expect(c.items.find((i) => i.key === 'request.approved')).toMatchObject({ enabled: true, leadDays: [] });
  });

  it('saves one event, audited, and leaves the other institution’s settings alone', async () => {
    const res = await save('student.programEndApproaching', { visaTypes: ['F-1'], leadDays: [30, 90, 7] }, officer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, visaTypes: ['F-1'], leadDays: [90, 30, 7], isDefault: false });
    expect(await setting('student.programEndApproaching')).toMatchObject({ visaTypes: ['F-1'], leadDays: [90, 30, 7] });
    const audit = await t.sql<{ after: { leadDays: number[] } }>(
      `select after from audit_events where institution_id = $1 and entity_type = 'automated-email' and entity_id = 'student.programEndApproaching'`,
      [t.institutionA],
    );
    expect(audit.at(-1)!.after.leadDays).toEqual([90, 30, 7]);
    const otherAdmin = await t.login('admin', { host: HOST_B });
    const other = (await config(otherAdmin, HOST_B)).items.find((i) => i.key === 'student.programEndApproaching')!;
    expect(other).toMatchObject({ isDefault: true, visaTypes: [], leadDays: [60, 30] });
    await save('student.programEndApproaching', { leadDays: [60, 30] });
  });

  it('refuses wrong lead times, visa types and templates with the message on the field', async () => {
    const cases: Array<[Partial<TSave>, string, string]> = [
      [{ leadDays: [0] }, 'leadDays', M.leadDaysRange],
      [{ leadDays: [366] }, 'leadDays', M.leadDaysRange],
      [{ leadDays: [1, 2, 3, 4, 5, 6] }, 'leadDays', M.leadDaysCount],
      [{ leadDays: [30, 30] }, 'leadDays', M.leadDaysDistinct],
      [{ leadDays: [] }, 'leadDays', M.leadDaysRequired],
      [{ leadDays: [30], visaTypes: ['H-1B'] }, 'visaTypes', M.visaTypeNotApplicable('H-1B')],
    ];
    for (const [body, field, message] of cases) {
      const res = await save('student.programEndApproaching', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ fieldErrors: { [field]: [message] } });
    }
    // 1 and 365 are the bounds, both allowed.
    expect((await save('stem.validationReportDue', { leadDays: [1, 365] })).statusCode).toBe(200);
    await save('stem.validationReportDue', { leadDays: [30, 7] });
    // A non-reminder has no lead times; a scholar's are kept in the scholars' account settings.
    expect((await save('request.approved', { leadDays: [5] })).json()).toMatchObject({ fieldErrors: { leadDays: [M.leadDaysNotHere] } });
    expect((await save('scholar.endDateApproaching', { leadDays: [5] })).json()).toMatchObject({
      fieldErrors: { leadDays: [M.leadDaysNotHere] },
    });
    // A template must be the office's own, of the event's kind of record.
    const [req] = await t.sql<{ id: string }>(
      `insert into email_templates (institution_id, name, record_kind, subject, body_html, body_text) values ($1, 'Request note', 'request', 'R', '<p>R</p>', 'R') returning id`,
      [t.institutionA],
    );
    const wrongKind = await save('student.programEndApproaching', { leadDays: [30], templateId: req!.id });
    expect(wrongKind.json()).toMatchObject({ fieldErrors: { templateId: [M.templateKind] } });
    const missing = await save('student.programEndApproaching', { leadDays: [30], templateId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.json()).toMatchObject({ fieldErrors: { templateId: [M.templateMissing] } });
    // An unknown event is not found; a wrong shape is a 400, never a 500.
    expect((await save('no.such.event', {})).statusCode).toBe(400);
    expect(
      (await call(t, 'PUT', '/api/messages/automated-emails/request.approved', { as: admin, body: { enabled: 'yes' } })).statusCode,
    ).toBe(400);
  });

  it('keeps a required e-mail on: approval links cannot be turned off', async () => {
    const res = await save('approval.needed', { enabled: false });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ fieldErrors: { enabled: [M.required] } });
    expect(await setting('approval.needed')).toMatchObject({ enabled: true, isDefault: true });
  });

  it('is for super users and officers only', async () => {
    const assistant = await t.login('assistant');
    expect((await call(t, 'GET', '/api/messages/automated-emails', { as: assistant })).statusCode).toBe(403);
    expect((await save('request.approved', {}, assistant)).statusCode).toBe(403);
  });
});

describe('program end approaching', () => {
  it('reminds on the day the lead time is reached, in a leap year, once', async () => {
    await save('student.programEndApproaching', { leadDays: [30] });
    const u = await buildUser(t, { email: `leap.${Date.now()}@example.edu` });
    const s = await buildStudent(t, { user: u.userName, programEndDate: '2028-02-29' });
    // 2028-01-29 is 31 days before, 2028-01-30 is 30 (February 2028 has 29 days).
    await runAt('2028-01-29');
    expect(await mailsTo(u.email)).toHaveLength(0);
    await runAt('2028-01-30');
    await runAt('2028-01-30');
    const mails = await mailsTo(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Your program ends on 02/29/2028', purpose: 'student.programEndApproaching' });
    expect(mails[0]!.body_text).toContain('in 30 days');
    const bells = await t.sql<{ text: string }>('select text from notifications where user_id = $1', [u.id]);
    expect(bells.map((b) => b.text)).toEqual(['Your program ends on 02/29/2028, in 30 days.']);
    await runAt('2028-01-31');
    expect(await mailsTo(u.email)).toHaveLength(1);
    // Another record ending the same day, first seen on 2028-01-31 (29 days before): no reminder.
    const late = await buildStudent(t, { programEndDate: '2028-02-29' });
    await runAt('2028-01-31');
    expect(await mailsTo(late.email)).toHaveLength(0);
    // A changed end date is a new date: reminded again 30 days before it.
    await t.sql('update student_profiles set program_end_date = $1 where id = $2', ['2028-04-15', s.id]);
    await runAt('2028-03-16');
    expect(await mailsTo(u.email)).toHaveLength(2);
  });

  it('sends nothing when turned off, or for a visa type left out; the rest still hear', async () => {
    const f1 = await buildStudent(t, { visaType: 'F-1', programEndDate: '2029-06-30' });
    const j1 = await buildStudent(t, { visaType: 'J-1', programEndDate: '2029-06-30' });
    await save('student.programEndApproaching', { leadDays: [30], visaTypes: ['F-1'] });
    await runAt('2029-05-31');
    expect(await mailsTo(f1.email)).toHaveLength(1);
    expect(await mailsTo(j1.email)).toHaveLength(0);
    const f1b = await buildStudent(t, { visaType: 'F-1', programEndDate: '2029-07-31' });
    await save('student.programEndApproaching', { enabled: false, leadDays: [30] });
    await runAt('2029-07-01');
    expect(await mailsTo(f1b.email)).toHaveLength(0);
    // Records that are not active, or archived, are not reminded.
    await save('student.programEndApproaching', { leadDays: [30] });
    const done = await buildStudent(t, { sevisStatus: 'Completed', programEndDate: '2029-08-31' });
    await runAt('2029-08-01');
    expect(await mailsTo(done.email)).toHaveLength(0);
  });

  it('sends the office’s own template when the setting names one', async () => {
    const [tpl] = await t.sql<{ id: string }>(
      `insert into email_templates (institution_id, name, record_kind, subject, body_html, body_text)
       values ($1, 'Ending soon', 'student', 'Ending soon, {{student.firstName}}', '<p>See you, {{student.firstName}}.</p>', 'x') returning id`,
      [t.institutionA],
    );
    expect((await save('student.programEndApproaching', { leadDays: [30], templateId: tpl!.id })).statusCode).toBe(200);
    const s = await buildStudent(t, { firstName: 'Ines', programEndDate: '2029-10-31' });
    await runAt('2029-10-01');
    const mails = await mailsTo(s.email);
    expect(mails.map((m) => m.subject)).toEqual(['Ending soon, Ines']);
    expect(mails[0]!.body_text).toContain('See you, Ines.');
    await save('student.programEndApproaching', { leadDays: [60, 30] });
  });
});

describe('STEM OPT validation report due', () => {
  it('reminds a lead time before a report not received is due, by report, once', async () => {
    const s = await buildStudent(t, { visaType: 'F-1' });
    const stem = await buildEmployment(t, s, { optPhase: '03' });
    await buildStemReport(t, stem, { dueDate: '2030-03-01' });
    const received = await buildStemReport(t, stem, { dueDate: '2030-03-02', receivedAt: new Date() });
    expect(received.receivedAt).not.toBeNull();
    // Default lead times 30 and 7: 2030-02-22 is 7 days before March 1st (and 8 before the received one).
    await runAt('2030-02-21');
    expect(await mailsTo(s.email)).toHaveLength(0);
    await runAt('2030-02-22');
    await runAt('2030-02-22');
    await runAt('2030-02-23');
    const mails = await mailsTo(s.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your STEM OPT validation report is due on 03/01/2030']);
  });
});

describe('check-in before the SEVIS registration deadline', () => {
  it('counts 30 days from the session start (8 CFR 214.3(g)(3)) and reminds a lead time before, while not registered', async () => {
    expect(sevisRegistrationDeadline('2031-01-12')).toBe('2031-02-11');
    expect(sevisRegistrationDeadline('2032-02-01')).toBe('2032-03-02'); // across a leap day
    await save('sevis.registrationDue', { leadDays: [14] });
    const due = await buildStudent(t, { sessionStartDate: '2031-01-12', sessionEndDate: '2031-05-10', isRegistered: false });
    const registered = await buildStudent(t, { sessionStartDate: '2031-01-12', sessionEndDate: '2031-05-10', isRegistered: true });
    // Deadline 2031-02-11; 14 days before is 2031-01-28.
    await runAt('2031-01-27');
    expect(await mailsTo(due.email)).toHaveLength(0);
    await runAt('2031-01-28');
    await runAt('2031-01-29');
    const mails = await mailsTo(due.email);
    expect(mails.map((m) => m.subject)).toEqual(['Check in with the international office by 02/11/2031']);
    expect(mails[0]!.body_text).toContain('started on 01/12/2031');
    expect(await mailsTo(registered.email)).toHaveLength(0);
    await save('sevis.registrationDue', { leadDays: [14, 3] });
  });
});

describe('portal stage changed', () => {
  it('is off until the office turns it on; then the student hears of a move, in the bell and by e-mail, for the visa types chosen', async () => {
    const u = await buildUser(t);
    const s = await buildStudent(t, { user: u.userName, currentStage: 'pre_arrival', firstName: 'Ngozi' });
    const move = async (stage: string) =>
      expect((await call(t, 'PUT', `/api/students/${s.id}/stage`, { as: officer, body: { stage } })).statusCode).toBe(200);
    expect((await setting('student.stageChanged')).enabled).toBe(false);
    await move('check_in');
    expect(await mailsTo(u.email)).toHaveLength(0);

    expect((await save('student.stageChanged', {})).statusCode).toBe(200);
    await move('continuing');
    const mails = await mailsTo(u.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your next step in the portal: Continuing']);
    expect(mails[0]!.body_text).toContain('Hello Ngozi,\n\nYou are now in the Continuing stage of the ');
    const [bell] = await t.sql<{ text: string }>(
      `select text from notifications where user_id = $1 and type_name = 'student.stage-changed'`,
      [u.id],
    );
    expect(bell!.text).toBe('You are now in the Continuing stage of the portal.');

    // For J-1 records only: an F-1 student's move sends nothing.
    await save('student.stageChanged', { visaTypes: ['J-1'] });
    await move('check_in');
    expect(await mailsTo(u.email)).toHaveLength(1);
    await save('student.stageChanged', { enabled: false });
  });
});
