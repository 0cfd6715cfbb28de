import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MSG, type scholarsApi, studentsApi, type TSession } from '@meridian/domain';
import { lookupValueHelpers } from './fixtures/lookup-values.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  batchOf,
  buildScholarCase,
  buildSevisSettings,
  buildStudent,
  daysFromToday,
  j1ApplicationData,
  openSevisEvents,
  recordSevisAccepted,
  saveRequestData,
  sevisReadyRecord,
  siteIdOf,
  startStudentRequest,
  studentOf,
} from './factories/index.js';

/**
 * A record's gender is a code of the office's `genders` list, SEVIS Table 36 (docs/product/lookups.md#how-forms-use-the-lists):
 * records keep SEVIS's own U (unknown), where they held X ("another gender") before, and send it as it is. A code the
 * list does not offer today is refused when given anew, one the record holds stays; an exchange visitor takes only
 * the codes for one (not U).
 */
let t: TTestApp;
let admin: TSession;
let student: TSession;
let mainF: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, student] = await t.loginAll('admin', 'student');
  mainF = (await buildSevisSettings(t, { site: 'MAIN', kind: 'F' })).id;
});
afterAll(async () => t?.close());

const { retire, restore } = lookupValueHelpers(
  () => t,
  () => admin,
);

const put = async (profileId: string, body: Record<string, unknown>) => {
  const [r] = await t.sql<{ updated_at: Date }>('select updated_at from student_profiles where id = $1', [profileId]);
  return call(t, 'PUT', `/api/students/${profileId}`, { as: admin, body: { ...body, updatedAt: r!.updated_at.toISOString() } });
};
const genderOf = async (profileId: string) =>
  (await t.sql<{ gender: string }>('select gender from student_profiles where id = $1', [profileId]))[0]!.gender;
const record = (o: Parameters<typeof buildStudent>[1] = {}) =>
  buildStudent(t, {
    ...sevisReadyRecord(),
    firstName: 'Asha',
    lastName: 'Rao',
    programStartDate: daysFromToday(-400),
    programEndDate: daysFromToday(300),
    ...o,
  });

describe('the record’s gender from the office’s list', () => {
  it('a record saved with U reads back U, and its SEVIS update sends U', async () => {
    const s = await record();
    await recordSevisAccepted(t, s.id);
    const saved = await put(s.id, { gender: 'u' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<studentsApi.TStudentRecord>().gender).toBe('U');
    const read = await call(t, 'GET', `/api/students/${s.id}`, { as: admin });
    expect(read.json<studentsApi.TStudentRecord>().gender).toBe('U');
    const [e, ...more] = await openSevisEvents(t, s.id);
    expect(more).toEqual([]);
    expect(e).toMatchObject({ event_type: 'PersonalInfo', action: 'Edit' });
    expect(await batchOf(t, e!.id, { as: admin, settingsId: mainF })).toMatch(/<Gender>U<\/Gender>/);
  });

  it('X, which the list does not have, is refused on the field', async () => {
    const s = await record();
    const res = await put(s.id, { gender: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ gender: [LOOKUP_MSG.notInList] });
    expect(await genderOf(s.id)).toBe('F');
  });

  it('a retired code is refused when given anew; the record that holds it keeps it', async () => {
    const given = await record({ gender: 'M' });
    const held = await record({ gender: 'F' });
    await retire('genders', 'F');
    try {
      const anew = await put(given.id, { gender: 'F' });
      expect(anew.statusCode).toBe(400);
      expect(anew.json().fieldErrors).toEqual({ gender: [LOOKUP_MSG.retired] });
      expect(await genderOf(given.id)).toBe('M');
      const kept = await put(held.id, { gender: 'F', lastName: 'Okafor' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await genderOf(held.id)).toBe('F');
    } finally {
      await restore('genders', 'F');
    }
    expect((await put(given.id, { gender: 'F' })).statusCode).toBe(200);
  });

  it('an exchange visitor is refused U when given anew (SEVIS Table 36: not for an EV), on a new record too; one that holds it keeps it', async () => {
    const j = await record({ visaType: 'J-1', evCategoryCode: '1A', gender: 'F' });
    const res = await put(j.id, { gender: 'U' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ gender: [studentsApi.MSG_EV_GENDER] });
    expect(await genderOf(j.id)).toBe('F');
    const created = await call(t, 'POST', '/api/students', {
      as: admin,
      body: {
        firstName: 'Ingrid',
        lastName: 'Berg',
        email: `ingrid.${Date.now()}@example.edu`,
        birthDate: '1990-02-03',
        citizenshipCountryCode: 'NO',
        visaType: 'J-1',
        evCategoryCode: '1A',
        campusSiteId: j.campusSiteId,
        programStartDate: daysFromToday(30),
        programEndDate: daysFromToday(400),
        gender: 'U',
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors).toMatchObject({ gender: [studentsApi.MSG_EV_GENDER] });
    // A J-1 record that held X holds U since the upgrade: saving it again keeps it.
    const held = await record({ visaType: 'J-1', evCategoryCode: '1A', gender: 'U' });
    const kept = await put(held.id, { gender: 'U', birthCity: 'Bergen' });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('the case’s Create exchange visitor record refuses U, the office’s or the scholar’s (SEVIS Table 36)', async () => {
    const k = await buildScholarCase(t, {
      processedState: 'J-1',
      proposedStatus: 'J-1',
      applicationState: 'draft',
      campusSiteId: await siteIdOf(t, 'MAIN'),
      processedStartDate: '2027-01-04',
      processedEndDate: '2028-01-03',
      data: j1ApplicationData({ firstName: 'Ingrid', lastName: 'Halvorsen', email: `ingrid.h.${Date.now()}@example.edu` }),
    });
    await t.sql(`update scholars set gender = 'U' where id = (select scholar_id from scholar_applications where id = $1)`, [
      k.applicationId,
    ]);
    const CASE = `/api/scholars/office/cases/${k.applicationId}`;
    const create = async (gender: string) => {
      const { version } = (await call(t, 'GET', CASE, { as: admin })).json<scholarsApi.TOfficeCase>();
      const body = { version, gender, evPositionCode: '213', birthCity: 'Oslo', birthCountryCode: 'NO', citizenshipCountryCode: 'NO' };
      return call(t, 'POST', `${CASE}/exchange-visitor`, { as: admin, body });
    };
    for (const gender of ['U', '']) {
      const res = await create(gender);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ gender: [studentsApi.MSG_EV_GENDER] });
    }
    expect((await create('X')).json().fieldErrors).toEqual({ gender: [LOOKUP_MSG.notInList] });
    const ok = await create('F');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the Demographic Update offers the list’s codes: X is refused on its field', async () => {
    const me = await studentOf(t);
    expect(me.visaType).toBe('F-1');
    const r = await startStudentRequest(t, 'demographic_update', student);
    const refused = await saveRequestData(t, r.id, { new_gender: 'X' }, student);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ 'data.new_gender': [LOOKUP_MSG.notInList] });
    expect((await saveRequestData(t, r.id, { new_gender: 'U' }, student)).statusCode).toBe(200);
  });

  it('a student’s correction is checked against the list as a staff member’s change is', async () => {
    const res = await call(t, 'POST', '/api/students/me/corrections', {
      as: student,
      body: { changes: { gender: 'X' }, reason: 'My gender is wrong.' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ gender: [LOOKUP_MSG.notInList] });
  });
});

const MIGRATION = new URL('../migrations/0062_gender_sevis_codes.sql', import.meta.url);
async function migrate() {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await t.sql(statement);
}

describe('the upgrade: X becomes U', () => {
  it('on records, dependents, scholars, Demographic Updates, corrections and SEVIS updates not yet sent; a second run changes nothing', async () => {
    const s = await record({ gender: 'X' });
    const m = await record({ gender: 'M' });
    const [dep] = await t.sql<{ id: string }>(
      `insert into student_dependents (institution_id, profile_id, first_name, last_name, relationship_to_principal_cd, gender)
       values ($1, $2, 'Anu', 'Rao', '02', 'X') returning id`,
      [t.institutionA, s.id],
    );
    const c = await buildScholarCase(t, { department: 'PHYS' });
    const [scholar] = await t.sql<{ id: string }>(
      `update scholars set gender = 'X' where id = (select scholar_id from scholar_applications where id = $1) returning id`,
      [c.applicationId],
    );
    const r = await startStudentRequest(t, 'demographic_update', student);
    await t.sql(`update requests set data = '{"new_gender": "X", "new_last_name": "Rivera"}'::jsonb where id = $1`, [r.id]);
    const [fix] = await t.sql<{ id: string }>(
      `insert into student_profile_corrections (institution_id, profile_id, changes, reason)
       values ($1, $2, '{"gender": {"from": "M", "to": "X"}, "lastName": {"from": "A", "to": "B"}}'::jsonb, 'why') returning id`,
      [t.institutionA, m.id],
    );
    const [pending] = await t.sql<{ id: string }>(
      `insert into sevis_pending_events (institution_id, profile_id, event_type, action, payload, status)
       values ($1, $2, 'PersonalInfo', 'Edit', '{"gender": "X", "lastName": "Rao"}'::jsonb, 'pending') returning id`,
      [t.institutionA, s.id],
    );
    const [sent] = await t.sql<{ id: string }>(
      `insert into sevis_pending_events (institution_id, profile_id, event_type, action, payload, status)
       values ($1, $2, 'PersonalInfo', 'Edit', '{"gender": "X"}'::jsonb, 'sent') returning id`,
      [t.institutionA, s.id],
    );
    const state = async () => ({
      record: await genderOf(s.id),
      other: await genderOf(m.id),
      dependent: (await t.sql<{ gender: string }>('select gender from student_dependents where id = $1', [dep!.id]))[0]!.gender,
      scholar: (await t.sql<{ gender: string }>('select gender from scholars where id = $1', [scholar!.id]))[0]!.gender,
      request: (await t.sql<{ data: unknown }>('select data from requests where id = $1', [r.id]))[0]!.data,
      correction: (await t.sql<{ changes: unknown }>('select changes from student_profile_corrections where id = $1', [fix!.id]))[0]!
        .changes,
      pending: (await t.sql<{ payload: unknown }>('select payload from sevis_pending_events where id = $1', [pending!.id]))[0]!.payload,
      sent: (await t.sql<{ payload: unknown }>('select payload from sevis_pending_events where id = $1', [sent!.id]))[0]!.payload,
    });
    await migrate();
    const after = await state();
    expect(after).toEqual({
      record: 'U',
      other: 'M',
      dependent: 'U',
      scholar: 'U',
      request: { new_gender: 'U', new_last_name: 'Rivera' },
      correction: { gender: { from: 'M', to: 'U' }, lastName: { from: 'A', to: 'B' } },
      pending: { gender: 'U', lastName: 'Rao' },
      // What was sent stays as it was sent.
      sent: { gender: 'X' },
    });
    await migrate();
    expect(await state()).toEqual(after);
  });
});
