import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, LIST_COUNT_CAP, SCHOLAR_PHASES, type TSession } from '@meridian/domain';
import { PHASE_RANK_BRANCHES } from '../src/modules/scholars/schema.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildScholarCase, officeToday, updateScholarCase } from './factories/index.js';

// The Scholar Dashboard paged by "next" and "previous" (keyset) must show every case exactly once, in
// the order numbered pages show them, whatever the sort and the tab: cases that share a name, a last
// update or a status, cases with no end date, and a phase tab that holds only some of them.

let t: TTestApp;
let admin: TSession;
let dept: TSession;

type TItem = { applicationId: string; lastName: string; firstName: string; department: { name: string } };
type TPage = { items: TItem[]; total: number; totalCapped: boolean; next: string | null; prev: string | null; page: number };
type TTab = { phase: string; count: number; capped: boolean };

async function get(query: Record<string, string | number>, as = admin) {
  const res = await call(t, 'GET', '/api/scholars/dashboard', { as, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPage>();
}
const tabs = async (query: Record<string, string> = {}) => {
  const res = await call(t, 'GET', '/api/scholars/dashboard/tabs', { as: admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json<TTab[]>().map((x) => [x.phase, x]));
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, dept] = await Promise.all([t.login('admin'), t.login('dept')]);
  const today = officeToday();
  const firsts = ['Ana', 'Ana', 'Ben', 'Cai'];
  const lasts = ['Keyset', 'Keyset', 'Abel', 'Zorn', 'Keyset'];
  const phases = ['application', 'active', 'filed', 'application', 'closed', 'active'] as const;
  const visas = ['H-1B', 'J-1', '', 'O-1', 'F-1 OPT/STEM'] as const;
  const statuses = ['pending', 'in_progress', 'approved'] as const;
  const departments = ['PHYS', 'CS', 'MED'] as const;
  const made: string[] = [];
  for (let i = 0; i < 23; i++) {
    const visa = visas[i % visas.length]!;
    const c = await buildScholarCase(t, {
      // Several cases share a first and last name: the case id decides between them.
      firstName: firsts[i % firsts.length],
      lastName: lasts[i % lasts.length],
      processedState: visa,
      phase: visa === '' ? 'sponsorship_request' : phases[i % phases.length],
      status: statuses[i % statuses.length],
      department: departments[i % departments.length],
      // Every fourth case has no end date; the others share dates in pairs.
      processedEndDate: i % 4 === 0 ? null : addDays(today, 30 * Math.floor(i / 2)),
    });
    made.push(c.applicationId);
  }
  // Pairs of cases updated at the same moment.
  for (let i = 0; i < made.length; i++)
    await updateScholarCase(t, made[i]!, { updatedAt: new Date(Date.UTC(2026, 5, 1 + Math.floor(i / 2), 12)) });
});
afterAll(async () => {
  await t?.close();
});

async function numbered(base: Record<string, string | number>) {
  const items: TItem[] = [];
  for (let page = 1; ; page++) {
    const body = await get({ ...base, page });
    items.push(...body.items);
    if (!body.next) return items;
    expect(page).toBeLessThan(100);
  }
}

describe('scholar dashboard, next and previous pages', () => {
  const sorts = ['name', 'department', 'visa', 'phase', 'status', 'endDate', 'updatedAt'] as const;
  for (const sort of sorts)
    for (const order of ['asc', 'desc'] as const)
      for (const phase of sort === 'phase' ? ['all'] : ['all', 'application'])
        it(`walks every page of ${phase} by ${sort} ${order} forwards and back, as numbered pages show them`, async () => {
          const base = { sort, order, phase, pageSize: 4 };
          const items = await numbered(base);
          const byNumber = items.map((r) => r.applicationId);
          if (sort === 'name') {
            // The names as shown run in the database's own order of (last name, first name).
            const [row] = await t.sql<{ names: string[] }>(
              `select array_agg(l || ', ' || f order by l ${order}, f ${order}) as names from unnest($1::text[], $2::text[]) as x(l, f)`,
              [items.map((r) => r.lastName), items.map((r) => r.firstName)],
            );
            expect(items.map((r) => `${r.lastName}, ${r.firstName}`)).toEqual(row!.names);
          }
          const first = await get(base);
          expect(first.prev).toBeNull();
          expect(first).toMatchObject({ total: byNumber.length, totalCapped: false });
          expect(new Set(byNumber).size, 'no case twice').toBe(byNumber.length);
          const pages: string[][] = [first.items.map((r) => r.applicationId)];
          let at = first;
          while (at.next) {
            at = await get({ ...base, after: at.next });
            expect(at.prev).not.toBeNull();
            pages.push(at.items.map((r) => r.applicationId));
          }
          expect(pages.flat()).toEqual(byNumber);
          const back: string[][] = [at.items.map((r) => r.applicationId)];
          while (at.prev) {
            at = await get({ ...base, before: at.prev });
            back.unshift(at.items.map((r) => r.applicationId));
          }
          expect(back).toEqual(pages);
        });

  it('opens a numbered page with a previous-page cursor that leads back to the page before', async () => {
    const q = { sort: 'endDate', order: 'desc', pageSize: 5 };
    const page3 = await get({ ...q, page: 3 });
    const page2 = await get({ ...q, page: 2 });
    expect((await get({ ...q, before: page3.prev! })).items).toEqual(page2.items);
  });

  it('answers a damaged or foreign cursor with a message on the parameter, never a server error', async () => {
    const { next } = await get({ sort: 'updatedAt', order: 'desc', pageSize: 3 });
    for (const [query, field] of [
      [{ after: 'not-a-cursor' }, 'after'],
      [{ before: Buffer.from('["2026-13-45 99:00:00+00","1"]').toString('base64url') }, 'before'],
      [{ after: Buffer.from('[1,2,3]').toString('base64url') }, 'after'],
      // A cursor of one sort handed to another sort's list.
      [{ after: next!, sort: 'phase' }, 'after'],
      [{ before: next!, sort: 'name' }, 'before'],
      [
        {
          after: Buffer.from('["x\'); drop table scholars; --","a","b","00000000-0000-0000-0000-000000000000"]').toString('base64url'),
          sort: 'status',
        },
        null,
      ],
    ] as const) {
      const res = await call(t, 'GET', '/api/scholars/dashboard', { as: admin, query: { pageSize: 3, ...query } });
      if (field === null) {
        // A text sort key may hold anything: it is a bound value, compared, never run.
        expect(res.statusCode, res.body).toBe(200);
        continue;
      }
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors[field]).toBeDefined();
    }
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from scholars'))[0]!.n)).toBeGreaterThan(0);
  });

  it('sorts a renamed scholar and a renamed department by their new names', async () => {
    const tag = `Kz${Date.now().toString(36)}`;
    // The department's own screen makes the case and renames the scholar, as the app's role under row-level security.
    const body = {
      firstName: 'Mia',
      lastName: `${tag}b`,
      email: `${tag}@example.org`,
      proposedStatus: 'J-1',
      proposedStartDate: '2027-02-01',
      proposedEndDate: '2028-01-31',
      position: 'Visiting Researcher',
      hiringAuthorityName: 'Prof. Keyset',
      hiringAuthorityEmail: '',
    };
    const made = await call(t, 'POST', '/api/scholars/department/cases', { as: dept, body });
    expect(made.statusCode, made.body).toBe(200);
    const other = await buildScholarCase(t, { firstName: 'Noa', lastName: `${tag}c`, department: 'CS' });
    const names = async () => (await get({ q: tag, sort: 'name', order: 'asc' })).items.map((r) => `${r.lastName}, ${r.firstName}`);
    expect(await names()).toEqual([`${tag}b, Mia`, `${tag}c, Noa`]);
    const id = (await get({ q: `${tag}b` })).items[0]!.applicationId;
    const renamed = await call(t, 'PUT', `/api/scholars/department/cases/${id}`, {
      as: dept,
      body: { ...body, lastName: `${tag}d`, version: 1 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names()).toEqual([`${tag}c, Noa`, `${tag}d, Mia`]);

    const departments = async () => (await get({ q: tag, sort: 'department', order: 'asc' })).items.map((r) => r.department.name);
    expect(await departments()).toEqual(['Department of Computer Science', 'Department of Physics']);
    await t.sql("update departments set name = 'Acoustics and Physics' where name = 'Department of Physics'");
    try {
      expect(await departments()).toEqual(['Acoustics and Physics', 'Department of Computer Science']);
    } finally {
      await t.sql("update departments set name = 'Department of Physics' where name = 'Acoustics and Physics'");
    }
    expect(other.applicationId).toBeTruthy();
  });

  it('keeps the phase sort on its index: the index reads the phases in the catalogue order', async () => {
    const [row] = await t.sql<{ def: string }>("select pg_get_indexdef('scholar_applications_phase_sort_idx'::regclass) as def");
    const compact = (s: string) => s.replace(/::text|[\s()]/g, '').toLowerCase();
    expect(compact(row!.def)).toContain(compact(`case phase ${PHASE_RANK_BRANCHES} end`));
    expect(PHASE_RANK_BRANCHES).toContain(`when '${SCHOLAR_PHASES[0].code}' then 1`);
  });

  it(`counts the list and the tabs up to ${LIST_COUNT_CAP}, and says when more match`, async () => {
    const before = await tabs();
    expect(before.all!.capped).toBe(false);
    // One more closed case than the cap, written straight to the database (fast), each with its scholar.
    await t.sql(
      `with s as (
         insert into scholars (institution_id, department_id, first_name, last_name, email)
         select $1, d.id, 'Many', 'Closed' || g, 'many' || g || '@example.org'
           from generate_series(1, $2::int) g, (select id from departments where institution_id = $1 order by code limit 1) d
         returning id, department_id)
       insert into scholar_applications (institution_id, scholar_id, department_id, proposed_status, phase, status)
       select $1, s.id, s.department_id, 'J-1', 'closed', 'completed' from s`,
      [t.institutionA, LIST_COUNT_CAP + 1],
    );
    const after = await tabs();
    expect(after.closed).toMatchObject({ count: LIST_COUNT_CAP, capped: true });
    expect(after.all).toMatchObject({ count: LIST_COUNT_CAP, capped: true });
    expect(after.active).toEqual(before.active);
    expect(await get({ phase: 'closed', pageSize: 5 })).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(await get({ phase: 'active', pageSize: 5 })).toMatchObject({ total: before.active!.count, totalCapped: false });
    // A keyword or a filter counts the same way.
    expect((await tabs({ status: 'completed' })).closed).toMatchObject({ count: LIST_COUNT_CAP, capped: true });
    const one = await tabs({ q: 'many77@' });
    expect(one.closed).toEqual({ phase: 'closed', label: 'Closed', count: 1, capped: false });
    // The case's copy of its scholar's name was made by the database for cases written behind the app too.
    const byName = await get({ phase: 'closed', q: 'many', sort: 'name', order: 'asc', pageSize: 3 });
    expect(byName.items.map((r) => r.lastName)).toEqual(['Closed1', 'Closed10', 'Closed100']);
  });
});
