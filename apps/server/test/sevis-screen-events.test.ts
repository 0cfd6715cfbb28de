import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPLOYMENT_TIME_CODES,
  EV_TERMINATION_REASONS,
  F2_TERMINATION_REASONS,
  J2_FORM_PURPOSES,
  J2_TERMINATION_REASONS,
  LOOKUP_MSG,
  NEW_DEPENDENT,
  REQUEST_FIELD_MSG,
  SEVIS_RULE_MSG,
  STATUS_CHANGE_MSG,
  STUDENT_CANCEL_REASONS,
  STUDENT_TERMINATION_REASONS,
  type sevisApi,
  type studentsApi,
  type TRequestDetail,
  type TSession,
} from '@meridian/domain';
import { codeList } from '../src/modules/sevis/xml/schema.js';
import { EV_DEPENDENT_END_STATUS } from '../src/modules/sevis/xml/codes.js';
import { DEPENDENT_NOT_ON_RECORD } from '../src/modules/students/requests/effects/dependent-info-update.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  approveStudentRequest,
  batchOf as batchOfEvent,
  buildDependent,
  buildEmployment,
  buildPendingEvent,
  buildSevisSettings,
  buildStemReport,
  buildStudent,
  daysFromToday,
  openSevisEvents,
  recordSevisAccepted,
  requestTypeIdOf,
  sevisReadyRecord,
  studentOf,
  updateStudent,
} from './factories/index.js';

/*
 * Every change a screen makes that SEVIS must hear about raises its event, and the event goes into a
 * batch that passes the official XSD (docs/sevis-rules.md#every-change-a-screen-makes-raises-its-event).
 * Each test goes from the screen's endpoint to a built batch: the product validates every batch with the
 * XSD before storing it (an event the schema refuses is held, not batched), and Debian's xmllint checks
 * the stored XML again where it is installed.
 */

let t: TTestApp;
let admin: TSession;
let student: TSession;
let mainF: string;
let mainJ: string;
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, student] = await t.loginAll('admin', 'student');
  mainF = (await buildSevisSettings(t, { site: 'MAIN', kind: 'F' })).id;
  mainJ = (await buildSevisSettings(t, { site: 'MAIN', kind: 'J' })).id;
  demoId = (await studentOf(t)).id;
});
afterAll(async () => {
  await t?.close();
});

// The record's open SEVIS updates and a batch of one of them (test/factories/student-requests.ts), as the admin builds it here.
const openEvents = (profileId: string) => openSevisEvents(t, profileId);
const batchOf = (eventId: string, settingsId = mainF, kind: 'student' | 'ev' = 'student') =>
  batchOfEvent(t, eventId, { as: admin, settingsId, kind });

/** The demo student's record set up for one test, with nothing left waiting for SEVIS. */
async function demo(change: Parameters<typeof updateStudent>[2] = {}) {
  await recordSevisAccepted(t, demoId);
  return updateStudent(t, demoId, {
    visaType: 'F-1',
    sevisStatus: 'Active',
    programStartDate: daysFromToday(-400),
    programEndDate: daysFromToday(300),
    transferDirection: '',
    ...sevisReadyRecord(),
    ...change,
  });
}

/** The student starts, fills in and submits a request of the type; the office approves it (test/factories/student-requests.ts). */
const approveRequest = (code: string, data: Record<string, unknown>) => approveStudentRequest(t, code, data, { student, office: admin });
const only = async (profileId: string) => {
  const events = await openEvents(profileId);
  expect(events.map((e) => `${e.event_type}/${e.action}`)).toHaveLength(1);
  return events[0]!;
};

describe('OPT: the recommendation carries full or part time (SEVIS Table 6) and a held update can be completed', () => {
  it('approving an OPT request queues OPTEmployment Add with FullPartTimeIndicator and CompletionType (SEVIS Tables 6 and 9)', async () => {
    await demo({ programEndDate: daysFromToday(40) });
    await approveRequest('opt_request', {
      opt_type: '02',
      opt_full_or_part_time: '02',
      requested_start_date: daysFromToday(60),
      requested_end_date: daysFromToday(420),
      user_email: 'sam@example.edu',
      phone_number: '6175550100',
    });
    const e = await only(demoId);
    expect(e).toMatchObject({ event_type: 'OPTEmployment', action: 'Request', payload: { fullOrPartTime: '02', optPhase: '02' } });
    const xml = await batchOf(e.id);
    expect(xml).toContain('<FullPartTimeIndicator>02</FullPartTimeIndicator>');
    expect(xml).toContain('<CompletionType>02</CompletionType>');
  });

  it('an OPT request without full or part time cannot be submitted (Required field on the field)', async () => {
    await demo();
    const started = await call(t, 'POST', '/api/requests', {
      as: student,
      body: { requestTypeId: await requestTypeIdOf(t, 'opt_request') },
    });
    const id = started.json<TRequestDetail>().id;
    await call(t, 'PUT', `/api/requests/${id}/data`, {
      as: student,
      body: {
        data: {
          opt_type: '01',
          requested_start_date: daysFromToday(30),
          requested_end_date: daysFromToday(90),
          no_phone: true,
          user_email: 'a@b.edu',
        },
      },
    });
    const res = await call(t, 'POST', `/api/requests/${id}/submit`, { as: student });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['data.opt_full_or_part_time']).toEqual(['Required field']);
    const bad = await call(t, 'PUT', `/api/requests/${id}/data`, { as: student, body: { data: { opt_full_or_part_time: '03' } } });
    // SEVIS Table 6 is the office's list (docs/product/lookups.md): 03 is not on it.
    expect(bad.json().fieldErrors['data.opt_full_or_part_time']).toEqual([LOOKUP_MSG.notInList]);
  });

  it('an OPT update held for lack of full or part time is completed on the record and then batched (SEVIS Table 6)', async () => {
    const s = await buildStudent(t, { ...sevisReadyRecord(), programEndDate: daysFromToday(20) });
    const opt = await buildEmployment(t, s, { optPhase: '02', authorizedStartDate: daysFromToday(40), fullOrPartTime: '' });
    const e = await buildPendingEvent(t, s, {
      eventType: 'OPTEmployment',
      action: 'Request',
      payload: {
        optPhase: '02',
        employmentId: opt.id,
        requestedStartDate: opt.authorizedStartDate,
        requestedEndDate: opt.authorizedEndDate,
      },
    });
    const first = await call(t, 'POST', '/api/sevis/batches', { as: admin, body: { settingsId: mainF, eventIds: [e.id] } });
    expect(first.json<sevisApi.TCreateBatchesOutput>().heldEvents).toBe(1);
    const url = `/api/students/${s.id}/sevis-events/${e.id}/complete`;
    const wrong = await call(t, 'POST', url, { as: admin, body: { values: { fullOrPartTime: '03' } } });
    expect(wrong.statusCode).toBe(400);
    // Full or part time is the office's list of SEVIS Table 6 (docs/product/lookups.md): 03 is not on it.
    expect(wrong.json().fieldErrors).toEqual({ 'values.fullOrPartTime': [LOOKUP_MSG.notInList] });
    const done = await call(t, 'POST', url, { as: admin, body: { values: { fullOrPartTime: '01' } } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<studentsApi.TSevisEvent>()).toMatchObject({ status: 'pending', message: '', payload: { fullOrPartTime: '01' } });
    const [emp] = await t.sql<{ full_or_part_time: string }>('select full_or_part_time from student_employments where id = $1', [opt.id]);
    expect(emp!.full_or_part_time).toBe('01');
    expect(await batchOf(e.id)).toContain('<FullPartTimeIndicator>01</FullPartTimeIndicator>');
    const again = await call(t, 'POST', url, { as: admin, body: { values: { fullOrPartTime: '01' } } });
    expect(again.statusCode).toBe(409);
  });
});

describe('ending a record raises its Status event with the SEVIS reason the officer chooses', () => {
  const put = async (profileId: string, body: Record<string, unknown>) => {
    const [r] = await t.sql<{ updated_at: Date }>('select updated_at from student_profiles where id = $1', [profileId]);
    return call(t, 'PUT', `/api/students/${profileId}`, { as: admin, body: { ...body, updatedAt: r!.updated_at.toISOString() } });
  };

  it('Terminated: a SEVIS Table 13 reason is required, one the F-1 schema refuses is refused, and Status/Terminate carries it', async () => {
    const s = await buildStudent(t, sevisReadyRecord());
    const none = await put(s.id, { sevisStatus: 'Terminated' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ sevisStatusReasonCode: [STATUS_CHANGE_MSG.reasonRequired] });
    // SEVIS Table 13: 06 (change of nonimmigrant classification) is not an F-1 reason; the schema's StudentTerminationReasonType
    // refuses it, and the office's list does not hold it (docs/product/lookups.md).
    const notF1 = await put(s.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: '06' });
    expect(notF1.json().fieldErrors).toEqual({ sevisStatusReasonCode: [LOOKUP_MSG.notInList] });
    // 14 (denied transfer) is on the list but for M-1 records only.
    const m1Only = await put(s.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: '14' });
    expect(m1Only.json().fieldErrors).toEqual({ sevisStatusReasonCode: [LOOKUP_MSG.notInList] });
    const ok = await put(s.id, {
      sevisStatus: 'Terminated',
      sevisStatusReasonCode: '16',
      sevisStatusRemarks: 'Did not enroll for spring.',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const e = await only(s.id);
    expect(e).toMatchObject({ event_type: 'Status', action: 'Terminate', payload: { sevisReasonCode: '16' } });
    const xml = await batchOf(e.id);
    expect(xml).toMatch(/<Terminate>\s*<Reason>16<\/Reason>/);
  });

  it('Completed: Status/Complete (SEVIS asks no reason)', async () => {
    const s = await buildStudent(t, sevisReadyRecord());
    expect((await put(s.id, { sevisStatus: 'Completed' })).statusCode).toBe(200);
    const e = await only(s.id);
    expect(e).toMatchObject({ event_type: 'Status', action: 'Complete' });
    expect(await batchOf(e.id)).toContain('<Complete');
  });

  it('Canceled: only an Initial record (SEVIS S1057), with a SEVIS Table 10 reason; Status/Cancel carries it', async () => {
    const active = await buildStudent(t, sevisReadyRecord());
    const refused = await put(active.id, { sevisStatus: 'Canceled', sevisStatusReasonCode: '01' });
    expect(refused.json().fieldErrors).toEqual({ sevisStatus: [STATUS_CHANGE_MSG.notInitialToCancel] });
    const s = await buildStudent(t, { ...sevisReadyRecord(), sevisStatus: 'Initial' });
    expect((await put(s.id, { sevisStatus: 'Canceled', sevisStatusReasonCode: '07' })).statusCode).toBe(400);
    expect((await put(s.id, { sevisStatus: 'Canceled', sevisStatusReasonCode: '06' })).statusCode).toBe(200);
    const e = await only(s.id);
    expect(await batchOf(e.id)).toMatch(/<Cancel>\s*<Reason>06<\/Reason>/);
  });

  it('a J-1 record is terminated with a SEVIS Table 24 reason in the exchange visitor batch; completing or canceling one is done in RTI', async () => {
    const s = await buildStudent(t, { ...sevisReadyRecord(), visaType: 'J-1', evCategoryCode: '1B', sevisStatusDate: daysFromToday(0) });
    expect((await put(s.id, { sevisStatus: 'Completed' })).json().fieldErrors).toEqual({ sevisStatus: [STATUS_CHANGE_MSG.evNotByBatch] });
    expect((await put(s.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: '16' })).statusCode).toBe(400);
    expect((await put(s.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: 'FALACT' })).statusCode).toBe(200);
    const e = await only(s.id);
    expect(await batchOf(e.id, mainJ, 'ev')).toContain('<Reason>FALACT</Reason>');
  });
});

describe('approving a program or status request changes the record and queues its event', () => {
  it('Complete Program Early: the program ends on the completion date; Program/Shorten carries it', async () => {
    await demo();
    const done = daysFromToday(20);
    await approveRequest('complete_program_request', { completion_date: done, student_remarks: 'All credits earned.' });
    expect((await studentOf(t)).programEndDate).toBe(done);
    const e = await only(demoId);
    expect(e).toMatchObject({ event_type: 'Program', action: 'Shorten' });
    expect(await batchOf(e.id)).toContain(`<NewPrgEndDate>${done}</NewPrgEndDate>`);
  });

  it('Shorten Program: a new end before the current one (on the field otherwise); Program/Shorten', async () => {
    const s = await demo();
    const started = await call(t, 'POST', '/api/requests', {
      as: student,
      body: { requestTypeId: await requestTypeIdOf(t, 'shorten_program_request') },
    });
    const late = await call(t, 'PUT', `/api/requests/${started.json<TRequestDetail>().id}/data`, {
      as: student,
      body: { data: { shortened_program_end_date: daysFromToday(301) } },
    });
    expect(late.json().fieldErrors['data.shortened_program_end_date']).toHaveLength(1);
    const end = daysFromToday(100);
    await approveRequest('shorten_program_request', { shortened_program_end_date: end, shorten_reason: 'Thesis finished early.' });
    expect((await studentOf(t)).programEndDate).toBe(end);
    expect(s.programEndDate).not.toBe(end);
    const e = await only(demoId);
    expect(await batchOf(e.id)).toContain(`<Shorten printForm="true">`);
  });

  it('Cancel Program: the record is Canceled and Status/Cancel carries the SEVIS Table 10 reason; an Active record is refused (SEVIS S1057)', async () => {
    await demo();
    const started = await call(t, 'POST', '/api/requests', {
      as: student,
      body: { requestTypeId: await requestTypeIdOf(t, 'cancel_request') },
    });
    const id = started.json<TRequestDetail>().id;
    await call(t, 'PUT', `/api/requests/${id}/data`, { as: student, body: { data: { cancel_reason: '01' } } });
    await call(t, 'POST', `/api/requests/${id}/submit`, { as: student });
    const refused = await call(t, 'POST', `/api/requests/${id}/transition`, { as: admin, body: { action: 'approve' } });
    expect(refused.statusCode).toBe(400);
    expect((await studentOf(t)).sevisStatus).toBe('Active');
    await demo({ sevisStatus: 'Initial', programStartDate: daysFromToday(30) });
    await approveRequest('cancel_request', { cancel_reason: '01' });
    expect((await studentOf(t)).sevisStatus).toBe('Canceled');
    const e = await only(demoId);
    expect(await batchOf(e.id)).toMatch(/<Cancel>\s*<Reason>01<\/Reason>/);
  });

  it('Defer Attendance: new program dates; Program/ManageSessionDates (IssDate, NewPrgStartDate, NewPrgEndDate)', async () => {
    await demo({ sevisStatus: 'Initial', programStartDate: daysFromToday(20), programEndDate: daysFromToday(700) });
    const from = daysFromToday(140);
    const to = daysFromToday(820);
    await approveRequest('defer_attendance_request', { deferred_program_start_date: from, deferred_program_end_date: to });
    const r = await studentOf(t);
    expect([r.programStartDate, r.programEndDate]).toEqual([from, to]);
    const e = await only(demoId);
    const xml = await batchOf(e.id);
    expect(xml).toContain(`<NewPrgStartDate>${from}</NewPrgStartDate>`);
    expect(xml).toContain(`<NewPrgEndDate>${to}</NewPrgEndDate>`);
  });

  it('Transfer Out: the record keeps the new school and release date; nothing is queued (SEVIS transfers are done in RTI)', async () => {
    await demo();
    const release = daysFromToday(15);
    const r = await approveRequest('transfer_out', { transfer_school_name: 'Boston College', transfer_release_date: release });
    const rec = await studentOf(t);
    expect(rec).toMatchObject({ transferDirection: 'out', transferSchool: 'Boston College', transferReleaseDate: release });
    expect(await openEvents(demoId)).toEqual([]);
    const [audit] = await t.sql<{ after: Record<string, unknown> }>(
      "select after from audit_events where entity_id = $1 and action = 'student.transfer-out-approved'",
      [demoId],
    );
    expect(String(audit!.after.doneInRti)).toContain('SEVIS RTI');
    expect(r.status).toBe('approved');
  });

  it('Reinstatement: the record is marked; nothing is queued (the student batch has no reinstatement event)', async () => {
    await demo({ sevisStatus: 'Terminated' });
    await approveRequest('reinstatement', { reinstatement_reason: 'I dropped below full time without authorization.' });
    expect((await studentOf(t)).tags).toContain('Reinstatement recommended');
    expect(await openEvents(demoId)).toEqual([]);
  });
});

describe('approving an information update changes the record and queues what a staff edit would', () => {
  it('Demographic Update → PersonalInfo', async () => {
    await demo();
    await approveRequest('demographic_update', { new_last_name: 'Rivera' });
    expect((await studentOf(t)).lastName).toBe('Rivera');
    const e = await only(demoId);
    expect(e).toMatchObject({ event_type: 'PersonalInfo', action: 'Edit' });
    expect(await batchOf(e.id)).toContain('Rivera');
  });

  it('an update asking for what the record already shows queues nothing and does not promise SEVIS', async () => {
    const r = await demo({ lastName: 'Rivera' });
    const approved = await approveRequest('demographic_update', { new_last_name: r.lastName });
    expect(await openEvents(demoId)).toEqual([]);
    const [told] = await t.sql<{ text: string }>('select text from notifications where request_id = $1 order by created_at desc limit 1', [
      approved.id,
    ]);
    expect(told!.text).toBe('Your request is approved; your record already showed what it asked for.');
  });

  it('Contact Information Update → PersonalInfo with the U.S. address', async () => {
    await demo();
    await approveRequest('contact_info_update', {
      us_address_line_1: '99 Elm St',
      us_city: 'Cambridge',
      us_state: 'MA',
      us_zip_code: '02139',
      new_email: 'sam.new@example.edu',
    });
    expect((await studentOf(t)).usAddress).toMatchObject({ line1: '99 Elm St', postalCode: '02139' });
    const e = await only(demoId);
    expect(await batchOf(e.id)).toContain('99 Elm St');
  });

  it('Financial Information Update → FinancialInfo', async () => {
    await demo({ financials: { tuition: 30000, living: 15000, personalFunds: 45000 } });
    await approveRequest('financial_info_update', {
      personal_funds: '20000',
      school_funding: '25000',
      school_funding_remarks: 'Research assistantship',
    });
    expect((await studentOf(t)).financials).toMatchObject({ personalFunds: 20000, schoolFunds: 25000 });
    const e = await only(demoId);
    expect(e).toMatchObject({ event_type: 'FinancialInfo' });
    expect(await batchOf(e.id)).toContain('<FinancialInfo');
  });

  it('Program Information Update → Program Edit with the CIP code', async () => {
    await demo({ major1Code: '14.0901' });
    await approveRequest('program_info_update', { new_major_code: '11.0701' });
    const e = await only(demoId);
    expect(e).toMatchObject({ event_type: 'Program', action: 'Amend' });
    expect(await batchOf(e.id)).toContain('<MajorCode1>11.0701</MajorCode1>');
  });

  it('Dependent Information Update → a new F-2 and Dependent/Add', async () => {
    await demo();
    await approveRequest('dependent_info_update', {
      dependent_id: NEW_DEPENDENT,
      dependent_first_name: 'Ana',
      dependent_last_name: 'Rivera',
      // A child: the demo student already has a spouse, and SEVIS takes only one (S1105).
      dependent_relationship: '02',
      dependent_gender: 'F',
      dependent_birth_date: '2019-02-03',
      dependent_birth_city: 'Lima',
      dependent_birth_country: 'PE',
      dependent_citizenship_country: 'PE',
    });
    const e = await only(demoId);
    expect(e).toMatchObject({ event_type: 'Dependent', action: 'Add' });
    expect(await batchOf(e.id)).toContain('Ana');
  });
});

// SEVIS Create-UpdateStudent 6.55 Dependent: an Edit names the dependent by its SEVIS ID (@dependentSevisID, required);
// a new F-2 is an Add. The form offers the student's own dependents only (docs/product/students-requests.md).
describe('Dependent Information Update: a dependent on the record, or a new one', () => {
  /** The demo student's spouse, whom SEVIS created (seeded with SEVIS ID N0031234568). */
  const spouse = async () =>
    t.sqlOne<{ id: string }>("select id from student_dependents where profile_id = $1 and sevis_id = 'N0031234568'", [demoId]);
  /** The student starts and saves a Dependent Information Update; returns the request id and the save's answer. */
  const saved = async (data: Record<string, unknown>) => {
    const started = await call(t, 'POST', '/api/requests', {
      as: student,
      body: { requestTypeId: await requestTypeIdOf(t, 'dependent_info_update') },
    });
    const id = started.json<TRequestDetail>().id;
    return { id, res: await call(t, 'PUT', `/api/requests/${id}/data`, { as: student, body: { data } }) };
  };

  it('the form offers the dependents on record with their SEVIS IDs, before the draft exists and with it', async () => {
    await demo();
    const { id: arjun } = await spouse();
    const mine = await call(t, 'GET', '/api/students/me/request-context', { as: student });
    expect(mine.statusCode, mine.body).toBe(200);
    const offered = mine.json<studentsApi.TStudentRequestContextOutput>();
    expect(offered).toMatchObject({ visaType: 'F-1' });
    expect(offered.dependents).toContainEqual(expect.objectContaining({ id: arjun, sevisId: 'N0031234568', firstName: 'Arjun' }));
    const { id } = await saved({});
    const form = (await call(t, 'GET', `/api/requests/${id}/data`, { as: student })).json<studentsApi.TStudentRequestFormData>();
    expect(form.context.dependents).toEqual(offered.dependents);
  });

  it('changing the spouse on record: the record changes and SEVIS hears a Dependent Edit carrying the spouse’s SEVIS ID', async () => {
    await demo();
    const { id: arjun } = await spouse();
    const r = await approveRequest('dependent_info_update', {
      dependent_id: arjun,
      dependent_last_name: 'Sharma Rao',
      dependent_birth_city: 'Mumbai',
      dependent_citizenship_country: 'IN',
    });
    const [row] = await t.sql<{ last_name: string; birth_city: string; needs_sevis_update: boolean }>(
      'select last_name, birth_city, needs_sevis_update from student_dependents where id = $1',
      [arjun],
    );
    expect(row).toEqual({ last_name: 'Sharma Rao', birth_city: 'Mumbai', needs_sevis_update: true });
    const e = await only(demoId);
    expect(e).toMatchObject({ event_type: 'Dependent', action: 'Edit' });
    // Citizenship was given as the record had it: only what changed is said to change.
    expect(e.payload).toMatchObject({ dependentSevisId: 'N0031234568', changedFields: ['lastName', 'birthCity'] });
    const xml = await batchOf(e.id);
    expect(xml).toMatch(/<Edit [^>]*dependentSevisID="N0031234568"/);
    expect(xml).toContain('<BirthCity>Mumbai</BirthCity>');
    expect(xml).not.toContain('<Add ');
    // The office reads which dependent the request changed, by name and SEVIS ID.
    const office = (await call(t, 'GET', `/api/requests/${r.id}`, { as: admin })).json<TRequestDetail>();
    expect(office.dataLabels).toMatchObject({ dependent_id: 'Arjun Sharma Rao (spouse, SEVIS ID N0031234568)' });
    const [told] = await t.sql<{ text: string }>('select text from notifications where request_id = $1 order by created_at desc', [r.id]);
    expect(told!.text).toBe('The details of Arjun Sharma are updated; the office will report them to SEVIS.');
  });

  it('a dependent SEVIS has not created yet: its waiting Add is refreshed, never a second Add', async () => {
    await demo();
    // The office adds a child: a Dependent Add waits for the batch.
    const added = await call(t, 'POST', `/api/students/${demoId}/dependents`, {
      as: admin,
      body: {
        firstName: 'Mira',
        lastName: 'Sharma',
        relationshipCode: '02',
        gender: 'F',
        birthDate: '2020-06-01',
        birthCountryCode: 'IN',
        citizenshipCountryCode: 'IN',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const mira = added.json<{ id: string }>().id;
    await approveRequest('dependent_info_update', { dependent_id: mira, dependent_birth_city: 'Pune' });
    const e = await only(demoId);
    expect(e).toMatchObject({ event_type: 'Dependent', action: 'Add', status: 'pending' });
    expect(await batchOf(e.id)).toContain('<BirthCity>Pune</BirthCity>');
  });

  it('refuses a dependent of another record: on save on the field (400), and on approval when the data names one (404)', async () => {
    await demo();
    const other = await buildStudent(t);
    const theirs = await buildDependent(t, other, { sevisId: 'N0031299999', birthCity: 'Lima' });
    const bad = await saved({ dependent_id: theirs.id, dependent_birth_city: 'Quito' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().fieldErrors).toEqual({ 'data.dependent_id': [REQUEST_FIELD_MSG.dependentNotOnRecord] });
    // A request saved for the spouse whose data is then made to name the other record's dependent (behind the API).
    const { id: arjun } = await spouse();
    const { id, res } = await saved({ dependent_id: arjun, dependent_birth_city: 'Quito' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/submit`, { as: student })).statusCode).toBe(200);
    await t.sql(`update requests set data = jsonb_set(data, '{dependent_id}', to_jsonb($2::text)) where id = $1`, [id, theirs.id]);
    const approved = await call(t, 'POST', `/api/requests/${id}/transition`, { as: admin, body: { action: 'approve' } });
    expect(approved.statusCode).toBe(404);
    expect(approved.json().message).toBe(DEPENDENT_NOT_ON_RECORD);
    expect(
      (await t.sqlOne<{ birth_city: string }>('select birth_city from student_dependents where id = $1', [theirs.id])).birth_city,
    ).toBe('Lima');
    expect(await openEvents(other.id)).toEqual([]);
    expect(await openEvents(demoId)).toEqual([]);
  });

  it('SEVIS S1105 (one spouse) on save, and again on approval; S1148 names on save', async () => {
    await demo();
    const spouseToo = {
      dependent_id: NEW_DEPENDENT,
      dependent_first_name: 'Ravi',
      dependent_last_name: 'Sharma',
      dependent_relationship: '01',
      dependent_gender: 'M',
      dependent_birth_date: '1996-01-01',
      dependent_birth_country: 'IN',
      dependent_citizenship_country: 'IN',
    };
    const second = await saved(spouseToo);
    expect(second.res.statusCode).toBe(400);
    expect(second.res.json().fieldErrors).toEqual({ 'data.dependent_relationship': [SEVIS_RULE_MSG.secondSpouse] });
    const accent = await saved({
      ...spouseToo,
      dependent_relationship: '02',
      dependent_birth_date: '2018-01-01',
      dependent_first_name: 'Rávi',
    });
    expect(accent.res.json().fieldErrors).toEqual({ 'data.dependent_first_name': [SEVIS_RULE_MSG.nameCharacters] });
    // A child submitted, then (behind the API) made a spouse: the approval checks again and changes nothing.
    const { id, res } = await saved({ ...spouseToo, dependent_relationship: '02', dependent_birth_date: '2018-01-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/submit`, { as: student })).statusCode).toBe(200);
    await t.sql(`update requests set data = jsonb_set(data, '{dependent_relationship}', '"01"') where id = $1`, [id]);
    const approved = await call(t, 'POST', `/api/requests/${id}/transition`, { as: admin, body: { action: 'approve' } });
    expect(approved.statusCode).toBe(400);
    expect(approved.json().message).toBe(SEVIS_RULE_MSG.secondSpouse);
    expect(await openEvents(demoId)).toEqual([]);
  });
});

describe('OPT Students & Employers and STEM reports raise their events', () => {
  it('recording an employer raises OPTEmployer Add; ending it raises OPTEmployer Edit with the end date', async () => {
    const s = await buildStudent(t, { ...sevisReadyRecord(), programEndDate: daysFromToday(-60) });
    await buildEmployment(t, s, { optPhase: '02', authorizedStartDate: daysFromToday(-30) });
    const body = {
      employerName: 'Acme Analytics',
      employerEin: '123456789',
      jobTitle: 'Analyst',
      startDate: daysFromToday(-20),
      endDate: null,
      fullOrPartTime: '01',
      employerAddress: { line1: '1 Main St', line2: '', city: 'Boston', state: 'MA', postalCode: '02110' },
      courseRelevance: 'Applies the statistics of my degree.',
    };
    const added = await call(t, 'POST', `/api/students/${s.id}/employments`, { as: admin, body });
    expect(added.statusCode, added.body).toBe(200);
    const add = await only(s.id);
    expect(add).toMatchObject({ event_type: 'OPTEmployer', action: 'Add' });
    expect(await batchOf(add.id)).toContain('<EmployerName>Acme Analytics</EmployerName>');
    await recordSevisAccepted(t, s.id);
    const [emp] = await t.sql<{ id: string }>("select id from student_employments where profile_id = $1 and employer_name <> ''", [s.id]);
    const ended = await call(t, 'PUT', `/api/students/${s.id}/employments/${emp!.id}`, {
      as: admin,
      body: { ...body, endDate: daysFromToday(-2) },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const edit = await only(s.id);
    expect(edit).toMatchObject({ event_type: 'OPTEmployer', action: 'Edit' });
    const xml = await batchOf(edit.id);
    expect(xml).toContain('<EmployerIdentifier>');
    expect(xml).toContain(`<EndDate>${daysFromToday(-2)}</EndDate>`);
  });

  it('an employer recorded without its address is held, and completing the address sends it', async () => {
    const s = await buildStudent(t, { ...sevisReadyRecord(), programEndDate: daysFromToday(-60) });
    await buildEmployment(t, s, { optPhase: '02', authorizedStartDate: daysFromToday(-30) });
    await call(t, 'POST', `/api/students/${s.id}/employments`, {
      as: admin,
      body: { employerName: 'Beta Labs', employerEin: '987654321', startDate: daysFromToday(-10), fullOrPartTime: '01' },
    });
    const e = await only(s.id);
    await call(t, 'POST', '/api/sevis/batches', { as: admin, body: { settingsId: mainF, eventIds: [e.id] } });
    expect((await only(s.id)).status).toBe('held');
    const done = await call(t, 'POST', `/api/students/${s.id}/sevis-events/${e.id}/complete`, {
      as: admin,
      body: {
        values: {
          'employerAddress.line1': '5 Lab Way',
          'employerAddress.city': 'Boston',
          'employerAddress.state': 'MA',
          'employerAddress.postalCode': '02110',
          courseRelevance: 'Lab work of my degree.',
          fullOrPartTime: '01',
        },
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await batchOf(e.id)).toContain('5 Lab Way');
  });

  it('a six-month STEM validation report marked received raises OPTEmployment ReportParticipation (8 CFR 214.2(f)(12)(ii))', async () => {
    const s = await buildStudent(t, { ...sevisReadyRecord(), programEndDate: daysFromToday(-400) });
    const stem = await buildEmployment(t, s, { optPhase: '03', authorizedStartDate: daysFromToday(-170), fullOrPartTime: '01' });
    const report = await buildStemReport(t, stem, { dueDate: daysFromToday(10) });
    const res = await call(t, 'POST', `/api/students/stem-reports/${report.id}/received`, {
      as: admin,
      body: { receivedOn: daysFromToday(0) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const e = await only(s.id);
    expect(e).toMatchObject({ event_type: 'OPTEmployment', action: 'ReportParticipation' });
    expect(await batchOf(e.id)).toContain('<ReportParticipation printForm="false">');
  });
});

describe('dependents are ended and added with the SEVIS codes the officer chooses', () => {
  it('F-2: a SEVIS Table 3 reason of the office’s list; Dependent/Terminate carries it; a word reason is refused on the field', async () => {
    const s = await buildStudent(t, sevisReadyRecord());
    const d = await buildDependent(t, s, { sevisId: 'N0001234567' });
    const url = `/api/students/${s.id}/dependents/${d.id}/terminate`;
    const word = await call(t, 'POST', url, { as: admin, body: { reasonCode: 'DIVORCE' } });
    expect(word.json().fieldErrors).toEqual({ reasonCode: [LOOKUP_MSG.notInList] });
    expect((await call(t, 'POST', url, { as: admin, body: { reasonCode: '04' } })).statusCode).toBe(200);
    const e = await only(s.id);
    expect(await batchOf(e.id)).toMatch(/<Terminate dependentSevisID="N0001234567">\s*<Reason>04<\/Reason>/);
  });

  it('J-2: adding one asks the DS-2019 purpose (EVPrintReasonType); terminating takes a SEVIS Table 19 reason, OTHER with other remarks', async () => {
    const s = await buildStudent(t, { ...sevisReadyRecord(), visaType: 'J-1', evCategoryCode: '1B' });
    const body = {
      firstName: 'Lee',
      lastName: 'Kim',
      relationshipCode: '02',
      gender: 'M',
      birthDate: '2019-05-06',
      birthCity: 'Seoul',
      birthCountryCode: 'KR',
      citizenshipCountryCode: 'KR',
      permanentResidenceCountryCode: 'KR',
    };
    const missing = await call(t, 'POST', `/api/students/${s.id}/dependents`, { as: admin, body });
    expect(missing.json().fieldErrors).toEqual({ formPurpose: ['Required field'] });
    const added = await call(t, 'POST', `/api/students/${s.id}/dependents`, { as: admin, body: { ...body, formPurpose: '08' } });
    expect(added.statusCode, added.body).toBe(200);
    const add = await only(s.id);
    expect(await batchOf(add.id, mainJ, 'ev')).toContain('<FormPurpose>08</FormPurpose>');
    await recordSevisAccepted(t, s.id, { dependentSevisIds: { [added.json<{ id: string }>().id]: 'N0007654321' } });
    const url = `/api/students/${s.id}/dependents/${added.json<{ id: string }>().id}/terminate`;
    expect((await call(t, 'POST', url, { as: admin, body: { reasonCode: '04' } })).statusCode).toBe(400);
    expect((await call(t, 'POST', url, { as: admin, body: { reasonCode: '09', remarks: 'Left the program' } })).statusCode).toBe(200);
    const term = await only(s.id);
    expect(await batchOf(term.id, mainJ, 'ev')).toMatch(/<Terminate dependentSevisID="N0007654321">\s*<Reason>09<\/Reason>/);
  });

  it('a dependent termination recorded before codes were asked (the word OVERAGE) goes out as its SEVIS Table 3 code, not held', async () => {
    const s = await buildStudent(t, sevisReadyRecord());
    const d = await buildDependent(t, s, { sevisId: 'N0001112223', status: 'Terminated', terminationReasonCode: 'OVERAGE' });
    const e = await buildPendingEvent(t, s, {
      eventType: 'Dependent',
      action: 'Terminate',
      dependentId: d.id,
      payload: { reasonCode: 'OVERAGE' },
    });
    // SEVIS Table 3: 03 CHILD OVER 21.
    expect(await batchOf(e.id)).toContain('<Reason>03</Reason>');
  });
});

describe('the SEVIS codes screens offer are the ones the batch schemas accept', () => {
  const codes = (l: readonly { code: string }[]) => l.map((c) => c.code).sort();
  const schema = (kind: 'student' | 'ev', type: string) => [...codeList(kind, type).keys()].sort();
  it('SEVIS Table 6 full or part time, Table 13 F-1 termination, Table 10 cancellation, Table 3 F-2 termination', () => {
    expect(codes(EMPLOYMENT_TIME_CODES)).toEqual(schema('student', 'EmploymentTimeType'));
    // The schema also takes 14, 15 and 21, which SEVIS Table 13 marks M-1 only: never offered for an F-1 record.
    const terminate = schema('student', 'StudentTerminationReasonType');
    expect(terminate.filter((c) => !codes(STUDENT_TERMINATION_REASONS).includes(c))).toEqual(['14', '15', '21']);
    expect(codes(STUDENT_TERMINATION_REASONS).every((c) => terminate.includes(c))).toBe(true);
    expect(codes(STUDENT_CANCEL_REASONS)).toEqual(schema('student', 'StudentCancelReasonType'));
    expect(codes(F2_TERMINATION_REASONS)).toEqual(schema('student', 'DependentTerminationReasonType'));
  });
  it('SEVIS Table 24 J-1 termination, Table 19 J-2 termination (old words end as End Status), the J-2 DS-2019 purpose', () => {
    expect(codes(EV_TERMINATION_REASONS)).toEqual(schema('ev', 'EVTerminationReasonType'));
    expect(codes(J2_TERMINATION_REASONS)).toEqual(schema('ev', 'EVDepTerminationReasonType'));
    expect(['DEATH', 'DIVORCE', 'OVERAGE', 'OTHER'].every((w) => EV_DEPENDENT_END_STATUS[w])).toBe(true);
    expect(codes(J2_FORM_PURPOSES)).toEqual(schema('ev', 'EVPrintReasonType'));
  });
});
