import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@meridian/domain';
import { DEFAULT_TIME_ZONE } from '@meridian/domain';
import type { TContext } from '../src/platform/http/context.js';
import { officeToday } from './factories/index.js';
import { applyApprovalEffects } from '../src/modules/students/index.js';
import type { TRequestRow } from '../src/modules/requests/index.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { sevisOnceDriver, type TSevisOnceDriver } from './sevis-once-driver.js';

// Property: whatever the office does to records and whatever SEVIS answers, each change reaches SEVIS
// once (docs/decisions/019-sevis-events-reach-sevis-once.md): no person gets two Creates, nothing
// SEVIS created is added again, every accepted change ends in exactly one batch SEVIS accepted, and a
// superseded (or cancelled) update never leaves. Driven through the real operations on PostgreSQL.

let t: TTestApp;
let admin: TSession;
let d: TSevisOnceDriver;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  d = await sevisOnceDriver(t, admin);
});
afterAll(async () => {
  await t?.close();
});

type TOp =
  | { k: 'create'; withSite: boolean }
  | { k: 'dependent'; r: number }
  | { k: 'edit'; r: number; city: string }
  | { k: 'site'; r: number }
  | { k: 'transferIn'; r: number }
  | { k: 'batch' }
  | { k: 'answer'; failMask: number; refuse: boolean }
  | { k: 'requeue' }
  | { k: 'rebuild' };

const op: fc.Arbitrary<TOp> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('create' as const), withSite: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('dependent' as const), r: fc.nat(9) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('edit' as const), r: fc.nat(9), city: fc.constantFrom('Munich', 'Berlin', 'Bonn') }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('site' as const), r: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('transferIn' as const), r: fc.nat(9) }) },
  { weight: 3, arbitrary: fc.constant({ k: 'batch' as const }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('answer' as const), failMask: fc.nat(15), refuse: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ k: 'requeue' as const }) },
  { weight: 1, arbitrary: fc.constant({ k: 'rebuild' as const }) },
);

/** A context as the approval of a request runs in (the office's approval; no HTTP request behind it). */
const ctxOf = (): TContext => ({
  institutionId: t.institutionA,
  timeZone: DEFAULT_TIME_ZONE,
  today: () => officeToday(),
  actor: null,
  ip: '127.0.0.1',
  userAgent: 'property test',
  services: t.services,
  db: (fn) => t.services.database.tenant(t.institutionA, fn),
});

/** Approving a Transfer In on the record, through the students module's approval effects. */
async function approveTransferIn(profileId: string): Promise<void> {
  const request = {
    id: randomUUID(),
    number: 1,
    profileId,
    data: {
      previous_school_name: 'Old State University',
      previous_sevis_id: 'N0012345678',
      sevis_release_date: '2026-08-01',
      transfer_program_start_date: '2026-08-24',
      foreign_address_line_1: '12 MG Road',
      foreign_city: 'Pune',
      foreign_country: 'IN',
    },
  } as unknown as TRequestRow;
  await ctxOf().db((tx) => applyApprovalEffects(tx, ctxOf(), request, 'transfer_in'));
}

/** Batches of our OrgID in a state, oldest first. */
const batchesIn = (status: string) =>
  t.sql<{ id: string; result_code: string }>(
    `select b.id, b.result_code from sevis_batches b where b.settings_id = $1 and b.status = $2 order by b.created_at`,
    [d.settingsId, status],
  );

const sevisIdOf = async (p: string) =>
  (await t.sql<{ sevis_id: string | null }>('select sevis_id from student_profiles where id = $1', [p]))[0]!.sevis_id;

let ids = 0;
/** What SEVIS created, counted from the logs it answered: a person, dependent or site created twice is a duplicate in SEVIS. */
const created = { persons: new Map<string, number>(), dependents: new Map<string, number>(), sites: new Map<string, number>() };
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

async function answerAll(failMask: number, refuse: boolean): Promise<number> {
  const pending = await batchesIn('pending');
  for (const b of pending) {
    await d.markSent(b.id);
    const recs = await t.sql<{ request: string }>(
      'select sevis_request_id as request from sevis_batch_records where batch_row_id = $1 order by sevis_request_id',
      [b.id],
    );
    const fail = new Set(recs.filter((_, i) => (failMask >> i) & 1).map((r) => r.request));
    await d.answer(b.id, refuse ? { refuse: 'S0013' } : { fail });
    if (refuse) continue;
    // Count what SEVIS created, as its log says.
    const rows = await t.sql<{
      kind: string;
      profile_id: string;
      event_type: string;
      action: string;
      dep: string | null;
      site: string | null;
      status: string;
    }>(
      `select r.record_kind as kind, r.profile_id, e.event_type, e.action, e.dependent_id as dep, e.payload->>'siteId' as site, r.status
       from sevis_batch_records r join sevis_pending_events e on e.id = r.event_id where r.batch_row_id = $1`,
      [b.id],
    );
    const [xml] = await t.sql<{ xml: string }>('select xml from sevis_batches where id = $1', [b.id]);
    for (const r of rows) {
      if (r.status !== 'succeeded') continue;
      if (r.kind === 'create') {
        bump(created.persons, r.profile_id);
        const deps = await t.sql<{ id: string }>('select id from student_dependents where profile_id = $1', [r.profile_id]);
        for (const m of xml!.xml.matchAll(/<UserDefinedB>([0-9A-F]{14})<\/UserDefinedB>/g)) {
          const dep = deps.find((x) => x.id.replace(/-/g, '').toUpperCase().startsWith(m[1]!));
          if (dep) bump(created.dependents, dep.id);
        }
        const sites = await t.sql<{ id: string; name: string }>(
          'select id, name from student_sites_of_activity where profile_id = $1 and is_active',
          [r.profile_id],
        );
        for (const s of sites) if (xml!.xml.includes(`<SiteName>${s.name}</SiteName>`)) bump(created.sites, s.id);
      } else if (r.event_type === 'Dependent' && r.action === 'Add' && r.dep) bump(created.dependents, r.dep);
      else if (r.event_type === 'SiteOfActivity' && r.action === 'Add' && r.site) bump(created.sites, r.site);
    }
  }
  return pending.length;
}

async function run(ops: TOp[]): Promise<void> {
  const records: string[] = [];
  const pick = (r: number) => records[r % records.length];
  for (const o of ops) {
    switch (o.k) {
      case 'create': {
        const p = await d.createRecord();
        if (o.withSite) await d.addSite(p, `Lab ${(ids += 1)}`);
        records.push(p);
        break;
      }
      case 'dependent':
        if (records.length) await d.addDependent(pick(o.r)!, 'Dana');
        break;
      case 'edit':
        if (records.length) await d.editRecord(pick(o.r)!, { birthCity: `${o.city}${'x'.repeat((ids += 1) % 5)}` });
        break;
      case 'site':
        if (records.length) await d.addSite(pick(o.r)!, `Lab ${(ids += 1)}`);
        break;
      case 'transferIn':
        if (records.length && !(await sevisIdOf(pick(o.r)!))) await approveTransferIn(pick(o.r)!);
        break;
      case 'batch':
        await d.createBatches();
        break;
      case 'answer':
        await answerAll(o.failMask, o.refuse);
        break;
      case 'requeue': {
        const failed = await t.sql<{ id: string }>(
          `select e.id from sevis_pending_events e where e.profile_id = any($1::uuid[]) and e.status = 'failed'`,
          [records],
        );
        for (const e of failed) {
          const res = await call(t, 'POST', `/api/sevis/events/${e.id}/requeue`, { as: admin });
          expect([200, 409], res.body).toContain(res.statusCode);
        }
        break;
      }
      case 'rebuild':
        for (const b of await batchesIn('completed_with_errors'))
          if (b.result_code === 'S0013') {
            const res = await call(t, 'POST', `/api/sevis/batches/${b.id}/rebuild`, { as: admin });
            expect(res.statusCode, res.body).toBe(200);
          }
        break;
    }
    // At no moment are two Creates of one person at SEVIS or on their way to it.
    const twoInFlight = await t.sql(
      `select profile_id from sevis_pending_events where event_type = 'Create' and status in ('batched', 'sent') group by profile_id having count(*) > 1`,
    );
    expect(twoInFlight).toEqual([]);
  }

  // The office finishes the work: RTI done for transfers (their SEVIS ID entered), a site for every
  // exchange visitor, what SEVIS refused sent again (or cancelled when a newer update replaces it), and
  // batches until nothing is left; SEVIS accepts everything now.
  for (const p of records) {
    const [rec] = await t.sql<{ sevis_id: string | null; transfer_direction: string }>(
      'select sevis_id, transfer_direction from student_profiles where id = $1',
      [p],
    );
    if (rec!.transfer_direction === 'in' && !rec!.sevis_id)
      await d.editRecord(p, { sevisId: `N${String(8_000_000_000 + (ids += 1)).padStart(10, '0')}` });
    const [site] = await t.sql('select id from student_sites_of_activity where profile_id = $1 and is_active', [p]);
    if (!site) await d.addSite(p, `Lab ${(ids += 1)}`);
  }
  for (let round = 0; round < 8; round += 1) {
    for (const b of await batchesIn('completed_with_errors'))
      if (b.result_code === 'S0013') await call(t, 'POST', `/api/sevis/batches/${b.id}/rebuild`, { as: admin });
    const failed = await t.sql<{ id: string }>(
      `select id from sevis_pending_events where profile_id = any($1::uuid[]) and status = 'failed'`,
      [records],
    );
    for (const e of failed) {
      const res = await call(t, 'POST', `/api/sevis/events/${e.id}/requeue`, { as: admin });
      if (res.statusCode === 409)
        await call(t, 'POST', `/api/sevis/events/${e.id}/cancel`, { as: admin, body: { reason: 'Replaced by a newer update' } });
    }
    const out = await d.createBatches();
    const answered = await answerAll(0, false);
    if (!out.batchedEvents && !failed.length && !answered) break;
  }

  // The one update the office's screens cannot complete yet: an exchange visitor's dependent added after
  // SEVIS created the record needs the DS-2019's form purpose (EVPrintReasonType), which the dependent form
  // does not ask; the office cancels it with a reason. Anything else held back would be a failure here.
  const formPurpose = await t.sql<{ id: string }>(
    `select id from sevis_pending_events where profile_id = any($1::uuid[]) and status = 'held' and event_type = 'Dependent'
     and action = 'Add' and message like '%form purpose%'`,
    [records],
  );
  for (const e of formPurpose)
    await call(t, 'POST', `/api/sevis/events/${e.id}/cancel`, { as: admin, body: { reason: 'Form purpose to be added in SEVIS RTI' } });

  // Every accepted change ended in exactly one batch SEVIS accepted; nothing is left waiting.
  const open = await t.sql<{ event_type: string; action: string; status: string; message: string }>(
    `select event_type, action, status, message from sevis_pending_events where profile_id = any($1::uuid[])
     and status not in ('succeeded', 'superseded', 'cancelled')`,
    [records],
  );
  expect(open).toEqual([]);
  const acceptedOnce = await t.sql<{ id: string; n: number }>(
    `select e.id, (select count(*)::int from sevis_batch_records r where r.event_id = e.id and r.status = 'succeeded') as n
     from sevis_pending_events e where e.profile_id = any($1::uuid[]) and e.status = 'succeeded'`,
    [records],
  );
  expect(acceptedOnce.filter((e) => e.n !== 1)).toEqual([]);
  // A superseded or cancelled update never reached SEVIS.
  const leaked = await t.sql(
    `select e.id from sevis_pending_events e join sevis_batch_records r on r.event_id = e.id
     where e.profile_id = any($1::uuid[]) and e.status in ('superseded', 'cancelled') and r.status <> 'failed'`,
    [records],
  );
  expect(leaked).toEqual([]);
  // No person, dependent or site was created twice in SEVIS.
  for (const m of [created.persons, created.dependents, created.sites]) expect([...m.values()].filter((n) => n > 1)).toEqual([]);
  for (const p of records) expect(await sevisIdOf(p)).toMatch(/^N\d{10}$/);
}

describe('each change reaches SEVIS once, for any sequence of record changes and SEVIS answers', () => {
  it('holds for random sequences (fast-check)', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 6 }), (ops) => run([{ k: 'create', withSite: false }, ...ops])),
      { numRuns: 25, endOnFailure: true },
    );
  });
});
