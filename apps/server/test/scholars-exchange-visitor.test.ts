import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type scholarsApi, studentsApi, type sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildScholarCase, j1ApplicationData, sevisSettingsOf, siteIdOf } from './factories/index.js';
import { fileBody } from './sevis-results-fixtures.js';
import { auditActionsOf } from './readers.js';

/**
 * A J-1 scholar's case reaches SEVIS as an exchange visitor (docs/product/scholars-office.md#exchange-visitor-record):
 * the office makes the case a J-1 record in the students module (SEVIS Table 15 category 08 Research
 * scholar, SEVIS Table 28 position code), which raises the SEVIS Create; the EV batch passes the
 * Create-UpdateExchangeVisitor 6.27 XSD; the transaction log's SEVIS ID shows on the case.
 */
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let dept: TSession;

const XSD = path.resolve(__dirname, '../sevis-xsd/exchange-visitor-6.27/Create-UpdateExchangeVisitor.xsd');
const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
/** Debian's xmllint accepts the batch against the official EV XSD (besides the builder's own xmllint-wasm check). */
function xmllintAccepts(xml: string): void {
  if (!hasXmllint) return;
  const file = path.join(os.tmpdir(), `ev-scholar-${process.pid}-${Date.now()}.xml`);
  fs.writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, dept] = await t.loginAll('admin', 'officer', 'dept');
});
afterAll(async () => {
  await t?.close();
});

const CASE = (id: string) => `/api/scholars/office/cases/${id}`;
const getCase = async (id: string, as: TSession = admin) => (await call(t, 'GET', CASE(id), { as })).json<scholarsApi.TOfficeCase>();

const j1Data = (o: Record<string, unknown> = {}) =>
  j1ApplicationData({ firstName: 'Ingrid', lastName: 'Halvorsen', email: 'ingrid.halvorsen@example.edu', ...o });

async function j1Case(o: Record<string, unknown> = {}, site: 'MAIN' | 'MED' = 'MAIN') {
  return buildScholarCase(t, {
    processedState: 'J-1',
    proposedStatus: 'J-1',
    applicationState: 'draft',
    campusSiteId: await siteIdOf(t, site),
    processedStartDate: '2027-01-04',
    processedEndDate: '2028-01-03',
    data: j1Data(o),
  });
}

const confirm = (over: Partial<scholarsApi.TCaseExchangeVisitorInput> = {}) => ({
  evPositionCode: '213',
  gender: 'F' as const,
  birthCity: 'Oslo',
  birthCountryCode: 'NO',
  citizenshipCountryCode: 'NO',
  ...over,
});

/** A SevisTransLog answering one record of a batch with the SEVIS ID it assigned. */
const logFor = (orgId: string, batchId: string, requestId: string, sevisId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<TransactionLog>
  <BatchHeader><BatchID>${batchId}</BatchID><OrgID>${orgId}</OrgID></BatchHeader>
  <BatchDetail status="true" system="ALPHA">
    <Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00"><FileName>batch.xml</FileName></Upload>
    <Process resultCode="S0000" dateTimeStamp="2026-11-20T10:00:00.000+00:00">
      <RecordCount><Success>1</Success><Failure>0</Failure><Total>1</Total></RecordCount>
      <Record sevisID="${sevisId}" userID="esayya9302" requestID="${requestId}">
        <ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate>
        <Result status="true" />
      </Record>
    </Process>
    <Download resultCode="S0000" />
  </BatchDetail>
</TransactionLog>`;

describe('createCaseExchangeVisitor', () => {
  it('a research scholar (category 08) case becomes an EV record, its batch passes the 6.27 XSD, and the SEVIS ID comes back to the case', async () => {
    const k = await j1Case();
    const before = await getCase(k.applicationId);
    expect(before).toMatchObject({ exchangeVisitor: null, canCreateExchangeVisitor: true });

    const res = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: officer,
      body: confirm({ version: before.version }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<scholarsApi.TOfficeCase>();
    expect(created.exchangeVisitor).toMatchObject({ sevisId: null, evCategoryCode: '08', createStatus: 'pending', sevisStatus: 'Initial' });
    expect(created.canCreateExchangeVisitor).toBe(false);
    const profileId = created.exchangeVisitor!.profileId;
    const [p] = await t.sql<Record<string, unknown>>(
      `select visa_type, ev_category_cd, ev_position_code, subject_field_cd, program_start_date::text as start, program_end_date::text as "end",
              received_us_govt_funds, financials, us_address from student_profiles where id = $1`,
      [profileId],
    );
    expect(p).toMatchObject({
      visa_type: 'J-1',
      ev_category_cd: '08',
      ev_position_code: '213',
      subject_field_cd: '40.0801',
      start: '2027-01-04',
      end: '2028-01-03',
      received_us_govt_funds: false,
      financials: { schoolFunds: 60000, personalFunds: 5000 },
      us_address: { line1: '12 Oxford Street', city: 'Cambridge', state: 'MA', postalCode: '02138' },
    });
    expect(await auditActionsOf(t, k.applicationId, { entityType: 'scholar_application' })).toContain('scholar.exchange-visitor.created');

    // The EV batch of the campus site's J program: the Create with the category, position and site passes the XSD.
    const settings = await sevisSettingsOf(t, { site: 'MAIN', kind: 'J' });
    const [ev] = await t.sql<{ id: string }>(`select id from sevis_pending_events where profile_id = $1 and event_type = 'Create'`, [
      profileId,
    ]);
    const batchRes = await call(t, 'POST', '/api/sevis/batches', { as: admin, body: { settingsId: settings.id, eventIds: [ev!.id] } });
    expect(batchRes.statusCode, batchRes.body).toBe(200);
    const out = batchRes.json<sevisApi.TCreateBatchesOutput>();
    expect(out).toMatchObject({ batchedEvents: 1, heldEvents: 0 });
    const [b] = await t.sql<{ id: string; xml: string; kind: string; batch_id: string }>(
      'select id, xml, kind, batch_id from sevis_batches where id = $1',
      [out.batches[0]!.id],
    );
    expect(b!.kind).toBe('ev');
    for (const part of [
      '<CategoryCode>08</CategoryCode>',
      '<PositionCode>213</PositionCode>',
      '<SubjectFieldCode>40.0801</SubjectFieldCode>',
      '<SiteName>Jefferson Physical Laboratory</SiteName>',
      '<ReceivedUSGovtFunds>false</ReceivedUSGovtFunds>',
      '<PrgStartDate>2027-01-04</PrgStartDate>',
    ])
      expect(b!.xml).toContain(part);
    xmllintAccepts(b!.xml);
    expect((await getCase(k.applicationId)).exchangeVisitor!.createStatus).toBe('batched');

    // SEVIS answers: the transaction log assigns the SEVIS ID, and the case shows it.
    const [rec] = await t.sql<{ sevis_request_id: string }>('select sevis_request_id from sevis_batch_records where batch_row_id = $1', [
      b!.id,
    ]);
    expect((await call(t, 'POST', `/api/sevis/batches/${b!.id}/mark-sent`, { as: admin })).statusCode).toBe(200);
    const f = fileBody('log.xml', logFor(settings.orgId, b!.batch_id, rec!.sevis_request_id, 'N0012345678'));
    const imported = await call(t, 'POST', '/api/sevis/transaction-logs', { as: admin, body: f.body, headers: f.headers });
    expect(imported.statusCode, imported.body).toBe(200);
    const after = await getCase(k.applicationId, officer);
    expect(after.exchangeVisitor).toMatchObject({ profileId, sevisId: 'N0012345678', createStatus: 'succeeded' });
  });

  it('names on the field what the case lacks: the DS-2019 position code (SEVIS Table 28), the citizenship, the site of activity', async () => {
    const k = await j1Case({ siteOfActivityName: '' });
    const { version } = await getCase(k.applicationId);
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: { version, gender: 'F', birthCity: 'Oslo', evPositionCode: '' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors;
    expect(errors.evPositionCode).toBeDefined();
    expect(errors.citizenshipCountryCode).toBeDefined();
    expect(errors.siteOfActivity).toBeDefined();
    // A position code outside SEVIS Table 28 and a category outside SEVIS Table 15 are refused on their fields.
    const bad = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({ version, evPositionCode: '999', evCategoryCode: '3Z' }),
    });
    expect(bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toMatchObject({
      evPositionCode: [studentsApi.MSG_EV_POSITION],
      evCategoryCode: [studentsApi.MSG_EV_CATEGORY],
    });
    expect((await getCase(k.applicationId)).exchangeVisitor).toBeNull();
  });

  it('only office staff of the case campus site: an officer of another site gets 403, a department user none; a second record is refused', async () => {
    const med = await j1Case({ email: 'other.site@example.edu', lastName: 'Medsite' }, 'MED');
    const medCase = await getCase(med.applicationId);
    expect((await getCase(med.applicationId, officer)).canCreateExchangeVisitor).toBe(false);
    const refused = await call(t, 'POST', `${CASE(med.applicationId)}/exchange-visitor`, {
      as: officer,
      body: confirm({ version: medCase.version }),
    });
    expect(refused.statusCode).toBe(403);
    const byDept = await call(t, 'POST', `${CASE(med.applicationId)}/exchange-visitor`, {
      as: dept,
      body: confirm({ version: medCase.version }),
    });
    expect([403, 404]).toContain(byDept.statusCode);

    const ok = await call(t, 'POST', `${CASE(med.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({ version: medCase.version }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await call(t, 'POST', `${CASE(med.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({ version: ok.json<scholarsApi.TOfficeCase>().version }),
    });
    expect(again.statusCode).toBe(409);
  });

  it('an H-1B case has no exchange visitor record', async () => {
    const h = await buildScholarCase(t, { processedState: 'H-1B' });
    const c = await getCase(h.applicationId);
    expect(c.canCreateExchangeVisitor).toBe(false);
    const res = await call(t, 'POST', `${CASE(h.applicationId)}/exchange-visitor`, { as: admin, body: confirm({ version: c.version }) });
    expect(res.statusCode).toBe(400);
  });
});

describe('createStudent', () => {
  // SEVIS Table 15 (EVCategoryCodeType of the EV schema 6.27): every category, scholars' too; a code outside it is refused on the field.
  it.each(['08', '04', '09', '10', '15', '2A', '1D'])('stores a J-1 record of category %s', async (code) => {
    const res = await call(t, 'POST', '/api/students', {
      as: admin,
      body: {
        firstName: 'Teodor',
        // Names of letters only (SEVIS S1148): the code's digits spelled as letters.
        lastName: `Scholar ${code.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!)}`,
        email: `teodor.${code.toLowerCase()}@example.edu`,
        birthDate: '1985-05-06',
        citizenshipCountryCode: 'NO',
        visaType: 'J-1',
        campusSiteId: await siteIdOf(t, 'MAIN'),
        programStartDate: '2027-01-04',
        programEndDate: '2028-01-03',
        evCategoryCode: code,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<studentsApi.TStudentRecord>().evCategoryCode).toBe(code);
  });

  it.each(['16', '3Z', '1H', '00'])('refuses category %s, which SEVIS Table 15 does not list, on the field', async (code) => {
    const res = await call(t, 'POST', '/api/students', {
      as: admin,
      body: {
        firstName: 'Teodor',
        lastName: 'Refused',
        email: 'teodor.refused@example.edu',
        birthDate: '1985-05-06',
        citizenshipCountryCode: 'NO',
        visaType: 'J-1',
        campusSiteId: await siteIdOf(t, 'MAIN'),
        programStartDate: '2027-01-04',
        programEndDate: '2028-01-03',
        evCategoryCode: code,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.evCategoryCode).toEqual([studentsApi.MSG_EV_CATEGORY]);
  });
});
