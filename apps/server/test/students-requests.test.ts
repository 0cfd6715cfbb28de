import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_FIELD_MSG, type TRequestDetail, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, mailsTo, userIds } from './http.js';
import {
  advisorRecommends as recommended,
  approveRequest,
  buildStudent,
  buildUser,
  daysFromToday,
  officeToday,
  requestAs,
  requestTypeIdOf,
  saveRequestData,
  startStudentRequest,
  studentOf,
  submitRequest,
  updateStudent,
} from './factories/index.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let student: TSession;
let profileId: string;

/** Dates relative to today, so the session and program rules hold whenever the test runs. */
const day = (offset: number) => daysFromToday(offset);
const PROGRAM_END = day(400);

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, student] = await t.loginAll('admin', 'officer', 'student');
  // The demo student's record: an F-1 student at Main Campus whose program ends in about 13 months.
  profileId = (
    await updateStudent(t, (await studentOf(t)).id, {
      visaType: 'F-1',
      sevisStatus: 'Active',
      programStartDate: day(-400),
      programEndDate: PROGRAM_END,
      firstName: 'Sam',
      lastName: 'Student',
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

// The request steps of test/factories/student-requests.ts, as the demo student and the admin take them here.
const start = (code: string, as = student) => startStudentRequest(t, code, as);
const save = (id: string, data: Record<string, unknown>, as = student) => saveRequestData(t, id, data, as);
const detail = (id: string, as = student) => requestAs(t, id, as);
const submit = (id: string) => submitRequest(t, id, student);
const approve = (id: string, as = admin) => approveRequest(t, id, as);
const advisorRecommends = (id: string) => recommended(t, id, student);

const VALID_CPT = {
  employer_name: "O'Neil & Sons, Inc.",
  employer_job_title: 'Data Analyst, Intern',
  supervisor_name: 'Dana Boss',
  supervisor_phone: '6175550100',
  cpt_address_line_1: '1 Main Street',
  cpt_city: 'Boston',
  cpt_state: 'MA',
  cpt_postal_code: '02139',
  cpt_route_code: '1234',
  cpt_start_date: day(30),
  cpt_end_date: day(120),
  cpt_full_or_part_time: '02',
  cpt_hours_per_week: '20',
  cpt_employment_comment: 'Required internship of ENGR 590.',
};

describe('a student request form: draft saves and submit', () => {
  it('the detail carries the record and the data; the form comes with the dates its rules use', async () => {
    const r = await start('opt_stem_extend');
    expect(r).toMatchObject({ profileId, data: {} });
    const form = await call(t, 'GET', `/api/requests/${r.id}/data`, { as: student });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({
      code: 'opt_stem_extend',
      data: {},
      canEdit: true,
      context: { programEndDate: PROGRAM_END, today: officeToday() },
    });
  });

  it('refuses a bad EIN and phone with the messages, saves nothing of it, and merges good values into what was saved', async () => {
    const r = await start('opt_stem_extend');
    const first = await save(r.id, { employer_name: 'Acme Corp', newjobsalary: '85000' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TRequestDetail>().data).toEqual({ employer_name: 'Acme Corp', newjobsalary: '85000' });

    // One digit short of each (EIN: 9 digits, IRS; phone: 10, NANP), whatever the punctuation.
    const bad = await save(r.id, { employer_ein: '12-345678', supervisor_phone: '617-555-010', employer_job_title: 'Engineer II' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ 'data.employer_ein': ['Invalid length'], 'data.supervisor_phone': ['Invalid phone'] });
    const letters = await save(r.id, { employer_ein: '12-34567AB' });
    expect(letters.json().fieldErrors).toEqual({ 'data.employer_ein': ['Invalid number'] });
    const short = await save(r.id, { employer_ein: '12345678' });
    expect(short.json().fieldErrors).toEqual({ 'data.employer_ein': ['Invalid length'] });
    // Nothing of the refused save was kept, not even its good value; the earlier data is intact.
    expect((await detail(r.id)).data).toEqual({ employer_name: 'Acme Corp', newjobsalary: '85000' });

    // Typed as printed on an offer letter: accepted, and kept as digits (docs/product/ui.md#digits-amounts-and-text).
    const good = await save(r.id, { employer_ein: '12-3456789', supervisor_phone: '(617) 555-0100' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<TRequestDetail>().data).toEqual({
      employer_name: 'Acme Corp',
      newjobsalary: '85000',
      employer_ein: '123456789',
      supervisor_phone: '6175550100',
    });
    // null clears one value; a field the form does not have is refused.
    expect((await save(r.id, { newjobsalary: null })).json().data).not.toHaveProperty('newjobsalary');
    expect((await save(r.id, { favourite_colour: 'blue' })).json().fieldErrors).toEqual({ 'data.favourite_colour': ['Invalid value'] });
    const [audit] = await t.sql<{ after: Record<string, unknown> }>(
      `select after from audit_events where entity_id = $1 and action = 'request.data-saved' order by id desc limit 1`,
      [r.id],
    );
    expect(audit!.after).toEqual({ newjobsalary: null });
  });

  it('submit lists every missing required field on its data.<field> and keeps the draft', async () => {
    const r = await start('opt_stem_extend');
    await save(r.id, { employer_name: 'Acme Corp', employer_ein: '123456789' });
    const res = await submit(r.id);
    expect(res.statusCode).toBe(400);
    const errors = res.json().fieldErrors as Record<string, string[]>;
    for (const f of [
      'employer_job_title',
      'everify_number',
      'employer_full_or_part_time',
      'newjobsalary',
      'supervisor_name',
      'supervisor_phone',
      'employer_address_line_1',
      'employer_city',
      'employer_state',
      'employer_zip_code',
      'requested_start_date',
      'requested_end_date',
      'evsatobjectives',
    ]) {
      expect(errors[`data.${f}`], f).toEqual(['Required field']);
    }
    expect(errors['data.employer_name']).toBeUndefined();
    expect(errors['data.employer_ein']).toBeUndefined();
    expect(errors['data.employer_address_line_2']).toBeUndefined();
    expect((await detail(r.id)).status).toBe('draft');
  });

  it('a program extension beyond one year after the program end is refused with the limit in words, on save and submit', async () => {
    const r = await start('program_extension');
    const limit = new Date(`${PROGRAM_END}T00:00:00Z`);
    limit.setUTCFullYear(limit.getUTCFullYear() + 1);
    const limitIso = limit.toISOString().slice(0, 10);
    const over = new Date(limit.getTime() + 86400000).toISOString().slice(0, 10);
    const res = await save(r.id, { new_program_end_date: over, reason_for_extension: 'Research delays.' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'data.new_program_end_date': [REQUEST_FIELD_MSG.newEndTooLate(limitIso, PROGRAM_END)] });
    expect((await save(r.id, { new_program_end_date: limitIso, reason_for_extension: 'Research delays.' })).statusCode).toBe(200);
    // The record changes before submit: the same rule runs again with the new end date.
    await updateStudent(t, profileId, { programEndDate: day(100) });
    const refused = await submit(r.id);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fieldErrors)).toEqual(['data.new_program_end_date']);
    await updateStudent(t, profileId, { programEndDate: PROGRAM_END });
    expect((await submit(r.id)).statusCode).toBe(200);
    // Submitted: the form is no longer the student's to change.
    const late = await save(r.id, { reason_for_extension: 'More' });
    expect(late.statusCode).toBe(409);
  });

  it('a scholar request of the same type has no student form: the scholar form checks its submit (docs/product/scholars-portal.md#requests)', async () => {
    const scholar = await t.login('scholar');
    const r = await start('program_extension', scholar);
    expect(r.profileId).toBeNull();
    expect((await save(r.id, { reason_for_extension: 'x' }, scholar)).statusCode).toBe(400);
    const sent = await call(t, 'POST', `/api/requests/${r.id}/submit`, { as: scholar });
    expect(sent.statusCode).toBe(400);
    expect(sent.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toHaveProperty('data.new_program_end_date');
  });
});

describe('who may start and write', () => {
  it('the seeded student request types carry their visa scopes and starters; CPT has the one-step faculty recommendation', async () => {
    const rows = await t.sql<{ code: string; visa_scope: string; starters: string[]; kind: string | null }>(
      `select rt.code, rt.visa_scope, rt.starters, (select string_agg(ws.approver_kind, ',') from workflow_steps ws where ws.workflow_id = rt.workflow_id) as kind
       from request_types rt where rt.institution_id = $1`,
      [t.institutionA],
    );
    const by = Object.fromEntries(rows.map((r) => [r.code, r]));
    for (const code of ['cpt_request', 'opt_request', 'opt_employer_update', 'opt_stem_extend', 'rcl_request', 'col_request']) {
      expect(by[code], code).toMatchObject({ visa_scope: 'F-1', starters: ['student'] });
    }
    for (const code of ['transfer_in', 'registration_request', 'on_campus_employment_request']) {
      expect(by[code], code).toMatchObject({ visa_scope: 'Both', starters: ['student'] });
    }
    expect(by.program_extension).toMatchObject({ visa_scope: 'Both', starters: ['student', 'scholar', 'department'] });
    expect(by.cpt_request!.kind).toBe('faculty_advisor');
  });

  it('a J-1 student is not offered and cannot start an F-1-only type, but may start one for both', async () => {
    await updateStudent(t, (await studentOf(t, 'student', t.institutionB)).id, { visaType: 'J-1' });
    const j1 = await t.login('student', { host: HOST_B });
    const startable = (await call(t, 'GET', '/api/requests/startable-types', { host: HOST_B, as: j1 })).json<{ code: string }[]>();
    expect(startable.map((x) => x.code)).not.toContain('cpt_request');
    expect(startable.map((x) => x.code)).not.toContain('opt_request');
    expect(startable.map((x) => x.code)).toContain('registration_request');
    const cpt = await call(t, 'POST', '/api/requests', {
      host: HOST_B,
      as: j1,
      body: { requestTypeId: await requestTypeIdOf(t, 'cpt_request', t.institutionB) },
    });
    expect(cpt.statusCode).toBe(400);
    expect(cpt.json().fieldErrors).toEqual({ requestTypeId: ['This request type is not available to you.'] });
    const reg = await call(t, 'POST', '/api/requests', {
      host: HOST_B,
      as: j1,
      body: { requestTypeId: await requestTypeIdOf(t, 'registration_request', t.institutionB) },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    // The F-1 student of institution A is offered CPT.
    const a = (await call(t, 'GET', '/api/requests/startable-types', { as: student })).json<{ code: string }[]>();
    expect(a.map((x) => x.code)).toContain('cpt_request');
  });

  it("a student cannot read or write another student's request data; staff cannot write it", async () => {
    const r = await start('cpt_request');
    await save(r.id, { employer_name: 'Acme' });
    // A second student of the same institution.
    const student2 = await buildUser(t, { role: 'ISSSstudent', firstName: 'Second', lastName: 'Student', canSignIn: true });
    await buildStudent(t, { user: student2.userName });
    const other = await t.login(student2.userName);
    expect((await save(r.id, { employer_name: 'Evil Corp' }, other)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/requests/${r.id}/data`, { as: other })).statusCode).toBe(404);
    const studentB = await t.login('student', { host: HOST_B });
    expect(
      (await call(t, 'PUT', `/api/requests/${r.id}/data`, { host: HOST_B, as: studentB, body: { data: { employer_name: 'X' } } }))
        .statusCode,
    ).toBe(404);
    expect((await save(r.id, { employer_name: 'Office Corp' }, officer)).statusCode).toBe(403);
    expect((await detail(r.id)).data).toEqual({ employer_name: 'Acme' });
    // Staff read it.
    expect((await call(t, 'GET', `/api/requests/${r.id}/data`, { as: officer })).json()).toMatchObject({
      data: { employer_name: 'Acme' },
      canEdit: false,
    });
  });
});

describe('what approval does to the record', () => {
  it('approving a CPT adds the employment, queues a pending CPTEmployment update, writes the History Log and tells the student', async () => {
    const r = await start('cpt_request');
    expect((await save(r.id, VALID_CPT)).statusCode).toBe(200);
    const sent = await submit(r.id);
    expect(sent.statusCode, sent.body).toBe(200);
    await advisorRecommends(r.id);
    const res = await approve(r.id, officer);
    expect(res.statusCode, res.body).toBe(200);

    const jobs = await t.sql<Record<string, unknown>>(
      `select kind, status, employer_name, job_title, authorized_start_date::text as s, authorized_end_date::text as e, full_or_part_time, hours_per_week, employer_address
      from student_employments where request_id = $1`,
      [r.id],
    );
    expect(jobs).toEqual([
      {
        kind: 'cpt',
        status: 'approved',
        employer_name: "O'Neil & Sons, Inc.",
        job_title: 'Data Analyst, Intern',
        s: day(30),
        e: day(120),
        full_or_part_time: '02',
        hours_per_week: 20,
        employer_address: expect.objectContaining({ line1: '1 Main Street', city: 'Boston', state: 'MA', postalCode: '02139' }),
      },
    ]);
    const events = await t.sql<{ event_type: string; action: string; status: string; payload: Record<string, unknown> }>(
      'select event_type, action, status, payload from sevis_pending_events where request_id = $1',
      [r.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_type: 'CPTEmployment',
      action: 'Add',
      status: 'pending',
      payload: { employerName: "O'Neil & Sons, Inc.", startDate: day(30), endDate: day(120) },
    });

    const history = await call(t, 'GET', `/api/students/${profileId}/history`, { as: officer, query: { page: 1, pageSize: 50 } });
    expect(history.statusCode, history.body).toBe(200);
    const actions = (history.json().items as { action: string }[]).map((e) => e.action);
    expect(actions).toContain('student.cpt-authorized');
    const [bell] = await t.sql<{ text: string }>(
      `select text from notifications where request_id = $1 and type_name = 'student.cpt-authorized'`,
      [r.id],
    );
    expect(bell!.text).toContain("Your CPT with O'Neil & Sons, Inc.");
  });

  it('CPT is not submitted without the faculty advisor its workflow asks for', async () => {
    const created = await call(t, 'POST', '/api/requests', {
      as: student,
      body: { requestTypeId: await requestTypeIdOf(t, 'cpt_request') },
    });
    const r = created.json<TRequestDetail>();
    await save(r.id, { ...VALID_CPT });
    const refused = await submit(r.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ advisorUserId: ['Choose the faculty advisor who recommends this request.'] });
  });

  it('CPT goes to the faculty advisor, who recommends it through the e-mailed link; the office then approves and the employment appears', async () => {
    const ids = await userIds(t, t.institutionA);
    const created = await call(t, 'POST', '/api/requests', {
      as: student,
      body: { requestTypeId: await requestTypeIdOf(t, 'cpt_request'), advisorUserId: ids.advisor },
    });
    expect(created.statusCode, created.body).toBe(200);
    const r = created.json<TRequestDetail>();
    await save(r.id, { ...VALID_CPT, employer_name: 'Advisor Approved LLC' });
    // Submitting sends it to the advisor at once (decision 028): the office cannot approve it before them.
    expect((await submit(r.id)).json<TRequestDetail>().status).toBe('adv_review');
    expect((await approve(r.id, officer)).json().code).toBe('APPROVERS_FIRST');
    const mail = (await mailsTo(t, 'advisor@demo.example.edu')).find(
      (m) => m.purpose === 'approval-link' && m.text_body.includes('advisor-approval/'),
    );
    const token = /advisor-approval\/([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
    const decided = await call(t, 'POST', '/api/approvals/decide', { body: { token, decision: 'approve', comment: 'Part of ENGR 590.' } });
    expect(decided.statusCode, decided.body).toBe(200);
    // Back in review: nothing on the record yet; the office's approval applies it.
    expect((await detail(r.id)).status).toBe('in_review');
    expect(await t.sql('select 1 from student_employments where request_id = $1', [r.id])).toHaveLength(0);
    expect((await approve(r.id, officer)).statusCode).toBe(200);
    const [job] = await t.sql<{ employer_name: string }>('select employer_name from student_employments where request_id = $1', [r.id]);
    expect(job!.employer_name).toBe('Advisor Approved LLC');
  });

  it('a failing effect undoes the approval: an OPT employer update without an approved OPT stays in review', async () => {
    const r = await start('opt_employer_update');
    await save(r.id, {
      employer_name: 'Acme',
      employer_job_title: 'Analyst',
      employment_start_date: day(10),
      employer_full_or_part_time: '01',
      employer_address_line_1: '2 Elm St',
      employer_city: 'Austin',
      employer_state: 'TX',
      employer_zip_code: '73301',
      employment_remarks: 'Data work in my field.',
    });
    expect((await submit(r.id)).statusCode).toBe(200);
    const res = await approve(r.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This student has no approved OPT to add an employer to.');
    expect((await detail(r.id)).status).toBe('submitted');
  });

  it("mass approve applies each request's effects: the program end date moves, the registration is recorded, both SEVIS updates wait", async () => {
    const ext = await start('program_extension');
    const newEnd = day(500);
    await save(ext.id, { new_program_end_date: newEnd, reason_for_extension: 'Thesis research took longer than planned.' });
    const reg = await start('registration_request');
    await save(reg.id, {
      current_session_start_date: day(-20),
      current_session_end_date: day(90),
      last_session: '0',
      next_session_start_date: day(120),
    });
    for (const id of [ext.id, reg.id]) expect((await submit(id)).statusCode).toBe(200);

    const res = await call(t, 'POST', '/api/requests/mass-approve', { as: admin, body: { requestIds: [ext.id, reg.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().results as { ok: boolean }[]).every((x) => x.ok)).toBe(true);

    const [p] = await t.sql<{ end: string; is_registered: boolean; ss: string; se: string }>(
      'select program_end_date::text as end, is_registered, session_start_date::text as ss, session_end_date::text as se from student_profiles where id = $1',
      [profileId],
    );
    expect(p).toEqual({ end: newEnd, is_registered: true, ss: day(-20), se: day(90) });
    const events = await t.sql<{ event_type: string; action: string; request_id: string }>(
      `select event_type, action, request_id from sevis_pending_events where request_id = any($1::uuid[]) and status = 'pending' order by event_type`,
      [[ext.id, reg.id]],
    );
    expect(events).toEqual([
      { event_type: 'Program', action: 'Extension', request_id: ext.id },
      { event_type: 'Registration', action: 'Register', request_id: reg.id },
    ]);
    const audits = await t.sql<{ action: string; before: Record<string, unknown> | null }>(
      `select action, before from audit_events where entity_type = 'student_profile' and entity_id = $1 and action in ('student.program-extended', 'student.registered')`,
      [profileId],
    );
    expect(audits.map((a) => a.action).sort()).toEqual(['student.program-extended', 'student.registered']);
    expect(audits.find((a) => a.action === 'student.program-extended')!.before).toEqual({ programEndDate: PROGRAM_END });
  });
});

describe('every form, approved, changes the record as an office expects', () => {
  const approved = async (code: string, data: Record<string, unknown>) => {
    const r = await start(code);
    const saved = await save(r.id, data);
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await submit(r.id);
    expect(sent.statusCode, sent.body).toBe(200);
    await advisorRecommends(r.id);
    const res = await approve(r.id);
    expect(res.statusCode, res.body).toBe(200);
    const events = await t.sql<{ e: string }>(
      `select event_type || '/' || action as e from sevis_pending_events where request_id = $1 and status = 'pending'`,
      [r.id],
    );
    const [audit] = await t.sql<{ action: string; after: Record<string, unknown> }>(
      `select action, after from audit_events where entity_type = 'student_profile' and entity_id = $1 and after->>'requestId' = $2 and action <> 'student.sevis-event.raised'`,
      [profileId, r.id],
    );
    const jobs = await t.sql<Record<string, unknown>>(
      `select kind, opt_phase, employer_name, authorized_start_date::text as s, authorized_end_date::text as e from student_employments where profile_id = $1 order by created_at, employer_name`,
      [profileId],
    );
    return { id: r.id, events: events.map((x) => x.e), audit: audit!, jobs };
  };
  const contact = { user_email: 'sam@example.edu', phone_number: '6175550100' };
  const employerAddress = {
    employer_address_line_1: '2 Elm St',
    employer_city: 'Austin',
    employer_state: 'TX',
    employer_zip_code: '73301',
  };

  it('OPT: the recommended period, then its employer, then a second employer in the same period', async () => {
    const opt = await approved('opt_request', {
      opt_type: '02',
      opt_full_or_part_time: '01',
      requested_start_date: day(60),
      requested_end_date: day(424),
      ...contact,
    });
    expect(opt.events).toEqual(['OPTEmployment/Request']);
    expect(opt.audit.action).toBe('student.opt-recommended');
    expect(opt.jobs.filter((j) => j.kind === 'opt')).toEqual([
      { kind: 'opt', opt_phase: '02', employer_name: '', s: day(60), e: day(424) },
    ]);

    const employer = {
      employer_job_title: 'Analyst',
      employment_start_date: day(70),
      employer_full_or_part_time: '01',
      ...employerAddress,
      employment_remarks: 'Data analysis in my field.',
    };
    const first = await approved('opt_employer_update', {
      employer_name: 'Acme',
      employer_ein: '123456789',
      newjobsalary: '70000',
      ...employer,
    });
    expect(first.events).toEqual(['OPTEmployer/Add']);
    expect(first.jobs.filter((j) => j.kind === 'opt')).toEqual([
      { kind: 'opt', opt_phase: '02', employer_name: 'Acme', s: day(60), e: day(424) },
    ]);
    const second = await approved('opt_employer_update', { employer_name: 'Beta Labs', ...employer });
    expect(second.audit.action).toBe('student.opt-employer-added');
    expect(second.jobs.filter((j) => j.kind === 'opt')).toEqual([
      { kind: 'opt', opt_phase: '02', employer_name: 'Acme', s: day(60), e: day(424) },
      { kind: 'opt', opt_phase: '02', employer_name: 'Beta Labs', s: day(60), e: day(424) },
    ]);
  });

  it('STEM OPT extension: a phase 03 period with its employer', async () => {
    const stem = await approved('opt_stem_extend', {
      employer_name: 'Acme',
      employer_job_title: 'Engineer',
      employer_ein: '123456789',
      everify_number: '123456',
      employer_full_or_part_time: '01',
      newjobsalary: '90000',
      supervisor_name: 'Dana Boss',
      supervisor_phone: '6175550100',
      ...employerAddress,
      requested_start_date: day(425),
      requested_end_date: day(1155),
      evsatobjectives: 'Build data pipelines under supervision.',
    });
    expect(stem.events).toEqual(['OPTEmployment/STEMExtend']);
    expect(stem.audit.action).toBe('student.stem-opt-recommended');
    expect(stem.jobs.filter((j) => j.kind === 'stem')).toEqual([
      { kind: 'stem', opt_phase: '03', employer_name: 'Acme', s: day(425), e: day(1155) },
    ]);
    // Its validation reports are scheduled at approval (STEM Report Participation shows them at once).
    const reports = await t.sql<{ kind: string }>(
      `select r.kind from stem_reports r join student_employments e on e.profile_id = r.profile_id
        where e.kind = 'stem' and e.employer_name = 'Acme' and e.authorized_start_date = $1`,
      [day(425)],
    );
    expect(reports.map((r) => r.kind)).toContain('validation_report');
  });

  it('RCL, on-campus employment, transfer in and change of level', async () => {
    const rcl = await approved('rcl_request', {
      rcl_reason: 'medical',
      rcl_term: 'Spring 2027',
      rcl_start_date: day(40),
      rcl_end_date: day(150),
      rcl_credits: '6',
      student_remarks: 'Doctor letter attached.',
    });
    expect(rcl.events).toEqual(['AuthDropBelowFC/Add']);
    expect(rcl.audit.action).toBe('student.rcl-authorized');

    const job = await approved('on_campus_employment_request', {
      on_campus_employer_name: 'Library',
      employer_job_title: 'Assistant',
      on_campus_start_date: day(5),
      on_campus_hours_per_week: '15',
    });
    expect(job.events).toEqual([]);
    expect(job.audit.action).toBe('student.on-campus-employment-added');
    expect(job.jobs.filter((j) => j.kind === 'on_campus').map((j) => j.employer_name)).toEqual(['Library']);

    const transfer = await approved('transfer_in', {
      previous_school_name: 'Old State University',
      previous_sevis_id: 'N0012345678',
      sevis_release_date: day(-5),
      transfer_program_start_date: day(-1),
      foreign_address_line_1: '12 MG Road',
      foreign_city: 'Pune',
      foreign_zip_code: '411001',
      foreign_country: 'IN',
      user_email: 'sam@example.edu',
      no_phone: '1',
    });
    expect(transfer.events).toEqual(['Create/TransferIn']);
    expect(transfer.audit.action).toBe('student.transfer-in-approved');

    const col = await approved('col_request', {
      new_education_level: '04',
      new_major: '11.0701',
      col_program_start_date: day(200),
      col_program_end_date: day(1600),
    });
    expect(col.events).toEqual(['EducationLevel/Edit']);
    expect(col.audit.action).toBe('student.change-of-level-approved');
    const [p] = await t.sql<Record<string, unknown>>(
      `select education_level, major1_cd, program_start_date::text as ps, program_end_date::text as pe, transfer_direction, transfer_school, foreign_address->>'city' as city
       from student_profiles where id = $1`,
      [profileId],
    );
    expect(p).toEqual({
      education_level: '04',
      major1_cd: '11.0701',
      ps: day(200),
      pe: day(1600),
      transfer_direction: 'in',
      transfer_school: 'Old State University',
      city: 'Pune',
    });
  });
});
