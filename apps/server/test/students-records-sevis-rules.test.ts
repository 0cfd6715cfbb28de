import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childBirthCutoff, SEVIS_RULE_MSG, studentsApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent, officeToday } from './factories/index.js';

/**
 * SEVIS business rules an officer can fix while typing are refused where the data is entered (400,
 * the message on the field), not left for SEVIS to reject a day later (docs/sevis-rules.md).
 */
let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const dep = (over: Record<string, unknown> = {}) => ({
  firstName: 'Meera',
  lastName: 'Sharma',
  relationshipCode: '01',
  gender: 'F',
  birthDate: '1998-07-08',
  birthCountryCode: 'IN',
  citizenshipCountryCode: 'IN',
  // A J-2's DS-2019 purpose (SEVIS EVPrintReasonType 06); an F-2 ignores it.
  formPurpose: '06',
  ...over,
});
const addDependent = (profileId: string, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/students/${profileId}/dependents`, { as: admin, body });
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('addDependent / updateDependent: SEVIS rules on the field', () => {
  it('SEVIS S1105: a second spouse is refused while the first is active, and taken once the first is terminated', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const first = await addDependent(s.id, dep());
    expect(first.statusCode, first.body).toBe(200);
    const second = await addDependent(s.id, dep({ firstName: 'Priya' }));
    expect(second.statusCode).toBe(400);
    expect(second.json().fieldErrors).toEqual({ relationshipCode: [SEVIS_RULE_MSG.secondSpouse] });
    // Nor may a child be turned into a second spouse.
    const kid = (await addDependent(s.id, dep({ firstName: 'Anu', relationshipCode: '02', gender: 'F', birthDate: '2015-01-01' }))).json();
    const turned = await call(t, 'PUT', `/api/students/${s.id}/dependents/${kid.id}`, {
      as: admin,
      body: dep({ firstName: 'Anu', relationshipCode: '01', gender: 'F', birthDate: '2015-01-01' }),
    });
    expect(turned.json().fieldErrors).toEqual({ relationshipCode: [SEVIS_RULE_MSG.secondSpouse] });
    await call(t, 'POST', `/api/students/${s.id}/dependents/${first.json().id}/terminate`, { as: admin, body: { reasonCode: '04' } });
    expect((await addDependent(s.id, dep({ firstName: 'Priya' }))).statusCode).toBe(200);
  });

  it('SEVIS S1014: a child on their 21st birthday is refused, the day after the cutoff is taken (the office day)', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const cutoff = childBirthCutoff(officeToday());
    const old = await addDependent(s.id, dep({ firstName: 'Ravi', relationshipCode: '02', gender: 'F', birthDate: cutoff }));
    expect(old.statusCode).toBe(400);
    expect(old.json().fieldErrors).toEqual({ birthDate: [SEVIS_RULE_MSG.childTooOld(cutoff)] });
    expect(
      (await addDependent(s.id, dep({ firstName: 'Ravi', relationshipCode: '02', gender: 'F', birthDate: dayAfter(cutoff) }))).statusCode,
    ).toBe(200);
  });

  it('a U.S.-born F-2 is refused on the country of birth; a U.S.-born J-2 is taken (SEVIS asks why, S2102)', async () => {
    const f = await buildStudent(t, { site: 'MAIN' });
    const born = await addDependent(f.id, dep({ relationshipCode: '02', gender: 'F', birthDate: '2020-05-05', birthCountryCode: 'US' }));
    expect(born.statusCode).toBe(400);
    expect(born.json().fieldErrors).toEqual({ birthCountryCode: [SEVIS_RULE_MSG.usBornF2] });
    const j = await buildStudent(t, { site: 'MAIN', visaType: 'J-1', evCategoryCode: '1D' });
    expect(
      (await addDependent(j.id, dep({ relationshipCode: '02', gender: 'F', birthDate: '2020-05-05', birthCountryCode: 'US' }))).statusCode,
    ).toBe(200);
  });

  it('SEVIS S1148: names with accents, hyphens or apostrophes are refused on their field (dependents and the student)', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const res = await addDependent(s.id, dep({ firstName: 'José', lastName: "O'Brien-Lee" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ firstName: [SEVIS_RULE_MSG.nameCharacters], lastName: [SEVIS_RULE_MSG.nameCharacters] });
    const r = (await call(t, 'GET', `/api/students/${s.id}`, { as: admin })).json<{ updatedAt: string }>();
    const edit = await call(t, 'PUT', `/api/students/${s.id}`, { as: admin, body: { updatedAt: r.updatedAt, lastName: 'Müller' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fieldErrors.lastName).toEqual([SEVIS_RULE_MSG.nameCharacters]);
    // SEVIS S1142: a placeholder is not a name.
    const fnu = await addDependent(s.id, dep({ firstName: 'FNU' }));
    expect(fnu.json().fieldErrors.firstName).toEqual([SEVIS_RULE_MSG.namePlaceholder]);
  });

  it('a change of e-mail alone is not refused for what SEVIS already holds (an existing child who turned 21)', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const kid = (await addDependent(s.id, dep({ relationshipCode: '02', gender: 'F', birthDate: '2010-01-01' }))).json();
    await t.sql('update student_dependents set date_of_birth = $1 where id = $2', [childBirthCutoff(officeToday()), kid.id]);
    const res = await call(t, 'PUT', `/api/students/${s.id}/dependents/${kid.id}`, {
      as: admin,
      body: dep({ relationshipCode: '02', gender: 'F', birthDate: childBirthCutoff(officeToday()), email: 'meera@example.com' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('updateSiteOfActivity / deactivateSiteOfActivity: SEVIS S2201, S2203', () => {
  it('the primary site cannot be made non-primary nor deactivated; a rename keeps the name SEVIS knows', async () => {
    const j = await buildStudent(t, { site: 'MAIN', visaType: 'J-1', evCategoryCode: '1D' });
    const site = (
      await call(t, 'POST', `/api/students/${j.id}/sites-of-activity`, { as: admin, body: { name: 'Marine Lab', isPrimary: true } })
    ).json();
    const unset = await call(t, 'PUT', `/api/students/${j.id}/sites-of-activity/${site.id}`, {
      as: admin,
      body: { name: 'Marine Lab', isPrimary: false },
    });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().fieldErrors).toEqual({ isPrimary: [SEVIS_RULE_MSG.primarySiteUnset] });
    const off = await call(t, 'POST', `/api/students/${j.id}/sites-of-activity/${site.id}/deactivate`, { as: admin });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(SEVIS_RULE_MSG.primarySiteDeactivate);
    const renamed = await call(t, 'PUT', `/api/students/${j.id}/sites-of-activity/${site.id}`, {
      as: admin,
      body: { name: 'Marine Biology Lab', isPrimary: true },
    });
    expect(renamed.statusCode).toBe(200);
    const [edit] = await t.sql<{ payload: Record<string, unknown> }>(
      `select payload from sevis_pending_events where profile_id = $1 and event_type = 'SiteOfActivity' and action = 'Edit'`,
      [j.id],
    );
    expect(edit!.payload).toMatchObject({ previousSiteName: 'Marine Lab', siteName: 'Marine Biology Lab' });
  });
});

describe('createStudent / updateStudent: the foreign phone SEVIS S1164 may take instead of a U.S. one', () => {
  it('is kept on the record, needs its country calling code, and a change is queued as PersonalInfo/Address', async () => {
    const body = {
      firstName: 'Lucas',
      lastName: 'Phoneless',
      email: `lucas.phone.${Date.now()}@example.edu`,
      birthDate: '2001-03-04',
      citizenshipCountryCode: 'BR',
      visaType: 'F-1',
      campusSiteId: (await t.sql<{ id: number }>(`select id from campus_sites where code = 'MAIN' limit 1`))[0]!.id,
      programStartDate: '2026-08-20',
      programEndDate: '2028-05-15',
      foreignPhone: '11 98765 4321',
    };
    const noCode = await call(t, 'POST', '/api/students', { as: admin, body });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fieldErrors).toEqual({ foreignPhoneCountryCode: [studentsApi.MSG_FOREIGN_PHONE_CODE] });
    const created = await call(t, 'POST', '/api/students', { as: admin, body: { ...body, foreignPhoneCountryCode: '55' } });
    expect(created.statusCode, created.body).toBe(200);
    const r = created.json<studentsApi.TStudentRecord>();
    expect(r).toMatchObject({ foreignPhoneCountryCode: '55', foreignPhone: '11 98765 4321', phone: '' });

    const s = await buildStudent(t, { site: 'MAIN' });
    const rec = (await call(t, 'GET', `/api/students/${s.id}`, { as: admin })).json<{ updatedAt: string }>();
    const put = await call(t, 'PUT', `/api/students/${s.id}`, {
      as: admin,
      body: { updatedAt: rec.updatedAt, foreignPhoneCountryCode: '91', foreignPhone: '22 2281 0001' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const evs = await t.sql<{ event_type: string; action: string }>(
      `select event_type, action from sevis_pending_events where profile_id = $1 and status = 'pending'`,
      [s.id],
    );
    expect(evs).toContainEqual({ event_type: 'PersonalInfo', action: 'Address' });
  });

  it('takes a U.S. phone typed with its punctuation and keeps its 10 digits; a digit short is refused on the field', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const rec = (await call(t, 'GET', `/api/students/${s.id}`, { as: admin })).json<{ updatedAt: string }>();
    const short = await call(t, 'PUT', `/api/students/${s.id}`, { as: admin, body: { updatedAt: rec.updatedAt, phone: '217-555-019' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ phone: ['Invalid phone'] });
    const put = await call(t, 'PUT', `/api/students/${s.id}`, {
      as: admin,
      body: { updatedAt: rec.updatedAt, phone: '+1 (217) 555-0199', foreignPhoneCountryCode: '+91', foreignPhone: '22 2281 0001' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ phone: '2175550199', foreignPhoneCountryCode: '91' });
  });
});
