import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_TIME_ZONE, MSG, type studentsApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, mailsTo } from './http.js';
import { buildEmployment, buildOptStudent, buildStudent, buildUser, daysFromToday } from './factories/index.js';
import { runOptDailyJob } from '../src/modules/students/opt/operations/run-opt-daily-job.js';
import { sendUnemploymentAlerts } from '../src/modules/students/opt/operations/send-unemployment-alerts.js';
import { systemContext } from '../src/platform/http/context.js';

type TPage<T> = { items: T[]; total: number };
const today = () => daysFromToday(0);
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant] = await Promise.all([t.login('admin'), t.login('officer'), t.login('assistant')]);
});
afterAll(async () => {
  await t?.close();
});

const optList = async (as: TSession, query: Record<string, string | number>) => {
  const res = await call(t, 'GET', '/api/students/opt-employers', { as, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPage<studentsApi.TOptStudent>>();
};

describe('listOptStudents (OPT Students & Employers)', () => {
  let main: Awaited<ReturnType<typeof buildOptStudent>>;
  beforeAll(async () => {
    // Main Campus: 50 days into OPT, employed for the last 40 → 10 days used (today counts).
    main = await buildOptStudent(t, 49, { lastName: 'Listmain', firstName: 'Ana' });
    await buildEmployment(t, main, {
      optPhase: '02',
      authorizedStartDate: main.authStart,
      authorizedEndDate: main.authEnd,
      employerName: 'Acme Robotics',
      startDate: daysFromToday(-39),
    });
    // Medical Campus: 70 days in, never employed → 70 used, 20 left: warning.
    // A Medical Campus record the Main Campus officer must not see.
    await buildOptStudent(t, 69, { lastName: 'Listmed', firstName: 'Bo', site: 'MED' });
    // Ended long ago: not on the list.
    const old = await buildStudent(t, { lastName: 'Listold' });
    await buildEmployment(t, old, { optPhase: '02', authorizedStartDate: daysFromToday(-700), authorizedEndDate: daysFromToday(-336) });
    // Pre-completion only: listed, without a counter.
    const pre = await buildStudent(t, { lastName: 'Listpre' });
    await buildEmployment(t, pre, { optPhase: '01', authorizedStartDate: daysFromToday(-10), authorizedEndDate: daysFromToday(80) });
  });

  it('lists current OPT students with phase, authorisation, current employer and unemployment days', async () => {
    const page = await optList(admin, { q: 'List', sort: 'name' });
    expect(page.items.map((s) => s.lastName)).toEqual(['Listmain', 'Listmed', 'Listpre']);
    const [a, b, c] = page.items;
    expect(a).toMatchObject({
      phase: '02',
      authorizationStart: main.authStart,
      authorizationEnd: main.authEnd,
      unemployment: { used: 10, allowed: 90, remaining: 80, level: 'ok' },
    });
    expect(a!.employments).toEqual([expect.objectContaining({ employerName: 'Acme Robotics', isCurrent: true })]);
    expect(b).toMatchObject({ campusSiteName: 'Medical Campus', unemployment: { used: 70, remaining: 20, level: 'warning' } });
    expect(c).toMatchObject({ phase: '01', unemployment: null });
  });

  it('filters by phase, employer and alert level, and sorts by days used', async () => {
    expect((await optList(admin, { q: 'List', phase: '01' })).items.map((s) => s.lastName)).toEqual(['Listpre']);
    expect((await optList(admin, { q: 'List', employer: 'acme' })).items.map((s) => s.lastName)).toEqual(['Listmain']);
    expect((await optList(admin, { q: 'List', level: 'warning' })).items.map((s) => s.lastName)).toEqual(['Listmed']);
    const sorted = await optList(admin, { q: 'List', sort: 'unemploymentUsed', order: 'desc', pageSize: 1 });
    expect(sorted).toMatchObject({ total: 3, items: [expect.objectContaining({ lastName: 'Listmed' })] });
  });

  it("keeps an officer to their campus site's students", async () => {
    expect((await optList(officer, { q: 'List' })).items.map((s) => s.lastName)).toEqual(['Listmain', 'Listpre']);
    const other = await call(t, 'GET', '/api/students/opt-employers', {
      host: HOST_B,
      as: await t.login('admin', { host: HOST_B }),
      query: { q: 'List' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json<TPage<unknown>>().total).toBe(0);
  });
});

describe('employment records', () => {
  const body = {
    employerName: "O'Brien & Sons, Inc.",
    employerEin: '987654321',
    jobTitle: 'Data Analyst',
    startDate: '',
    endDate: null as string | null,
    fullOrPartTime: '01',
  };

  it('recording and editing an employer recomputes the unemployment days, with a History Log entry', async () => {
    const s = await buildOptStudent(t, 69, { lastName: 'Edittest' });
    const created = await call(t, 'POST', `/api/students/${s.id}/employments`, {
      as: assistant,
      // The EIN as the IRS prints it: accepted and kept as its 9 digits.
      body: { ...body, employerEin: '98-7654321', startDate: daysFromToday(-59) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const c = created.json<studentsApi.TOptStudent>();
    expect(c.employments[0]).toMatchObject({ employerEin: '987654321' });
    expect(c.unemployment).toMatchObject({ used: 10, remaining: 80, level: 'ok' });
    const employmentId = c.employments[0]!.id;

    const edited = await call(t, 'PUT', `/api/students/${s.id}/employments/${employmentId}`, {
      as: officer,
      body: { ...body, startDate: daysFromToday(-29) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<studentsApi.TOptStudent>().unemployment).toMatchObject({ used: 40, remaining: 50 });

    const ended = await call(t, 'PUT', `/api/students/${s.id}/employments/${employmentId}`, {
      as: officer,
      body: { ...body, startDate: daysFromToday(-29), endDate: daysFromToday(-10) },
    });
    expect(ended.json<studentsApi.TOptStudent>().unemployment?.used).toBe(40 + 10);

    // It stays in its authorisation: a start outside it is refused on the field.
    const moved = await call(t, 'PUT', `/api/students/${s.id}/employments/${employmentId}`, {
      as: officer,
      body: { ...body, startDate: addDays(s.authStart, -1) },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors.startDate[0]).toMatch(/^The start date must fall within the OPT authorisation/);

    const audit = await t.sql<{ action: string }>(
      `select action from audit_events where entity_type = 'student_profile' and entity_id = $1 order by at, id`,
      [s.id],
    );
    // Each employer change also queues SEVIS's OPT employer update (docs/product/students-opt.md#employers).
    expect(audit.map((a) => a.action).filter((a) => a !== 'student.sevis-event.raised')).toEqual([
      'student.opt-employment.created',
      'student.opt-employment.updated',
      'student.opt-employment.updated',
    ]);
  });

  it('shows what is wrong on the field: EIN, employer name, dates outside the authorisation', async () => {
    const s = await buildOptStudent(t, 30);
    const bad = async (patch: Record<string, unknown>) => {
      const res = await call(t, 'POST', `/api/students/${s.id}/employments`, {
        as: admin,
        body: { ...body, startDate: daysFromToday(-5), ...patch },
      });
      expect(res.statusCode).toBe(400);
      return res.json().fieldErrors as Record<string, string[]>;
    };
    expect((await bad({ employerEin: '12345678' })).employerEin).toEqual([MSG.invalidLength]);
    // Written XX-XXXXXXX (IRS) the dash is accepted; 8 digits are still one short, and letters are refused.
    expect((await bad({ employerEin: '12-456789' })).employerEin).toEqual([MSG.invalidLength]);
    expect((await bad({ employerEin: '12-45678A9' })).employerEin).toContain(MSG.invalidValue);
    expect((await bad({ employerName: 'Acme <script>' })).employerName).toEqual([MSG.invalidValue]);
    // An OPT employer ZIP is 5 digits (SEVIS ZipCode): a ZIP+4 is refused on the field, never cut to 5.
    const addr = (postalCode: string) => ({ employerAddress: { line1: '1 Main St', city: 'Urbana', state: 'IL', postalCode } });
    expect(Object.values(await bad(addr('61820-1234'))).flat()).toEqual([MSG.invalidNumber]);
    expect(Object.values(await bad(addr('618201'))).flat()).toEqual([MSG.invalidNumber]);
    expect((await bad({ startDate: daysFromToday(-31) })).startDate?.[0]).toMatch(
      /^The start date must fall within the OPT authorisation \(\d\d\/\d\d\/\d{4} to /,
    );
    expect((await bad({ endDate: addDays(s.authEnd, 1) })).endDate?.[0]).toMatch(
      /^The end date must be on or before the authorisation ends/,
    );
    expect((await bad({ endDate: daysFromToday(-6) })).endDate).toEqual(['The end date is on or after the start date']);
    const none = await buildStudent(t);
    const res = await call(t, 'POST', `/api/students/${none.id}/employments`, { as: admin, body: { ...body, startDate: today() } });
    expect(res.json().fieldErrors.startDate).toEqual(['This student has no approved OPT authorisation to record an employer on']);
  });

  it("refuses another site's student (404) and a student", async () => {
    const s = await buildOptStudent(t, 30, { site: 'MED' });
    expect(
      (await call(t, 'POST', `/api/students/${s.id}/employments`, { as: officer, body: { ...body, startDate: today() } })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'POST', `/api/students/${s.id}/employments`, { as: await t.login('student'), body: { ...body, startDate: today() } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('STEM report participation', () => {
  it('generates the reports when a STEM employer is recorded, lists them and marks one received', async () => {
    const s = await buildStudent(t, { lastName: 'Stemgen' });
    const stemStart = daysFromToday(-170);
    const stemEnd = addDays(stemStart, 729);
    await buildEmployment(t, s, { optPhase: '02', authorizedStartDate: daysFromToday(-535), authorizedEndDate: addDays(stemStart, -1) });
    await buildEmployment(t, s, { optPhase: '03', authorizedStartDate: stemStart, authorizedEndDate: stemEnd });
    const res = await call(t, 'POST', `/api/students/${s.id}/employments`, {
      as: officer,
      body: {
        employerName: 'Helix Bio',
        employerEin: '111222333',
        startDate: stemStart,
        endDate: null,
        fullOrPartTime: '01',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unemployment).toMatchObject({ allowed: 150 });

    const list = await call(t, 'GET', '/api/students/stem-reports', { as: officer, query: { q: 'Stemgen', pageSize: 20 } });
    const page = list.json<TPage<studentsApi.TStemReport>>();
    expect(page.items.map((r) => r.kind)).toEqual([
      'validation_report',
      'evaluation',
      'validation_report',
      'validation_report',
      'evaluation',
      'validation_report',
    ]);
    const first = page.items[0]!;
    expect(first).toMatchObject({ employerName: 'Helix Bio', status: 'due', receivedOn: null, stemStart, stemEnd });
    expect(first.daysLeft).toBeGreaterThanOrEqual(8);

    const open = await call(t, 'GET', '/api/students/stem-reports', { as: officer, query: { q: 'Stemgen', status: 'open' } });
    expect(open.json<TPage<unknown>>().total).toBe(1);

    const future = await call(t, 'POST', `/api/students/stem-reports/${first.reportId}/received`, {
      as: officer,
      body: { receivedOn: daysFromToday(1) },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors.receivedOn).toEqual(['The received date cannot be in the future']);
    const marked = await call(t, 'POST', `/api/students/stem-reports/${first.reportId}/received`, {
      as: officer,
      body: { receivedOn: today(), notes: 'Sent by e-mail' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'received', receivedOn: today(), notes: 'Sent by e-mail' });
    const received = await call(t, 'GET', '/api/students/stem-reports', { as: officer, query: { q: 'Stemgen', status: 'received' } });
    expect(received.json<TPage<studentsApi.TStemReport>>().items.map((r) => r.reportId)).toEqual([first.reportId]);

    // Recording a second STEM employer does not duplicate the schedule.
    await call(t, 'POST', `/api/students/${s.id}/employments`, {
      as: officer,
      body: {
        employerName: 'Second Lab',
        employerEin: '111222334',
        startDate: daysFromToday(-20),
        endDate: null,
        fullOrPartTime: '02',
      },
    });
    const again = await call(t, 'GET', '/api/students/stem-reports', { as: officer, query: { q: 'Stemgen', pageSize: 20 } });
    expect(again.json<TPage<unknown>>().total).toBe(6);
  });

  it('the daily job adds the reports of a STEM period recorded elsewhere, once', async () => {
    const s = await buildStudent(t, { lastName: 'Stemjob', site: 'MED' });
    await buildEmployment(t, s, { optPhase: '03', authorizedStartDate: daysFromToday(-10), authorizedEndDate: daysFromToday(719) });
    await runOptDailyJob(t.services);
    await runOptDailyJob(t.services);
    const rows = await t.sql<{ n: number }>('select count(*)::int as n from stem_reports where profile_id = $1', [s.id]);
    expect(rows[0]!.n).toBe(6);
    // The officer of Main Campus does not see them; a report of another site is not found to them.
    const officerList = await call(t, 'GET', '/api/students/stem-reports', { as: officer, query: { q: 'Stemjob' } });
    expect(officerList.json<TPage<unknown>>().total).toBe(0);
    const [r] = await t.sql<{ id: string }>('select id from stem_reports where profile_id = $1 limit 1', [s.id]);
    expect(
      (await call(t, 'POST', `/api/students/stem-reports/${r!.id}/received`, { as: officer, body: { receivedOn: today() } })).statusCode,
    ).toBe(404);
  });
});

// 8 CFR 214.2(f)(10)(ii)(E): 90 days during post-completion OPT; 150 in all for a student granted the STEM
// extension, the 60 more days from its first day.
describe('unemployment limit with an approved STEM extension not yet started', () => {
  it('shows 90 days allowed and the STEM start from which 150 apply', async () => {
    const s = await buildStudent(t, { lastName: 'Stemahead' });
    await buildEmployment(t, s, { optPhase: '02', authorizedStartDate: daysFromToday(-49), authorizedEndDate: daysFromToday(10) });
    await buildEmployment(t, s, { optPhase: '03', authorizedStartDate: daysFromToday(11), authorizedEndDate: daysFromToday(740) });
    const [row] = (await optList(officer, { q: 'Stemahead' })).items;
    expect(row!.unemployment).toMatchObject({
      used: 50,
      allowed: 90,
      remaining: 40,
      stemStartsOn: daysFromToday(11),
      exceededOn: null,
      over: 0,
    });
  });
});

// 8 CFR 214.2(f)(10)(ii)(C)(9): the twelve-month I-983 evaluation reaches the office no later than 10 days after
// the reporting period ends (the day before its twelve-month mark): it is not overdue before then.
describe('STEM I-983 evaluations (10 days after the period ends)', () => {
  it('is due through the tenth day after the period ends and overdue the day after, in the list and its filters', async () => {
    const s = await buildStudent(t, { lastName: 'Evalgrace' });
    // A STEM period running well past today; its rows are written by hand so the marks fall exactly where wanted.
    const stem = await buildEmployment(t, s, {
      optPhase: '03',
      authorizedStartDate: daysFromToday(-400),
      authorizedEndDate: daysFromToday(329),
    });
    const add = (kind: string, dueDate: string) =>
      t.sql('insert into stem_reports (institution_id, profile_id, employment_id, kind, due_date) values ($1, $2, $3, $4, $5)', [
        stem.institutionId,
        s.id,
        stem.id,
        kind,
        dueDate,
      ]);
    // Mark 9 days ago: the period ended 10 days ago, today is the tenth day after it.
    await add('evaluation', daysFromToday(-9));
    // Mark 10 days ago: the tenth day after the period was yesterday.
    await add('evaluation', daysFromToday(-10));
    // A validation report keeps its due date: yesterday is overdue.
    await add('validation_report', daysFromToday(-1));
    const list = await call(t, 'GET', '/api/students/stem-reports', { as: officer, query: { q: 'Evalgrace', sort: 'dueDate' } });
    const items = list.json<TPage<studentsApi.TStemReport>>().items;
    expect(items.map((r) => [r.kind, r.dueDate, r.submitBy, r.status, r.daysLeft])).toEqual([
      ['evaluation', daysFromToday(-10), daysFromToday(-1), 'overdue', -1],
      ['evaluation', daysFromToday(-9), today(), 'due', 0],
      ['validation_report', daysFromToday(-1), daysFromToday(-1), 'overdue', -1],
    ]);
    const byStatus = async (status: string) =>
      (await call(t, 'GET', '/api/students/stem-reports', { as: officer, query: { q: 'Evalgrace', status, sort: 'dueDate' } }))
        .json<TPage<studentsApi.TStemReport>>()
        .items.map((r) => [r.kind, r.dueDate]);
    expect(await byStatus('due')).toEqual([['evaluation', daysFromToday(-9)]]);
    expect(await byStatus('overdue')).toEqual([
      ['evaluation', daysFromToday(-10)],
      ['validation_report', daysFromToday(-1)],
    ]);
    expect(await byStatus('open')).toHaveLength(3);
  });
});

describe('listDeadlines (the deadlines dashboard)', () => {
  it("lists what is due across the caller's students, soonest first, filtered by kind", async () => {
    const ending = await buildStudent(t, { lastName: 'Dueending', programEndDate: daysFromToday(20) });
    const unregistered = await buildStudent(t, { lastName: 'Dueunreg', sessionStartDate: daysFromToday(-35), isRegistered: false });
    const medEnding = await buildStudent(t, { lastName: 'Duemed', site: 'MED', programEndDate: daysFromToday(20) });
    const onOpt = await buildOptStudent(t, 300, { lastName: 'Duestem' });
    await buildEmployment(t, onOpt, {
      optPhase: '02',
      authorizedStartDate: onOpt.authStart,
      authorizedEndDate: onOpt.authEnd,
      employerName: 'Stable Co',
      startDate: onOpt.authStart,
    });

    const get = async (as: TSession, query: Record<string, string | number> = {}) => {
      const res = await call(t, 'GET', '/api/students/deadlines', { as, query: { pageSize: 100, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TPage<studentsApi.TDeadline>>().items;
    };
    const all = await get(officer);
    const mine = all.filter((d) => [ending.id, unregistered.id, medEnding.id, onOpt.id].includes(d.profileId));
    expect(mine.map((d) => `${d.lastName}:${d.kind}:${d.daysLeft}`)).toEqual(
      ['Dueunreg:registration:-5', 'Dueending:program_end:20', 'Dueending:opt_filing:80', 'Duestem:stem_filing:64'].sort(
        (a, b) => Number(a.split(':')[2]) - Number(b.split(':')[2]),
      ),
    );
    expect(mine.find((d) => d.kind === 'registration')).toMatchObject({
      severity: 'critical',
      what: expect.stringMatching(/^SEVIS registration overdue since /),
    });
    expect(mine.find((d) => d.kind === 'program_end')?.what).toMatch(/\(30-day notice\)$/);
    const daysLeft = all.map((d) => d.daysLeft);
    expect(daysLeft).toEqual([...daysLeft].sort((a, b) => a - b));

    const onlyReg = await get(officer, { kind: 'registration' });
    expect(onlyReg.every((d) => d.kind === 'registration')).toBe(true);
    expect(onlyReg.some((d) => d.profileId === unregistered.id)).toBe(true);
    expect((await get(admin)).some((d) => d.profileId === medEnding.id)).toBe(true);
  });

  it('shows students near the unemployment limit', async () => {
    const s = await buildOptStudent(t, 84, { lastName: 'Duenear' });
    const items = (await call(t, 'GET', '/api/students/deadlines', { as: admin, query: { kind: 'unemployment', pageSize: 100 } })).json<
      TPage<studentsApi.TDeadline>
    >();
    expect(items.items.find((d) => d.profileId === s.id)).toMatchObject({
      daysLeft: 5,
      severity: 'critical',
      what: '85 of 90 unemployment days used; 5 left',
    });
  });
});

describe('sendUnemploymentAlerts', () => {
  it('notifies the student and the office once per level', async () => {
    const u = await buildUser(t, { userName: 'optalert', email: 'optalert@example.edu', firstName: 'Ola', lastName: 'Alert' });
    const s = await buildOptStudent(t, 64, { lastName: 'Alertee', user: u.userName }); // 65 used: warning
    const ctx = systemContext(t.services, { id: t.institutionA, timeZone: DEFAULT_TIME_ZONE });
    const bells = async (userName: string) =>
      t.sql<{ text: string }>(
        `select n.text from notifications n join users u on u.id = n.user_id where u.user_name = $1 and u.institution_id = $2 and n.text like '%Alert%' order by n.created_at`,
        [userName, t.institutionA],
      );
    const studentBells = async () =>
      t.sql<{ text: string }>('select text from notifications where user_id = $1 order by created_at', [u.id]);

    await sendUnemploymentAlerts(ctx);
    expect((await studentBells()).map((b) => b.text)).toEqual([
      'OPT unemployment days — Nearing limit: your counter has used 65 of 90 days; 25 left.',
    ]);
    expect((await bells('officer')).map((b) => b.text)).toEqual([
      expect.stringMatching(/^OPT unemployment — Nearing limit: Test\d+ Alertee \(N\d{10}\) has used 65 of 90 days; 25 left\.$/),
    ]);
    // The demo admin is an officer of every site, so the office hears through both.
    expect(await bells('admin')).toHaveLength(1);
    const mails = await t.sql<{ subject: string }>('select subject from outbox where to_address = $1', ['optalert@example.edu']);
    expect(mails.map((m) => m.subject)).toEqual(['OPT unemployment days: Nearing limit']);

    await sendUnemploymentAlerts(ctx);
    expect(await studentBells()).toHaveLength(1);

    // Fifteen days later the counter is critical: one more alert, then none.
    const later = addDays(today(), 15);
    await sendUnemploymentAlerts(ctx, later);
    await sendUnemploymentAlerts(ctx, later);
    expect((await studentBells()).map((b) => b.text)).toEqual([
      expect.stringContaining('Nearing limit'),
      'OPT unemployment days — Critical: your counter has used 80 of 90 days; 10 left.',
    ]);
    expect((await bells('officer')).filter((b) => b.text.includes('Alertee'))).toHaveLength(2);
    const audit = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_events where entity_id = $1 and action = 'student.opt.unemployment-alert'`,
      [s.id],
    );
    expect(audit[0]!.n).toBe(2);
  });

  // docs/product/messages.md#system-messages: the two e-mails are system messages the office may reword.
  it("sends the portal's wording by default, and the office's wording of each message once saved", async () => {
    const ctx = systemContext(t.services, { id: t.institutionA, timeZone: DEFAULT_TIME_ZONE });
    const [officerUser] = await t.sql<{ email: string }>('select email from users where user_name = $1 and institution_id = $2', [
      'officer',
      t.institutionA,
    ]);
    const officeMail = async (lastName: string) => (await mailsTo(t, officerUser!.email)).filter((m) => m.subject.includes(lastName));
    const alertee = async (userName: string, firstName: string, lastName: string) => {
      const email = `${userName}@example.edu`;
      const u = await buildUser(t, { userName, email, firstName, lastName });
      const s = await buildOptStudent(t, 64, { firstName, lastName, user: u.userName }); // 65 used: warning
      await sendUnemploymentAlerts(ctx);
      return { s, student: await mailsTo(t, email), office: await officeMail(lastName) };
    };

    const plain = await alertee('optwords', 'Wanda', 'Wording');
    expect(plain.student.map((m) => [m.subject, m.text_body])).toEqual([
      [
        'OPT unemployment days: Nearing limit',
        'Your OPT unemployment counter has used 65 of 90 days; 25 left.\n\nDays without a reported employer count against the limit ' +
          '(90 days during post-completion OPT; 150 in all from the first day of a STEM extension). ' +
          'If you have started work, report your employer to the international office now.\n',
      ],
    ]);
    expect(plain.office.map((m) => [m.subject, m.text_body])).toEqual([
      [
        'OPT unemployment nearing limit: Wanda Wording',
        `Wanda Wording (${plain.s.sevisId}) has used 65 of 90 days; 25 left of OPT unemployment.\n\nSee OPT Students & Employers in the student area.\n`,
      ],
    ]);

    const save = async (key: string, subject: string, bodyHtml: string) => {
      const res = await call(t, 'PUT', `/api/messages/system-emails/${key}`, { as: officer, body: { subject, bodyHtml } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await save(
      'opt.unemploymentAlert',
      'Counter {{opt.alertLevel}}, {{student.firstName}}',
      '<p>Dear {{student.firstName}}, your counter {{opt.alertStatus}} of {{opt.unemploymentDaysAllowed}}.</p>',
    );
    await save(
      'opt.unemploymentAlertOffice',
      'Unemployment: {{student.lastName}}, {{opt.alertLevelLowercase}}',
      '<p>{{opt.alertStudent}}, authorised until {{opt.endDate}}, {{opt.alertStatus}}.</p>',
    );
    const edited = await alertee('optwords2', 'Edda', 'Edited');
    expect(edited.student.map((m) => [m.subject, m.text_body])).toEqual([
      ['Counter Nearing limit, Edda', 'Dear Edda, your counter has used 65 of 90 days; 25 left of 90.'],
    ]);
    const authEnd = edited.s.authEnd;
    expect(edited.office.map((m) => [m.subject, m.text_body])).toEqual([
      [
        'Unemployment: Edited, nearing limit',
        `Edda Edited (${edited.s.sevisId}), authorised until ${authEnd.slice(5, 7)}/${authEnd.slice(8, 10)}/${authEnd.slice(0, 4)}, has used 65 of 90 days; 25 left.`,
      ],
    ]);
    for (const key of ['opt.unemploymentAlert', 'opt.unemploymentAlertOffice']) {
      expect((await call(t, 'POST', `/api/messages/system-emails/${key}/reset`, { as: officer })).statusCode).toBe(200);
    }
  });
});
