import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestSummary, TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildRequest, buildRequestType } from './factories/index.js';

// Paging a list by "next" and "previous" (keyset) must show every request exactly once, in the
// same order as numbered pages, whatever the sort, including requests that were never submitted
// (no submission date) and requests that share a date.

let t: TTestApp;
let admin: TSession;

type TPage = { items: TRequestSummary[]; total: number; totalCapped: boolean; next: string | null; prev: string | null };

async function get(query: Record<string, string | number>) {
  const res = await call(t, 'GET', '/api/requests', { as: admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPage>();
}

beforeAll(async () => {
  t = await createTestApp();
  [admin] = await t.loginAll('admin');
  const type = await buildRequestType(t, { code: 'keyset_plain', name: 'Keyset plain', starters: ['student'], visaScope: 'All' });
  const other = await buildRequestType(t, { code: 'keyset_other', name: 'Another keyset', starters: ['student'], visaScope: 'All' });
  for (let i = 0; i < 23; i++) {
    const draft = i % 5 === 0;
    await buildRequest(t, {
      status: draft ? 'draft' : i % 2 ? 'submitted' : 'completed',
      requestTypeId: (i % 3 ? type : other).id,
      // Pairs of requests submitted at the same moment: the request number breaks the tie.
      ...(draft ? {} : { submittedAt: new Date(`2026-02-${String(1 + Math.floor(i / 2)).padStart(2, '0')}T23:30:00Z`) }),
    });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('staff request list, next and previous pages', () => {
  const sorts = ['number', 'type', 'requester', 'status', 'submittedAt', 'updatedAt'] as const;
  for (const sort of sorts)
    for (const order of ['asc', 'desc'] as const)
      it(`walks every page by ${sort} ${order} forwards and back, as numbered pages show them`, async () => {
        const base = { sort, order, pageSize: 4 };
        const numbered: string[] = [];
        for (let page = 1; ; page++) {
          const body = await get({ ...base, page });
          numbered.push(...body.items.map((r) => r.id));
          if (!body.next) break;
          expect(page).toBeLessThan(100);
        }
        const first = await get(base);
        expect(first.prev).toBeNull();
        expect(first.totalCapped).toBe(false);
        expect(first.total).toBe(numbered.length);
        const pages: string[][] = [first.items.map((r) => r.id)];
        let at = first;
        while (at.next) {
          at = await get({ ...base, after: at.next });
          expect(at.prev).not.toBeNull();
          pages.push(at.items.map((r) => r.id));
        }
        expect(pages.flat()).toEqual(numbered);
        // And back from the last page to the first, page by page.
        const back: string[][] = [at.items.map((r) => r.id)];
        while (at.prev) {
          at = await get({ ...base, before: at.prev });
          back.unshift(at.items.map((r) => r.id));
        }
        expect(back).toEqual(pages);
      });

  it('opens a numbered page with a previous-page cursor that leads back to the page before', async () => {
    const page3 = await get({ sort: 'submittedAt', order: 'desc', pageSize: 5, page: 3 });
    const page2 = await get({ sort: 'submittedAt', order: 'desc', pageSize: 5, page: 2 });
    const before = await get({ sort: 'submittedAt', order: 'desc', pageSize: 5, before: page3.prev! });
    expect(before.items.map((r) => r.id)).toEqual(page2.items.map((r) => r.id));
  });

  it('answers a damaged or foreign cursor with a message on the parameter, never a server error', async () => {
    const { next } = await get({ sort: 'updatedAt', order: 'desc', pageSize: 3 });
    for (const [query, field] of [
      [{ after: 'not-a-cursor' }, 'after'],
      [{ before: Buffer.from('["2026-13-45 99:00:00+00","1"]').toString('base64url') }, 'before'],
      [{ after: Buffer.from('[1,2,3]').toString('base64url') }, 'after'],
      // A cursor of one sort handed to another sort's list.
      [{ after: next!, sort: 'requester' }, 'after'],
      [{ after: Buffer.from('["x\'); drop table requests; --","1"]').toString('base64url'), sort: 'status' }, null],
    ] as const) {
      const res = await call(t, 'GET', '/api/requests', { as: admin, query: { pageSize: 3, ...query } });
      if (field === null) {
        // A text sort key may hold anything: it is a bound value, compared, never run.
        expect(res.statusCode, res.body).toBe(200);
        continue;
      }
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors[field]).toBeDefined();
    }
    expect(Number((await t.sql<{ n: string }>('select count(*) as n from requests'))[0]!.n)).toBeGreaterThan(0);
  });

  it('sorts by the requester’s new name once the person is renamed, whoever renamed them', async () => {
    const other = await buildRequest(t, { requester: 'scholar', status: 'submitted' });
    const ids = async (order: 'asc' | 'desc') => {
      const ids: string[] = [];
      for (
        let at = await get({ sort: 'requester', order, pageSize: 10 });
        ;
        at = await get({ sort: 'requester', order, pageSize: 10, after: at.next })
      ) {
        ids.push(...at.items.map((r) => r.id));
        if (!at.next) return ids;
      }
    };
    const rename = (lastName: string) =>
      t.sql('update users set last_name = $1 where id = (select requester_user_id from requests where id = $2)', [lastName, other.id]);
    await rename('Aardvark');
    expect((await ids('asc'))[0]).toBe(other.id);
    expect((await ids('desc')).at(-1)).toBe(other.id);
    await rename('Zwingli');
    const asc = await ids('asc');
    expect(asc.at(-1)).toBe(other.id);
    expect(new Set(asc).size).toBe(asc.length);
    expect(asc.length).toBe((await get({ sort: 'number', order: 'asc', pageSize: 10 })).total);
  });
});
