import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildSevisBatch, buildStudent, studentOf, type TStudentOverrides, updateStudent } from './factories/index.js';
import { fileBody, SAMPLE_LOG, sampleBatch } from './sevis-results-fixtures.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
});
afterAll(async () => {
  await t?.close();
});

const upload = (as: TSession, fileName: string, data: Buffer | string) => {
  const f = fileBody(fileName, data);
  return call(t, 'POST', '/api/sevis/transaction-logs', { as, body: f.body, headers: f.headers });
};

/** A transaction log in SevisTransLog format for a batch: each record succeeded (with a SEVIS id) or failed with a code. */
function logFor(
  orgId: string,
  batchId: string,
  records: { requestId: string; sevisId?: string | undefined; error?: { code: string; message: string } }[],
  processCode?: string,
) {
  const failures = records.filter((r) => r.error).length;
  const recs = records
    .map(
      (r) => `<Record${r.sevisId ? ` sevisID="${r.sevisId}"` : ''} userID="esayya9302" requestID="${r.requestId}">
        <ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate>
        ${r.error ? `<Result status="false"><ErrorCode>${r.error.code}</ErrorCode><ErrorMessage>${r.error.message}</ErrorMessage></Result>` : '<Result status="true" />'}
      </Record>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<TransactionLog>
  <BatchHeader><BatchID>${batchId}</BatchID><OrgID>${orgId}</OrgID></BatchHeader>
  <BatchDetail status="${failures ? 'false' : 'true'}" system="ALPHA">
    <Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00"><FileName>batch.xml</FileName></Upload>
    <Process resultCode="${processCode ?? (failures ? 'S0020' : 'S0000')}" dateTimeStamp="2026-11-20T10:00:00.000+00:00">
      <RecordCount><Success>${records.length - failures}</Success><Failure>${failures}</Failure><Total>${records.length}</Total></RecordCount>
      ${recs}
    </Process>
    <Download resultCode="S0000" />
  </BatchDetail>
</TransactionLog>`;
}

describe('importTransactionLog', () => {
  it('imports the real sample log: the record gets its SEVIS ID, the spouse hers, the batch is completed, and the History Log says so', async () => {
    const { profileId, dependentId, batch, log } = await sampleBatch(t);
    expect(log).not.toBe(SAMPLE_LOG);
    const res = await upload(admin, 'sevis_transaction_log.xml', log);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<sevisApi.TTransLogImportOutput>();
    expect(out).toMatchObject({
      isDuplicate: false,
      batchStatus: 'completed',
      log: { orgId: 'P-1-19833', batchId: '----kynEn47azQ', resultCode: 'S0000', succeededCount: 1, failedCount: 0 },
    });
    expect(out.records).toEqual([
      expect.objectContaining({
        requestId: '1-1-59079',
        status: 'succeeded',
        sevisId: 'N0000158857',
        profileId,
        dependentSevisIds: ['N0000158274'],
      }),
    ]);

    const [p] = await t.sql<{ sevis_id: string }>('select sevis_id from student_profiles where id = $1', [profileId]);
    expect(p!.sevis_id).toBe('N0000158857');
    const deps = await t.sql<{ id: string; sevis_id: string | null }>(
      'select id, sevis_id from student_dependents where profile_id = $1 order by created_at',
      [profileId],
    );
    expect(deps.find((d) => d.id === dependentId)!.sevis_id).toBe('N0000158274');
    expect(deps.filter((d) => d.id !== dependentId).map((d) => d.sevis_id)).toEqual([null]);
    const [b] = await t.sql<{ status: string; result_code: string }>('select status, result_code from sevis_batches where id = $1', [
      batch.id,
    ]);
    expect(b).toEqual({ status: 'completed', result_code: 'S0000' });

    const events = (await call(t, 'GET', `/api/students/${profileId}/sevis-events`, { as: admin })).json<
      {
        status: string;
        resultCode: string;
        message: string;
      }[]
    >();
    expect(events[0]).toMatchObject({ status: 'succeeded', resultCode: 'S0000' });
    const history = (await call(t, 'GET', `/api/students/${profileId}/history`, { as: admin, query: { page: 1, pageSize: 50 } })).json<{
      items: { action: string }[];
    }>();
    expect(history.items.map((i) => i.action)).toEqual(expect.arrayContaining(['sevis.result.imported', 'student.sevis-id.assigned']));

    // The same log again changes nothing and says so.
    const before = await t.sql('select id from audit_events');
    const again = await upload(admin, 'copy-of-log.xml', log);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isDuplicate: true, message: sevisApi.TRANSLOG_MSG.duplicate, log: { id: out.log.id } });
    expect((await t.sql('select id from audit_events')).length).toBe(before.length);
    expect((await t.sql('select id from sevis_transaction_logs where batch_id = $1', ['----kynEn47azQ'])).length).toBe(1);

    const list = (await call(t, 'GET', '/api/sevis/transaction-logs', { as: admin })).json<{ items: { id: string }[] }>();
    expect(list.items.map((i) => i.id)).toContain(out.log.id);
    const detail = await call(t, 'GET', `/api/sevis/transaction-logs/${out.log.id}`, { as: admin });
    expect(detail.json()).toMatchObject({ log: { id: out.log.id }, records: [{ requestId: '1-1-59079', status: 'succeeded' }] });
  });

  it('a failed record carries its SEVIS code and message on the record and in System Errors; the batch is completed with errors', async () => {
    const ok = await buildStudent(t, { firstName: 'Okay', lastName: 'Sent' });
    const bad = await buildStudent(t, { firstName: 'Refused', lastName: 'Bysevis' });
    const created = await buildStudent(t, { firstName: 'Brand', lastName: 'New', sevisId: null });
    const orgId = 'DEM214F00000001';
    const batch = await buildSevisBatch(t, {
      orgId,
      kind: 'student',
      records: [
        { profileId: ok.id, requestId: 'r-ok', kind: 'update' },
        { profileId: bad.id, requestId: 'r-bad', kind: 'update' },
        { profileId: created.id, requestId: 'r-new', kind: 'create' },
      ],
    });
    const xml = logFor(orgId, batch.batchId, [
      { requestId: 'r-ok', sevisId: ok.sevisId! },
      {
        requestId: 'r-bad',
        sevisId: bad.sevisId!,
        error: { code: 'S1056', message: 'Program end date must be after the program start date' },
      },
      { requestId: 'r-new', sevisId: 'N0012345678' },
    ]);
    // As SEVIS returns it: a zip with the log and a printed form.
    const zip = Buffer.from(zipSync({ 'sevis_transaction_log.xml': strToU8(xml), 'N0012345678.pdf': strToU8('%PDF-1.4\n%%EOF\n') }));
    const res = await upload(admin, 'results.zip', zip);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<sevisApi.TTransLogImportOutput>();
    expect(out).toMatchObject({
      batchStatus: 'completed_with_errors',
      formsFound: 1,
      log: { resultCode: 'S0020', succeededCount: 2, failedCount: 1 },
    });
    const [n] = await t.sql<{ sevis_id: string }>('select sevis_id from student_profiles where id = $1', [created.id]);
    expect(n!.sevis_id).toBe('N0012345678');

    const events = (await call(t, 'GET', `/api/students/${bad.id}/sevis-events`, { as: admin })).json<
      {
        status: string;
        resultCode: string;
        message: string;
      }[]
    >();
    expect(events[0]).toMatchObject({
      status: 'failed',
      resultCode: 'S1056',
      message: 'Program end date must be after the program start date',
    });

    const errors = (await call(t, 'GET', '/api/sevis/system-errors', { as: admin, query: { q: 'Bysevis' } })).json<{
      items: sevisApi.TSystemError[];
      total: number;
    }>();
    expect(errors.total).toBe(1);
    expect(errors.items[0]).toMatchObject({
      profileId: bad.id,
      resultCode: 'S1056',
      batchId: batch.batchId,
      batchRowId: batch.id,
      studentName: 'Bysevis, Refused',
    });
    const byCode = (await call(t, 'GET', '/api/sevis/system-errors', { as: admin, query: { code: 'S1056', pageSize: 5 } })).json<{
      items: sevisApi.TSystemError[];
    }>();
    expect(byCode.items.map((i) => i.profileId)).toContain(bad.id);
  });

  it("files the zip's printed form on the student's record (not shown to the student), matched by SEVIS ID", async () => {
    // The demo student's record, known to SEVIS.
    let p = await studentOf(t);
    if (!p.sevisId) p = await updateStudent(t, p.id, { sevisId: 'N0066666661' });
    const sevisId = p.sevisId!;
    const orgId = 'DEM214F00000001';
    const batch = await buildSevisBatch(t, {
      orgId,
      kind: 'student',
      records: [{ profileId: p.id, requestId: 'form1', kind: 'update', eventType: 'Reprint', action: '' }],
    });
    const xml = logFor(orgId, batch.batchId, [{ requestId: 'form1', sevisId }]);
    const zip = Buffer.from(
      zipSync({
        'sevis_transaction_log.xml': strToU8(xml),
        [`${sevisId}.pdf`]: strToU8('%PDF-1.4\n% I-20\n%%EOF\n'),
        'N0000000000.pdf': strToU8('%PDF-1.4\n%%EOF\n'),
      }),
    );
    const res = await upload(admin, 'results.zip', zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ formsFound: 2, formsStored: 1 });
    const files = await t.sql<{ file_name: string; is_visible_to_requester: boolean; content_type: string }>(
      'select file_name, is_visible_to_requester, content_type from attachments where subject_user_id = $1 and file_name = $2',
      [p.userId, `${sevisId}.pdf`],
    );
    expect(files).toEqual([{ file_name: `${sevisId}.pdf`, is_visible_to_requester: false, content_type: 'application/pdf' }]);
  });

  it('a whole-batch failure (S0013) marks every record failed', async () => {
    const a = await buildStudent(t);
    const b = await buildStudent(t);
    const orgId = 'DEM214F00000001';
    const batch = await buildSevisBatch(t, {
      orgId,
      kind: 'student',
      records: [
        { profileId: a.id, requestId: 'x1', kind: 'update' },
        { profileId: b.id, requestId: 'x2', kind: 'update' },
      ],
    });
    const xml = `<TransactionLog><BatchHeader><BatchID>${batch.batchId}</BatchID><OrgID>${orgId}</OrgID></BatchHeader>
      <BatchDetail status="false"><Upload resultCode="S0013" dateTimeStamp="2026-11-20T09:00:00.000+00:00"><FileName>b.xml</FileName></Upload></BatchDetail></TransactionLog>`;
    const res = await upload(admin, 'log.xml', xml);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ batchStatus: 'completed_with_errors', log: { resultCode: 'S0013', failedCount: 2 } });
    const rows = await t.sql<{ status: string; result_code: string }>(
      'select status, result_code from sevis_pending_events where id = any($1)',
      [batch.events],
    );
    expect(rows).toEqual([
      { status: 'failed', result_code: 'S0013' },
      { status: 'failed', result_code: 'S0013' },
    ]);
  });

  it('a SEVIS ID the record cannot take (the students module sees a duplicate) leaves a note and does not undo the rest of the log', async () => {
    // Same first name, last name and birth date: the students module refuses either record an identity change.
    const twin = { firstName: 'Twin', lastName: 'Record', sevisId: null, birthDate: '2001-01-01' } satisfies TStudentOverrides;
    const a = await buildStudent(t, twin);
    await buildStudent(t, twin);
    const ok = await buildStudent(t, { sevisId: null });
    const orgId = 'DEM214F00000001';
    const batch = await buildSevisBatch(t, {
      orgId,
      kind: 'student',
      records: [
        { profileId: a.id, requestId: 'tw1' },
        { profileId: ok.id, requestId: 'ok1' },
      ],
    });
    const res = await upload(
      admin,
      'twins.xml',
      logFor(orgId, batch.batchId, [
        { requestId: 'tw1', sevisId: 'N0077777771' },
        { requestId: 'ok1', sevisId: 'N0077777772' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<sevisApi.TTransLogImportOutput>();
    expect(out.batchStatus).toBe('completed');
    expect(out.records.find((r) => r.requestId === 'tw1')!.message).toMatch(
      /^Accepted by SEVIS as N0077777771; the SEVIS ID could not be stored on the record: /,
    );
    const rows = await t.sql<{ id: string; sevis_id: string | null }>('select id, sevis_id from student_profiles where id = any($1)', [
      [a.id, ok.id],
    ]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.sevis_id]))).toEqual({ [a.id]: null, [ok.id]: 'N0077777772' });
  });

  it('refuses what is not a transaction log, a log of no batch of ours, and a batch out of reach', async () => {
    const notXml = await upload(admin, 'log.xml', 'hello');
    expect(notXml.statusCode).toBe(400);
    expect(notXml.json().fieldErrors.file[0]).toBe(sevisApi.TRANSLOG_MSG.notWellFormed);
    const invalid = await upload(admin, 'log.xml', '<TransactionLog><BatchHeader><OrgID>x</OrgID></BatchHeader></TransactionLog>');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.file[0]).toMatch(/^The file is not a valid SEVIS transaction log: /);
    const pdf = await upload(admin, 'log.pdf', '%PDF-1.4');
    expect(pdf.json().fieldErrors.file[0]).toBe(sevisApi.TRANSLOG_MSG.fileType);
    const entity = await upload(
      admin,
      'log.xml',
      '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><TransactionLog>&e;</TransactionLog>',
    );
    expect(entity.statusCode).toBe(400);
    const zipNoLog = await upload(admin, 'r.zip', Buffer.from(zipSync({ 'a.pdf': strToU8('%PDF-1.4') })));
    expect(zipNoLog.json().fieldErrors.file[0]).toBe(sevisApi.TRANSLOG_MSG.zipWithoutLog);
    // A zip bomb: a few hundred KB that would unpack to 180 MB is refused, not inflated.
    const bomb = Buffer.from(zipSync({ 'sevis_transaction_log.xml': new Uint8Array(180 * 1024 * 1024).fill(32) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(400 * 1024);
    const refusedBomb = await upload(admin, 'results.zip', bomb);
    expect(refusedBomb.statusCode).toBe(400);
    expect(refusedBomb.json().fieldErrors.file[0]).toBe(sevisApi.TRANSLOG_MSG.zipTooLarge);
    const noBatch = await upload(
      admin,
      'log.xml',
      logFor('DEM214F00000001', 'NOSUCHBATCH000', [{ requestId: 'q', sevisId: 'N0000000001' }]),
    );
    expect(noBatch.json().fieldErrors.file[0]).toBe(sevisApi.TRANSLOG_MSG.noBatch);

    // The demo officer works on Main Campus only: a MED batch is not theirs.
    const med = await buildStudent(t, { site: 'MED' });
    const batch = await buildSevisBatch(t, {
      orgId: 'DEM214F00000002',
      kind: 'student',
      site: 'MED',
      records: [{ profileId: med.id, requestId: 'm1', kind: 'update' }],
    });
    const foreign = await upload(
      officer,
      'log.xml',
      logFor('DEM214F00000002', batch.batchId, [{ requestId: 'm1', sevisId: med.sevisId! }]),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.file[0]).toBe(sevisApi.TRANSLOG_MSG.noBatch);
    const errs = (await call(t, 'GET', '/api/sevis/system-errors', { as: officer, query: { pageSize: 100 } })).json<{
      items: sevisApi.TSystemError[];
    }>();
    const sites = await t.sql<{ id: string; code: string }>(
      'select p.id, s.code from student_profiles p join campus_sites s on s.id = p.campus_site_id where p.id = any($1)',
      [errs.items.map((i) => i.profileId)],
    );
    expect(sites.every((s) => s.code === 'MAIN')).toBe(true);
  });
});
