import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EV_SHORTEN_REASONS,
  MATRICULATION_CODES,
  REQUEST_FIELD_MSG,
  STUDENT_REQUEST_CODES,
  type TRequestDetail,
  type TSession,
} from '@meridian/domain';
import { codeList } from '../src/modules/sevis/xml/schema.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  approveRequest,
  approveStudentRequest,
  batchOf,
  buildDependent,
  buildSevisSettings,
  buildStudent,
  buildUser,
  cptRequestData,
  daysFromToday,
  recordSevisAccepted,
  requestAs,
  requestTypeOf,
  saveRequestData,
  sevisReadyRecord,
  startStudentRequest,
  studentOf,
  submitRequest,
  updateStudent,
  type TOpenSevisEvent,
  type TStudentOverrides,
} from './factories/index.js';

/*
 * Every student request type of the catalogue (docs/product/students-requests.md#the-catalogue), submitted with data
 * and approved through the API: the record changes as the office expects and the SEVIS update waits, in the batch of
 * the student's visa (student batch for F-1, exchange visitor batch for J-1: docs/decisions/042). Each update new to
 * the catalogue goes into a batch the product validates against the official XSD before storing it.
 */

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let student: TSession;
let evStudent: TSession;
let f1Id: string;
let j1Id: string;
let mainF: string;
let mainJ: string;
const day = daysFromToday;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, student] = await t.loginAll('admin', 'officer', 'student');
  mainF = (await buildSevisSettings(t, { site: 'MAIN', kind: 'F' })).id;
  mainJ = (await buildSevisSettings(t, { site: 'MAIN', kind: 'J' })).id;
  f1Id = (await studentOf(t)).id;
  // An exchange visitor student (J-1, master's category) with a portal account.
  const u = await buildUser(t, { role: 'ISSSstudent', firstName: 'Lukas', lastName: 'Schneider', canSignIn: true });
  j1Id = (await buildStudent(t, { user: u.userName, visaType: 'J-1', firstName: 'Lukas', lastName: 'Schneider' })).id;
  evStudent = await t.login(u.userName);
});
afterAll(async () => {
  await t?.close();
});

/** The F-1 demo student, Active, with nothing left waiting for SEVIS. */
async function f1(change: TStudentOverrides = {}) {
  await recordSevisAccepted(t, f1Id);
  return updateStudent(t, f1Id, {
    visaType: 'F-1',
    sevisStatus: 'Active',
    firstName: 'Priya',
    lastName: 'Sharma',
    programStartDate: day(-400),
    programEndDate: day(400),
    transferDirection: '',
    tags: [],
    ...sevisReadyRecord(),
    ...change,
  });
}
/** The J-1 student, Active in a master's program (SEVIS Table 15 1D), with nothing left waiting for SEVIS. */
async function j1(change: TStudentOverrides = {}) {
  await recordSevisAccepted(t, j1Id);
  return updateStudent(t, j1Id, {
    visaType: 'J-1',
    sevisStatus: 'Active',
    evCategoryCode: '1D',
    subjectFieldCode: '26.0102',
    programStartDate: day(-400),
    programEndDate: day(400),
    transferDirection: '',
    ...sevisReadyRecord(),
    ...change,
  });
}
const getRecord = (id: string) =>
  t.sqlOne<Record<string, unknown>>(
    `select sevis_status, sevis_status_date::text as status_date, program_start_date::text as ps, program_end_date::text as pe,
            ev_category_cd, subject_field_cd, major1_cd, first_name, transfer_direction, transfer_school, is_registered, tags,
            financials, us_address->>'line1' as us_line1
     from student_profiles where id = $1`,
    [id],
  );

/** Approves a request of the student and returns its pending SEVIS updates (by type/action) and its History Log entry. */
async function approved(code: string, data: Record<string, unknown>, as = student, profileId = f1Id) {
  const r = await approveStudentRequest(t, code, data, { student: as, office: admin });
  return { r, ...(await outcome(r, profileId)) };
}
async function outcome(r: TRequestDetail, profileId: string) {
  const events = await t.sql<TOpenSevisEvent>(
    `select id, event_type, action, status, message, payload from sevis_pending_events
     where request_id = $1 and status in ('pending', 'held') order by created_at`,
    [r.id],
  );
  const audit = await t.sqlOne<{ action: string; after: Record<string, unknown> }>(
    `select action, after from audit_events where entity_type = 'student_profile' and entity_id = $1
       and after->>'requestId' = $2 and action <> 'student.sevis-event.raised' order by id desc limit 1`,
    [profileId, r.id],
  );
  return { events, kinds: events.map((e) => `${e.event_type}/${e.action}`), audit };
}
const evBatch = (e: TOpenSevisEvent) => batchOf(t, e.id, { as: admin, settingsId: mainJ, kind: 'ev' });
const f1Batch = (e: TOpenSevisEvent) => batchOf(t, e.id, { as: admin, settingsId: mainF });

/** Every type this file approves (the test at the end checks the catalogue has no other). */
const covered = new Set<string>();
const cover = (...codes: string[]) => codes.forEach((c) => covered.add(c));

describe('F-1: every type of the catalogue changes the record and queues its student batch update', () => {
  it('employment: CPT, OPT, its employer, STEM OPT, on-campus employment', async () => {
    await f1();
    const cpt = await approved('cpt_request', cptRequestData());
    expect(cpt.kinds).toEqual(['CPTEmployment/Add']);
    const opt = await approved('opt_request', {
      opt_type: '02',
      opt_full_or_part_time: '01',
      requested_start_date: day(60),
      requested_end_date: day(424),
      user_email: 'sam@example.edu',
      phone_number: '6175550100',
    });
    expect(opt.kinds).toEqual(['OPTEmployment/Request']);
    const employer = await approved('opt_employer_update', {
      employer_name: 'Acme',
      employer_job_title: 'Analyst',
      employment_start_date: day(70),
      employer_full_or_part_time: '01',
      employer_address_line_1: '2 Elm St',
      employer_city: 'Austin',
      employer_state: 'TX',
      employer_zip_code: '73301',
      employment_remarks: 'Data analysis in my field.',
    });
    expect(employer.kinds).toEqual(['OPTEmployer/Add']);
    const stem = await approved('opt_stem_extend', {
      employer_name: 'Acme',
      employer_job_title: 'Engineer',
      employer_ein: '123456789',
      everify_number: '123456',
      employer_full_or_part_time: '01',
      newjobsalary: '90000',
      supervisor_name: 'Dana Boss',
      supervisor_phone: '6175550100',
      employer_address_line_1: '2 Elm St',
      employer_city: 'Austin',
      employer_state: 'TX',
      employer_zip_code: '73301',
      requested_start_date: day(425),
      requested_end_date: day(1155),
      evsatobjectives: 'Build data pipelines under supervision.',
    });
    expect(stem.kinds).toEqual(['OPTEmployment/STEMExtend']);
    const campus = await approved('on_campus_employment_request', {
      on_campus_employer_name: 'Library',
      employer_job_title: 'Assistant',
      on_campus_start_date: day(5),
      on_campus_hours_per_week: '15',
    });
    expect(campus.kinds).toEqual([]);
    const jobs = await t.sql<{ kind: string; employer_name: string; request_id: string }>(
      'select kind, employer_name, request_id from student_employments where profile_id = $1',
      [f1Id],
    );
    expect(jobs).toEqual(
      expect.arrayContaining([
        { kind: 'cpt', employer_name: 'Acme Labs', request_id: cpt.r.id },
        { kind: 'opt', employer_name: 'Acme', request_id: opt.r.id },
        { kind: 'stem', employer_name: 'Acme', request_id: stem.r.id },
        { kind: 'on_campus', employer_name: 'Library', request_id: campus.r.id },
      ]),
    );
    cover('cpt_request', 'opt_request', 'opt_employer_update', 'opt_stem_extend', 'on_campus_employment_request');
  });

  it('enrolment: RCL, change of level, program extension, registration', async () => {
    await f1();
    expect(
      (
        await approved('rcl_request', {
          rcl_reason: 'medical',
          rcl_term: 'Spring 2027',
          rcl_start_date: day(40),
          rcl_end_date: day(150),
          rcl_credits: '6',
          student_remarks: 'Doctor letter attached.',
        })
      ).kinds,
    ).toEqual(['AuthDropBelowFC/Add']);
    const col = await approved('col_request', {
      new_education_level: '06',
      new_major: '11.0701',
      col_program_start_date: day(200),
      col_program_end_date: day(1600),
    });
    expect(col.kinds).toEqual(['EducationLevel/Edit']);
    expect(await getRecord(f1Id)).toMatchObject({ major1_cd: '11.0701', ps: day(200), pe: day(1600) });
    await f1();
    const ext = await approved('program_extension', { new_program_end_date: day(500), reason_for_extension: 'Thesis research.' });
    expect(ext.kinds).toEqual(['Program/Extension']);
    expect(await getRecord(f1Id)).toMatchObject({ pe: day(500) });
    const reg = await approved('registration_request', {
      current_session_start_date: day(-20),
      current_session_end_date: day(90),
      last_session: '0',
      next_session_start_date: day(120),
    });
    expect(reg.kinds).toEqual(['Registration/Register']);
    expect(await getRecord(f1Id)).toMatchObject({ is_registered: true });
    cover('rcl_request', 'col_request', 'program_extension', 'registration_request');
  });

  it('program end and status: complete early, shorten, cancel, defer, reinstatement', async () => {
    await f1();
    const done = await approved('complete_program_request', { completion_date: day(20), student_remarks: 'All credits earned.' });
    expect(done.kinds).toEqual(['Program/Shorten']);
    expect(await getRecord(f1Id)).toMatchObject({ pe: day(20) });
    await f1();
    const shorter = await approved('shorten_program_request', { shortened_program_end_date: day(100), shorten_reason: 'Thesis done.' });
    expect(shorter.kinds).toEqual(['Program/Shorten']);
    expect(await getRecord(f1Id)).toMatchObject({ pe: day(100) });
    await f1({ sevisStatus: 'Initial', programStartDate: day(20), programEndDate: day(700) });
    const deferred = await approved('defer_attendance_request', {
      deferred_program_start_date: day(140),
      deferred_program_end_date: day(820),
    });
    expect(deferred.kinds).toEqual(['Program/ManageSessionDates']);
    expect(await getRecord(f1Id)).toMatchObject({ ps: day(140), pe: day(820) });
    const cancel = await approved('cancel_request', { cancel_reason: '01' });
    expect(cancel.kinds).toEqual(['Status/Cancel']);
    expect(await getRecord(f1Id)).toMatchObject({ sevis_status: 'Canceled' });
    await f1({ sevisStatus: 'Terminated' });
    const reinstated = await approved('reinstatement', { reinstatement_reason: 'I dropped below full time without authorization.' });
    expect(reinstated.kinds).toEqual([]);
    expect((await getRecord(f1Id)).tags).toContain('Reinstatement recommended');
    cover('complete_program_request', 'shorten_program_request', 'defer_attendance_request', 'cancel_request', 'reinstatement');
  });

  it('transfers: in (Create/TransferIn) and out (done in SEVIS RTI)', async () => {
    await f1();
    const out = await approved('transfer_out', {
      transfer_school_name: 'Boston College',
      transfer_school_code: 'BOS214F00123000',
      transfer_release_date: day(15),
    });
    expect(out.kinds).toEqual([]);
    expect(String(out.audit.after.doneInRti)).toContain('SEVIS RTI');
    expect(await getRecord(f1Id)).toMatchObject({ transfer_direction: 'out', transfer_school: 'Boston College (BOS214F00123000)' });
    await f1();
    const into = await approved('transfer_in', {
      previous_school_name: 'Old State University',
      previous_sevis_id: 'N0012345678',
      sevis_release_date: day(-5),
      transfer_program_start_date: day(-1),
      foreign_address_line_1: '12 MG Road',
      foreign_city: 'Pune',
      foreign_country: 'IN',
      user_email: 'sam@example.edu',
      no_phone: '1',
    });
    expect(into.kinds).toEqual(['Create/TransferIn']);
    expect(await getRecord(f1Id)).toMatchObject({ transfer_direction: 'in', transfer_school: 'Old State University' });
    cover('transfer_out', 'transfer_in');
  });

  it('information updates: demographic, contact, financial, program, one dependent', async () => {
    await f1();
    expect((await approved('demographic_update', { new_first_name: 'Priyanka' })).kinds).toEqual(['PersonalInfo/Edit']);
    expect(await getRecord(f1Id)).toMatchObject({ first_name: 'Priyanka' });
    const contact = await approved('contact_info_update', {
      us_address_line_1: '99 Elm St',
      us_city: 'Boston',
      us_state: 'MA',
      us_zip_code: '02115',
    });
    expect(contact.kinds).toEqual(['PersonalInfo/Address']);
    expect(await getRecord(f1Id)).toMatchObject({ us_line1: '99 Elm St' });
    expect((await approved('financial_info_update', { personal_funds: '21000' })).kinds).toEqual(['FinancialInfo/Edit']);
    expect((await getRecord(f1Id)).financials).toMatchObject({ personalFunds: 21000 });
    expect((await approved('program_info_update', { new_major_code: '14.0901' })).kinds).toEqual(['Program/Amend']);
    expect(await getRecord(f1Id)).toMatchObject({ major1_cd: '14.0901' });
    const dep = await approved('dependent_info_update', {
      dependent_id: 'new',
      dependent_first_name: 'Ana',
      dependent_last_name: 'Sharma',
      dependent_relationship: '02',
      dependent_gender: 'F',
      dependent_birth_date: day(-800),
      dependent_birth_country: 'IN',
      dependent_citizenship_country: 'IN',
    });
    expect(dep.kinds).toEqual(['Dependent/Add']);
    expect(await t.sql('select 1 from student_dependents where profile_id = $1 and first_name = $2', [f1Id, 'Ana'])).toHaveLength(1);
    cover('demographic_update', 'contact_info_update', 'financial_info_update', 'program_info_update', 'dependent_info_update');
  });
});

describe('Several Dependents: one request, an update per dependent', () => {
  it('F-2: a child ends (SEVIS Table 3 03), the spouse changes and a newborn is added; each update passes the student XSD', async () => {
    await f1();
    const spouse = await t.sqlOne<{ id: string }>("select id from student_dependents where profile_id = $1 and sevis_id = 'N0031234568'", [
      f1Id,
    ]);
    const grown = await buildDependent(
      t,
      { id: f1Id, institutionId: t.institutionA },
      {
        firstName: 'Rohan',
        lastName: 'Sharma',
        relationshipCode: '02',
        gender: 'M',
        birthDate: day(-7600),
        birthCity: 'Pune',
        birthCountryCode: 'IN',
        citizenshipCountryCode: 'IN',
        sevisId: 'N0031234599',
      },
    );
    const { r, kinds, events, audit } = await approved('dependent_info_multi', {
      dependent_changes: [
        { change: 'end', dependent_id: grown.id, end_reason: '03' },
        { change: 'update', dependent_id: spouse.id, dependent_birth_city: 'Nagpur' },
        {
          change: 'add',
          dependent_first_name: 'Tara',
          dependent_last_name: 'Sharma',
          dependent_relationship: '02',
          dependent_gender: 'F',
          dependent_birth_date: day(-30),
          dependent_birth_city: 'Boston',
          dependent_birth_country: 'IN',
          dependent_citizenship_country: 'IN',
        },
      ],
    });
    expect(kinds).toEqual(['Dependent/Terminate', 'Dependent/Edit', 'Dependent/Add']);
    expect(audit.action).toBe('student.dependents.updated');
    expect((audit.after.dependents as { change: string }[]).map((d) => d.change)).toEqual(['end', 'update', 'add']);
    const deps = await t.sql<{ first_name: string; status: string; birth_city: string; termination_reason_cd: string | null }>(
      'select first_name, status, birth_city, termination_reason_cd from student_dependents where profile_id = $1 order by first_name',
      [f1Id],
    );
    expect(deps.find((d) => d.first_name === 'Rohan')).toMatchObject({ status: 'Terminated', termination_reason_cd: '03' });
    expect(deps.find((d) => d.birth_city === 'Nagpur')).toBeTruthy();
    expect(deps.find((d) => d.first_name === 'Tara')).toMatchObject({ status: 'Active' });
    // The office reads each row's dependent by name and SEVIS ID.
    const office = await requestAs(t, r.id, admin);
    expect(office.dataLabels?.['dependent_changes.0.dependent_id']).toContain('SEVIS ID N0031234599');
    const xml = [await f1Batch(events[0]!), await f1Batch(events[1]!), await f1Batch(events[2]!)];
    expect(xml[0]).toMatch(/<Terminate dependentSevisID="N0031234599">\s*<Reason>03<\/Reason>/);
    expect(xml[1]).toContain('<BirthCity>Nagpur</BirthCity>');
    expect(xml[2]).toContain('<BirthCity>Boston</BirthCity>');
  });

  // SEVIS S1105 (one spouse) checked again on approval, on the record as it is then (8 CFR 214.2(f)(3)): nothing applies.
  it('a second spouse the record gained since the request was submitted is refused on approval, and no row applies (SEVIS S1105)', async () => {
    await f1();
    const r = await startStudentRequest(t, 'dependent_info_multi', student);
    const spouse = await t.sqlOne<{ id: string }>("select id from student_dependents where profile_id = $1 and sevis_id = 'N0031234568'", [
      f1Id,
    ]);
    const data = {
      dependent_changes: [
        { change: 'end', dependent_id: spouse.id, end_reason: '04' },
        {
          change: 'add',
          dependent_first_name: 'Leela',
          dependent_last_name: 'Sharma',
          dependent_relationship: '01',
          dependent_gender: 'F',
          dependent_birth_date: '1995-02-03',
          dependent_birth_country: 'IN',
          dependent_citizenship_country: 'IN',
        },
      ],
    };
    expect((await saveRequestData(t, r.id, data, student)).statusCode).toBe(200);
    expect((await submitRequest(t, r.id, student)).statusCode).toBe(200);
    // Meanwhile the office put another spouse on the record (behind the request's back).
    const other = await buildDependent(t, { id: f1Id, institutionId: t.institutionA }, { relationshipCode: '01', firstName: 'Meera' });
    const refused = await approveRequest(t, r.id, admin);
    expect(refused.statusCode).toBe(400);
    expect(await t.sqlOne<{ status: string }>('select status from student_dependents where id = $1', [spouse.id])).toEqual({
      status: 'Active',
    });
    expect(await t.sql('select 1 from student_dependents where profile_id = $1 and first_name = $2', [f1Id, 'Leela'])).toHaveLength(0);
    await t.sql('delete from student_dependents where id = $1', [other.id]);
  });

  it('J-2: a new J-2 with its DS-2019 purpose and a divorce (End Status 04) pass the exchange visitor XSD', async () => {
    await j1();
    const wife = await buildDependent(
      t,
      { id: j1Id, institutionId: t.institutionA },
      {
        firstName: 'Anna',
        lastName: 'Schneider',
        relationshipCode: '01',
        gender: 'F',
        birthCity: 'Hamburg',
        birthCountryCode: 'DE',
        citizenshipCountryCode: 'DE',
        permanentResidenceCountryCode: 'DE',
        sevisId: 'N0031277777',
      },
    );
    const { kinds, events } = await approved(
      'dependent_info_multi',
      {
        dependent_changes: [
          { change: 'end', dependent_id: wife.id, end_reason: '04' },
          {
            change: 'add',
            dependent_first_name: 'Mia',
            dependent_last_name: 'Schneider',
            dependent_relationship: '02',
            dependent_gender: 'F',
            dependent_birth_date: day(-900),
            dependent_birth_city: 'Boston',
            dependent_birth_country: 'DE',
            dependent_citizenship_country: 'DE',
            dependent_residence_country: 'DE',
            dependent_form_purpose: '08',
          },
        ],
      },
      evStudent,
      j1Id,
    );
    expect(kinds).toEqual(['Dependent/Terminate', 'Dependent/Add']);
    expect(await evBatch(events[0]!)).toMatch(/<EndStatus dependentSevisID="N0031277777">\s*<Reason>04<\/Reason>/);
    expect(await evBatch(events[1]!)).toContain('<FormPurpose>08</FormPurpose>');
    cover('dependent_info_multi');
  });
});

describe('Matriculation (J-1): exchange visitor schema Program/Matriculate', () => {
  it('the record takes the degree’s category and the new end; the EV batch validates', async () => {
    await j1({ evCategoryCode: '1F' });
    const { kinds, events, audit } = await approved(
      'matriculation_request',
      { matriculation_code: 'M', matriculation_program_end_date: day(900) },
      evStudent,
      j1Id,
    );
    expect(kinds).toEqual(['Program/Matriculate']);
    expect(audit.action).toBe('student.matriculated');
    expect(await getRecord(j1Id)).toMatchObject({ ev_category_cd: '1D', pe: day(900) });
    const xml = await evBatch(events[0]!);
    expect(xml).toMatch(
      /<Matriculate printForm="true">\s*<NewPrgEndDate>[\d-]+<\/NewPrgEndDate>\s*<MatriculationCode>M<\/MatriculationCode>/,
    );
    cover('matriculation_request');
  });

  it('is not offered to an F-1 student (SEVIS’s student batch has no matriculation)', async () => {
    const offered = (await call(t, 'GET', '/api/requests/startable-types', { as: student })).json<{ code: string }[]>();
    expect(offered.map((x) => x.code)).not.toContain('matriculation_request');
    const mine = (await call(t, 'GET', '/api/requests/startable-types', { as: evStudent })).json<{ code: string }[]>();
    expect(mine.map((x) => x.code)).toContain('matriculation_request');
  });

  // SEVIS S2229 "Matriculation program end date must be after the current program end date" (22 CFR 62.23(h)), checked on
  // the record as it is when the office approves.
  it('refuses on approval when the record’s program end has moved past the new end (SEVIS S2229)', async () => {
    await j1();
    const r = await startStudentRequest(t, 'matriculation_request', evStudent);
    expect(
      (await saveRequestData(t, r.id, { matriculation_code: 'D', matriculation_program_end_date: day(500) }, evStudent)).statusCode,
    ).toBe(200);
    expect((await submitRequest(t, r.id, evStudent)).statusCode).toBe(200);
    await updateStudent(t, j1Id, { programEndDate: day(500) });
    const refused = await approveRequest(t, r.id, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REQUEST_FIELD_MSG.newEndNotLater(day(500)));
    expect(await getRecord(j1Id)).toMatchObject({ pe: day(500), ev_category_cd: '1D' });
  });
});

describe('Terminate SEVIS Record: the office starts, fills in and decides it; the student never sees it', () => {
  /** The office starts it from the student record, fills in the form and submits it. */
  async function officeTerminates(profileId: string, data: Record<string, unknown>): Promise<TRequestDetail> {
    const types = (await call(t, 'GET', `/api/students/${profileId}/startable-types`, { as: officer })).json<
      { id: string; code: string; isOfficeRequest: boolean }[]
    >();
    const type = types.find((x) => x.code === 'terminate_request');
    expect(type?.isOfficeRequest).toBe(true);
    const started = await call(t, 'POST', `/api/students/${profileId}/requests`, { as: officer, body: { requestTypeId: type!.id } });
    expect(started.statusCode, started.body).toBe(200);
    const r = started.json<TRequestDetail>();
    expect(r).toMatchObject({ profileId, status: 'draft', canEdit: true });
    expect((await saveRequestData(t, r.id, data, officer)).statusCode).toBe(200);
    const sent = await submitRequest(t, r.id, officer);
    expect(sent.statusCode, sent.body).toBe(200);
    return r;
  }

  it('F-1: Terminated with SEVIS Table 13’s 16 and its other remarks (SEVIS S1059); Status/Terminate passes the student XSD', async () => {
    await f1();
    const r = await officeTerminates(f1Id, { termination_reason: '16', termination_other_remarks: 'Stopped attending in March.' });
    // The student neither reads nor lists it; the office's list names the student.
    expect((await call(t, 'GET', `/api/requests/${r.id}`, { as: student })).statusCode).toBe(404);
    const mine = (await call(t, 'GET', '/api/requests/mine', { as: student })).json<{ id: string }[]>();
    expect(Array.isArray(mine) ? mine.map((x) => x.id) : []).not.toContain(r.id);
    expect((await requestAs(t, r.id, admin)).subjectName).toBe('Priya Sharma');
    const res = await approveRequest(t, r.id, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { kinds, events, audit } = await outcome(r, f1Id);
    expect(kinds).toEqual(['Status/Terminate']);
    expect(audit.action).toBe('student.record-terminated');
    expect(await getRecord(f1Id)).toMatchObject({ sevis_status: 'Terminated' });
    const xml = await f1Batch(events[0]!);
    expect(xml).toMatch(/<Terminate>\s*<Reason>16<\/Reason>\s*<OtherRemarks>Stopped attending in March.<\/OtherRemarks>/);
    // The student is told, with a notice that does not open the office's request.
    const [bell] = await t.sql<{ text: string; request_id: string | null }>(
      `select n.text, n.request_id from notifications n join student_profiles p on p.user_id = n.user_id
        where p.id = $1 and n.type_name = 'student.record-terminated' order by n.created_at desc`,
      [f1Id],
    );
    expect(bell).toMatchObject({ request_id: null });
    expect(bell!.text).toContain('otherwise failing to maintain status');
    cover('terminate_request');
  });

  it('J-1: SEVIS Table 24’s reason and the effective date in the exchange visitor Status/Terminate', async () => {
    await j1();
    const r = await officeTerminates(j1Id, { termination_reason: 'FALACT', termination_effective_date: day(-3) });
    expect((await approveRequest(t, r.id, admin)).statusCode).toBe(200);
    const { events } = await outcome(r, j1Id);
    expect(await getRecord(j1Id)).toMatchObject({ sevis_status: 'Terminated', status_date: day(-3) });
    expect(await evBatch(events[0]!)).toMatch(
      new RegExp(`<Terminate>\\s*<Reason>FALACT</Reason>\\s*<EffectiveDate>${day(-3)}</EffectiveDate>`),
    );
  });

  it('is never the student’s to start, even when the office lets students start it; it needs no portal account', async () => {
    const type = await requestTypeOf(t, 'terminate_request');
    // An office that ticks "student" among its starters in Request Configuration.
    await t.sql(`update request_types set starters = '{staff,student}' where id = $1`, [type.id]);
    const offered = (await call(t, 'GET', '/api/requests/startable-types', { as: student })).json<{ code: string }[]>();
    expect(offered.map((x) => x.code)).not.toContain('terminate_request');
    const tried = await call(t, 'POST', '/api/requests', { as: student, body: { requestTypeId: type.id } });
    expect(tried.statusCode).toBe(400);
    expect(tried.json().fieldErrors).toEqual({ requestTypeId: ['This request type is not available to you.'] });
    await t.sql(`update request_types set starters = '{staff}' where id = $1`, [type.id]);
    // A record without a portal account: the office's own request starts; one the student completes does not.
    const noAccount = await buildStudent(t, {});
    const started = await call(t, 'POST', `/api/students/${noAccount.id}/requests`, { as: officer, body: { requestTypeId: type.id } });
    expect(started.statusCode, started.body).toBe(200);
    const other = await requestTypeOf(t, 'cancel_request');
    expect(
      (await call(t, 'POST', `/api/students/${noAccount.id}/requests`, { as: officer, body: { requestTypeId: other.id } })).statusCode,
    ).toBe(409);
  });

  it('an exchange visitor record SEVIS has not validated (Initial) is not terminated: the approval is refused and nothing changes', async () => {
    await j1({ sevisStatus: 'Initial' });
    const r = await officeTerminates(j1Id, {
      termination_reason: 'OTHER',
      termination_other_remarks: 'Never arrived.',
      termination_effective_date: day(0),
    });
    const refused = await approveRequest(t, r.id, admin);
    expect(refused.statusCode).toBe(400);
    expect(await getRecord(j1Id)).toMatchObject({ sevis_status: 'Initial' });
  });
});

describe('J-1: the exchange visitor variant of each type serving both visas sends what the exchange visitor batch takes', () => {
  it('Cancel Program: the record becomes Invalid and Status/Invalid carries the student’s words', async () => {
    await j1({ sevisStatus: 'Initial', programStartDate: day(30) });
    const { kinds, events } = await approved('cancel_request', { student_remarks: 'I accepted another offer.' }, evStudent, j1Id);
    expect(kinds).toEqual(['Status/Invalid']);
    expect(await getRecord(j1Id)).toMatchObject({ sevis_status: 'Invalid' });
    expect(await evBatch(events[0]!)).toMatch(/<Invalid>\s*<Remarks>I accepted another offer.<\/Remarks>/);
  });

  it('Complete early and Shorten: Program/Shorten with SEVIS’s reason (POCE, or the one chosen) and remarks', async () => {
    await j1();
    const done = await approved(
      'complete_program_request',
      { completion_date: day(30), student_remarks: 'Degree finished.' },
      evStudent,
      j1Id,
    );
    expect(await evBatch(done.events[0]!)).toMatch(/<ShortenReason>POCE<\/ShortenReason>\s*<Remarks>Degree finished.<\/Remarks>/);
    await j1();
    const reason = EV_SHORTEN_REASONS.find((r) => r.code === 'MEHF')!.code;
    const shorter = await approved(
      'shorten_program_request',
      { shortened_program_end_date: day(60), ev_shorten_reason: reason, shorten_reason: 'My mother is ill.' },
      evStudent,
      j1Id,
    );
    expect(await getRecord(j1Id)).toMatchObject({ pe: day(60) });
    expect(await evBatch(shorter.events[0]!)).toContain('<ShortenReason>MEHF</ShortenReason>');
  });

  it('Defer Attendance: Program/Amend with the new dates (a new DS-2019)', async () => {
    await j1({ sevisStatus: 'Initial', programStartDate: day(20), programEndDate: day(700) });
    const { kinds, events } = await approved(
      'defer_attendance_request',
      { deferred_program_start_date: day(140), deferred_program_end_date: day(820) },
      evStudent,
      j1Id,
    );
    expect(kinds).toEqual(['Program/Amend']);
    expect(await evBatch(events[0]!)).toMatch(new RegExp(`<Amend printForm="true">\\s*<PrgStartDate>${day(140)}</PrgStartDate>`));
  });

  it('Program Extension: Program/Extension with the reason as remarks', async () => {
    await j1();
    const { events } = await approved(
      'program_extension',
      { new_program_end_date: day(500), reason_for_extension: 'One more semester of coursework.' },
      evStudent,
      j1Id,
    );
    expect(await evBatch(events[0]!)).toMatch(
      /<Extension printForm="true">\s*<NewPrgEndDate>[\d-]+<\/NewPrgEndDate>\s*<Remarks>One more semester/,
    );
  });

  it('Registration: an exchange visitor SEVIS has not validated is validated; an Active one is only registered here', async () => {
    await j1({ sevisStatus: 'Initial', programStartDate: day(-5) });
    const session = { current_session_start_date: day(-5), current_session_end_date: day(90), last_session: '1' };
    const first = await approved('registration_request', session, evStudent, j1Id);
    expect(first.kinds).toEqual(['Validate/Validate']);
    expect(await evBatch(first.events[0]!)).toContain('<Validate>');
    await j1();
    const again = await approved('registration_request', session, evStudent, j1Id);
    expect(again.kinds).toEqual([]);
    expect(await getRecord(j1Id)).toMatchObject({ is_registered: true });
  });

  it('Program Information Update: the subject field, as Program/EditSubject with the student’s words', async () => {
    await j1();
    const { events } = await approved(
      'program_info_update',
      { new_subject_field_code: '26.0203', subject_field_remarks: 'Biochemistry and molecular biology.' },
      evStudent,
      j1Id,
    );
    expect(await getRecord(j1Id)).toMatchObject({ subject_field_cd: '26.0203' });
    const xml = await evBatch(events[0]!);
    expect(xml).toContain('<SubjectFieldCode>26.0203</SubjectFieldCode>');
    expect(xml).toContain('<SubjectFieldRemarks>Biochemistry and molecular biology.</SubjectFieldRemarks>');
  });

  it('Dependent Information Update: a new J-2 carries the DS-2019 purpose the form asked', async () => {
    await j1();
    const { events } = await approved(
      'dependent_info_update',
      {
        dependent_id: 'new',
        dependent_first_name: 'Jonas',
        dependent_last_name: 'Schneider',
        dependent_relationship: '02',
        dependent_gender: 'M',
        dependent_birth_date: day(-1200),
        dependent_birth_city: 'Munich',
        dependent_birth_country: 'DE',
        dependent_citizenship_country: 'DE',
        dependent_residence_country: 'DE',
        dependent_form_purpose: '06',
      },
      evStudent,
      j1Id,
    );
    expect(await evBatch(events[0]!)).toContain('<FormPurpose>06</FormPurpose>');
  });

  it('Financial Information Update: the program sponsor’s funds and another source by name, in FinancialInfo', async () => {
    await j1();
    const { events } = await approved(
      'financial_info_update',
      { school_funding: '30000', school_funding_remarks: 'Assistantship', other_funding: '5000', other_funding_remarks: 'DAAD' },
      evStudent,
      j1Id,
    );
    const xml = await evBatch(events[0]!);
    expect(xml).toContain('<ProgramSponsorFunds>30000</ProgramSponsorFunds>');
    expect(xml).toMatch(/<Other>\s*<Name>DAAD<\/Name>\s*<Amount>5000<\/Amount>/);
  });

  it('Transfer in and out, on-campus employment: recorded here, done in SEVIS RTI (the exchange visitor batch has no event for them)', async () => {
    await j1();
    const out = await approved(
      'transfer_out',
      { transfer_school_name: 'Tufts University', transfer_program_number: 'P-1-12345', transfer_release_date: day(10) },
      evStudent,
      j1Id,
    );
    expect(out.kinds).toEqual([]);
    expect(await getRecord(j1Id)).toMatchObject({ transfer_direction: 'out', transfer_school: 'Tufts University (P-1-12345)' });
    await j1();
    const into = await approved(
      'transfer_in',
      {
        previous_school_name: 'Old Sponsor University',
        previous_program_number: 'P-3-54321',
        previous_sevis_id: 'N0012345679',
        sevis_release_date: day(-5),
        transfer_program_start_date: day(-1),
        foreign_address_line_1: 'Hauptstrasse 1',
        foreign_city: 'Hamburg',
        foreign_country: 'DE',
        user_email: 'lukas@example.edu',
        no_phone: '1',
      },
      evStudent,
      j1Id,
    );
    expect(into.kinds).toEqual([]);
    expect(String(into.audit.after.doneInRti)).toContain('SEVIS RTI');
    expect(await getRecord(j1Id)).toMatchObject({ transfer_direction: 'in', transfer_school: 'Old Sponsor University (P-3-54321)' });
    await j1();
    const job = await approved(
      'on_campus_employment_request',
      { on_campus_employer_name: 'Library', employer_job_title: 'Assistant', on_campus_start_date: day(5), on_campus_hours_per_week: '15' },
      evStudent,
      j1Id,
    );
    expect(job.kinds).toEqual([]);
    expect(String(job.audit.after.doneInRti)).toContain('SEVIS RTI');
  });

  it('a field of the F-1 variant is refused on an exchange visitor’s form, with the field’s message', async () => {
    const r = await startStudentRequest(t, 'cancel_request', evStudent);
    const res = await saveRequestData(t, r.id, { cancel_reason: '01' }, evStudent);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'data.cancel_reason': ['Invalid value'] });
  });
});

describe('the catalogue', () => {
  it('every student request type of the seeded catalogue has a form and is approved above', async () => {
    const seeded = await t.sql<{ code: string; starters: string[] }>('select code, starters from request_types where institution_id = $1', [
      t.institutionA,
    ]);
    const studentTypes = seeded.filter((s) => s.starters.includes('student') || s.code === 'terminate_request').map((s) => s.code);
    for (const code of studentTypes) expect(STUDENT_REQUEST_CODES, code).toContain(code);
    expect([...STUDENT_REQUEST_CODES].filter((c) => !covered.has(c)).sort()).toEqual([]);
  });

  it('the SEVIS codes the new forms offer are codes of their XSD types', () => {
    for (const c of MATRICULATION_CODES) expect(codeList('ev', 'MatriculationType').has(c.code), c.code).toBe(true);
    for (const c of EV_SHORTEN_REASONS) expect(codeList('ev', 'EVCompletionCodeType').has(c.code), c.code).toBe(true);
  });
});
