import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { REQUEST_FIELD_MSG, sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { requestTypeIdOf, studentOf, updateStudent } from './factories/index.js';
import { fileBody } from './sevis-results-fixtures.js';
import { sevisOnceDriver, type TSevisOnceDriver } from './sevis-once-driver.js';

// Each change reaches SEVIS once (docs/decisions/019-sevis-events-reach-sevis-once.md, docs/sevis-rules.md).

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;
let d: TSevisOnceDriver;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant] = await t.loginAll('admin', 'officer', 'assistant');
  d = await sevisOnceDriver(t, admin);
});
afterAll(async () => {
  await t?.close();
});

const kinds = (rows: { event_type: string; action: string; status: string }[]) =>
  rows.map((e) => `${e.event_type}/${e.action}:${e.status}`);
const upload = (xml: string | Buffer, name = 'sevis_transaction_log.xml') => {
  const f = fileBody(name, xml);
  return call(t, 'POST', '/api/sevis/transaction-logs', { as: admin, body: f.body, headers: f.headers });
};

describe('a Create carries its dependents and sites of activity', () => {
  // SEVIS Create-UpdateExchangeVisitor.xsd: CreateEV/ExchangeVisitor carries CreateDependent and AddSiteOfActivity.
  it('what waited for the Create is superseded when the Create is batched, and never sent after SEVIS accepts it', async () => {
    const p = await d.createRecord();
    const dep = await d.addDependent(p, 'Anna');
    const site = await d.addSite(p, 'US Department of State');
    expect(kinds(await d.events(p))).toEqual(['Create/Create:pending', 'Dependent/Add:pending', 'SiteOfActivity/Add:pending']);

    const first = await d.createBatches();
    expect(first.batches).toHaveLength(1);
    expect(first.batchedEvents).toBe(1);
    expect(kinds(await d.events(p))).toEqual(['Create/Create:batched', 'Dependent/Add:superseded', 'SiteOfActivity/Add:superseded']);
    await d.markSent(first.batches[0]!.id);
    const { res } = await d.answer(first.batches[0]!.id);
    expect(res.records[0]).toMatchObject({ status: 'succeeded' });

    const [rec] = await t.sql<{ sevis_id: string | null }>('select sevis_id from student_profiles where id = $1', [p]);
    expect(rec!.sevis_id).toMatch(/^N\d{10}$/);
    const [dRow] = await t.sql<{ sevis_id: string | null }>('select sevis_id from student_dependents where id = $1', [dep]);
    expect(dRow!.sevis_id).toMatch(/^N\d{10}$/);
    // SevisTransLog.xsd SiteOfActivityLogType/SiteId: SEVIS's id of the site is kept.
    const [sRow] = await t.sql<{ sevis_site_id: string }>('select sevis_site_id from student_sites_of_activity where id = $1', [site]);
    expect(sRow!.sevis_site_id).toMatch(/^\d+$/);

    const again = await d.createBatches();
    expect(again).toMatchObject({ batches: [], batchedEvents: 0, heldEvents: 0 });
  });

  it('a dependent added while the Create is at SEVIS is added once after it; a carried one edited meanwhile goes as an Edit', async () => {
    const p = await d.createRecord();
    const carried = await d.addDependent(p, 'Carried');
    await d.addSite(p, 'Site A');
    const b = await d.createBatches();
    await d.markSent(b.batches[0]!.id);
    const later = await d.addDependent(p, 'Later');
    const cur = (await call(t, 'GET', `/api/students/${p}`, { as: admin })).json<{ dependents: { id: string; birthCity: string }[] }>();
    expect(cur.dependents.map((x) => x.id)).toEqual(expect.arrayContaining([carried, later]));
    const edit = await call(t, 'PUT', `/api/students/${p}/dependents/${carried}`, {
      as: admin,
      body: {
        firstName: 'Carried',
        lastName: 'Schneider',
        relationshipCode: '01',
        gender: 'F',
        birthDate: '1999-05-06',
        birthCity: 'Berlin',
        birthCountryCode: 'DE',
        citizenshipCountryCode: 'DE',
        permanentResidenceCountryCode: 'DE',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Nothing of this record leaves while SEVIS is creating it.
    expect((await d.createBatches()).batchedEvents).toBe(0);
    await d.answer(b.batches[0]!.id);
    const waiting = (await d.events(p)).filter((e) => e.status === 'pending');
    expect(waiting.map((e) => `${e.event_type}/${e.action}/${e.dependent_id === later ? 'later' : 'carried'}`).sort()).toEqual([
      'Dependent/Add/later',
      'Dependent/Edit/carried',
    ]);
  });

  it('a record change while the Create is at SEVIS waits as an update, never as a second Create', async () => {
    const p = await d.createRecord();
    await d.addSite(p, 'Site B');
    const b = await d.createBatches();
    await d.markSent(b.batches[0]!.id);
    await d.editRecord(p, { birthCity: 'Hamburg' });
    expect(kinds(await d.events(p)).filter((k) => k.startsWith('Create'))).toEqual(['Create/Create:sent']);
    await d.answer(b.batches[0]!.id);
    const next = await d.createBatches();
    expect(next.batchedEvents).toBe(1);
    expect(kinds(await d.events(p))).toContain('PersonalInfo/Edit:batched');
  });
});

describe('a superseded Create never leaves', () => {
  it('a held-back Create replaced by a newer one (after the record was completed) is superseded; one CreateEV goes out', async () => {
    const p = await d.createRecord();
    // SEVIS requires at least one site of activity on a CreateEV: held back.
    const held = await d.createBatches();
    expect(held.heldEvents).toBeGreaterThanOrEqual(1);
    expect(kinds(await d.events(p))).toEqual(['Create/Create:held']);
    await d.editRecord(p, { financials: { personalFunds: 12000, schoolFunds: 18000 } });
    expect(kinds(await d.events(p))).toEqual(['Create/Create:superseded', 'Create/Create:pending']);
    await d.addSite(p, 'Site C');
    const b = await d.createBatches();
    await d.markSent(b.batches[0]!.id);
    await d.answer(b.batches[0]!.id);
    expect((await d.createBatches()).batchedEvents).toBe(0);
    const creates = await t.sql<{ n: number }>(
      `select count(*)::int as n from sevis_batch_records r join sevis_pending_events e on e.id = r.event_id where e.profile_id = $1 and e.event_type = 'Create'`,
      [p],
    );
    expect(creates[0]!.n).toBe(1);
  });
});

// 8 CFR 214.2(f)(8): a transfer keeps the student's SEVIS record; SEVIS Table 33: country codes.
describe('transfer in', () => {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const data = (country: string) => ({
    previous_school_name: 'Old State University',
    previous_sevis_id: 'N0012345678',
    sevis_release_date: day(-5),
    transfer_program_start_date: day(-1),
    foreign_address_line_1: '12 MG Road',
    foreign_city: 'Pune',
    foreign_zip_code: '411001',
    foreign_country: country,
    user_email: 'sam@example.edu',
    no_phone: '1',
  });

  it('approving it supersedes the pending Create (SEVIS has the student from the previous school); the country must be a code', async () => {
    const student = await t.login('student');
    const me = await updateStudent(t, (await studentOf(t)).id, { sevisId: null, visaType: 'F-1', transferDirection: '' });
    await d.editRecord(me.id, { birthCity: 'Pune' });
    expect(kinds(await d.events(me.id))).toContain('Create/Create:pending');
    const r = (
      await call(t, 'POST', '/api/requests', { as: student, body: { requestTypeId: await requestTypeIdOf(t, 'transfer_in') } })
    ).json<{ id: string }>();
    // A country typed as a word is refused on the field (the record stores a two-letter code, SEVIS Table 33 when sent).
    const word = await call(t, 'PUT', `/api/requests/${r.id}/data`, { as: student, body: { data: data('India') } });
    expect(word.statusCode, word.body).toBe(400);
    expect(word.json().fieldErrors?.['data.foreign_country'], word.body).toEqual([REQUEST_FIELD_MSG.countryCode]);
    expect((await call(t, 'PUT', `/api/requests/${r.id}/data`, { as: student, body: { data: data('in') } })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${r.id}/submit`, { as: student })).statusCode).toBe(200);
    const ok = await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: admin, body: { action: 'approve' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const ev = kinds(await d.events(me.id));
    expect(ev.filter((k) => k.startsWith('Create/Create'))).toEqual(['Create/Create:superseded']);
    expect(ev).toContain('Create/TransferIn:pending');
    const rec = await call(t, 'GET', `/api/students/${me.id}`, { as: admin });
    expect(rec.json().foreignAddress.countryCode).toBe('IN');
    // A later change of the record waits as an update for the SEVIS ID: no new Create.
    await d.editRecord(me.id, { birthCity: 'Mumbai', sessionStartDate: day(0), sessionEndDate: day(100) });
    expect(kinds(await d.events(me.id)).filter((k) => k.startsWith('Create/Create:pending'))).toEqual([]);
  });

  it('a record whose stored country is a word (saved before the rule) still opens', async () => {
    const p = await d.createRecord();
    await t.sql(`update student_profiles set foreign_address = jsonb_set(foreign_address, '{countryCode}', '"India"') where id = $1`, [p]);
    const res = await call(t, 'GET', `/api/students/${p}`, { as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().foreignAddress.countryCode).toBe('India');
  });
});

describe('dependents and sites matched by what SEVIS echoes', () => {
  it('dependents get their SEVIS IDs by UserDefinedB whatever order the log lists them in (SEVIS Common.xsd UserDefinedBType)', async () => {
    const p = await d.createRecord();
    const a = await d.addDependent(p, 'Alpha');
    const b = await d.addDependent(p, 'Beta');
    await d.addSite(p, 'Site D');
    const batch = await d.createBatches();
    const [x] = await t.sql<{ xml: string }>('select xml from sevis_batches where id = $1', [batch.batches[0]!.id]);
    expect(x!.xml).toMatch(/<UserDefinedB>[0-9A-F]{14}<\/UserDefinedB>/);
    await d.markSent(batch.batches[0]!.id);
    // Answer with the dependents in reverse order: matching by position would swap their IDs.
    const { xml } = await d.answer(batch.batches[0]!.id, { reverseDependents: true });
    const ids = await t.sql<{ id: string; sevis_id: string }>('select id, sevis_id from student_dependents where profile_id = $1', [p]);
    const byUd = [...xml.matchAll(/dependentSevisID="(N\d{10})"><UserDefinedA>[0-9A-F]*<\/UserDefinedA><UserDefinedB>([0-9A-F]{14})</g)];
    expect(byUd).toHaveLength(2);
    for (const [, sevisId, ud] of byUd) {
      const row = ids.find((r) => r.id.replace(/-/g, '').toUpperCase().startsWith(ud!));
      expect(row!.sevis_id).toBe(sevisId);
    }
    expect(new Set(ids.map((r) => r.id))).toEqual(new Set([a, b]));
  });

  it('a dependent SEVIS names that no row of ours matches is not guessed by position', async () => {
    const p = await d.createRecord();
    await d.addDependent(p, 'Gamma');
    await d.addSite(p, 'Site E');
    const batch = await d.createBatches();
    await d.markSent(batch.batches[0]!.id);
    const [b] = await t.sql<{ batch_id: string; org_id: string }>('select batch_id, org_id from sevis_batches where id = $1', [
      batch.batches[0]!.id,
    ]);
    const [r] = await t.sql<{ request: string }>('select sevis_request_id as request from sevis_batch_records where batch_row_id = $1', [
      batch.batches[0]!.id,
    ]);
    const log = `<TransactionLog><BatchHeader><BatchID>${b!.batch_id}</BatchID><OrgID>${b!.org_id}</OrgID></BatchHeader>
<BatchDetail status="true"><Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00" />
<Process resultCode="S0000" dateTimeStamp="2026-11-20T10:00:00.000+00:00">
<RecordCount><Success>1</Success><Failure>0</Failure><Total>1</Total></RecordCount>
<Record sevisID="N0077000001" requestID="${r!.request}"><ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate><Result status="true" />
<Dependent dependentSevisID="N0077000002"><UserDefinedA>X</UserDefinedA><UserDefinedB>B6</UserDefinedB></Dependent></Record>
</Process></BatchDetail></TransactionLog>`;
    expect((await upload(log)).statusCode).toBe(200);
    const deps = await t.sql<{ sevis_id: string | null }>('select sevis_id from student_dependents where profile_id = $1', [p]);
    expect(deps.map((x) => x.sevis_id)).toEqual([null]);
    const [audit] = await t.sql<{ after: Record<string, unknown> }>(
      `select after from audit_events where entity_id = $1 and action = 'sevis.result.imported'`,
      [p],
    );
    expect(audit!.after.unmatchedDependentSevisIds).toEqual(['N0077000002']);
  });
});

describe('requeueSevisEvent, cancelSevisEvent: a DSO fixes and sends again, or cancels with a reason', () => {
  it('a Create SEVIS refused (S2009) goes again after the fix, into a new batch, and is accepted once', async () => {
    const p = await d.createRecord();
    await d.addSite(p, 'Site F');
    const b = await d.createBatches();
    await d.markSent(b.batches[0]!.id);
    const [rq] = await t.sql<{ request: string }>('select sevis_request_id as request from sevis_batch_records where batch_row_id = $1', [
      b.batches[0]!.id,
    ]);
    await d.answer(b.batches[0]!.id, { fail: new Set([rq!.request]) });
    const [create] = await d.events(p);
    expect(create).toMatchObject({ status: 'failed' });
    // Only the record's site officers and super users (the demo officer is Main Campus's; this record is Medical Campus's).
    expect((await call(t, 'POST', `/api/sevis/events/${create!.id}/requeue`, { as: officer })).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/sevis/events/${create!.id}/requeue`, { as: assistant })).statusCode).toBe(403);
    const res = await call(t, 'POST', `/api/sevis/events/${create!.id}/requeue`, { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending' });
    const again = await d.createBatches();
    expect(again.batches[0]!.batchId).not.toBe(b.batches[0]!.batchId);
    await d.markSent(again.batches[0]!.id);
    await d.answer(again.batches[0]!.id);
    expect(kinds(await d.events(p)).filter((k) => k.startsWith('Create'))).toEqual(['Create/Create:succeeded']);
    // SEVIS creates a person once: a succeeded Create is not sent again.
    const twice = await call(t, 'POST', `/api/sevis/events/${create!.id}/requeue`, { as: admin });
    expect(twice.statusCode).toBe(409);
  });

  it('cancelling needs a reason on the field, is audited, and the update never leaves', async () => {
    const p = await d.createRecord();
    const [create] = await d.events(p);
    const empty = await call(t, 'POST', `/api/sevis/events/${create!.id}/cancel`, { as: admin, body: { reason: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.reason).toEqual(['Say why this SEVIS update is cancelled']);
    const ok = await call(t, 'POST', `/api/sevis/events/${create!.id}/cancel`, { as: admin, body: { reason: 'Entered twice' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'cancelled', message: 'Cancelled: Entered twice' });
    const [audit] = await t.sql<{ after: Record<string, unknown> }>(
      `select after from audit_events where entity_id = $1 and action = 'student.sevis-event.cancelled'`,
      [p],
    );
    expect(audit!.after).toMatchObject({ reason: 'Entered twice', status: 'cancelled' });
    await d.addSite(p, 'Site G');
    expect(kinds(await d.events(p)).filter((k) => k.startsWith('Create'))).toEqual(['Create/Create:cancelled']);
    expect((await call(t, 'POST', `/api/sevis/events/${create!.id}/cancel`, { as: admin, body: { reason: 'again' } })).statusCode).toBe(
      409,
    );
  });
});

describe('rebuildBatch: a batch SEVIS refused whole goes again under a new batch id', () => {
  it('S0013: every record back to pending, a new 14-character batch id, the refused batch marked rebuilt and its late log refused', async () => {
    const p1 = await d.createRecord();
    await d.addSite(p1, 'Site H');
    const p2 = await d.createRecord();
    await d.addSite(p2, 'Site I');
    const b = await d.createBatches();
    const refused = b.batches[0]!;
    expect(refused.recordCount).toBe(2);
    await d.markSent(refused.id);
    const { res, xml } = await d.answer(refused.id, { refuse: 'S0013' });
    expect(res.batchStatus).toBe('completed_with_errors');
    // The demo officer batches Main Campus only: this Medical Campus batch is out of reach.
    expect((await call(t, 'POST', `/api/sevis/batches/${refused.id}/rebuild`, { as: officer })).statusCode).toBe(404);
    const rebuilt = await call(t, 'POST', `/api/sevis/batches/${refused.id}/rebuild`, { as: admin });
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    const out = rebuilt.json<sevisApi.TRebuildBatchOutput>();
    expect(out.returnedEvents).toBe(2);
    expect(out.batches).toHaveLength(1);
    expect(out.batches[0]!.batchId).toHaveLength(14);
    expect(out.batches[0]!.batchId).not.toBe(refused.batchId);
    for (const p of [p1, p2]) expect(kinds(await d.events(p)).filter((k) => k.startsWith('Create'))).toEqual(['Create/Create:batched']);
    const [old] = await t.sql<{ status: string }>('select status from sevis_batches where id = $1', [refused.id]);
    expect(old!.status).toBe('rebuilt');
    expect((await call(t, 'POST', `/api/sevis/batches/${refused.id}/rebuild`, { as: admin })).statusCode).toBe(409);
    const late = await upload(xml.replace('S0013', 'S0012'));
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors.file).toEqual([sevisApi.TRANSLOG_MSG.rebuilt]);
  });

  it('a batch SEVIS processed (S0020: some records failed business rules) is not rebuilt', async () => {
    const p = await d.createRecord();
    await d.addSite(p, 'Site J');
    const b = await d.createBatches();
    await d.markSent(b.batches[0]!.id);
    const [rq] = await t.sql<{ request: string }>('select sevis_request_id as request from sevis_batch_records where batch_row_id = $1', [
      b.batches[0]!.id,
    ]);
    await d.answer(b.batches[0]!.id, { fail: new Set([rq!.request]) });
    const res = await call(t, 'POST', `/api/sevis/batches/${b.batches[0]!.id}/rebuild`, { as: admin });
    expect(res.statusCode).toBe(409);
  });
});

describe('importTransactionLog: the same log once, every record accounted for', () => {
  it('the same log with other line endings and indentation is the same log', async () => {
    const p = await d.createRecord();
    await d.addSite(p, 'Site K');
    const b = await d.createBatches();
    await d.markSent(b.batches[0]!.id);
    const { res, xml } = await d.answer(b.batches[0]!.id);
    expect(res.isDuplicate).toBe(false);
    const crlf = xml.replace(/\n/g, '\r\n').replace(/^ +/gm, '\t');
    const again = await upload(crlf, 'copy.xml');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isDuplicate: true, message: sevisApi.TRANSLOG_MSG.duplicate });
  });

  it('a record whose requestID the batch never carried is reported on the result, not dropped silently', async () => {
    const p = await d.createRecord();
    await d.addSite(p, 'Site L');
    const b = await d.createBatches();
    await d.markSent(b.batches[0]!.id);
    const [x] = await t.sql<{ batch_id: string; org_id: string }>('select batch_id, org_id from sevis_batches where id = $1', [
      b.batches[0]!.id,
    ]);
    const log = `<TransactionLog><BatchHeader><BatchID>${x!.batch_id}</BatchID><OrgID>${x!.org_id}</OrgID></BatchHeader>
<BatchDetail status="true"><Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00" />
<Process resultCode="S0000" dateTimeStamp="2026-11-20T10:00:00.000+00:00">
<RecordCount><Success>1</Success><Failure>0</Failure><Total>1</Total></RecordCount>
<Record sevisID="N0077000011" requestID="NOT-OURS-1"><ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate><Result status="true" /></Record>
</Process></BatchDetail></TransactionLog>`;
    const res = await upload(log);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unknownRequestIds).toEqual(['NOT-OURS-1']);
    expect(res.json().message).toContain(sevisApi.TRANSLOG_MSG.unknownRecords(['NOT-OURS-1']));
  });

  it("files SEVIS's printed form on a record without a portal account, for the office only", async () => {
    const p = await d.createRecord();
    await d.addSite(p, 'Site M');
    const b = await d.createBatches();
    await d.markSent(b.batches[0]!.id);
    const [x] = await t.sql<{ batch_id: string; org_id: string }>('select batch_id, org_id from sevis_batches where id = $1', [
      b.batches[0]!.id,
    ]);
    const [r] = await t.sql<{ request: string }>('select sevis_request_id as request from sevis_batch_records where batch_row_id = $1', [
      b.batches[0]!.id,
    ]);
    const log = `<TransactionLog><BatchHeader><BatchID>${x!.batch_id}</BatchID><OrgID>${x!.org_id}</OrgID></BatchHeader>
<BatchDetail status="true"><Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00" />
<Process resultCode="S0000" dateTimeStamp="2026-11-20T10:00:00.000+00:00">
<RecordCount><Success>1</Success><Failure>0</Failure><Total>1</Total></RecordCount>
<Record sevisID="N0077000021" requestID="${r!.request}"><ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate><Result status="true" /></Record>
</Process></BatchDetail></TransactionLog>`;
    const zip = Buffer.from(
      zipSync({ 'sevis_transaction_log.xml': strToU8(log), 'N0077000021.pdf': strToU8('%PDF-1.4\n% DS-2019\n%%EOF\n') }),
    );
    const res = await upload(zip, 'results.zip');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ formsFound: 1, formsStored: 1 });
    const docs = await call(t, 'GET', `/api/students/${p}/documents`, { as: admin });
    expect(docs.statusCode).toBe(200);
    const files = docs.json<{ id: string; fileName: string }[]>();
    expect(files.map((f) => f.fileName)).toEqual(['N0077000021.pdf']);
    const dl = await call(t, 'GET', `/api/attachments/${files[0]!.id}/download`, { as: admin });
    expect(dl.statusCode).toBe(200);
    // The demo officer does not reach this Medical Campus record.
    expect((await call(t, 'GET', `/api/attachments/${files[0]!.id}/download`, { as: officer })).statusCode).toBe(404);
  });
});
