import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification, TNotificationList, TRequestDetail, TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildNotification, buildRequestType, buildScholarCase, clearNotifications, studentOf } from './factories/index.js';

let t: TTestApp;
let student: TSession;
let officer: TSession;
let admin: TSession;
let dept: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [student, officer, admin, dept] = await t.loginAll('student', 'officer', 'admin', 'dept');
});
afterAll(async () => {
  await t?.close();
});

/** Notifications of a user at a chosen time. */
async function seed(user: string, texts: string[], at: string) {
  const out: string[] = [];
  for (const text of texts) out.push((await buildNotification(t, user, { text, createdAt: new Date(at) })).id);
  return out;
}
const list = async (as: TSession, query: Record<string, number> = {}) => {
  const res = await call(t, 'GET', '/api/notifications', { as, query });
  expect(res.statusCode).toBe(200);
  return res.json<TNotificationList>();
};

describe('notifications', () => {
  it('pages from start with a first page of 10 and counts total and unread', async () => {
    await clearNotifications(t);
    await seed(
      'student',
      Array.from({ length: 12 }, (_, i) => `N${i}`),
      '2026-03-01T12:00:00Z',
    );
    const first = await list(student);
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ total: 12, totalUnread: 12 });
    expect((await list(student, { start: 10, limit: 10 })).items).toHaveLength(2);
  });

  it("shows and changes only the owner's notifications", async () => {
    await clearNotifications(t);
    const [theirs] = await seed('officer', ['For the officer'], '2026-03-01T12:00:00Z');
    await seed('student', ['For the student'], '2026-03-01T12:00:00Z');
    expect((await list(student)).items.map((n) => n.text)).toEqual(['For the student']);
    for (const path of ['/api/notifications/read', '/api/notifications/hide']) {
      const res = await call(t, 'POST', path, { as: student, body: { ids: [theirs] } });
      expect(res.json()).toEqual({ updated: 0 });
    }
    await call(t, 'POST', '/api/notifications/read-all', { as: student });
    expect((await list(officer)).items[0]).toMatchObject({ id: theirs, isRead: false });
  });

  it('marks one, a day and all read; hides', async () => {
    await clearNotifications(t);
    const [a, b] = await seed('student', ['a', 'b'], '2026-03-02T10:00:00Z');
    const [c] = await seed('student', ['c'], '2026-03-01T10:00:00Z');
    const [d] = await seed('student', ['d'], '2026-02-28T10:00:00Z');
    expect((await call(t, 'POST', '/api/notifications/read', { as: student, body: { ids: [a] } })).json()).toEqual({ updated: 1 });
    expect((await list(student)).totalUnread).toBe(3);
    const day = await call(t, 'POST', '/api/notifications/read-range', {
      as: student,
      body: { start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' },
    });
    expect(day.json()).toEqual({ updated: 1 });
    const after = await list(student);
    expect(
      after.items
        .filter((n) => !n.isRead)
        .map((n) => n.id)
        .sort(),
    ).toEqual([b, d].sort());
    expect(after.items.find((n) => n.id === c)!.isRead).toBe(true);
    expect((await call(t, 'POST', '/api/notifications/hide', { as: student, body: { ids: [d] } })).json()).toEqual({ updated: 1 });
    expect(await list(student)).toMatchObject({ total: 3, totalUnread: 1 });
    expect((await call(t, 'POST', '/api/notifications/read-all', { as: student })).json()).toEqual({ updated: 1 });
    expect(await list(student)).toMatchObject({ total: 3, totalUnread: 0 });
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await call(t, 'POST', '/api/notifications/read-range', {
      as: student,
      body: { start: '2026-03-02T00:00:00Z', end: '2026-03-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
  });
});

/** The reader's notice whose text matches, as the bell gets it. */
async function noticeOf(as: TSession, text: RegExp): Promise<TNotification> {
  const found = (await list(as, { limit: 100 })).items.find((n) => text.test(n.text));
  if (!found) throw new Error(`no notice matching ${text}`);
  return found;
}

// Each notice carries what it is about, stored where it is made, so the bell opens it
// (docs/product/notifications.md#what-a-notice-opens).
describe('what a notice is about', () => {
  it("a student's submitted request: the office's notice and the student's both name the request and the student's record", async () => {
    await clearNotifications(t);
    const type = await buildRequestType(t, { name: 'Letter of enrolment' });
    const created = (await call(t, 'POST', '/api/requests', { as: student, body: { requestTypeId: type.id } })).json<TRequestDetail>();
    expect((await call(t, 'POST', `/api/requests/${created.id}/submit`, { as: student })).statusCode).toBe(200);
    const record = await studentOf(t);
    const office = await noticeOf(officer, new RegExp(`#${created.number}`));
    expect(office).toMatchObject({ requestId: created.id, profileId: record.id, scholarApplicationId: null });
    const own = await noticeOf(student, new RegExp(`#${created.number}`));
    expect(own).toMatchObject({ requestId: created.id, profileId: record.id });
  });

  it('a correction of a student record: the office is pointed at the record, and so is the student when it is decided', async () => {
    await clearNotifications(t);
    const record = await studentOf(t);
    const sub = await call(t, 'POST', '/api/students/me/corrections', {
      as: student,
      body: { changes: { birthCity: 'Nagpur' }, reason: 'Passport' },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(await noticeOf(officer, /asked to correct/)).toMatchObject({ profileId: record.id, requestId: null });
    await call(t, 'POST', `/api/student-corrections/${sub.json().id}/reject`, { as: officer, body: { note: 'Your passport says Pune.' } });
    expect(await noticeOf(student, /not approved/)).toMatchObject({ profileId: record.id, requestId: null });
  });

  it("a scholar case: the department's notice names the case, not only its engine request", async () => {
    await clearNotifications(t);
    const k = await buildScholarCase(t, { firstName: 'Amara', lastName: 'Okafor' });
    const res = await call(t, 'POST', `/api/scholars/office/cases/${k.applicationId}/process`, {
      as: admin,
      body: { processAs: 'J-1', version: k.application.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await noticeOf(dept, /Amara Okafor/)).toMatchObject({
      scholarApplicationId: k.applicationId,
      scholarId: k.scholarId,
      requestId: k.sponsorshipRequestId,
    });
  });

  it('older notices that named only a request of a scholar case, or only the scholar, still find the case; others open nothing', async () => {
    await clearNotifications(t);
    const k = await buildScholarCase(t);
    await buildNotification(t, 'admin', { text: 'By request', requestId: k.sponsorshipRequestId });
    await buildNotification(t, 'admin', { text: 'By scholar', scholarId: k.scholarId });
    await buildNotification(t, 'admin', { text: 'About nothing' });
    expect(await noticeOf(admin, /By request/)).toMatchObject({ scholarApplicationId: k.applicationId });
    expect(await noticeOf(admin, /By scholar/)).toMatchObject({ scholarApplicationId: k.applicationId });
    expect(await noticeOf(admin, /About nothing/)).toMatchObject({
      requestId: null,
      scholarId: null,
      scholarApplicationId: null,
      profileId: null,
    });
  });
});

describe('the count', () => {
  it("counts only the reader's own notices that are neither read nor hidden, in their own institution", async () => {
    await clearNotifications(t);
    await clearNotifications(t, t.institutionB);
    const at = { createdAt: new Date('2026-03-01T12:00:00Z') };
    for (const text of ['one', 'two', 'three']) await buildNotification(t, 'officer', { text, ...at });
    await buildNotification(t, 'officer', { text: 'read', isRead: true, ...at });
    await buildNotification(t, 'officer', { text: 'hidden', isHidden: true, ...at });
    // Someone else's, and the namesake account of another institution, are not the officer's concern.
    await buildNotification(t, 'admin', { text: 'for the admin', ...at });
    await buildNotification(t, 'officer', { text: 'other institution', institutionId: t.institutionB, ...at });
    const mine = await list(officer);
    expect(mine).toMatchObject({ total: 4, totalUnread: 3 });
    expect(mine.items.map((n) => n.text).sort()).toEqual(['one', 'read', 'three', 'two']);
    // Opening a notice marks it read: the badge follows.
    await call(t, 'POST', '/api/notifications/read', { as: officer, body: { ids: [mine.items.find((n) => n.text === 'one')!.id] } });
    expect(await list(officer)).toMatchObject({ total: 4, totalUnread: 2 });
  });
});
