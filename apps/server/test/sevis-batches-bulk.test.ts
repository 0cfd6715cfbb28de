import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  buildSevisSender,
  buildSevisSettings,
  buildStudent,
  buildStudentWithPendingEvent,
  daysFromToday,
  setStaffPermissions,
  sevisReadyRecord,
  type TStudentOverrides,
} from './factories/index.js';
import { auditActionsOf } from './readers.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
type TPage = { items: sevisApi.TBulkCandidate[]; total: number };

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
});
afterAll(async () => {
  await t?.close();
});

const unregistered = (site: 'MAIN' | 'MED', extra: TStudentOverrides = {}) =>
  buildStudent(t, {
    site,
    visaType: 'F-1',
    sevisStatus: 'Active',
    lastName: 'Needsreg',
    ...sevisReadyRecord(),
    isRegistered: false,
    sessionStartDate: daysFromToday(-5),
    ...extra,
  });
const eventsOf = (profileId: string, type: string) =>
  t.sql<{ status: string; action: string; payload: Record<string, unknown> }>(
    'select status, action, payload from sevis_pending_events where profile_id = $1 and event_type = $2',
    [profileId, type],
  );

describe('SEVIS Registration (batch-sevis-registration)', () => {
  it("lists the Student List's 'active requiring registration' students of the caller's sites and queues Registration events in bulk", async () => {
    const a = await unregistered('MAIN');
    const b = await unregistered('MAIN');
    const later = await unregistered('MAIN', { sessionStartDate: daysFromToday(20) });
    const registered = await unregistered('MAIN', { isRegistered: true });
    const med = await unregistered('MED');
    const list = (await call(t, 'GET', '/api/sevis/registration', { as: officer, query: { q: 'Needsreg', pageSize: 100 } })).json<TPage>();
    const ids = list.items.map((i) => i.profileId);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(registered.id);
    expect(ids).not.toContain(med.id);
    // The same definition as the Student List title.
    const title = (
      await call(t, 'GET', '/api/students', {
        as: officer,
        query: { title: 'active-requiring-registration', q: 'Needsreg', pageSize: 100 },
      })
    ).json();
    if (title.items) expect(title.total).toBe(list.total);

    // SEVIS S1068: students not in their last session are registered with the next session's start, asked for on the page.
    const without = await call(t, 'POST', '/api/sevis/registration', { as: officer, body: { profileIds: [a.id, med.id] } });
    expect(without.statusCode).toBe(400);
    expect(without.json().fieldErrors).toEqual({ nextSessionStartDate: [sevisApi.MSG_NEXT_SESSION_REQUIRED] });
    expect(await eventsOf(a.id, 'Registration')).toEqual([]);
    const res = await call(t, 'POST', '/api/sevis/registration', {
      as: officer,
      body: { profileIds: [a.id, med.id], nextSessionStartDate: daysFromToday(120) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: 1, alreadyPending: 0, skipped: 1 });
    const [ev] = await eventsOf(a.id, 'Registration');
    expect(ev).toMatchObject({ status: 'pending', action: 'Register' });
    expect(ev!.payload).toMatchObject({
      sessionStartDate: daysFromToday(-5),
      isLastSession: false,
      nextSessionStartDate: daysFromToday(120),
    });
    expect(await eventsOf(med.id, 'Registration')).toEqual([]);
    const after = (await call(t, 'GET', '/api/sevis/registration', { as: officer, query: { q: 'Needsreg', pageSize: 100 } })).json<TPage>();
    expect(after.items.find((i) => i.profileId === a.id)?.hasPendingEvent).toBe(true);
    const all = (
      await call(t, 'POST', '/api/sevis/registration', { as: officer, body: { all: true, nextSessionStartDate: daysFromToday(120) } })
    ).json();
    expect(all.alreadyPending).toBeGreaterThanOrEqual(1);
    expect(all.queued).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(b.id, 'Registration')).toHaveLength(1);
    expect(await auditActionsOf(t, b.id, { entityType: 'student_profile' })).toContain('student.sevis-event.raised');
  });

  it('SEVIS S1103 / S1114: a next session starting before the current session ends, or in the past, is refused on the field; the last session needs none', async () => {
    const s = await unregistered('MAIN', { lastName: 'Nextsession' });
    const early = await call(t, 'POST', '/api/sevis/registration', {
      as: officer,
      body: { profileIds: [s.id], nextSessionStartDate: daysFromToday(99) },
    });
    expect(early.json().fieldErrors.nextSessionStartDate[0]).toContain('must start on or after the current session end');
    // The current session's last day is the boundary: the next may start on it.
    expect(
      (
        await call(t, 'POST', '/api/sevis/registration', {
          as: officer,
          body: { profileIds: [s.id], nextSessionStartDate: daysFromToday(100) },
        })
      ).statusCode,
    ).toBe(200);
    const past = await unregistered('MAIN', { lastName: 'Nextsession', sessionEndDate: daysFromToday(-2) });
    const res = await call(t, 'POST', '/api/sevis/registration', {
      as: officer,
      body: { profileIds: [past.id], nextSessionStartDate: daysFromToday(-1) },
    });
    expect(res.json().fieldErrors).toEqual({ nextSessionStartDate: [sevisApi.MSG_NEXT_SESSION_PAST] });
    const last = await unregistered('MAIN', { lastName: 'Nextsession', isLastSession: true });
    expect((await call(t, 'POST', '/api/sevis/registration', { as: officer, body: { profileIds: [last.id] } })).json()).toMatchObject({
      queued: 1,
    });
    expect((await eventsOf(last.id, 'Registration'))[0]!.payload).not.toHaveProperty('nextSessionStartDate');
  });

  it('refuses an empty choice with a message on the field', async () => {
    const res = await call(t, 'POST', '/api/sevis/registration', { as: admin, body: { profileIds: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ profileIds: ['Choose at least one record'] });
  });
});

describe('SEVIS Validation (sevis-validation)', () => {
  it('lists initial J-1 exchange visitors whose program starts within 30 days and queues Validate events', async () => {
    const ready = await buildStudent(t, {
      site: 'MAIN',
      visaType: 'J-1',
      sevisStatus: 'Initial',
      lastName: 'Tovalidate',
      programStartDate: daysFromToday(3),
      ...sevisReadyRecord(),
    });
    const farOff = await buildStudent(t, {
      site: 'MAIN',
      visaType: 'J-1',
      sevisStatus: 'Initial',
      lastName: 'Tovalidate',
      programStartDate: daysFromToday(90),
    });
    const active = await buildStudent(t, {
      site: 'MAIN',
      visaType: 'J-1',
      sevisStatus: 'Active',
      lastName: 'Tovalidate',
      programStartDate: daysFromToday(-3),
    });
    const list = (await call(t, 'GET', '/api/sevis/validation', { as: admin, query: { q: 'Tovalidate' } })).json<TPage>();
    expect(list.items.map((i) => i.profileId)).toEqual([ready.id]);
    expect(list.items[0]!.startDate).toBe(daysFromToday(3));
    expect(farOff.id && active.id).toBeTruthy();
    const res = (await call(t, 'POST', '/api/sevis/validation', { as: admin, body: { profileIds: [ready.id, farOff.id] } })).json();
    expect(res).toEqual({ queued: 1, alreadyPending: 0, skipped: 1 });
    expect(await eventsOf(ready.id, 'Validate')).toHaveLength(1);
    expect((await call(t, 'POST', '/api/sevis/validation', { as: admin, body: { profileIds: [ready.id] } })).json()).toEqual({
      queued: 0,
      alreadyPending: 1,
      skipped: 0,
    });
  });

  it("another institution's records are not on its lists and cannot be queued", async () => {
    const ready = await buildStudent(t, {
      site: 'MAIN',
      visaType: 'J-1',
      sevisStatus: 'Initial',
      lastName: 'Crossinst',
      programStartDate: daysFromToday(1),
    });
    const adminB = await t.login('admin', { host: HOST_B });
    const list = (await call(t, 'GET', '/api/sevis/validation', { as: adminB, host: HOST_B, query: { q: 'Crossinst' } })).json<TPage>();
    expect(list.total).toBe(0);
    const res = (await call(t, 'POST', '/api/sevis/validation', { as: adminB, host: HOST_B, body: { profileIds: [ready.id] } })).json();
    expect(res).toEqual({ queued: 0, alreadyPending: 0, skipped: 1 });
  });
});

describe('an assistant with the sevisBatch flag', () => {
  it('batches the sites of the flag once named DSO; another site is 404', async () => {
    await setStaffPermissions(t, 'assistant', (p) => ({
      ...p,
      assistantSettings: Object.fromEntries(Object.entries(p.assistantSettings).map(([site, s]) => [site, { ...s, sevisBatch: true }])),
    }));
    const assistant = await t.login('assistant');
    const med = (await buildSevisSettings(t, { site: 'MED', kind: 'F' })).id;
    const main = (await buildSevisSettings(t, { site: 'MAIN', kind: 'F', officialSevisUserId: 'DEMOPDSO01' })).id;
    const ev = await buildStudentWithPendingEvent(t, { site: 'MAIN' });
    const groups = (await call(t, 'GET', '/api/sevis/pending-groups', { as: assistant })).json<{ items: sevisApi.TPendingGroup[] }>();
    expect(groups.items.length).toBeGreaterThan(0);
    expect(groups.items.every((g) => g.campusSiteName === 'Main Campus' && !g.canCreate)).toBe(true);
    expect((await call(t, 'POST', '/api/sevis/batches', { as: assistant, body: { settingsId: main } })).statusCode).toBe(403);
    await buildSevisSender(t, 'assistant', 'DSO', 'ASSIST0001');
    expect((await call(t, 'POST', '/api/sevis/batches', { as: assistant, body: { settingsId: med } })).statusCode).toBe(404);
    const res = await call(t, 'POST', '/api/sevis/batches', { as: assistant, body: { settingsId: main, eventIds: [ev.eventId] } });
    expect(res.statusCode, res.body).toBe(200);
    const [b] = await t.sql<{ sevis_user_id: string }>('select sevis_user_id from sevis_batches where id = $1', [res.json().batches[0].id]);
    expect(b!.sevis_user_id).toBe('ASSIST0001');
  });
});
