import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type sevisApi, type TSession } from '@meridian/domain';
import { runSevisNightlyBatching } from '../src/modules/sevis/batches/operations/run-sevis-nightly-batching.js';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  buildPendingEvent,
  buildSevisSender,
  buildSevisSettings,
  buildStudentsWithPendingEvents,
  buildStudentWithPendingEvent,
  updateStudent,
} from './factories/index.js';
import { auditActionsOf } from './readers.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let medF: string;
type TOut = sevisApi.TCreateBatchesOutput;

const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const XSD = path.resolve(__dirname, '../sevis-xsd/student-6.55/Create-UpdateStudent.xsd');

/** Debian's xmllint accepts the stored XML against the official XSD (a second validator besides xmllint-wasm). */
function xmllintAccepts(xml: string): void {
  if (!hasXmllint) return;
  const file = path.join(os.tmpdir(), `sevis-batch-${process.pid}-${Date.now()}.xml`);
  fs.writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
  medF = (await buildSevisSettings(t, { site: 'MED', kind: 'F' })).id;
});
afterAll(async () => {
  await t?.close();
});

const create = (as: TSession, body: sevisApi.TCreateBatchesInput) => call(t, 'POST', '/api/sevis/batches', { as, body });
const eventsOf = (ids: string[]) =>
  t.sql<{ id: string; status: string; message: string; batch_id: string | null; profile_id: string }>(
    'select id, status, message, batch_id, profile_id from sevis_pending_events where profile_id = any($1::uuid[])',
    [ids],
  );

describe('Batch Manager: creating batches', () => {
  it('splits 251 records into batches of 250 and 1 with consecutive 14-character ids; the XML passes the XSD', async () => {
    const profiles = await buildStudentsWithPendingEvents(t, 251, { site: 'MED' });
    const res = await create(admin, { settingsId: medF });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<TOut>();
    expect(out.batches.map((b) => b.recordCount)).toEqual([250, 1]);
    expect(out.batches.map((b) => b.batchId)).toEqual(['00000000000001', '00000000000002']);
    expect(out).toMatchObject({ batchedEvents: 251, heldEvents: 0 });
    const events = await eventsOf(profiles);
    expect(events.every((e) => e.status === 'batched')).toBe(true);
    const [first] = await t.sql<{ xml: string; kind: string; sevis_user_id: string; status: string }>(
      'select xml, kind, sevis_user_id, status from sevis_batches where id = $1',
      [out.batches[0]!.id],
    );
    expect(first).toMatchObject({ kind: 'student', sevis_user_id: 'DEMOPDSO01', status: 'pending' });
    expect((first!.xml.match(/requestID="/g) ?? []).length).toBe(250);
    expect(first!.xml).toContain('<BatchID>00000000000001</BatchID>');
    xmllintAccepts(first!.xml);
    const recs = await t.sql<{ n: number }>('select count(*)::int as n from sevis_batch_records where batch_row_id = $1', [
      out.batches[0]!.id,
    ]);
    expect(recs[0]!.n).toBe(250);
    expect(await auditActionsOf(t, out.batches[1]!.id, { entityType: 'sevis_batch' })).toEqual(['sevis.batch-created']);
    expect(await auditActionsOf(t, profiles[0]!, { entityType: 'student_profile' })).toContain('student.sevis-event.batched');
  });

  it('one record per student per batch: a second event of the same student goes into the next batch', async () => {
    const s = await buildStudentWithPendingEvent(t, { site: 'MED' });
    const second = await buildPendingEvent(
      t,
      { id: s.profileId, institutionId: t.institutionA },
      { eventType: 'PersonalInfo', action: 'Address', payload: {} },
    );
    const out = (await create(admin, { settingsId: medF, eventIds: [s.eventId, second.id] })).json<TOut>();
    expect(out.batches.map((b) => b.recordCount)).toEqual([1, 1]);
  });

  it('holds back a record the schema refuses, with the schema message on the event, and batches the rest', async () => {
    const good = await buildStudentWithPendingEvent(t, { site: 'MED' });
    const bad = await buildStudentWithPendingEvent(t, { site: 'MED', record: { sevisId: 'N123' } });
    const out = (await create(admin, { settingsId: medF, eventIds: [good.eventId, bad.eventId] })).json<TOut>();
    expect(out).toMatchObject({ batchedEvents: 1, heldEvents: 1 });
    const [held] = await t.sql<{ status: string; message: string }>('select status, message from sevis_pending_events where id = $1', [
      bad.eventId,
    ]);
    expect(held!.status).toBe('held');
    expect(held!.message).toMatch(/SEVIS schema refused this Registration/);
    expect(held!.message).toMatch(/sevisID/);
    const list = (await call(t, 'GET', '/api/sevis/pending-events', { as: admin, query: { settingsId: medF, status: 'held' } })).json<{
      items: sevisApi.TPendingEvent[];
    }>();
    expect(list.items.find((e) => e.id === bad.eventId)?.message).toBe(held!.message);
    // The office fixes the record: the next "Create batches" takes the held event again.
    await updateStudent(t, bad.profileId, { sevisId: 'N0099887766' });
    const again = (await create(admin, { settingsId: medF })).json<TOut>();
    expect(again.batchedEvents).toBe(1);
    const [fixed] = await t.sql<{ status: string; message: string }>('select status, message from sevis_pending_events where id = $1', [
      bad.eventId,
    ]);
    expect(fixed).toEqual({ status: 'batched', message: '' });
  });

  it('gives unique batch ids per OrgID under concurrent creation, and never batches an event twice', async () => {
    const medJ = (await buildSevisSettings(t, { site: 'MED', kind: 'J' })).id;
    const students = await Promise.all(
      Array.from({ length: 6 }, () =>
        buildStudentWithPendingEvent(t, {
          site: 'MED',
          visaType: 'J-1',
          event: { eventType: 'Biographical', action: 'Edit', payload: {} },
        }),
      ),
    );
    const calls = students.map((s) => create(admin, { settingsId: medJ, eventIds: [s.eventId] }));
    const racing = [create(admin, { settingsId: medJ }), create(admin, {})];
    const results = await Promise.all([...calls, ...racing]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const rows = await t.sql<{ batch_id: string }>('select batch_id from sevis_batches where settings_id = $1', [medJ]);
    expect(new Set(rows.map((r) => r.batch_id)).size).toBe(rows.length);
    expect(rows.every((r) => r.batch_id.length === 14)).toBe(true);
    const records = await t.sql<{ n: number; d: number }>(
      `select count(*)::int as n, count(distinct r.event_id)::int as d from sevis_batch_records r
      join sevis_batches b on b.id = r.batch_row_id where b.settings_id = $1`,
      [medJ],
    );
    expect(records[0]!.n).toBe(records[0]!.d);
    const statuses = await eventsOf(students.map((s) => s.profileId));
    expect(statuses.every((e) => e.status === 'batched' || e.status === 'held')).toBe(true);
  });
});

describe('Batch Manager: lists, download, mark sent, scope', () => {
  let batchRowId: string;
  let batchId: string;
  let mainBatchId: string;

  beforeAll(async () => {
    const s = await buildStudentWithPendingEvent(t, { site: 'MED' });
    const out = (await create(admin, { settingsId: medF, eventIds: [s.eventId] })).json<TOut>();
    batchRowId = out.batches[0]!.id;
    batchId = out.batches[0]!.batchId;
    const m = await buildStudentWithPendingEvent(t, { site: 'MAIN' });
    const mainSettings = await t.sql<{ id: string }>(
      `select id from sevis_settings where institution_id = $1 and org_id = 'BOS214F00012345'`,
      [t.institutionA],
    );
    mainBatchId = (await create(admin, { settingsId: mainSettings[0]!.id, eventIds: [m.eventId] })).json<TOut>().batches[0]!.id;
  });

  it('shows pending groups by OrgID with counts and the events with student, type and raised date', async () => {
    await buildStudentWithPendingEvent(t, { site: 'MED' });
    const groups = (await call(t, 'GET', '/api/sevis/pending-groups', { as: admin })).json<{ items: sevisApi.TPendingGroup[] }>();
    const med = groups.items.find((g) => g.settingsId === medF)!;
    expect(med).toMatchObject({ programKind: 'F', campusSiteName: 'Medical Campus', canCreate: true });
    expect(med.pendingCount).toBeGreaterThanOrEqual(1);
    const officerGroups = (await call(t, 'GET', '/api/sevis/pending-groups', { as: officer })).json<{
      items: sevisApi.TPendingGroup[];
    }>();
    expect(officerGroups.items.every((g) => g.campusSiteName === 'Main Campus')).toBe(true);
    const events = (
      await call(t, 'GET', '/api/sevis/pending-events', { as: admin, query: { settingsId: medF, status: 'pending', pageSize: 5 } })
    ).json();
    expect(events.items[0]).toMatchObject({
      eventType: 'Registration',
      action: 'Register',
      visaType: 'F-1',
      campusSiteName: 'Medical Campus',
    });
    expect(events.pageSize).toBe(5);
  });

  it('lists batches with server paging and filters; an officer of Main Campus sees Main Campus batches only', async () => {
    const all = (await call(t, 'GET', '/api/sevis/batches', { as: admin, query: { pageSize: 2 } })).json();
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const one = (await call(t, 'GET', '/api/sevis/batches', { as: admin, query: { settingsId: medF, q: batchId } })).json();
    expect(one.items.map((b: sevisApi.TSevisBatch) => b.id)).toEqual([batchRowId]);
    expect(one.items[0]).toMatchObject({
      status: 'pending',
      campusSiteName: 'Medical Campus',
      createdByName: 'Avery Admin',
      canSend: true,
    });
    const pending = (await call(t, 'GET', '/api/sevis/batches', { as: admin, query: { status: 'completed' } })).json();
    expect(pending.total).toBe(0);
    const mine = (await call(t, 'GET', '/api/sevis/batches', { as: officer, query: { pageSize: 100 } })).json();
    expect(mine.items.map((b: sevisApi.TSevisBatch) => b.id)).toContain(mainBatchId);
    expect(mine.items.every((b: sevisApi.TSevisBatch) => b.campusSiteName === 'Main Campus')).toBe(true);
  });

  it('downloads the XML named by its batch id and marks it sent (events sent, audit); other sites and institutions get 404', async () => {
    const dl = await call(t, 'GET', `/api/sevis/batches/${batchRowId}/xml`, { as: admin });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="${batchId}.xml"`);
    expect(dl.headers['content-type']).toMatch(/application\/xml/);
    expect(dl.body).toContain('<SEVISBatchCreateUpdateStudent');
    for (const [m, u] of [
      ['GET', `/api/sevis/batches/${batchRowId}`],
      ['GET', `/api/sevis/batches/${batchRowId}/xml`],
      ['POST', `/api/sevis/batches/${batchRowId}/mark-sent`],
    ] as const) {
      expect((await call(t, m, u, { as: officer })).statusCode, `${m} ${u}`).toBe(404);
    }
    const adminB = await t.login('admin', { host: HOST_B });
    expect((await call(t, 'GET', `/api/sevis/batches/${batchRowId}/xml`, { as: adminB, host: HOST_B })).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/sevis/batches/${batchRowId}/mark-sent`, { as: adminB, host: HOST_B })).statusCode).toBe(404);
    const sent = await call(t, 'POST', `/api/sevis/batches/${batchRowId}/mark-sent`, { as: admin });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', sentVia: 'manual', canSend: false });
    const detail = (await call(t, 'GET', `/api/sevis/batches/${batchRowId}`, { as: admin })).json<sevisApi.TSevisBatchDetail>();
    expect(detail.records).toHaveLength(1);
    expect(detail.records[0]).toMatchObject({ eventType: 'Registration', recordKind: 'update' });
    const [ev] = await t.sql<{ status: string }>('select status from sevis_pending_events where id = $1', [detail.records[0]!.eventId]);
    expect(ev!.status).toBe('sent');
    const audit = await t.sql('select action from audit_events where entity_type = $1 and entity_id = $2', ['sevis_batch', batchRowId]);
    expect(audit.map((a) => a.action).sort()).toEqual(['sevis.batch-created', 'sevis.batch-downloaded', 'sevis.batch-marked-sent']);
    // Not a DSO: may see the Main Campus batch but not mark it sent.
    const refused = await call(t, 'POST', `/api/sevis/batches/${mainBatchId}/mark-sent`, { as: officer });
    expect(refused.statusCode).toBe(403);
    await buildSevisSender(t, 'officer', 'DSO', 'OFFICER001');
    expect((await call(t, 'POST', `/api/sevis/batches/${mainBatchId}/mark-sent`, { as: officer })).json().status).toBe('sent');
  });
});

describe('runSevisNightlyBatching', () => {
  it('batches every OrgID set to isAutoBatch as its official; a second run finds nothing', async () => {
    const autoJ = (await buildSevisSettings(t, { site: 'MED', kind: 'J', isAutoBatch: true, officialSevisUserId: 'NIGHTRO001' })).id;
    await buildSevisSettings(t, { site: 'MED', kind: 'F', isAutoBatch: false });
    const s = await buildStudentWithPendingEvent(t, {
      site: 'MED',
      visaType: 'J-1',
      event: { eventType: 'Biographical', action: 'Edit', payload: {} },
    });
    const f = await buildStudentWithPendingEvent(t, { site: 'MED' });
    const first = await runSevisNightlyBatching(t.services);
    expect(first.batchedEvents + first.heldEvents).toBeGreaterThanOrEqual(1);
    const [ev] = await t.sql<{ status: string; batch_id: string | null }>(
      'select status, batch_id from sevis_pending_events where id = $1',
      [s.eventId],
    );
    expect(['batched', 'held']).toContain(ev!.status);
    if (ev!.batch_id) {
      const [b] = await t.sql<{ sevis_user_id: string; created_by: string | null; settings_id: string }>(
        'select sevis_user_id, created_by, settings_id from sevis_batches where id = $1',
        [ev!.batch_id],
      );
      expect(b).toEqual({ sevis_user_id: 'NIGHTRO001', created_by: null, settings_id: autoJ });
    }
    const [untouched] = await t.sql<{ status: string }>('select status from sevis_pending_events where id = $1', [f.eventId]);
    expect(untouched!.status).toBe('pending');
    const second = await runSevisNightlyBatching(t.services);
    expect(second.batches).toBe(0);
  });
});
