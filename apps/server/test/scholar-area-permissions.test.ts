import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { scholarsApi, TScholarArea, TSession, TStaffPermissions } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, perms } from './http.js';
import { buildScholarCase, buildUser, departmentIdOf, officeToday } from './factories/index.js';

// docs/product/people.md#scholar-area-permission: the office narrows each staff member's scholar area (view,
// edit, process, export; visa types; departments). Open by default, so an office that keeps it open sees no change.

let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const OPEN: TScholarArea = { view: true, edit: true, process: true, export: true, visaTypes: [], departmentIds: [] };

/** An officer of every campus site with this scholar area, signed in. */
async function officerWith(area: Partial<TScholarArea>, extra: Partial<TStaffPermissions> = {}) {
  const u = await buildUser(t, {
    role: 'isssAdmin',
    canSignIn: true,
    staffPermissions: perms({ isOfficer: true, scholarArea: { ...OPEN, ...area }, ...extra }),
  });
  return { user: u, session: await t.login(u.userName) };
}

const CASE = (id: string) => `/api/scholars/office/cases/${id}`;
const dashboardIds = async (as: TSession, q: string) => {
  const res = await call(t, 'GET', '/api/scholars/dashboard', { as, query: { pageSize: 100, q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { applicationId: string }[] }>().items.map((r) => r.applicationId);
};

describe('visa types and departments', () => {
  it('a J-1 officer sees J-1 cases and cases of no known visa type, not H-1B ones, in the list and by id', async () => {
    const tag = `Visaonly${Date.now().toString(36)}`;
    const j1 = await buildScholarCase(t, { processedState: 'J-1', proposedStatus: 'J-1', lastName: tag });
    const h1b = await buildScholarCase(t, { processedState: 'H-1B', proposedStatus: 'H-1B', lastName: tag });
    // Proposed as J-1 by the department, not processed yet: the J-1 officer's.
    const proposedJ1 = await buildScholarCase(t, { proposedStatus: 'J-1', lastName: tag });
    // Processed as H-1B although proposed as J-1: the processed visa type decides.
    const movedOn = await buildScholarCase(t, { processedState: 'H-1BExtension', proposedStatus: 'J-1', lastName: tag });
    const unknown = await buildScholarCase(t, { proposedStatus: "Don't Know", lastName: tag });
    const { session } = await officerWith({ visaTypes: ['J-1'] });

    const ids = await dashboardIds(session, tag);
    expect(ids.sort()).toEqual([j1.applicationId, proposedJ1.applicationId, unknown.applicationId].sort());
    expect((await dashboardIds(admin, tag)).length).toBe(5);

    expect((await call(t, 'GET', CASE(j1.applicationId), { as: session })).statusCode).toBe(200);
    for (const other of [h1b, movedOn]) {
      expect((await call(t, 'GET', CASE(other.applicationId), { as: session })).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/requests/${other.sponsorshipRequestId}`, { as: session })).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/scholars/cases/${other.applicationId}/time-tracking`, { as: session })).statusCode).toBe(404);
    }
    expect((await call(t, 'GET', `/api/requests/${j1.sponsorshipRequestId}`, { as: session })).statusCode).toBe(200);
  });

  it('a department-limited officer sees only those departments’ cases and requests', async () => {
    const tag = `Deptonly${Date.now().toString(36)}`;
    const phys = await buildScholarCase(t, { department: 'PHYS', lastName: tag });
    const cs = await buildScholarCase(t, { department: 'CS', lastName: tag });
    const { session } = await officerWith({ departmentIds: [await departmentIdOf(t, 'PHYS')] });
    expect(await dashboardIds(session, tag)).toEqual([phys.applicationId]);
    expect((await call(t, 'GET', CASE(cs.applicationId), { as: session })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/requests/${cs.sponsorshipRequestId}`, { as: session })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/requests/${phys.sponsorshipRequestId}`, { as: session })).statusCode).toBe(200);
  });
});

describe('actions', () => {
  it('view only: reads the case, told it may not change or move it, refused each change and the exports', async () => {
    const k = await buildScholarCase(t, { processedState: 'H-1B', proposedStatus: 'H-1B' });
    const { session } = await officerWith({ edit: false, process: false, export: false });
    const res = await call(t, 'GET', CASE(k.applicationId), { as: session });
    expect(res.statusCode).toBe(200);
    expect(res.json<scholarsApi.TOfficeCase>()).toMatchObject({ canManage: false, canMove: false, canProcess: false });
    const office = await call(t, 'PUT', `${CASE(k.applicationId)}/office-data`, {
      as: session,
      body: { officeData: { wageLevel: 'II' }, version: 1 },
    });
    expect(office.statusCode).toBe(403);
    const status = await call(t, 'POST', `${CASE(k.applicationId)}/status`, {
      as: session,
      body: { phase: 'isss_review', status: 'in_progress', changeDate: officeToday(), version: 1 },
    });
    expect(status.statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/scholars/dashboard/export', { as: session, body: {} })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/scholars/dashboard/export-opt', { as: session, body: {} })).statusCode).toBe(403);
    // Nothing changed.
    const after = (await call(t, 'GET', CASE(k.applicationId), { as: admin })).json<scholarsApi.TOfficeCase>();
    expect(after.version).toBe(1);
  });

  it('edit without process: changes the office data, may not move the case', async () => {
    const k = await buildScholarCase(t, { processedState: 'H-1B', proposedStatus: 'H-1B' });
    const { session } = await officerWith({ process: false });
    const got = (await call(t, 'GET', CASE(k.applicationId), { as: session })).json<scholarsApi.TOfficeCase>();
    expect(got).toMatchObject({ canManage: true, canMove: false });
    const office = await call(t, 'PUT', `${CASE(k.applicationId)}/office-data`, {
      as: session,
      body: { officeData: { wageLevel: 'II' }, version: 1 },
    });
    expect(office.statusCode, office.body).toBe(200);
    const status = await call(t, 'POST', `${CASE(k.applicationId)}/status`, {
      as: session,
      body: { phase: 'isss_review', status: 'in_progress', changeDate: officeToday(), version: 2 },
    });
    expect(status.statusCode).toBe(403);
  });

  it('edit, process and export without view are nothing: the area stays closed', async () => {
    const k = await buildScholarCase(t, {});
    const { session } = await officerWith({ view: false });
    expect((await call(t, 'GET', CASE(k.applicationId), { as: session })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/scholars/dashboard/export', { as: session, body: {} })).statusCode).toBe(403);
    const me = (await call(t, 'GET', '/api/auth/me', { as: session })).json<{ staff: TStaffPermissions }>();
    expect(me.staff.scholarArea.view).toBe(false);
  });

  it('an office that keeps the area open sees no change: a profile saved before these settings reaches every case', async () => {
    const { scholarArea: _, ...before } = perms({ isAssistant: true, assistantSites: [0] });
    const u = await buildUser(t, { role: 'isssAdmin', canSignIn: true, staffPermissions: before as TStaffPermissions });
    const [row] = await t.sql<{ p: Record<string, unknown> }>('select staff_permissions as p from users where id = $1', [u.id]);
    expect(row!.p).not.toHaveProperty('scholarArea');
    const k = await buildScholarCase(t, { processedState: 'O-1', proposedStatus: 'O-1' });
    const got = await call(t, 'GET', CASE(k.applicationId), { as: await t.login(u.userName) });
    expect(got.statusCode).toBe(200);
    expect(got.json<scholarsApi.TOfficeCase>()).toMatchObject({ canManage: true, canMove: true });
  });
});

describe('granting', () => {
  it('an officer may not grant a scholar area wider than their own, and is told on the field', async () => {
    const { session } = await officerWith({ edit: false, visaTypes: ['J-1'] });
    const target = await buildUser(t, { role: 'isssAdmin', staffPermissions: perms({ scholarArea: { ...OPEN, view: false } }) });
    const wider = await call(t, 'PUT', `/api/staff/${target.id}/permissions`, {
      as: session,
      body: { permissions: perms({ scholarArea: { ...OPEN, edit: true, visaTypes: ['J-1'] } }) },
    });
    expect(wider.statusCode).toBe(403);
    expect(wider.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toHaveProperty(['permissions.scholarArea']);
    const everyVisa = await call(t, 'PUT', `/api/staff/${target.id}/permissions`, {
      as: session,
      body: { permissions: perms({ scholarArea: { ...OPEN, edit: false, visaTypes: [] } }) },
    });
    expect(everyVisa.statusCode).toBe(403);
    const within = await call(t, 'PUT', `/api/staff/${target.id}/permissions`, {
      as: session,
      body: { permissions: perms({ scholarArea: { ...OPEN, edit: false, process: false, visaTypes: ['J-1'] } }) },
    });
    expect(within.statusCode, within.body).toBe(200);
  });
});
