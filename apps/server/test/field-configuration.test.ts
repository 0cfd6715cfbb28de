import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  applyFieldConfiguration,
  auditApi,
  FIELD_CONFIG_MSG,
  type formsApi,
  MSG,
  STUDENT_REQUEST_FORMS,
  type TRequestDetail,
  type TSession,
} from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { daysFromToday, requestTypeIdOf, studentOf, updateStudent, userIdOf } from './factories/index.js';

// docs/product/field-configuration.md: the office sets the fields of its forms per role; the forms apply it in
// the browser and here, on save, submit and correction.

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let student: TSession;

const day = (offset: number) => daysFromToday(offset);

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, student] = await t.loginAll('admin', 'officer', 'student');
  await updateStudent(t, (await studentOf(t)).id, {
    visaType: 'F-1',
    sevisStatus: 'Active',
    programStartDate: day(-400),
    programEndDate: day(400),
    middleName: 'Quinn',
  });
});
afterAll(async () => {
  await t?.close();
});

/** Every test starts from the forms as they are declared. */
const touched: [string, string][] = [];
afterEach(async () => {
  for (const [form, field] of touched.splice(0)) await call(t, 'DELETE', `/api/field-configuration/${form}/${field}`, { as: admin });
});

type TSettingBody = Partial<formsApi.TFieldSettingInput>;
const configure = async (form: string, field: string, body: TSettingBody, as = admin) => {
  touched.push([form, field]);
  return call(t, 'PUT', `/api/field-configuration/${form}/${field}`, { as, body: { version: 0, ...body } });
};
const mine = async (as: TSession) => (await call(t, 'GET', '/api/field-configuration/mine', { as })).json<formsApi.TMyFieldSettings>();

async function startCpt(): Promise<TRequestDetail> {
  const res = await call(t, 'POST', '/api/requests', {
    as: student,
    body: { requestTypeId: await requestTypeIdOf(t, 'cpt_request'), advisorUserId: await userIdOf(t, 'advisor') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TRequestDetail>();
}
const save = (id: string, data: Record<string, unknown>) => call(t, 'PUT', `/api/requests/${id}/data`, { as: student, body: { data } });
const submit = (id: string) => call(t, 'POST', `/api/requests/${id}/submit`, { as: student });

const VALID_CPT = {
  employer_name: 'Acme Robotics',
  employer_job_title: 'Data Analyst',
  supervisor_name: 'Dana Boss',
  supervisor_phone: '6175550100',
  cpt_address_line_1: '1 Main Street',
  cpt_city: 'Boston',
  cpt_state: 'MA',
  cpt_postal_code: '02139',
  cpt_start_date: day(30),
  cpt_end_date: day(120),
  cpt_full_or_part_time: '02',
  cpt_hours_per_week: '20',
  cpt_employment_comment: 'Required internship of ENGR 590.',
};

describe('a field hidden from students', () => {
  it('is no longer in the student’s form, a value for it is refused, and the office still sees it', async () => {
    // Saved before the office hid the field: the value stays with the request.
    const r = await startCpt();
    expect((await save(r.id, { ...VALID_CPT, cpt_course: 'ENGR 590' })).statusCode).toBe(200);

    const res = await configure('cpt_request', 'cpt_course', { hiddenFor: ['student'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ formKey: 'cpt_request', fieldName: 'cpt_course', hiddenFor: ['student'], version: 1 });

    // What the student reads: the field is hidden, and the form drawn from it has no such field.
    const settings = await mine(student);
    expect(settings.role).toBe('student');
    expect(settings.forms.cpt_request).toEqual({ cpt_course: { hidden: true } });
    const drawn = applyFieldConfiguration(STUDENT_REQUEST_FORMS.cpt_request, settings.forms.cpt_request);
    expect(drawn.sections.flatMap((s) => s.fields.map((f) => f.name))).not.toContain('cpt_course');
    // The form's context (new request, and the draft's own) carries the same settings.
    const context = await call(t, 'GET', '/api/students/me/request-context', { as: student });
    expect(context.json().fieldSettings.cpt_request).toEqual({ cpt_course: { hidden: true } });
    const form = await call(t, 'GET', `/api/requests/${r.id}/data`, { as: student });
    expect(form.json().context.fieldSettings.cpt_request).toEqual({ cpt_course: { hidden: true } });

    // A value the student sends for it is refused on the field; sending what was saved changes nothing and passes.
    const refused = await save(r.id, { cpt_course: 'ENGR 600' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ 'data.cpt_course': [FIELD_CONFIG_MSG.hidden] });
    expect((await save(r.id, { cpt_course: 'ENGR 590', employer_job_title: 'Analyst' })).statusCode).toBe(200);

    // Staff read the form as it is declared, and see what the student gave.
    expect((await mine(admin)).forms.cpt_request).toBeUndefined();
    const staffView = await call(t, 'GET', `/api/requests/${r.id}/data`, { as: admin });
    expect(staffView.json().context.fieldSettings).toEqual({});
    expect(staffView.json().data.cpt_course).toBe('ENGR 590');

    // Submitting does not ask for it.
    expect((await submit(r.id)).statusCode).toBe(200);
  });

  it('a required field hidden from students is not asked of them on submit', async () => {
    await configure('cpt_request', 'cpt_employment_comment', { hiddenFor: ['student'] });
    const r = await startCpt();
    const { cpt_employment_comment: _omitted, ...rest } = VALID_CPT;
    expect((await save(r.id, rest)).statusCode).toBe(200);
    const sent = await submit(r.id);
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

describe('a field made required', () => {
  it('is refused empty on submit with the field’s message, not on a draft save', async () => {
    expect((await configure('cpt_request', 'cpt_employment_remark', { required: 'required' })).statusCode).toBe(200);
    expect((await mine(student)).forms.cpt_request).toEqual({ cpt_employment_remark: { required: true } });
    const r = await startCpt();
    expect((await save(r.id, VALID_CPT)).statusCode).toBe(200);
    const refused = await submit(r.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ 'data.cpt_employment_remark': [MSG.required] });
    expect((await save(r.id, { cpt_employment_remark: 'Paid, 20 hours a week.' })).statusCode).toBe(200);
    expect((await submit(r.id)).statusCode).toBe(200);
  });

  it('a required field made optional is not asked for', async () => {
    expect((await configure('cpt_request', 'supervisor_phone', { required: 'optional' })).statusCode).toBe(200);
    const r = await startCpt();
    const { supervisor_phone: _omitted, ...rest } = VALID_CPT;
    expect((await save(r.id, rest)).statusCode).toBe(200);
    expect((await submit(r.id)).statusCode).toBe(200);
  });
});

describe('a field read-only for students', () => {
  it('is shown but a change to it is refused with a message on the field', async () => {
    expect(
      (await configure('cpt_request', 'employer_ein', { readOnlyFor: ['student'], help: 'The office fills this in.' })).statusCode,
    ).toBe(200);
    expect((await mine(student)).forms.cpt_request).toEqual({ employer_ein: { help: 'The office fills this in.', readOnly: true } });
    const r = await startCpt();
    const refused = await save(r.id, { ...VALID_CPT, employer_ein: '123456789' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ 'data.employer_ein': [FIELD_CONFIG_MSG.readOnly] });
    // Sent empty, as the browser does for a field it shows read-only: nothing changes, the save passes.
    expect((await save(r.id, { ...VALID_CPT, employer_ein: null })).statusCode).toBe(200);
  });
});

describe('what the office may not change', () => {
  it('a field SEVIS needs stays required and asked of the student; each refusal is on its setting', async () => {
    const optional = await configure('cpt_request', 'employer_name', { required: 'optional' });
    expect(optional.statusCode).toBe(400);
    expect(optional.json().fieldErrors).toEqual({ required: [FIELD_CONFIG_MSG.cannotBeOptional] });
    const hidden = await configure('cpt_request', 'employer_name', { hiddenFor: ['student'] });
    expect(hidden.json().fieldErrors).toEqual({ hiddenFor: [FIELD_CONFIG_MSG.cannotHide('Students')] });
    const readOnly = await configure('cpt_request', 'cpt_start_date', { readOnlyFor: ['student'] });
    expect(readOnly.json().fieldErrors).toEqual({ readOnlyFor: [FIELD_CONFIG_MSG.cannotReadOnly('Students')] });
    // Staff only read a student's request; scholars never see it.
    const staff = await configure('cpt_request', 'cpt_course', { readOnlyFor: ['staff'] });
    expect(staff.json().fieldErrors).toEqual({ readOnlyFor: [FIELD_CONFIG_MSG.notEnteredBy('Office staff')] });
    const scholar = await configure('cpt_request', 'cpt_course', { hiddenFor: ['scholar'] });
    expect(scholar.json().fieldErrors).toEqual({ hiddenFor: [FIELD_CONFIG_MSG.notForThisForm('Scholars')] });
    // Its words may change.
    expect((await configure('cpt_request', 'employer_name', { label: 'Company name' })).statusCode).toBe(200);
    expect((await mine(student)).forms.cpt_request).toEqual({ employer_name: { label: 'Company name' } });
    expect((await mine(admin)).forms.cpt_request).toEqual({ employer_name: { label: 'Company name' } });
  });

  it('an unknown form or field is not found; a stale save is refused', async () => {
    expect((await configure('no_such_form', 'employer_name', {})).statusCode).toBe(404);
    expect((await configure('cpt_request', 'no_such_field', {})).statusCode).toBe(404);
    expect((await configure('cpt_request', 'cpt_course', { label: 'Course' })).statusCode).toBe(200);
    const stale = await configure('cpt_request', 'cpt_course', { label: 'Course code', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(FIELD_CONFIG_MSG.stale);
    const next = await configure('cpt_request', 'cpt_course', { label: 'Course code', version: 1 });
    expect(next.json()).toMatchObject({ label: 'Course code', version: 2, updatedByName: expect.any(String) });
  });

  it('words that say what the form says are kept as the form’s own', async () => {
    const res = await configure('cpt_request', 'cpt_city', { label: 'City', required: 'required' });
    expect(res.json()).toMatchObject({ label: null, required: null });
  });
});

describe('the office’s list, reset and the Logs', () => {
  it('lists what was saved, resets a field, and records both as Configuration', async () => {
    await configure('cpt_request', 'cpt_route_code', { label: 'ZIP code extension' });
    const list = await call(t, 'GET', '/api/field-configuration', { as: admin });
    expect(list.json<formsApi.TFieldSettingList>().items.map((i) => `${i.formKey}.${i.fieldName}`)).toContain('cpt_request.cpt_route_code');
    expect((await call(t, 'DELETE', '/api/field-configuration/cpt_request/cpt_route_code', { as: admin })).statusCode).toBe(200);
    expect((await mine(student)).forms.cpt_request).toBeUndefined();
    const audit = await t.sql<{ action: string }>(
      "select action from audit_events where entity_type = 'field-setting' and entity_id = 'cpt_request.cpt_route_code' order by at",
    );
    expect(audit.map((a) => a.action)).toEqual(['field-configuration.saved', 'field-configuration.reset']);
    expect(audit.map((a) => auditApi.logTypeLabel(a.action))).toEqual(['Configuration', 'Configuration']);
  });

  it('an officer of one campus site may not change them; another institution does not see them', async () => {
    expect((await configure('cpt_request', 'cpt_course', { label: 'x' }, officer)).statusCode).toBe(403);
    await configure('cpt_request', 'cpt_course', { hiddenFor: ['student'] });
    const b = await t.login('student', { host: HOST_B });
    const other = await call(t, 'GET', '/api/field-configuration/mine', { as: b, host: HOST_B });
    expect(other.json<formsApi.TMyFieldSettings>().forms).toEqual({});
  });
});

describe('the student profile', () => {
  const correct = (changes: Record<string, unknown>) =>
    call(t, 'POST', '/api/students/me/corrections', { as: student, body: { changes, reason: 'My passport says so.' } });

  it('a field read-only for students or hidden from them is not corrected; a required one is not emptied', async () => {
    expect((await configure('student_profile', 'middleName', { readOnlyFor: ['student'] })).statusCode).toBe(200);
    expect((await configure('student_profile', 'suffix', { hiddenFor: ['student'] })).statusCode).toBe(200);
    expect((await configure('student_profile', 'birthCity', { required: 'required', label: 'Town of birth' })).statusCode).toBe(200);
    expect((await mine(student)).forms.student_profile).toEqual({
      middleName: { readOnly: true },
      suffix: { hidden: true },
      birthCity: { label: 'Town of birth', required: true },
    });

    const readOnly = await correct({ middleName: 'Q' });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json().fieldErrors).toEqual({ middleName: [FIELD_CONFIG_MSG.readOnly] });
    const hidden = await correct({ suffix: 'Jr.' });
    expect(hidden.json().fieldErrors).toEqual({ suffix: [FIELD_CONFIG_MSG.hidden] });
    const emptied = await correct({ birthCity: '' });
    expect(emptied.json().fieldErrors).toEqual({ birthCity: [MSG.required] });
    expect((await correct({ birthCity: 'Pune' })).statusCode).toBe(200);
  });

  it('a field the record needs cannot be made optional', async () => {
    const res = await configure('student_profile', 'lastName', { required: 'optional' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ required: [FIELD_CONFIG_MSG.cannotBeOptional] });
    const email = await configure('student_profile', 'email', { required: 'optional' });
    expect(email.json().fieldErrors).toEqual({ required: [FIELD_CONFIG_MSG.cannotBeOptionalRecord] });
    // The profile is the student's: staff are not among its roles.
    const staff = await configure('student_profile', 'phone', { hiddenFor: ['staff'] });
    expect(staff.json().fieldErrors).toEqual({ hiddenFor: [FIELD_CONFIG_MSG.notForThisForm('Office staff')] });
  });
});
