import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  j1ProgramLastDay,
  REQUEST_FIELD_MSG,
  SCHOLAR_REQUEST_MSG,
  type scholarsApi,
  type sevisApi,
  type TRequestDetail,
  type TSession,
} from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, perms } from './http.js';
import {
  buildScholarCase,
  buildUser,
  daysFromToday,
  j1ApplicationData,
  requestTypeIdOf,
  sevisSettingsOf,
  siteIdOf,
  type TScholarCaseOptions,
} from './factories/index.js';
import { auditActionsOf } from './readers.js';

/**
 * The scholar request catalogue does its job (docs/product/scholars-portal.md#requests): each scholar request
 * type is started, filled in with its own form, submitted and approved, and the approval changes the scholar's
 * case (and the J-1's exchange visitor record, whose SEVIS update waits in the EV batch that the 6.27 XSD
 * accepts). Office staff start a request for a scholar from the case (docs/product/scholars-office.md#start-a-request).
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
/** Debian's xmllint accepts the batch against the official EV XSD (besides the builder's own check). */
function xmllintAccepts(xml: string): void {
  if (!hasXmllint) return;
  const file = path.join(os.tmpdir(), `scholar-request-${process.pid}-${Date.now()}.xml`);
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

/** Letters only (SEVIS S1148), a new person per call. */
const letters = () => Array.from({ length: 7 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
let sevisSeq = 0;
const newSevisId = () => `N${String((Date.now() % 1e8) * 100 + (sevisSeq++ % 100)).padStart(10, '0')}`;
const START = daysFromToday(30);
const END = daysFromToday(395);

interface TScholar {
  session: TSession;
  applicationId: string;
  scholarId: string;
  profileId: string | null;
  lastName: string;
}

/** A scholar with a portal account and a case on it (the case of the options given). */
async function scholarWith(o: TScholarCaseOptions & { lastName: string }): Promise<Omit<TScholar, 'profileId'>> {
  const u = await buildUser(t, { role: 'scholar', canSignIn: true, firstName: 'Ingrid', lastName: o.lastName });
  const k = await buildScholarCase(t, { user: u.userName, firstName: 'Ingrid', ...o });
  return { session: await t.login(u.userName), applicationId: k.applicationId, scholarId: k.scholarId, lastName: o.lastName };
}

/**
 * A J-1 research scholar (SEVIS Table 15 category 08) whose case the office made an exchange visitor record,
 * linked by the SEVIS ID the office entered (SEVIS knows the person: changes are updates, not a new Create).
 */
async function j1Scholar(o: { withRecord?: boolean } = {}): Promise<TScholar> {
  const lastName = `Halvorsen ${letters()}`;
  const s = await scholarWith({
    lastName,
    processedState: 'J-1',
    proposedStatus: 'J-1',
    applicationState: 'draft',
    campusSiteId: await siteIdOf(t, 'MAIN'),
    processedStartDate: START,
    processedEndDate: END,
    data: j1ApplicationData({ firstName: 'Ingrid', lastName, email: `${lastName.replace(' ', '.').toLowerCase()}@example.edu` }),
    officeData: { sevisId: newSevisId(), j1Category: 'RESEARCH SCHOLAR', ds2019StartDate: START, ds2019EndDate: END },
  });
  if (o.withRecord === false) return { ...s, profileId: null };
  const c = (await call(t, 'GET', `/api/scholars/office/cases/${s.applicationId}`, { as: admin })).json<scholarsApi.TOfficeCase>();
  const res = await call(t, 'POST', `/api/scholars/office/cases/${s.applicationId}/exchange-visitor`, {
    as: officer,
    body: {
      version: c.version,
      evPositionCode: '213',
      gender: 'F',
      birthCity: 'Oslo',
      birthCountryCode: 'NO',
      citizenshipCountryCode: 'NO',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, profileId: res.json<scholarsApi.TOfficeCase>().exchangeVisitor!.profileId };
}

/** The scholar starts a request of the type, saves its form, submits it: the request. */
async function submitted(s: Pick<TScholar, 'session'>, code: string, data: Record<string, unknown>): Promise<string> {
  const started = await call(t, 'POST', '/api/requests', { as: s.session, body: { requestTypeId: await requestTypeIdOf(t, code) } });
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json<TRequestDetail>().id;
  const saved = await call(t, 'PUT', `/api/scholars/requests/${id}/data`, { as: s.session, body: { data } });
  expect(saved.statusCode, saved.body).toBe(200);
  const sent = await call(t, 'POST', `/api/requests/${id}/submit`, { as: s.session });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}
const approve = (id: string, as: TSession = admin) =>
  call(t, 'POST', `/api/requests/${id}/transition`, { as, body: { action: 'approve' } });
async function approved(s: Pick<TScholar, 'session'>, code: string, data: Record<string, unknown>): Promise<string> {
  const id = await submitted(s, code, data);
  const res = await approve(id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<TRequestDetail>().status).toBe('approved');
  return id;
}

const caseRow = async (id: string) =>
  (
    await t.sql<{
      start: string | null;
      end: string | null;
      office_data: Record<string, unknown>;
      data: Record<string, unknown>;
      version: number;
    }>(
      `select processed_start_date::text as start, processed_end_date::text as "end", office_data, data, version from scholar_applications where id = $1`,
      [id],
    )
  )[0]!;
const eventsOf = (requestId: string) =>
  t.sql<{ id: string; event_type: string; action: string; payload: Record<string, unknown> }>(
    `select id, event_type, action, payload from sevis_pending_events where request_id = $1 and status = 'pending' order by created_at`,
    [requestId],
  );

/**
 * The EV batches of the events (Main Campus, the J program; one update of a record per batch): built, and each
 * one's XML accepted by the 6.27 XSD. Their XML, one after the other.
 */
async function evBatch(eventIds: string[]): Promise<string> {
  const settings = await sevisSettingsOf(t, { site: 'MAIN', kind: 'J' });
  const res = await call(t, 'POST', '/api/sevis/batches', { as: admin, body: { settingsId: settings.id, eventIds } });
  expect(res.statusCode, res.body).toBe(200);
  const out = res.json<sevisApi.TCreateBatchesOutput>();
  expect(out, JSON.stringify(out)).toMatchObject({ batchedEvents: eventIds.length, heldEvents: 0 });
  let xml = '';
  for (const batch of out.batches) {
    const [b] = await t.sql<{ xml: string; kind: string }>('select xml, kind from sevis_batches where id = $1', [batch.id]);
    expect(b!.kind).toBe('ev');
    xmllintAccepts(b!.xml);
    xml += b!.xml;
  }
  return xml;
}

describe('program_extension (J-1)', () => {
  it('moves the case’s and the record’s program end, and queues Program/Extension in an EV batch the XSD accepts', async () => {
    const s = await j1Scholar();
    const to = daysFromToday(760);
    const id = await approved(s, 'program_extension', {
      new_program_end_date: to,
      reason_for_extension: 'The experiment runs a second season',
      extension_funding: 'Department grant, 5000 USD a month',
    });
    const c = await caseRow(s.applicationId);
    expect(c).toMatchObject({ end: to, office_data: expect.objectContaining({ ds2019EndDate: to }) });
    const [p] = await t.sql<{ end: string }>('select program_end_date::text as "end" from student_profiles where id = $1', [s.profileId]);
    expect(p!.end).toBe(to);
    const events = await eventsOf(id);
    expect(events.map((e) => `${e.event_type}/${e.action}`)).toEqual(['Program/Extension']);
    const xml = await evBatch([events[0]!.id]);
    expect(xml).toContain(`<NewPrgEndDate>${to}</NewPrgEndDate>`);
    const audits = await auditActionsOf(t, s.applicationId, { entityType: 'scholar_application' });
    expect(audits).toContain('scholar.program-extended');
  });

  // 22 CFR 62.20(i)(1): a research scholar's program lasts at most five years from its start.
  it('refuses an end beyond the category’s five years (22 CFR 62.20(i)(1)) on its field, and takes its last day', async () => {
    const s = await j1Scholar({ withRecord: false });
    const started = await call(t, 'POST', '/api/requests', {
      as: s.session,
      body: { requestTypeId: await requestTypeIdOf(t, 'program_extension') },
    });
    const id = started.json<TRequestDetail>().id;
    const lastDay = j1ProgramLastDay(START, 60);
    const put = (end: string) =>
      call(t, 'PUT', `/api/scholars/requests/${id}/data`, {
        as: s.session,
        body: { data: { new_program_end_date: end, reason_for_extension: 'More data', extension_funding: 'Grant' } },
      });
    const refused = await put(addDays(lastDay, 1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['data.new_program_end_date']).toEqual([
      SCHOLAR_REQUEST_MSG.beyondMaximum('RESEARCH SCHOLAR', '5 years', '22 CFR 62.20(i)(1)', lastDay),
    ]);
    expect((await put(lastDay)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/submit`, { as: s.session })).statusCode).toBe(200);
    // No record yet: the case moves, SEVIS hears nothing until the office creates the record.
    expect((await approve(id)).statusCode).toBe(200);
    expect((await caseRow(s.applicationId)).end).toBe(lastDay);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('is a J-1’s: an H-1B scholar’s extension is refused at submit; a change of the case since refuses the approval', async () => {
    const h = await scholarWith({ lastName: `Ito ${letters()}`, processedState: 'H-1B', applicationState: 'draft' });
    const started = await call(t, 'POST', '/api/requests', {
      as: h.session,
      body: { requestTypeId: await requestTypeIdOf(t, 'program_extension') },
    });
    const hid = started.json<TRequestDetail>().id;
    await call(t, 'PUT', `/api/scholars/requests/${hid}/data`, {
      as: h.session,
      body: { data: { new_program_end_date: daysFromToday(900), reason_for_extension: 'r', extension_funding: 'f' } },
    });
    const refused = await call(t, 'POST', `/api/requests/${hid}/submit`, { as: h.session });
    expect(refused.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['data.new_program_end_date']).toEqual([
      SCHOLAR_REQUEST_MSG.j1Only('H-1B'),
    ]);

    const s = await j1Scholar({ withRecord: false });
    const id = await submitted(s, 'program_extension', {
      new_program_end_date: daysFromToday(500),
      reason_for_extension: 'r',
      extension_funding: 'f',
    });
    // The office moved the DS-2019's end past the request's meanwhile.
    await t.sql(`update scholar_applications set office_data = office_data || $2::jsonb where id = $1`, [
      s.applicationId,
      JSON.stringify({ ds2019EndDate: daysFromToday(600) }),
    ]);
    const res = await approve(id);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(REQUEST_FIELD_MSG.newEndNotLater(daysFromToday(600)));
    expect((await call(t, 'GET', `/api/requests/${id}`, { as: admin })).json<TRequestDetail>().status).not.toBe('approved');
  });
});

describe('amend_program_request (J-1)', () => {
  it('moves the start and the end and sets the subject field on the case and the record: Program/Amend, Extension and EditSubject pass the XSD', async () => {
    const s = await j1Scholar();
    const start = daysFromToday(60);
    const end = daysFromToday(430);
    const id = await approved(s, 'amend_program_request', {
      amend_program_start_date: start,
      amend_program_end_date: end,
      amend_subject_field_code: '40.0501',
      amend_subject_field_remarks: 'Chemistry',
      amend_reason: 'The laboratory opens a month later',
    });
    const c = await caseRow(s.applicationId);
    expect(c).toMatchObject({ start, end });
    expect(c.office_data).toMatchObject({ ds2019StartDate: start, ds2019EndDate: end, subjectFieldCode: '40.0501' });
    const [p] = await t.sql<Record<string, string>>(
      'select program_start_date::text as start, program_end_date::text as "end", subject_field_cd as subject from student_profiles where id = $1',
      [s.profileId],
    );
    expect(p).toMatchObject({ start, end, subject: '40.0501' });
    const events = await eventsOf(id);
    expect(events.map((e) => `${e.event_type}/${e.action}`).sort()).toEqual(['Program/Amend', 'Program/Extension']);
    const all = await t.sql<{ id: string }>(
      `select id from sevis_pending_events where profile_id = $1 and status = 'pending' and event_type = 'Program'`,
      [s.profileId],
    );
    expect(all).toHaveLength(3);
    const xml = await evBatch(all.map((e) => e.id));
    expect(xml).toContain(`<PrgStartDate>${start}</PrgStartDate>`);
    expect(xml).toContain(`<NewPrgEndDate>${end}</NewPrgEndDate>`);
    expect(xml).toContain('<SubjectFieldCode>40.0501</SubjectFieldCode>');
  });

  it('never shortens the program (the office’s SEVIS Shorten) and must change something', async () => {
    const s = await j1Scholar({ withRecord: false });
    const started = await call(t, 'POST', '/api/requests', {
      as: s.session,
      body: { requestTypeId: await requestTypeIdOf(t, 'amend_program_request') },
    });
    const id = started.json<TRequestDetail>().id;
    await call(t, 'PUT', `/api/scholars/requests/${id}/data`, { as: s.session, body: { data: { amend_reason: 'r' } } });
    const empty = await call(t, 'POST', `/api/requests/${id}/submit`, { as: s.session });
    expect(empty.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['data.amend_program_start_date']).toEqual([
      SCHOLAR_REQUEST_MSG.nothingToAmend,
    ]);
    const earlier = await call(t, 'PUT', `/api/scholars/requests/${id}/data`, {
      as: s.session,
      body: { data: { amend_program_end_date: daysFromToday(300) } },
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['data.amend_program_end_date']).toEqual([
      SCHOLAR_REQUEST_MSG.endNotEarlier(END),
    ]);
  });
});

describe('sites of activity (J-1)', () => {
  const site = {
    soa_site_name: 'Marine Biological Lab',
    soa_address_line_1: '7 MBL Street',
    soa_city: 'Woods Hole',
    soa_state: 'MA',
    soa_zip_code: '02543',
    soa_remarks: 'Field season sampling',
  };
  it('soa_add_request adds the site to the record and queues SiteOfActivity/Add (AddSOA) the XSD accepts', async () => {
    const s = await j1Scholar();
    const id = await approved(s, 'soa_add_request', site);
    const sites = await t.sql<{ name: string; is_primary: boolean; address: Record<string, string> }>(
      'select name, is_primary, address from student_sites_of_activity where profile_id = $1 order by created_at',
      [s.profileId],
    );
    expect(sites.map((x) => x.name)).toEqual(['Jefferson Physical Laboratory', 'Marine Biological Lab']);
    expect(sites[1]).toMatchObject({ is_primary: false, address: expect.objectContaining({ city: 'Woods Hole', postalCode: '02543' }) });
    const events = await eventsOf(id);
    expect(events.map((e) => `${e.event_type}/${e.action}`)).toEqual(['SiteOfActivity/Add']);
    const xml = await evBatch([events[0]!.id]);
    expect(xml).toContain('<SiteName>Marine Biological Lab</SiteName>');
    expect(xml).toContain('AddSOA');
  });

  it('soa_add_request waits for the exchange visitor record, and refuses a name the record has', async () => {
    const s = await j1Scholar({ withRecord: false });
    const started = await call(t, 'POST', '/api/requests', {
      as: s.session,
      body: { requestTypeId: await requestTypeIdOf(t, 'soa_add_request') },
    });
    const id = started.json<TRequestDetail>().id;
    await call(t, 'PUT', `/api/scholars/requests/${id}/data`, { as: s.session, body: { data: site } });
    const res = await call(t, 'POST', `/api/requests/${id}/submit`, { as: s.session });
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['data.soa_site_name']).toEqual([
      SCHOLAR_REQUEST_MSG.noExchangeVisitorRecord,
    ]);
    const r = await j1Scholar();
    const started2 = await call(t, 'POST', '/api/requests', {
      as: r.session,
      body: { requestTypeId: await requestTypeIdOf(t, 'soa_add_request') },
    });
    const dup = await call(t, 'PUT', `/api/scholars/requests/${started2.json<TRequestDetail>().id}/data`, {
      as: r.session,
      body: { data: { ...site, soa_site_name: 'Jefferson Physical Laboratory' } },
    });
    expect(dup.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['data.soa_site_name']).toEqual([
      SCHOLAR_REQUEST_MSG.siteNameTaken('Jefferson Physical Laboratory'),
    ]);
  });

  it('soa_update_request changes the site chosen and queues SiteOfActivity/Edit the XSD accepts; the office reads the site by name', async () => {
    const s = await j1Scholar();
    const form = (
      await call(t, 'GET', `/api/scholars/requests/${await newDraft(s, 'soa_update_request')}/data`, { as: s.session })
    ).json<scholarsApi.TScholarRequestFormOutput>();
    const chosen = form.context!.sites[0]!;
    expect(chosen).toMatchObject({ name: 'Jefferson Physical Laboratory', isPrimary: true });
    const id = await submitted(s, 'soa_update_request', {
      soa_site_id: chosen.id,
      soa_address_line_1: '19 Oxford Street',
      soa_zip_code: '02139',
    });
    const detail = (await call(t, 'GET', `/api/requests/${id}`, { as: admin })).json<TRequestDetail>();
    expect(detail.dataLabels?.soa_site_id).toContain('Jefferson Physical Laboratory');
    expect(detail.dataLabels?.scholarCase).toContain('J-1 Research Scholar');
    expect(detail.dataLabels?.scholarCaseId).toBe(s.applicationId);
    expect((await approve(id)).statusCode).toBe(200);
    const [row] = await t.sql<{ address: Record<string, string>; is_primary: boolean }>(
      'select address, is_primary from student_sites_of_activity where id = $1',
      [chosen.id],
    );
    expect(row).toMatchObject({
      is_primary: true,
      address: expect.objectContaining({ line1: '19 Oxford Street', city: 'Cambridge', postalCode: '02139' }),
    });
    const events = await eventsOf(id);
    expect(events.map((e) => `${e.event_type}/${e.action}`)).toEqual(['SiteOfActivity/Edit']);
    const xml = await evBatch([events[0]!.id]);
    expect(xml).toContain('<Address1>19 Oxford Street</Address1>');
    expect(xml).toContain('<PostalCode>02139</PostalCode>');
  });
});

/** A draft of the type, started by the scholar. */
async function newDraft(s: Pick<TScholar, 'session'>, code: string): Promise<string> {
  const res = await call(t, 'POST', '/api/requests', { as: s.session, body: { requestTypeId: await requestTypeIdOf(t, code) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TRequestDetail>().id;
}

describe('the information updates', () => {
  it('demographic_update renames the scholar, the application and the J-1 record: PersonalInfo in an EV batch the XSD accepts', async () => {
    const s = await j1Scholar();
    const newLast = `Berg ${letters()}`;
    const id = await approved(s, 'demographic_update', { new_last_name: newLast });
    const [sch] = await t.sql<{ last_name: string }>('select last_name from scholars where id = $1', [s.scholarId]);
    expect(sch!.last_name).toBe(newLast);
    expect((await caseRow(s.applicationId)).data.lastName).toBe(newLast);
    const [p] = await t.sql<{ last_name: string }>('select last_name from student_profiles where id = $1', [s.profileId]);
    expect(p!.last_name).toBe(newLast);
    const events = await eventsOf(id);
    expect(events.map((e) => `${e.event_type}/${e.action}`)).toEqual(['PersonalInfo/Edit']);
    const xml = await evBatch([events[0]!.id]);
    expect(xml).toContain(`<LastName>${newLast}</LastName>`);
  });

  it('contact_info_update: an H-1B scholar’s application and e-mail change, and no SEVIS update is queued', async () => {
    const s = await scholarWith({ lastName: `Tanaka ${letters()}`, processedState: 'H-1B', applicationState: 'draft' });
    const id = await approved(s, 'contact_info_update', {
      us_address_line_1: '5 Brattle Street',
      us_city: 'Cambridge',
      us_state: 'MA',
      us_zip_code: '02138',
      new_email: 'new.address@example.edu',
    });
    const c = await caseRow(s.applicationId);
    expect(c.data).toMatchObject({
      usAddressStreet: '5 Brattle Street',
      usAddressCity: 'Cambridge',
      usAddressZip: '02138',
      email: 'new.address@example.edu',
    });
    const [sch] = await t.sql<{ email: string }>('select email from scholars where id = $1', [s.scholarId]);
    expect(sch!.email).toBe('new.address@example.edu');
    expect(await eventsOf(id)).toEqual([]);
    const [n] = await t.sql<{ text: string }>(
      `select text from notifications where request_id = $1 and type_name = 'scholar.contact-updated'`,
      [id],
    );
    expect(n!.text).toBe('Your contact information is updated.');
  });

  it('contact_info_update: a J-1 record’s U.S. address changes and PersonalInfo/Address passes the XSD', async () => {
    const s = await j1Scholar();
    const id = await approved(s, 'contact_info_update', {
      us_address_line_1: '5 Brattle Street',
      us_city: 'Cambridge',
      us_state: 'MA',
      us_zip_code: '02138',
      new_phone: '617-555-0123',
    });
    const [p] = await t.sql<{ us_address: Record<string, string>; phone: string }>(
      'select us_address, phone from student_profiles where id = $1',
      [s.profileId],
    );
    expect(p).toMatchObject({ phone: '6175550123', us_address: expect.objectContaining({ line1: '5 Brattle Street' }) });
    const events = await eventsOf(id);
    expect(events.map((e) => `${e.event_type}/${e.action}`)).toEqual(['PersonalInfo/Address']);
    const xml = await evBatch([events[0]!.id]);
    expect(xml).toContain('5 Brattle Street');
  });

  it('dependent_info_update adds a J-2 to the record (Dependent/Add with its DS-2019 purpose, in an EV batch the XSD accepts)', async () => {
    const s = await j1Scholar();
    const first = letters();
    const id = await approved(s, 'dependent_info_update', {
      dependent_id: 'new',
      dependent_first_name: first,
      dependent_last_name: s.lastName,
      dependent_relationship: '01',
      dependent_gender: 'M',
      dependent_birth_date: '1989-05-02',
      dependent_birth_city: 'Bergen',
      dependent_birth_country: 'NO',
      dependent_citizenship_country: 'NO',
      dependent_residence_country: 'NO',
      dependent_form_purpose: '06',
    });
    const [d] = await t.sql<{ id: string; first_name: string; relationship_cd: string }>(
      'select id, first_name, relationship_to_principal_cd as relationship_cd from student_dependents where profile_id = $1',
      [s.profileId],
    );
    expect(d).toMatchObject({ first_name: first, relationship_cd: '01' });
    const [ev] = await t.sql<{ id: string; payload: Record<string, unknown> }>(
      `select id, payload from sevis_pending_events where dependent_id = $1 and event_type = 'Dependent' and action = 'Add' and status = 'pending'`,
      [d!.id],
    );
    expect(ev!.payload.formPurpose).toBe('06');
    const xml = await evBatch([ev!.id]);
    expect(xml).toContain(`<FirstName>${first}</FirstName>`);
    expect(await auditActionsOf(t, s.applicationId, { entityType: 'scholar_application' })).toContain('scholar.dependent.added');
    void id;
  });

  it('dependent_info_update without a J-2 record adds the family member to the application (an O-1 case)', async () => {
    const s = await scholarWith({ lastName: `Rossi ${letters()}`, processedState: 'O-1', applicationState: 'draft' });
    await approved(s, 'dependent_info_update', {
      dependent_id: 'new',
      dependent_first_name: 'Luca',
      dependent_last_name: 'Rossi',
      dependent_relationship: '02',
      dependent_gender: 'M',
      dependent_birth_date: daysFromToday(-3000),
      dependent_birth_country: 'IT',
      dependent_citizenship_country: 'IT',
      dependent_residence_country: 'IT',
    });
    const c = await caseRow(s.applicationId);
    expect(c.data).toMatchObject({
      isHavingFamily: true,
      dependents: [expect.objectContaining({ firstName: 'Luca', relationship: 'child' })],
    });
  });
});

describe('startRequestForScholar: the office starts a request from the case', () => {
  const start = (applicationId: string, code: string, as: TSession) =>
    requestTypeIdOf(t, code).then((requestTypeId) =>
      call(t, 'POST', `/api/scholars/office/cases/${applicationId}/start-request`, { as, body: { requestTypeId } }),
    );

  it('the scholar completes and submits it; approving it changes the case', async () => {
    const s = await j1Scholar({ withRecord: false });
    const types = (await call(t, 'GET', `/api/scholars/office/cases/${s.applicationId}/startable-request-types`, { as: officer })).json<
      scholarsApi.TScholarStartableType[]
    >();
    expect(types.map((x) => x.code)).toEqual(expect.arrayContaining(['amend_program_request', 'program_extension', 'contact_info_update']));
    const res = await start(s.applicationId, 'program_extension', officer);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TRequestDetail>();
    expect(r).toMatchObject({ status: 'draft', typeCode: 'program_extension' });
    const [n] = await t.sql<{ text: string }>(`select text from notifications where request_id = $1`, [r.id]);
    expect(n!.text).toContain('started a Program Extension request');
    const to = daysFromToday(500);
    expect(
      (
        await call(t, 'PUT', `/api/scholars/requests/${r.id}/data`, {
          as: s.session,
          body: { data: { new_program_end_date: to, reason_for_extension: 'r', extension_funding: 'f' } },
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${r.id}/submit`, { as: s.session })).statusCode).toBe(200);
    expect((await approve(r.id, officer)).statusCode).toBe(200);
    expect((await caseRow(s.applicationId)).end).toBe(to);
    const [a] = await t.sql<{ after: Record<string, unknown> }>(
      `select after from audit_events where entity_id = $1 and action = 'request.created'`,
      [r.id],
    );
    expect(a!.after).toMatchObject({ startedByOffice: true, scholarApplicationId: s.applicationId });
  });

  it('offers an H-1B case no J-1 program request, refuses one, and refuses a scholar without a portal account', async () => {
    const h = await scholarWith({ lastName: `Sato ${letters()}`, processedState: 'H-1B', applicationState: 'draft' });
    const types = (await call(t, 'GET', `/api/scholars/office/cases/${h.applicationId}/startable-request-types`, { as: admin })).json<
      scholarsApi.TScholarStartableType[]
    >();
    expect(types.map((x) => x.code)).not.toContain('amend_program_request');
    expect(types.map((x) => x.code)).toContain('demographic_update');
    const refused = await start(h.applicationId, 'soa_add_request', admin);
    expect(refused.statusCode).toBe(400);
    const none = await buildScholarCase(t, { processedState: 'H-1B', applicationState: 'draft' });
    const noAccount = await start(none.applicationId, 'demographic_update', admin);
    expect(noAccount.statusCode).toBe(409);
  });

  it('is refused to staff whose scholar area only views (403) or is closed (403 before the case)', async () => {
    const s = await j1Scholar({ withRecord: false });
    const viewer = await buildUser(t, {
      role: 'isssAdmin',
      canSignIn: true,
      staffPermissions: perms({
        isOfficer: true,
        scholarArea: { view: true, edit: false, process: false, export: false, visaTypes: [], departmentIds: [] },
      }),
    });
    const viewOnly = await t.login(viewer.userName);
    const res = await start(s.applicationId, 'demographic_update', viewOnly);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe('Only office staff who edit or process this case start requests for its scholar.');
    const closedUser = await buildUser(t, {
      role: 'isssAdmin',
      canSignIn: true,
      staffPermissions: perms({
        isOfficer: true,
        scholarArea: { view: false, edit: false, process: false, export: false, visaTypes: [], departmentIds: [] },
      }),
    });
    expect((await start(s.applicationId, 'demographic_update', await t.login(closedUser.userName))).statusCode).toBe(403);
  });

  it('a department starts one about its own scholar (the department fills it in), not about another department’s', async () => {
    const s = await j1Scholar({ withRecord: false });
    const requestTypeId = await requestTypeIdOf(t, 'amend_program_request');
    const res = await call(t, 'POST', `/api/scholars/department/cases/${s.applicationId}/start-request`, {
      as: dept,
      body: { requestTypeId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TRequestDetail>();
    const saved = await call(t, 'PUT', `/api/scholars/requests/${r.id}/data`, {
      as: dept,
      body: { data: { amend_program_end_date: daysFromToday(450), amend_reason: 'The grant runs longer' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${r.id}/submit`, { as: dept })).statusCode).toBe(200);
    expect((await approve(r.id)).statusCode).toBe(200);
    expect((await caseRow(s.applicationId)).end).toBe(daysFromToday(450));
    const other = await buildScholarCase(t, { department: 'CS', processedState: 'J-1', proposedStatus: 'J-1', applicationState: 'draft' });
    const foreign = await call(t, 'POST', `/api/scholars/department/cases/${other.applicationId}/start-request`, {
      as: dept,
      body: { requestTypeId },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('a department’s request started from its own list names no scholar: its submit says where to start it', async () => {
    const id = await newDraft({ session: dept }, 'soa_add_request');
    const form = (await call(t, 'GET', `/api/scholars/requests/${id}/data`, { as: dept })).json<scholarsApi.TScholarRequestFormOutput>();
    expect(form).toMatchObject({ code: 'soa_add_request', context: null, scholar: null, canEdit: true });
    const res = await call(t, 'POST', `/api/requests/${id}/submit`, { as: dept });
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['data.soa_site_name']).toEqual([
      SCHOLAR_REQUEST_MSG.noScholar,
    ]);
  });
});
