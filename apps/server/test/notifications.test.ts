import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotificationList, TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildNotification, clearNotifications } from './factories/index.js';

let t: TTestApp;
let student: TSession;
let officer: TSession;

beforeAll(async () => {
  t = await createTestApp();
  student = await t.login('student');
  officer = await t.login('officer');
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
