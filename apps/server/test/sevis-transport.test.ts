import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { sevisApi, type TSession } from '@meridian/domain';
import { dependentUserDefined } from '../src/modules/sevis/xml/index.js';
import { HttpSevisTransport, OFF_TRANSPORT, setSevisTransport } from '../src/modules/sevis/transport/sevis-transport.js';
import { createTestApp, type TTestApp } from './app.js';
import { startFakeSevis, type TFakeSevis } from './fake-sevis/server.js';
import { call } from './http.js';
import { buildDependent, buildSevisBatch, buildStudent } from './factories/index.js';
import { SAMPLE_BATCH } from './sevis-results-fixtures.js';

let t: TTestApp;
let fake: TFakeSevis;
let admin: TSession;
let officer: TSession;

const configure = () =>
  setSevisTransport(new HttpSevisTransport({ baseUrl: fake.url, cert: fake.clientCert, key: fake.clientKey, ca: fake.ca }));

beforeAll(async () => {
  [t, fake] = await Promise.all([createTestApp(), startFakeSevis()]);
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
});
afterAll(async () => {
  setSevisTransport(null);
  await fake?.close();
  await t?.close();
});

const send = (as: TSession, id: string) => call(t, 'POST', `/api/sevis/batches/${id}/send`, { as });
const fetchResults = (as: TSession, id: string) => call(t, 'POST', `/api/sevis/batches/${id}/fetch-results`, { as });

describe('the SEVIS batch interface (against the fake SEVIS server)', () => {
  it('is off unless configured: sending and fetching say so, and manual download/upload remain the way', async () => {
    setSevisTransport(OFF_TRANSPORT);
    expect((await call(t, 'GET', '/api/sevis/transport', { as: admin })).json()).toEqual({ isConfigured: false, url: '' });
    const s = await buildStudent(t);
    const b = await buildSevisBatch(t, {
      orgId: 'DEM214F00000001',
      kind: 'student',
      status: 'pending',
      xml: '<x/>',
      records: [{ profileId: s.id, requestId: 'off1', kind: 'update' }],
    });
    const res = await send(admin, b.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(sevisApi.TRANSLOG_MSG.notConfigured);
  });

  it('sends a batch with the client certificate, waits while SEVIS has not processed it, then fetches and imports the results zip', async () => {
    configure();
    expect((await call(t, 'GET', '/api/sevis/transport', { as: admin })).json()).toEqual({ isConfigured: true, url: fake.url });
    const s = await buildStudent(t, { visaType: 'J-1', firstName: 'Ihave', lastName: 'Dependent', sevisId: null, evCategoryCode: '1B' });
    const dep = await buildDependent(t, s, {
      firstName: 'IAmSpouse',
      lastName: 'Dependent',
      relationshipCode: '01',
      birthDate: '1963-02-24',
    });
    // As our builder sends it: the spouse's UserDefinedA/B name our rows (SEVIS echoes them back).
    const ud = dependentUserDefined(s.id, dep.id);
    const batchXml = SAMPLE_BATCH.replace(
      /<UserDefinedA>59079<\/UserDefinedA>(\s*)<UserDefinedB>B6<\/UserDefinedB>/,
      `<UserDefinedA>${ud.UserDefinedA}</UserDefinedA>$1<UserDefinedB>${ud.UserDefinedB}</UserDefinedB>`,
    );
    expect(batchXml).not.toBe(SAMPLE_BATCH);
    const b = await buildSevisBatch(t, {
      orgId: 'P-1-19833',
      batchId: '----kynEn47azQ',
      status: 'pending',
      xml: batchXml,
      records: [{ profileId: s.id, requestId: '1-1-59079' }],
    });

    // Only a SEVIS sender may send (the demo officer is not one); a pending batch has no results to fetch.
    expect((await send(officer, b.id)).json()).toMatchObject({ message: sevisApi.TRANSLOG_MSG.noSender });
    expect((await fetchResults(admin, b.id)).json()).toMatchObject({ message: sevisApi.TRANSLOG_MSG.notSent });

    const sent = await send(admin, b.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', resultCode: 'S0000' });
    expect(fake.received.get('P-1-19833/----kynEn47azQ')).toMatchObject({ userId: 'esayya9302', clientSubject: 'Demo University PDSO' });
    expect(fake.received.get('P-1-19833/----kynEn47azQ')!.xml).toBe(batchXml);
    expect(fake.requests.every((r) => r.hadClientCert)).toBe(true);
    const [row] = await t.sql<{ status: string; sent_via: string }>('select status, sent_via from sevis_batches where id = $1', [b.id]);
    expect(row).toEqual({ status: 'sent', sent_via: 'transport' });
    expect((await send(admin, b.id)).statusCode).toBe(409);

    fake.pendingDownloads.set('P-1-19833/----kynEn47azQ', 1);
    const early = await fetchResults(admin, b.id);
    expect(early.json()).toEqual({ isReady: false, message: sevisApi.TRANSLOG_MSG.notProcessed, result: null });

    const done = await fetchResults(admin, b.id);
    expect(done.statusCode, done.body).toBe(200);
    const out = done.json<sevisApi.TFetchResultsOutput>();
    expect(out.isReady).toBe(true);
    expect(out.result).toMatchObject({ batchStatus: 'completed', formsFound: 1, log: { resultCode: 'S0000', succeededCount: 1 } });
    const [p] = await t.sql<{ sevis_id: string }>('select sevis_id from student_profiles where id = $1', [s.id]);
    expect(p!.sevis_id).toMatch(/^N\d{10}$/);
    expect(out.result!.records[0]).toMatchObject({ status: 'succeeded', sevisId: p!.sevis_id });
    const [d] = await t.sql<{ sevis_id: string }>('select sevis_id from student_dependents where profile_id = $1', [s.id]);
    expect(d!.sevis_id).toMatch(/^N\d{10}$/);
    // Fetching again finds the same log: nothing changes.
    expect((await fetchResults(admin, b.id)).json<sevisApi.TFetchResultsOutput>().result).toMatchObject({ isDuplicate: true });
  });

  it("answers like the real SEVIS: its results log validates with xmllint against SevisTransLog.xsd, and a record marked bad fails with SEVIS's code", async () => {
    configure();
    const ok = await buildStudent(t);
    const bad = await buildStudent(t, { lastName: 'Markedbad' });
    const batchId = 'FAKE0000000002';
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?><SEVISBatchCreateUpdateStudent userID="esayya9302"><BatchHeader><BatchID>${batchId}</BatchID><OrgID>DEM214F00000001</OrgID></BatchHeader><UpdateStudent>` +
      `<Student sevisID="${ok.sevisId}" requestID="u-ok" userID="esayya9302"><Reprint><Reason>01</Reason></Reprint></Student>` +
      `<Student sevisID="${bad.sevisId}" requestID="u-bad" userID="esayya9302"><Reprint><Reason>01</Reason></Reprint></Student></UpdateStudent></SEVISBatchCreateUpdateStudent>`;
    const b = await buildSevisBatch(t, {
      orgId: 'DEM214F00000001',
      batchId,
      kind: 'student',
      status: 'pending',
      xml,
      records: [
        { profileId: ok.id, requestId: 'u-ok', kind: 'update', eventType: 'Reprint', action: '' },
        { profileId: bad.id, requestId: 'u-bad', kind: 'update', eventType: 'Reprint', action: '' },
      ],
    });
    fake.failRequestIds.add('u-bad');
    expect((await send(admin, b.id)).json()).toMatchObject({ status: 'sent' });

    // The zip the fake serves, checked by Debian's xmllint as the real one would be.
    const { HttpSevisTransport: T } = await import('../src/modules/sevis/transport/sevis-transport.js');
    const raw = await new T({ baseUrl: fake.url, cert: fake.clientCert, key: fake.clientKey, ca: fake.ca }).download({
      orgId: 'DEM214F00000001',
      batchId,
      userId: 'esayya9302',
    });
    const files = unzipSync(new Uint8Array(raw.body));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'translog-'));
    try {
      writeFileSync(path.join(dir, 'log.xml'), files['sevis_transaction_log.xml']!);
      const xsd = new URL('../sevis-xsd/exchange-visitor-6.27/SevisTransLog.xsd', import.meta.url).pathname;
      execFileSync('xmllint', ['--noout', '--schema', xsd, path.join(dir, 'log.xml')], { stdio: 'pipe' });
      expect(readFileSync(path.join(dir, 'log.xml'), 'utf8')).toContain('<ErrorCode>S1056</ErrorCode>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const out = (await fetchResults(admin, b.id)).json<sevisApi.TFetchResultsOutput>();
    expect(out.result).toMatchObject({
      batchStatus: 'completed_with_errors',
      log: { resultCode: 'S0020', succeededCount: 1, failedCount: 1 },
    });
    const errors = (await call(t, 'GET', '/api/sevis/system-errors', { as: admin, query: { q: 'Markedbad' } })).json<{
      items: sevisApi.TSystemError[];
    }>();
    expect(errors.items[0]).toMatchObject({ profileId: bad.id, resultCode: 'S1056', batchId });
  });

  it('a client without the office certificate is refused by SEVIS; the batch stays pending', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stranger-'));
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'k.pem', '-out', 'c.pem', '-days', '1', '-subj', '/CN=Stranger'],
        { cwd: dir, stdio: 'pipe' },
      );
      setSevisTransport(
        new HttpSevisTransport({
          baseUrl: fake.url,
          cert: readFileSync(path.join(dir, 'c.pem')),
          key: readFileSync(path.join(dir, 'k.pem')),
          ca: fake.ca,
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const s = await buildStudent(t);
    const b = await buildSevisBatch(t, {
      orgId: 'DEM214F00000001',
      batchId: 'FAKE0000000003',
      kind: 'student',
      status: 'pending',
      xml: '<SEVISBatchCreateUpdateStudent userID="esayya9302"><BatchHeader><BatchID>FAKE0000000003</BatchID><OrgID>DEM214F00000001</OrgID></BatchHeader></SEVISBatchCreateUpdateStudent>',
      records: [{ profileId: s.id, requestId: 'n1', kind: 'update' }],
    });
    const res = await send(admin, b.id);
    expect(res.statusCode).toBe(502);
    const [row] = await t.sql<{ status: string }>('select status from sevis_batches where id = $1', [b.id]);
    expect(row!.status).toBe('pending');
  });
});
