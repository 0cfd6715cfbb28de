import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type peopleApi, type TCampusSite, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent } from './factories/index.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let adminB: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
  adminB = await t.login('admin', { host: HOST_B });
});
afterAll(async () => {
  await t?.close();
});

type TSite = peopleApi.TManagedCampusSite;
const create = (body: unknown, as = admin, host?: string) => call(t, 'POST', '/api/campus-sites', { as, body, host });
const update = (id: number, body: unknown, as = admin) => call(t, 'PUT', `/api/campus-sites/${id}`, { as, body });
const remove = (id: number, as = admin) => call(t, 'DELETE', `/api/campus-sites/${id}`, { as });
const managed = async () => (await call(t, 'GET', '/api/campus-sites/manage', { as: admin })).json<TSite[]>();
const auditOf = (id: number) =>
  t.sql<{ action: string; actor_user_id: string; before: unknown; after: unknown }>(
    "select action, actor_user_id, before, after from audit_events where entity_type = 'campus_site' and entity_id = $1 order by at, id",
    [String(id)],
  );

describe('managing campus sites', () => {
  it('adds a site, which the list for pickers carries as active', async () => {
    const res = await create({ name: '  North Campus ', code: 'NORTH-1' });
    expect(res.statusCode, res.body).toBe(200);
    const site = res.json<TSite>();
    expect(site).toMatchObject({ name: 'North Campus', code: 'NORTH-1', isActive: true, uses: {}, totalUses: 0 });
    const list = (await call(t, 'GET', '/api/campus-sites', { as: officer })).json<TCampusSite[]>();
    expect(list.find((s) => s.id === site.id)).toEqual({ id: site.id, name: 'North Campus', code: 'NORTH-1', isActive: true });
    expect(list.every((s) => typeof s.isActive === 'boolean')).toBe(true);
    const [audit] = await auditOf(site.id);
    expect(audit).toMatchObject({ action: 'campus_site.created', after: { name: 'North Campus', code: 'NORTH-1', isActive: true } });
  });

  it('refuses a code or name another site has, whatever its case, on the field', async () => {
    const code = await create({ name: 'Elsewhere', code: 'main' });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({ fieldErrors: { code: ['A campus site with this code already exists.'] } });
    const name = await create({ name: 'medical campus', code: 'MED2' });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ fieldErrors: { name: ['A campus site with this name already exists.'] } });
    // Another institution's codes and names are its own.
    expect((await create({ name: 'North Campus', code: 'north-1' }, adminB, HOST_B)).statusCode).toBe(200);
  });

  it('checks the fields: required, length, and the code letters, digits and hyphens', async () => {
    const res = await create({ name: '', code: 'has space' });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json<{ fieldErrors: Record<string, string[]> }>();
    expect(fieldErrors.name).toEqual(['Required field']);
    expect(fieldErrors.code).toEqual(['Use letters, digits and hyphens only.']);
    const long = await create({ name: 'x'.repeat(121), code: 'A'.repeat(21) });
    expect(long.json()).toMatchObject({ fieldErrors: { name: ['Use at most 120 characters.'], code: ['Use at most 20 characters.'] } });
  });

  it('renames a site, and deactivates and reactivates it, each change audited', async () => {
    const site = (await create({ name: 'West Campus', code: 'WEST' })).json<TSite>();
    const renamed = await update(site.id, { name: 'West Campus (Downtown)', code: 'WEST-DT', isActive: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'West Campus (Downtown)', code: 'WEST-DT', isActive: true });
    // Its own code in another case is not a duplicate of itself.
    expect((await update(site.id, { name: 'West Campus (Downtown)', code: 'west-dt', isActive: true })).statusCode).toBe(200);
    const off = await update(site.id, { name: 'West Campus (Downtown)', code: 'west-dt', isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    const list = (await call(t, 'GET', '/api/campus-sites', { as: admin })).json<TCampusSite[]>();
    expect(list.find((s) => s.id === site.id)).toMatchObject({ isActive: false });
    expect((await update(site.id, { name: 'West Campus (Downtown)', code: 'west-dt', isActive: true })).json()).toMatchObject({
      isActive: true,
    });
    // Taking another site's code is refused on the field.
    const taken = await update(site.id, { name: 'West Campus (Downtown)', code: 'Main', isActive: true });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ fieldErrors: { code: ['A campus site with this code already exists.'] } });
    const actions = (await auditOf(site.id)).map((a) => a.action);
    expect(actions).toEqual([
      'campus_site.created',
      'campus_site.updated',
      'campus_site.updated',
      'campus_site.deactivated',
      'campus_site.reactivated',
    ]);
    expect((await auditOf(site.id))[1]).toMatchObject({
      before: { name: 'West Campus', code: 'WEST' },
      after: { name: 'West Campus (Downtown)', code: 'WEST-DT' },
    });
  });

  it('a deactivated site takes no new student record, and its records keep it', async () => {
    const code = `N${Date.now().toString(36).toUpperCase()}`;
    const made = await create({ name: `North Campus ${code}`, code });
    expect(made.statusCode, made.body).toBe(200);
    const site = made.json<TSite>();
    const kept = await buildStudent(t);
    await t.sql('update student_profiles set campus_site_id = $1 where id = $2', [site.id, kept.id]);
    const off = await update(site.id, { name: `North Campus ${code}`, code, isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    const res = await call(t, 'POST', '/api/students', {
      as: admin,
      body: {
        firstName: 'Ines',
        lastName: 'Moreau',
        email: `ines.${Date.now()}@example.edu`,
        birthDate: '2001-03-02',
        citizenshipCountryCode: 'FR',
        visaType: 'F-1',
        campusSiteId: site.id,
        programStartDate: '2026-08-20',
        programEndDate: '2028-05-15',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { campusSiteId: ['This campus site is no longer in use; choose another.'] } });
    expect((await call(t, 'GET', `/api/students/${kept.id}`, { as: admin })).statusCode).toBe(200);
    const row = await t.sqlOne<{ campus_site_id: number }>('select campus_site_id from student_profiles where id = $1', [kept.id]);
    expect(row.campus_site_id).toBe(site.id);
  });

  it('refuses to delete a site in use, saying how many records use it and to deactivate it instead', async () => {
    const main = (await managed()).find((s) => s.code === 'MAIN')!;
    expect(main.uses.studentRecords).toBeGreaterThan(0);
    expect(main.uses.staff).toBeGreaterThan(0);
    expect(main.uses.sevisSettings).toBeGreaterThan(0);
    const res = await remove(main.id);
    expect(res.statusCode).toBe(409);
    const { message } = res.json<{ message: string }>();
    expect(message).toContain(`Main Campus cannot be deleted, as it is in use by ${main.uses.studentRecords} student records`);
    expect(message).toContain('Deactivate it instead');
    expect((await t.sql('select id from campus_sites where id = $1', [main.id])).length).toBe(1);

    // A new site with one student record.
    const site = (await create({ name: 'Harbor Campus', code: 'HARBOR' })).json<TSite>();
    const student = await buildStudent(t, { site: 'MAIN' });
    await t.sql('update student_profiles set campus_site_id = $1 where id = $2', [site.id, student.id]);
    const one = await remove(site.id);
    expect(one.statusCode).toBe(409);
    expect(one.json<{ message: string }>().message).toBe(
      'Harbor Campus cannot be deleted, as it is in use by 1 student record. Deactivate it instead: it keeps its records and is no longer offered for new ones.',
    );
    expect((await managed()).find((s) => s.id === site.id)).toMatchObject({ uses: { studentRecords: 1 }, totalUses: 1 });
  });

  it("refuses to delete a site a staff member's permissions name", async () => {
    const site = (await create({ name: 'Lake Campus', code: 'LAKE' })).json<TSite>();
    await t.sql(
      `update users set staff_permissions = jsonb_set(staff_permissions, '{assistantSites}', staff_permissions->'assistantSites' || $1::jsonb)
       where institution_id = $2 and user_name = 'assistant'`,
      [JSON.stringify([site.id]), t.institutionA],
    );
    const res = await remove(site.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('in use by 1 staff permission profile.');
  });

  it('deletes a site nothing uses, audited', async () => {
    const site = (await create({ name: 'Old Annex', code: 'ANNEX' })).json<TSite>();
    const res = await remove(site.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.sql('select id from campus_sites where id = $1', [site.id])).length).toBe(0);
    expect((await auditOf(site.id)).map((a) => a.action)).toEqual(['campus_site.created', 'campus_site.deleted']);
    expect((await remove(site.id)).statusCode).toBe(404);
  });

  it('is for super users only: an officer gets 403 on every change', async () => {
    const main = (await managed()).find((s) => s.code === 'MAIN')!;
    expect((await call(t, 'GET', '/api/campus-sites/manage', { as: officer })).statusCode).toBe(403);
    expect((await create({ name: 'Officer Campus', code: 'OFF' }, officer)).statusCode).toBe(403);
    expect((await update(main.id, { name: 'Renamed', code: 'MAIN', isActive: true }, officer)).statusCode).toBe(403);
    expect((await remove(main.id, officer)).statusCode).toBe(403);
  });

  it("answers 404 for another institution's site", async () => {
    const main = (await managed()).find((s) => s.code === 'MAIN')!;
    expect(
      (await call(t, 'PUT', `/api/campus-sites/${main.id}`, { as: adminB, host: HOST_B, body: { name: 'X', code: 'X', isActive: false } }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', `/api/campus-sites/${main.id}`, { as: adminB, host: HOST_B })).statusCode).toBe(404);
    expect(
      (await call(t, 'PUT', '/api/campus-sites/2147483000', { as: admin, body: { name: 'X', code: 'X', isActive: false } })).statusCode,
    ).toBe(404);
    expect((await t.sqlOne<{ name: string }>('select name from campus_sites where id = $1', [main.id])).name).toBe('Main Campus');
  });
});
