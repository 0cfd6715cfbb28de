import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession, TStaffMember } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, inviteStaff, perms } from './http.js';

let t: TTestApp;
let officer: TSession;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
  const adminB = await t.login('admin', { host: HOST_B });
  // Staff in every state the list can hold: pending, deactivated; and more staff in institution B.
  const [main] = await t.sql<{ id: number }>("select id from campus_sites where institution_id = $1 and code = 'MAIN'", [t.institutionA]);
  for (let i = 0; i < 4; i++)
    await inviteStaff(t, admin, { prefix: 'scope', permissions: perms({ isAssistant: true, assistantSites: [main!.id] }) });
  const gone = await inviteStaff(t, admin, { prefix: 'scope-gone' });
  expect((await call(t, 'POST', `/api/staff/${gone.userId}/deactivate`, { as: admin })).statusCode).toBe(200);
  await inviteStaff(t, adminB, { host: HOST_B, prefix: 'scope-b' });
});
afterAll(async () => {
  await t?.close();
});

/** Every id the list shows, walking all pages. */
async function listedIds(as: TSession, query: Record<string, string | number>): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const res = await call(t, 'GET', '/api/staff', { as, query: { ...query, page, pageSize: 3 } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: TStaffMember[]; total: number }>();
    total = body.total;
    ids.push(...body.items.map((s) => s.userId));
    if (body.items.length < 3) break;
  }
  return { ids, total };
}

/** Every id of any user in the database that this session can open with GET /api/staff/:id. */
async function openableIds(as: TSession): Promise<string[]> {
  const all = await t.sql<{ id: string }>('select id from users');
  const results = await Promise.all(
    all.map(async ({ id }) => ({ id, status: (await call(t, 'GET', `/api/staff/${id}`, { as })).statusCode })),
  );
  for (const r of results) expect([200, 404], r.id).toContain(r.status);
  return results.filter((r) => r.status === 200).map((r) => r.id);
}

describe('what a list shows and what can be opened one by one', () => {
  it('are the same staff members for the officer (status=all, every page)', async () => {
    const { ids, total } = await listedIds(officer, { status: 'all' });
    expect(new Set(ids).size, 'no one listed twice across pages').toBe(ids.length);
    expect(total).toBe(ids.length);
    expect(ids.length, 'three demo staff and five invited').toBe(8);
    expect([...ids].sort()).toEqual((await openableIds(officer)).sort());
  });

  it('are the same for the super user', async () => {
    const { ids } = await listedIds(admin, { status: 'all' });
    expect([...ids].sort()).toEqual((await openableIds(admin)).sort());
  });

  it('split into active and inactive without losing or adding anyone', async () => {
    const active = await listedIds(officer, { status: 'active' });
    const inactive = await listedIds(officer, { status: 'inactive' });
    const all = await listedIds(officer, { status: 'all' });
    expect(inactive.ids.length).toBe(1);
    expect([...active.ids, ...inactive.ids].sort()).toEqual([...all.ids].sort());
  });
});
