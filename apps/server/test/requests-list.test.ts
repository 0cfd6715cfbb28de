import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestSummary, TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, perms } from './http.js';
import { buildRequest, buildRequestType, buildUser, siteIdOf } from './factories/index.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;
let processingAssistant: TSession;
/** Requests the demo seed already holds (e.g. the scholar cases' engine requests): the counts below are of this file's own. */
let seeded = new Set<string>();
const ours = (list: TRequestSummary[]) => list.filter((r) => !seeded.has(r.id));

async function listAll(as: TSession, query: Record<string, string | number> = {}): Promise<TRequestSummary[]> {
  const out: TRequestSummary[] = [];
  for (let page = 1; ; page++) {
    const res = await call(t, 'GET', '/api/requests', { as, query: { ...query, page, pageSize: 7 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: TRequestSummary[]; total: number }>();
    out.push(...body.items);
    if (out.length >= body.total || body.items.length === 0) return out;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant] = await t.loginAll('admin', 'officer', 'assistant');
  seeded = new Set((await t.sql<{ id: string }>('select id from requests where institution_id = $1', [t.institutionA])).map((r) => r.id));
  // Requests across both sites, site-less ones, several requesters and states.
  const statuses = ['draft', 'submitted', 'in_review', 'approved', 'completed', 'clarification_requested'] as const;
  // Two types both requesters may start, without forms of their own (the catalogue's information updates have forms and effects).
  const plain = await Promise.all(
    ['plain_update_a', 'plain_update_b'].map((code) =>
      buildRequestType(t, { code, name: code, starters: ['student', 'scholar'], visaScope: 'All' }),
    ),
  );
  for (let i = 0; i < 24; i++) {
    const status = statuses[i % statuses.length]!;
    await buildRequest(t, {
      status,
      site: (['MAIN', 'MED', null] as const)[i % 3],
      requester: i % 4 === 0 ? 'scholar' : 'student',
      requestTypeId: plain[i % 2 ? 0 : 1]!.id,
      ...(status === 'draft' ? {} : { submittedAt: new Date(`2026-01-${String(1 + i).padStart(2, '0')}T12:00:00Z`) }),
    });
  }
  const med = await siteIdOf(t, 'MED');
  // A Medical Campus assistant who processes requests there and has set their password.
  const helper = await buildUser(t, {
    role: 'isssAdmin',
    canSignIn: true,
    staffPermissions: perms({
      isAssistant: true,
      assistantSites: [med],
      assistantSettings: { [String(med)]: { sendemail: false, editStudent: false, processRequests: true, sevisBatch: false } },
    }),
  });
  processingAssistant = await t.login(helper.userName);
});
afterAll(async () => {
  await t?.close();
});

describe('staff request list scope', () => {
  it('shows exactly the requests each actor can open one by one', async () => {
    const all = await t.sql<{ id: string }>('select id from requests where institution_id = $1', [t.institutionA]);
    for (const as of [admin, officer, processingAssistant]) {
      const listed = (await listAll(as)).map((r) => r.id).sort();
      const openable: string[] = [];
      for (const r of all) if ((await call(t, 'GET', `/api/requests/${r.id}`, { as })).statusCode === 200) openable.push(r.id);
      expect(listed).toEqual(openable.sort());
      expect(listed.length).toBeGreaterThan(0);
    }
    // Super user sees all; the Main Campus officer fewer; the MED assistant only MED.
    expect((await listAll(admin)).length).toBe(all.length);
    expect((await listAll(officer)).length).toBeLessThan(all.length);
    // The assistant without processRequests processes nothing: neither the list nor one request.
    expect((await call(t, 'GET', '/api/requests', { as: assistant })).statusCode).toBe(403);
  });
});

describe('listRequests: filters, paging, sorting', () => {
  it('filters by status (several), type, assignment, review status, dates and keyword', async () => {
    const submitted = await listAll(admin, { status: 'submitted,in_review' });
    expect(submitted.length).toBeGreaterThan(0);
    expect(submitted.every((r) => ['submitted', 'in_review'].includes(r.status))).toBe(true);
    const contact = await listAll(admin, { type: 'plain_update_a' });
    expect(contact.length).toBe(12);
    expect(ours(await listAll(admin, { assigned: 'unassigned' })).length).toBe(24);
    expect(await listAll(admin, { assigned: 'me' })).toEqual([]);
    expect(await listAll(admin, { reviewStatus: 4 })).toEqual([]);
    const jan = ours(await listAll(admin, { from: '2026-01-12', to: '2026-01-14' }));
    expect(jan.map((r) => r.submittedAt!.slice(0, 10)).sort()).toEqual(['2026-01-12', '2026-01-14']);
    const tanaka = ours(await listAll(admin, { q: 'tanaka' }));
    expect(tanaka.length).toBe(6);
    expect(tanaka.every((r) => r.requesterName === 'Hiro Tanaka')).toBe(true);
    expect(ours(await listAll(admin, { q: 'student@demo' })).length).toBe(18);
    const one = tanaka[0]!;
    expect((await listAll(admin, { q: `#${one.number}` })).map((r) => r.id)).toEqual([one.id]);
    expect((await call(t, 'GET', '/api/requests', { as: admin, query: { status: 'nonsense' } })).statusCode).toBe(400);
  });

  it('pages and sorts on the server', async () => {
    const p1 = (
      await call(t, 'GET', '/api/requests', { as: admin, query: { sort: 'number', order: 'asc', pageSize: 10, page: 1 } })
    ).json();
    const p3 = (
      await call(t, 'GET', '/api/requests', { as: admin, query: { sort: 'number', order: 'asc', pageSize: 10, page: 3 } })
    ).json();
    expect(p1.total).toBe(24 + seeded.size);
    expect(p1.items).toHaveLength(10);
    expect(p3.items).toHaveLength(Math.min(10, p1.total - 20));
    const nums = p1.items.map((r: TRequestSummary) => r.number);
    expect(nums).toEqual([...nums].sort((a, b) => a - b));
    const byRequester = ours(await listAll(admin, { sort: 'requester', order: 'asc' }));
    expect(byRequester[0]!.requesterName).toBe('Priya Sharma');
    const bySubmitted = await listAll(admin, { sort: 'submittedAt', order: 'desc' });
    expect(bySubmitted.at(-1)!.submittedAt).toBeNull();
  });
});
