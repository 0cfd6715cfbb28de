import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { childBirthCutoff, MSG, scholarsApi, SEVIS_RULE_MSG, studentsApi, type sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildScholarCase, daysFromToday, j1ApplicationData, officeToday, sevisSettingsOf, siteIdOf } from './factories/index.js';
import { fileBody } from './sevis-results-fixtures.js';
import { auditActionsOf, auditEventsOf } from './readers.js';

/**
 * A J-1 scholar's case reaches SEVIS as an exchange visitor (docs/product/scholars-office.md#exchange-visitor-record):
 * the office makes the case a J-1 record in the students module (SEVIS Table 15 category 08 Research
 * scholar, SEVIS Table 28 position code), which raises the SEVIS Create; the EV batch passes the
 * Create-UpdateExchangeVisitor 6.27 XSD; the transaction log's SEVIS ID shows on the case. The
 * application's family becomes the record's J-2 dependents (SEVIS S1148, S1105 / S2119, S1014 / S2121,
 * EVPrintReasonType), carried by the Create and given their SEVIS IDs by the log; the record then raises
 * the usual exchange visitor events from its own screens (Program, Status, Validate).
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

  it("a case a department started has no campus site: the record's is asked on its field, then it goes on that site", async () => {
    const k = await buildScholarCase(t, {
      processedState: 'J-1',
      proposedStatus: 'J-1',
      applicationState: 'draft',
      data: j1Data({ lastName: 'Nosite', email: 'ingrid.nosite@example.edu' }),
    });
    const c = await getCase(k.applicationId);
    expect(c).toMatchObject({ campusSiteId: null, canCreateExchangeVisitor: true });
    const without = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({ version: c.version }),
    });
    expect(without.statusCode).toBe(400);
    expect(Object.keys(fieldErrorsOf(without))).toEqual(['campusSiteId']);
    const main = await siteIdOf(t, 'MAIN');
    const ok = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({ version: c.version, campusSiteId: main }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [p] = await t.sql<{ campus_site_id: number }>('select campus_site_id from student_profiles where id = $1', [
      ok.json<scholarsApi.TOfficeCase>().exchangeVisitor!.profileId,
    ]);
    expect(p!.campus_site_id).toBe(main);
  });

  it('an H-1B case has no exchange visitor record', async () => {
    const h = await buildScholarCase(t, { processedState: 'H-1B' });
    const c = await getCase(h.applicationId);
    expect(c.canCreateExchangeVisitor).toBe(false);
    const res = await call(t, 'POST', `${CASE(h.applicationId)}/exchange-visitor`, { as: admin, body: confirm({ version: c.version }) });
    expect(res.statusCode).toBe(400);
  });
});

/** The scholar's family as the J-1 application holds it (the portal's Dependents section). */
const SPOUSE = { firstName: 'Maren', lastName: 'Halvorsen', relationship: 'spouse', dateOfBirth: '1989-06-02', countryOfBirth: 'Norway' };
const CHILD = { firstName: 'Eirik', lastName: 'Halvorsen', relationship: 'child', dateOfBirth: '2019-09-15', countryOfBirth: 'NO' };
/** What the office confirms of a dependent: the SEVIS codes the application does not hold, and the DS-2019 purpose. */
const j2 = (over: Partial<scholarsApi.TCaseEvDependentInput> = {}): scholarsApi.TCaseEvDependentInput => ({
  gender: 'F',
  birthCity: 'Bergen',
  birthCountryCode: 'NO',
  citizenshipCountryCode: 'NO',
  formPurpose: '06',
  ...over,
});
/** A J-1 case of a new scholar (names of letters only, SEVIS S1148) whose application brings this family. */
let families = 0;
const family = (dependents: unknown[], o: Record<string, unknown> = {}) => {
  const n = ++families;
  const letters = String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
  return j1Case({ isHavingFamily: true, dependents, lastName: `Halvorsen ${letters}`, email: `family.${n}@example.edu`, ...o });
};
type TFieldErrors = Record<string, string[]>;
const fieldErrorsOf = (res: { json: <T>() => T }) => res.json<{ fieldErrors: TFieldErrors }>().fieldErrors;

/** Builds an EV batch of exactly these events of the Main Campus J program; the builder's XSD check and Debian's xmllint accept it. */
async function evBatchOf(eventIds: string[]) {
  const settings = await sevisSettingsOf(t, { site: 'MAIN', kind: 'J' });
  const res = await call(t, 'POST', '/api/sevis/batches', { as: admin, body: { settingsId: settings.id, eventIds } });
  expect(res.statusCode, res.body).toBe(200);
  const out = res.json<sevisApi.TCreateBatchesOutput>();
  expect(out, 'nothing held back').toMatchObject({ batchedEvents: eventIds.length, heldEvents: 0 });
  const [b] = await t.sql<{ id: string; xml: string; kind: string; batch_id: string }>(
    'select id, xml, kind, batch_id from sevis_batches where id = $1',
    [out.batches[0]!.id],
  );
  expect(b!.kind).toBe('ev');
  xmllintAccepts(b!.xml);
  return { id: b!.id, xml: b!.xml, batchId: b!.batch_id, orgId: settings.orgId };
}

/**
 * SEVIS's transaction log answering a batch of one exchange visitor: the record succeeds with its SEVIS
 * ID and each dependent the Create carried is named with its own, echoing its UserDefinedA/B
 * (SevisTransLog.xsd Record/Dependent), in the reverse order of the batch: matching is by what SEVIS
 * echoes, never by position.
 */
function evLogFor(b: { xml: string; batchId: string; orgId: string }, sevisId: string, dependentIds: string[] = []) {
  const requestId = /requestID="([^"]+)"/.exec(b.xml)![1]!;
  const created = [...b.xml.matchAll(/<Dependent>[\s\S]*?<UserDefinedA>([^<]*)<\/UserDefinedA>\s*<UserDefinedB>([^<]*)<\/UserDefinedB>/g)];
  expect(created).toHaveLength(dependentIds.length);
  const dependents = created
    .map(
      (m, i) =>
        `<Dependent dependentSevisID="${dependentIds[i]}"><UserDefinedA>${m[1]}</UserDefinedA><UserDefinedB>${m[2]}</UserDefinedB></Dependent>`,
    )
    .reverse()
    .join('\n        ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<TransactionLog>
  <BatchHeader><BatchID>${b.batchId}</BatchID><OrgID>${b.orgId}</OrgID></BatchHeader>
  <BatchDetail status="true" system="ALPHA">
    <Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00"><FileName>batch.xml</FileName></Upload>
    <Process resultCode="S0000" dateTimeStamp="2026-11-20T10:00:00.000+00:00">
      <RecordCount><Success>1</Success><Failure>0</Failure><Total>1</Total></RecordCount>
      <Record sevisID="${sevisId}" userID="esayya9302" requestID="${requestId}">
        <ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate>
        <Result status="true" />
        ${dependents}
      </Record>
    </Process>
    <Download resultCode="S0000" />
  </BatchDetail>
</TransactionLog>`;
}

/** The batch goes to SEVIS (marked sent) and its transaction log is imported. */
async function sendAndImport(b: { id: string; xml: string; batchId: string; orgId: string }, sevisId: string, dependentIds: string[] = []) {
  expect((await call(t, 'POST', `/api/sevis/batches/${b.id}/mark-sent`, { as: admin })).statusCode).toBe(200);
  const f = fileBody('log.xml', evLogFor(b, sevisId, dependentIds));
  const imported = await call(t, 'POST', '/api/sevis/transaction-logs', { as: admin, body: f.body, headers: f.headers });
  expect(imported.statusCode, imported.body).toBe(200);
}

const openEvents = (profileId: string) =>
  t.sql<{ id: string; event_type: string; action: string; status: string; payload: Record<string, unknown> }>(
    `select id, event_type, action, status, payload from sevis_pending_events
     where profile_id = $1 and status in ('pending', 'held') order by created_at, event_type`,
    [profileId],
  );
const createEventOf = async (profileId: string) =>
  (await t.sql<{ id: string }>(`select id from sevis_pending_events where profile_id = $1 and event_type = 'Create'`, [profileId]))[0]!.id;

describe("createCaseExchangeVisitor: the application's family becomes the record's J-2 dependents", () => {
  it('copies spouse and child through the dependents rules; the Create carries them (CreateDependent) and the log gives each its SEVIS ID, shown on the case', async () => {
    const k = await family([SPOUSE, CHILD]);
    const { version } = await getCase(k.applicationId);
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: officer,
      body: confirm({ version, dependents: [j2({ birthCity: 'Bergen' }), j2({ gender: 'M', birthCity: 'Oslo', birthCountryCode: '' })] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const ev = res.json<scholarsApi.TOfficeCase>().exchangeVisitor!;
    expect(ev.dependents).toEqual([
      expect.objectContaining({ firstName: 'Maren', lastName: 'Halvorsen', relationshipCode: '01', sevisId: null, status: 'Active' }),
      expect.objectContaining({ firstName: 'Eirik', lastName: 'Halvorsen', relationshipCode: '02', sevisId: null, status: 'Active' }),
    ]);
    // The students module's own dependents: the child's country of birth is the application's code (NO); permanent residence is the citizenship.
    const rows = await t.sql<Record<string, unknown>>(
      `select first_name, relationship_to_principal_cd as rel, gender, date_of_birth::text as born, birth_city, birth_country_cd,
              country_of_citizenship_cd, country_of_permanent_residence_cd from student_dependents where profile_id = $1 order by rel`,
      [ev.profileId],
    );
    expect(rows).toEqual([
      {
        first_name: 'Maren',
        rel: '01',
        gender: 'F',
        born: '1989-06-02',
        birth_city: 'Bergen',
        birth_country_cd: 'NO',
        country_of_citizenship_cd: 'NO',
        country_of_permanent_residence_cd: 'NO',
      },
      {
        first_name: 'Eirik',
        rel: '02',
        gender: 'M',
        born: '2019-09-15',
        birth_city: 'Oslo',
        birth_country_cd: 'NO',
        country_of_citizenship_cd: 'NO',
        country_of_permanent_residence_cd: 'NO',
      },
    ]);
    // Each J-2 waits as Dependent/Add with the DS-2019 purpose (EVPrintReasonType 06) until the Create carries it.
    const waiting = await openEvents(ev.profileId);
    expect(waiting.map((e) => `${e.event_type}/${e.action}`).sort()).toEqual(['Create/Create', 'Dependent/Add', 'Dependent/Add']);
    expect(waiting.filter((e) => e.event_type === 'Dependent').map((e) => e.payload.formPurpose)).toEqual(['06', '06']);
    const [audit] = await auditEventsOf(t, k.applicationId, { action: 'scholar.exchange-visitor.created' });
    expect((audit!.after as { dependentIds: string[] }).dependentIds).toHaveLength(2);

    // The Create carries both (CreateDependent, at most 25) with the UserDefinedA/B SEVIS echoes; the waiting Adds never leave.
    const b = await evBatchOf([await createEventOf(ev.profileId)]);
    const created = /<CreateDependent>([\s\S]*?)<\/CreateDependent>/.exec(b.xml)![1]!;
    expect(created.match(/<Dependent>/g)).toHaveLength(2);
    for (const part of ['<LastName>Halvorsen</LastName>', '<FirstName>Maren</FirstName>', '<Relationship>01</Relationship>'])
      expect(created).toContain(part);
    expect(created).toMatch(/<FirstName>Eirik<\/FirstName>[\s\S]*<BirthCity>Oslo<\/BirthCity>[\s\S]*<Relationship>02<\/Relationship>/);
    expect(created).toMatch(/<UserDefinedB>[0-9A-F]{14}<\/UserDefinedB>/);
    expect(await openEvents(ev.profileId)).toEqual([]);
    const [{ n }] = (await t.sql<{ n: number }>(
      `select count(*)::int as n from sevis_pending_events where profile_id = $1 and event_type = 'Dependent' and status = 'superseded'`,
      [ev.profileId],
    )) as [{ n: number }];
    expect(n).toBe(2);

    // SEVIS answers: the principal's and each dependent's SEVIS ID, matched by UserDefinedB; the case shows them.
    await sendAndImport(b, 'N0012340001', ['N0012340011', 'N0012340012']);
    const after = (await getCase(k.applicationId, officer)).exchangeVisitor!;
    expect(after).toMatchObject({ sevisId: 'N0012340001', createStatus: 'succeeded' });
    expect(after.dependents.map((d) => [d.firstName, d.sevisId])).toEqual([
      ['Maren', 'N0012340011'],
      ['Eirik', 'N0012340012'],
    ]);
  });

  it('a dependent SEVIS would refuse is named on its field, not dropped: names (S1148), a second spouse (S1105), what the Create needs, the DS-2019 purpose', async () => {
    const k = await family([
      { ...SPOUSE, firstName: 'José' },
      { ...SPOUSE, firstName: 'Ingrid', lastName: 'Berg' },
      CHILD,
      { ...CHILD, firstName: 'Unknown', dateOfBirth: '2021-04-01', countryOfBirth: 'Norway' },
    ]);
    const { version } = await getCase(k.applicationId);
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({
        version,
        dependents: [j2(), j2(), j2({ gender: '', birthCity: '', formPurpose: '' }), j2({ birthCountryCode: '' })],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('The exchange visitor record cannot be created yet: complete the fields marked.');
    expect(fieldErrorsOf(res)).toEqual({
      'dependents.0.firstName': [SEVIS_RULE_MSG.nameCharacters],
      'dependents.1.relationshipCode': [SEVIS_RULE_MSG.secondSpouse],
      'dependents.2.gender': [MSG.dependentGender],
      'dependents.2.birthCity': [MSG.required],
      'dependents.2.formPurpose': [MSG.required],
      'dependents.3.firstName': [SEVIS_RULE_MSG.namePlaceholder],
      // The application says "Norway": the code is the office's to give.
      'dependents.3.birthCountryCode': [MSG.required],
    });
    // An X gender is not SEVIS's for a J-2 (SEVIS Table 36), nor is a purpose outside EVPrintReasonType.
    const wrongCodes = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({ version, dependents: [j2({ gender: 'X' as 'F' }), j2({ formPurpose: '05' as '06' })] }),
    });
    expect(wrongCodes.statusCode).toBe(400);
    expect(fieldErrorsOf(wrongCodes)).toMatchObject({
      'dependents.0.gender': [scholarsApi.MSG_J2_GENDER],
      'dependents.1.formPurpose': [MSG.invalidValue],
    });
    expect((await getCase(k.applicationId)).exchangeVisitor).toBeNull();

    // Fixed on the confirmation (José as SEVIS spells it, the real name), the second spouse left out on purpose: created, and the History Log says who was left out.
    const ok = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({
        version,
        dependents: [
          j2({ firstName: 'Jose' }),
          j2({ include: false }),
          j2({ gender: 'M' }),
          j2({ firstName: 'Sigrid', birthCountryCode: 'NO' }),
        ],
      }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<scholarsApi.TOfficeCase>().exchangeVisitor!.dependents.map((d) => `${d.firstName} ${d.relationshipCode}`)).toEqual([
      'Jose 01',
      'Eirik 02',
      'Sigrid 02',
    ]);
    const [audit] = await auditEventsOf(t, k.applicationId, { action: 'scholar.exchange-visitor.created' });
    expect(audit!.after).toMatchObject({ dependentsLeftOut: ['Ingrid Berg'] });
  });

  it('a family the scholar said does not come is not copied', async () => {
    const k = await family([SPOUSE], { isHavingFamily: false });
    const { version } = await getCase(k.applicationId);
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, { as: admin, body: confirm({ version }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<scholarsApi.TOfficeCase>().exchangeVisitor!.dependents).toEqual([]);
  });

  it("a child is under 21 in the office's day (SEVIS S1014 / S2121): refused from the 21st birthday, taken the day after it", async () => {
    const cutoff = childBirthCutoff(officeToday());
    const dayAfter = new Date(Date.parse(`${cutoff}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const k = await family([{ ...CHILD, dateOfBirth: cutoff }]);
    const { version } = await getCase(k.applicationId);
    const refused = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({ version, dependents: [j2({ gender: 'M' })] }),
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrorsOf(refused)).toEqual({ 'dependents.0.birthDate': [SEVIS_RULE_MSG.childTooOld(cutoff)] });
    // The office corrects the birth date the scholar typed: the day after is under 21.
    const ok = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: admin,
      body: confirm({ version, dependents: [j2({ gender: 'M', birthDate: dayAfter })] }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("createCaseExchangeVisitor: a child's 21st birthday at 23:30 in Los Angeles", () => {
  const settingsOf = async () => (await call(t, 'GET', '/api/institution/settings', { as: admin })).json<Record<string, unknown>>();
  const setTimeZone = async (timeZone: string) =>
    expect((await call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...(await settingsOf()), timeZone } })).statusCode).toBe(
      200,
    );
  afterEach(async () => {
    vi.useRealTimers();
    await setTimeZone('America/Chicago');
  });

  it('23:30 on Feb 29, 2024 (already Mar 1 in UTC): a child born Feb 28, 2003 is 21, one born Mar 1, 2003 is still 20', async () => {
    await setTimeZone('America/Los_Angeles');
    const k = await family([
      { ...CHILD, firstName: 'Older', dateOfBirth: '2003-02-28' },
      { ...CHILD, firstName: 'Younger', dateOfBirth: '2003-03-01' },
    ]);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-03-01T07:30:00Z') });
    const { version } = await getCase(k.applicationId);
    const body = confirm({ version, dependents: [j2({ gender: 'M' }), j2({ gender: 'M' })] });
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, { as: admin, body });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({ 'dependents.0.birthDate': [SEVIS_RULE_MSG.childTooOld('2003-02-28')] });
  });
});

describe('the EV record made from a case raises the usual exchange visitor events from its own screens', () => {
  const putRecord = async (profileId: string, body: Record<string, unknown>) => {
    const [r] = await t.sql<{ updated_at: Date }>('select updated_at from student_profiles where id = $1', [profileId]);
    return call(t, 'PUT', `/api/students/${profileId}`, { as: admin, body: { ...body, updatedAt: r!.updated_at.toISOString() } });
  };

  it('after the Create succeeds: Validate from the SEVIS Validation list, Program/Extension for a later end date, Status/Terminate for ending it (SEVIS Table 24), each in an EV batch the 6.27 XSD accepts', async () => {
    // The program starts within the validation window (30 days either side of the office's today).
    const start = daysFromToday(10);
    const end = daysFromToday(375);
    const k = await buildScholarCase(t, {
      processedState: 'J-1',
      proposedStatus: 'J-1',
      applicationState: 'draft',
      campusSiteId: await siteIdOf(t, 'MAIN'),
      processedStartDate: start,
      processedEndDate: end,
      data: j1Data({ lastName: 'Validatecase', email: 'ingrid.validatecase@example.edu', isHavingFamily: true, dependents: [SPOUSE] }),
    });
    const { version } = await getCase(k.applicationId);
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/exchange-visitor`, {
      as: officer,
      body: confirm({ version, dependents: [j2()] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const profileId = res.json<scholarsApi.TOfficeCase>().exchangeVisitor!.profileId;
    await sendAndImport(await evBatchOf([await createEventOf(profileId)]), 'N0012349901', ['N0012349911']);
    expect((await getCase(k.applicationId)).exchangeVisitor).toMatchObject({ sevisId: 'N0012349901', createStatus: 'succeeded' });

    // SEVIS Validation: the Initial record whose program starts within 30 days is offered; Validate carries the U.S. address.
    const list = await call(t, 'GET', '/api/sevis/validation', { as: admin, query: { q: 'Validatecase' } });
    expect(list.json<{ items: sevisApi.TBulkCandidate[] }>().items.map((i) => [i.profileId, i.sevisId, i.startDate])).toEqual([
      [profileId, 'N0012349901', start],
    ]);
    expect((await call(t, 'POST', '/api/sevis/validation', { as: admin, body: { profileIds: [profileId] } })).json()).toEqual({
      queued: 1,
      alreadyPending: 0,
      skipped: 0,
    });
    const [validate] = await openEvents(profileId);
    expect(validate).toMatchObject({ event_type: 'Validate', action: 'Validate' });
    const v = await evBatchOf([validate!.id]);
    expect(v.xml).toContain('sevisID="N0012349901"');
    expect(v.xml).toMatch(/<Validate>\s*<USAddress>[\s\S]*<Address1>12 Oxford Street<\/Address1>/);
    await sendAndImport(v, 'N0012349901');
    // SEVIS activated the record: the office marks it Active on the record (no event: SEVIS did it).
    expect((await putRecord(profileId, { sevisStatus: 'Active' })).statusCode).toBe(200);
    expect(await openEvents(profileId)).toEqual([]);

    // A later program end date on the record's DS-2019 tab: Program/Extension with the new end date.
    const later = daysFromToday(740);
    expect((await putRecord(profileId, { programEndDate: later })).statusCode).toBe(200);
    const [extension] = await openEvents(profileId);
    expect(extension).toMatchObject({ event_type: 'Program', action: 'Extension', payload: { programEndDate: later } });
    const x = await evBatchOf([extension!.id]);
    expect(x.xml).toMatch(new RegExp(`<Extension printForm="true">\\s*<NewPrgEndDate>${later}</NewPrgEndDate>`));

    // Ending the program: Terminated with a SEVIS Table 24 reason raises Status/Terminate with its effective date.
    expect((await putRecord(profileId, { sevisStatus: 'Terminated', sevisStatusReasonCode: 'VIOSPN' })).statusCode).toBe(200);
    const [status] = await openEvents(profileId);
    expect(status).toMatchObject({ event_type: 'Status', action: 'Terminate', payload: { sevisReasonCode: 'VIOSPN' } });
    const st = await evBatchOf([status!.id]);
    expect(st.xml).toMatch(/<Terminate>\s*<Reason>VIOSPN<\/Reason>\s*<EffectiveDate>\d{4}-\d{2}-\d{2}<\/EffectiveDate>/);
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
