import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYMENT_TIME_CODES, LOOKUP_MSG, type lookupsApi, type studentsApi, type TSession } from '@meridian/domain';
import { lookupValueHelpers } from './fixtures/lookup-values.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  approveStudentRequest,
  buildOptStudent,
  cptRequestData,
  daysFromToday,
  saveRequestData,
  startStudentRequest,
  studentOf,
  updateStudent,
} from './factories/index.js';

/**
 * Full or part time is the office's list of SEVIS Table 6 (docs/product/lookups.md#how-forms-use-the-lists): the CPT,
 * OPT and OPT employer forms and the OPT employer periods recorded by the office read it, and the server checks a code
 * given anew against what the list offers today; a period's own code stays valid once the office retires it.
 */
let t: TTestApp;
let admin: TSession;
let student: TSession;
let profileId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, student] = await t.loginAll('admin', 'student');
  // The demo student: an F-1 in status whose program runs for another year, offered CPT.
  profileId = (
    await updateStudent(t, (await studentOf(t)).id, {
      visaType: 'F-1',
      sevisStatus: 'Active',
      programStartDate: daysFromToday(-400),
      programEndDate: daysFromToday(400),
    })
  ).id;
});
afterAll(async () => t?.close());

const { retire, restore } = lookupValueHelpers(
  () => t,
  () => admin,
);

describe('the employment time list', () => {
  it('holds SEVIS Table 6’s codes with the words the forms used, closed to the office’s own values', async () => {
    const { items } = (await call(t, 'GET', '/api/lookups', { as: student })).json<lookupsApi.TLookupListList>();
    expect(items.find((l) => l.key === 'employment-times')).toMatchObject({ activeCount: 2, retiredCount: 0, allowsOfficeValues: false });
    const res = await call(t, 'GET', '/api/lookups/employment-times', { as: student });
    expect(res.statusCode, res.body).toBe(200);
    const values = res.json<lookupsApi.TLookupWithValues>().values;
    expect(values.map((v) => [v.code, v.label])).toEqual(EMPLOYMENT_TIME_CODES.map((c) => [c.code, c.label]));
    expect(values.map((v) => [v.code, v.label])).toEqual([
      ['01', 'Full time'],
      ['02', 'Part time'],
    ]);
  });
});

describe('a CPT request’s full or part time', () => {
  it('part time (02) is accepted, and the record’s CPT holds it once approved', async () => {
    const approved = await approveStudentRequest(t, 'cpt_request', cptRequestData({ cpt_full_or_part_time: '02' }), {
      student,
      office: admin,
    });
    const record = await call(t, 'GET', `/api/students/${profileId}`, { as: admin });
    expect(record.statusCode, record.body).toBe(200);
    const cpt = record.json<studentsApi.TStudentRecord>().employments.find((e) => e.requestId === approved.id);
    expect(cpt).toMatchObject({ kind: 'cpt', status: 'approved', fullOrPartTime: '02' });
  });

  it('a code the office retired is refused on its field when given anew, an unknown one too; offered again, it is taken', async () => {
    const r = await startStudentRequest(t, 'cpt_request', student);
    await retire('employment-times', '02');
    try {
      const refused = await saveRequestData(t, r.id, { cpt_full_or_part_time: '02' }, student);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ 'data.cpt_full_or_part_time': [LOOKUP_MSG.retired] });
      const unknown = await saveRequestData(t, r.id, { cpt_full_or_part_time: '03' }, student);
      expect(unknown.json().fieldErrors).toEqual({ 'data.cpt_full_or_part_time': [LOOKUP_MSG.notInList] });
      expect((await saveRequestData(t, r.id, { cpt_full_or_part_time: '01' }, student)).statusCode).toBe(200);
    } finally {
      await restore('employment-times', '02');
    }
    const again = await saveRequestData(t, r.id, { cpt_full_or_part_time: '02' }, student);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('an OPT employer period recorded by the office', () => {
  const body = (o: Record<string, unknown> = {}) => ({
    employerName: 'Acme Robotics',
    employerEin: '987654321',
    jobTitle: 'Data Analyst',
    startDate: daysFromToday(-20),
    endDate: null,
    fullOrPartTime: '01',
    ...o,
  });

  it('refuses a code the list does not have, on the field, and records nothing', async () => {
    const s = await buildOptStudent(t, 30);
    const res = await call(t, 'POST', `/api/students/${s.id}/employments`, { as: admin, body: body({ fullOrPartTime: '03' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: LOOKUP_MSG.notInList, fieldErrors: { fullOrPartTime: [LOOKUP_MSG.notInList] } });
    const empty = await call(t, 'POST', `/api/students/${s.id}/employments`, { as: admin, body: body({ fullOrPartTime: '' }) });
    expect(empty.json().fieldErrors).toEqual({ fullOrPartTime: ['Required field'] });
    expect(await t.sql("select 1 from student_employments where profile_id = $1 and employer_name <> ''", [s.id])).toHaveLength(0);
  });

  it('a retired code: the period that holds it keeps it when changed; a new period is refused it', async () => {
    const s = await buildOptStudent(t, 30);
    const created = await call(t, 'POST', `/api/students/${s.id}/employments`, { as: admin, body: body({ fullOrPartTime: '02' }) });
    expect(created.statusCode, created.body).toBe(200);
    const period = created.json<studentsApi.TOptStudent>().employments.find((e) => e.employerName === 'Acme Robotics')!;
    expect(period.fullOrPartTime).toBe('02');
    await retire('employment-times', '02');
    try {
      const kept = await call(t, 'PUT', `/api/students/${s.id}/employments/${period.id}`, {
        as: admin,
        body: body({ fullOrPartTime: '02', jobTitle: 'Senior Data Analyst' }),
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const refused = await call(t, 'POST', `/api/students/${s.id}/employments`, {
        as: admin,
        body: body({ employerName: 'Beta Labs', startDate: daysFromToday(-5), fullOrPartTime: '02' }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ fullOrPartTime: [LOOKUP_MSG.retired] });
    } finally {
      await restore('employment-times', '02');
    }
  });
});
