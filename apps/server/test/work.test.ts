import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type studentsApi, type TSession, type workApi } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  buildEmployment,
  buildPendingApproval,
  buildPendingEvent,
  buildRequest,
  buildStemReport,
  buildStudent,
  buildTask,
  daysFromToday,
  userIdOf,
  type TSiteCode,
} from './factories/index.js';

type TMyWork = workApi.TMyWork;
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

async function myWork(as: TSession): Promise<TMyWork> {
  const res = await call(t, 'GET', '/api/my-work', { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TMyWork>();
}

/** The numbers a user reads on the page, flat, so two readings can be subtracted. */
function numbers(w: TMyWork): Record<string, number> {
  return {
    assignedToMe: w.requests?.assignedToMe.count ?? -1,
    unassigned: w.requests?.unassigned.count ?? -1,
    withApprovers: w.requests?.withApprovers.count ?? -1,
    myApprovals: w.myApprovals.count,
    held: w.sevis?.held ?? -1,
    failed: w.sevis?.failed ?? -1,
    deadlines: w.deadlines?.total ?? -1,
    programEnd: w.deadlines?.byKind.program_end ?? -1,
    stemReport: w.deadlines?.byKind.stem_report ?? -1,
    tasks: w.tasks?.count ?? -1,
  };
}
const delta = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.keys(after).map((k) => [k, after[k]! - before[k]!]));

/** A student of a campus site with one SEVIS update held back and one refused by SEVIS (the second only when asked). */
async function sevisTrouble(site: TSiteCode, failed: boolean) {
  const s = await buildStudent(t, { site });
  await buildPendingEvent(t, s, { status: 'held', message: 'SEVIS needs a U.S. or a foreign phone for a Create.' });
  if (failed) await buildPendingEvent(t, s, { status: 'failed', resultCode: 'S1164', message: 'Telephone number required.' });
}

/** An employed STEM student whose six-month validation report falls due in `days` days. */
async function stemReportDueIn(site: TSiteCode, days: number) {
  const s = await buildStudent(t, { site, programEndDate: daysFromToday(-400) });
  const start = daysFromToday(-170);
  const stem = await buildEmployment(t, s, { optPhase: '03', authorizedStartDate: start, employerName: 'Stem Labs', startDate: start });
  await buildStemReport(t, stem, { dueDate: daysFromToday(days) });
}

describe('getMyWork (My work: what waits for the signed-in staff member)', () => {
  it('counts what waits for the Main Campus officer and nothing of Medical Campus; the super user counts both sites', async () => {
    const officerBefore = numbers(await myWork(officer));
    const adminBefore = numbers(await myWork(admin));

    // Requests: one of each site assigned to the officer (the Medical one is out of their reach),
    // one new unassigned request per site, one submitted per site already taken by the super user.
    const mainMine = await buildRequest(t, { status: 'in_review', assignedTo: 'officer' });
    const medMine = await buildRequest(t, { status: 'in_review', assignedTo: 'officer', site: 'MED' });
    await buildRequest(t, { status: 'submitted' });
    await buildRequest(t, { status: 'submitted', site: 'MED' });
    await buildRequest(t, { status: 'submitted', assignedTo: 'admin' });
    // Back from its approvers (In Review) with nobody assigned: it waits for the office like a new one.
    await buildRequest(t, { status: 'in_review' });
    // Waiting for the requester's answer: not the office's to take.
    await buildRequest(t, { status: 'clarification_requested' });
    // Closed and draft requests are not work.
    await buildRequest(t, { status: 'completed', assignedTo: 'officer' });
    await buildRequest(t, { status: 'draft' });
    // SEVIS: held back on both sites, refused by SEVIS only on Medical Campus.
    await sevisTrouble('MAIN', false);
    await sevisTrouble('MED', true);
    // Deadlines: program ends in 3 days on each site; in 20 days (not this week) on Main Campus.
    await buildStudent(t, { programEndDate: daysFromToday(3) });
    await buildStudent(t, { programEndDate: daysFromToday(3), site: 'MED' });
    await buildStudent(t, { programEndDate: daysFromToday(20) });
    // STEM reports: due in 5 days on each site.
    await stemReportDueIn('MAIN', 5);
    await stemReportDueIn('MED', 5);
    const officerId = await userIdOf(t, 'officer');
    // Tasks: the officer's, due in 2 days (counted), in 10 days (not this week), done, and on the Medical request.
    await buildTask(t, mainMine, { title: 'Call the employer', dueDate: daysFromToday(2), assignedToUserId: officerId });
    await buildTask(t, mainMine, { title: 'Later', dueDate: daysFromToday(10), assignedToUserId: officerId });
    await buildTask(t, mainMine, { title: 'Done', dueDate: daysFromToday(1), isDone: true });
    await buildTask(t, medMine, { title: 'Not theirs', dueDate: daysFromToday(1), assignedToUserId: officerId });

    const officerWork = await myWork(officer);
    expect(delta(numbers(officerWork), officerBefore)).toEqual({
      assignedToMe: 1,
      unassigned: 2,
      withApprovers: 0,
      myApprovals: 0,
      held: 1,
      failed: 0,
      deadlines: 2,
      programEnd: 1,
      stemReport: 1,
      tasks: 1,
    });
    expect(officerWork.tasks?.items.find((i) => i.title === 'Call the employer')).toMatchObject({
      requestId: mainMine.id,
      requestNumber: mainMine.number,
      dueDate: daysFromToday(2),
    });
    expect(officerWork.tasks?.items.map((i) => i.title)).not.toContain('Not theirs');

    expect(delta(numbers(await myWork(admin)), adminBefore)).toEqual({
      assignedToMe: 1,
      unassigned: 3,
      withApprovers: 0,
      myApprovals: 0,
      held: 2,
      failed: 1,
      deadlines: 4,
      programEnd: 2,
      stemReport: 2,
      tasks: 0,
    });
  });

  it('each count is the number of rows the list it opens shows the same person', async () => {
    for (const as of [officer, admin]) {
      const w = await myWork(as);
      const requestsTotal = async (query: Record<string, string>) => {
        const res = await call(t, 'GET', '/api/requests', { as, query: { pageSize: 1, area: 'student', ...query } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ total: number }>().total;
      };
      expect(await requestsTotal({ status: 'submitted,in_review,clarification_requested,adv_review', assigned: 'me' })).toBe(
        w.requests!.assignedToMe.count,
      );
      expect(await requestsTotal({ status: 'submitted,in_review', assigned: 'unassigned' })).toBe(w.requests!.unassigned.count);
      expect(await requestsTotal({ status: 'adv_review' })).toBe(w.requests!.withApprovers.count);
      for (const status of ['held', 'failed'] as const) {
        const res = await call(t, 'GET', '/api/sevis/system-errors', { as, query: { status, pageSize: 100 } });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<{ total: number; items: { status: string }[] }>();
        expect(page.total).toBe(w.sevis![status]);
        expect(page.items.every((i) => i.status === status)).toBe(true);
      }
      for (const kind of ['program_end', 'stem_report', 'registration', 'unemployment'] as const) {
        const res = await call(t, 'GET', '/api/students/deadlines', { as, query: { kind, within: 7, pageSize: 100 } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<{ total: number }>().total, kind).toBe(w.deadlines!.byKind[kind]);
      }
    }
  });

  it('counts the approvals waiting for my own decision, and names the request when there is one', async () => {
    const before = (await myWork(officer)).myApprovals.count;
    const { request } = await buildPendingApproval(t, { approver: 'officer' });
    const after = await myWork(officer);
    expect(after.myApprovals.count).toBe(before + 1);
    if (after.myApprovals.count === 1) expect(after.myApprovals.requestId).toBe(request.id);
    // Requests with their approvers are counted for the office that reaches them.
    const admins = await myWork(admin);
    expect(admins.requests!.withApprovers.count).toBeGreaterThanOrEqual(1);
  });

  it('leaves out what the caller may not open: an assistant who does not process requests sees no request counts, only SEVIS and deadlines', async () => {
    const w = await myWork(assistant);
    expect(w.requests).toBeNull();
    expect(w.tasks).toBeNull();
    expect(w.sevis).not.toBeNull();
    expect(w.deadlines).not.toBeNull();
  });

  // "This week" is today and the six days after it in the office's time zone (docs/product/my-work.md#deadlines-this-week).
  it('counts a deadline on the seventh day (today + 6) as this week, and one on the eighth as not', async () => {
    const w0 = await myWork(admin);
    expect(w0.weekEnd).toBe(addDays(w0.today, 6));
    const before = w0.deadlines!.byKind.program_end;
    const onLastDay = await buildStudent(t, { lastName: 'Weeklast', programEndDate: addDays(w0.today, 6) });
    const dayAfter = await buildStudent(t, { lastName: 'Weekafter', programEndDate: addDays(w0.today, 7) });
    const w1 = await myWork(admin);
    expect(w1.deadlines!.byKind.program_end).toBe(before + 1);
    const res = await call(t, 'GET', '/api/students/deadlines', { as: admin, query: { kind: 'program_end', within: 7, pageSize: 100 } });
    const ids = res.json<{ items: studentsApi.TDeadline[] }>().items.map((d) => d.profileId);
    expect(ids).toContain(onLastDay.id);
    expect(ids).not.toContain(dayAfter.id);
  });

  it('is for office staff of the student area only', async () => {
    for (const user of ['dept', 'scholar', 'student'] as const) {
      const res = await call(t, 'GET', '/api/my-work', { as: await t.login(user) });
      expect(res.statusCode, user).toBe(403);
    }
    expect((await call(t, 'GET', '/api/my-work')).statusCode).toBe(401);
  });
});
