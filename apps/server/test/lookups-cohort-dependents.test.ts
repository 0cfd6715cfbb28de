import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MSG, type scholarsApi, studentsApi, type TSession } from '@meridian/domain';
import { lookupValueHelpers } from './fixtures/lookup-values.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildScholarCase, buildStudent, j1ApplicationData, siteIdOf } from './factories/index.js';

/**
 * A dependent's relationship, a scholar case's J-1 category and the J-1 cohort's codes checked by the server
 * against the office's lists offered today (docs/product/lookups.md#how-forms-use-the-lists): a code the list
 * does not have is refused on its field, one the office has retired is refused when given anew, a value the
 * record already holds stays valid, and a value the office keeps on its list (its own, or offered again) is taken.
 */
let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const { retire, restore, addOfficeValue } = lookupValueHelpers(
  () => t,
  () => admin,
);

type TFieldErrors = Record<string, string[]>;
const fieldErrorsOf = (res: { json: <T>() => T }) => res.json<{ fieldErrors: TFieldErrors }>().fieldErrors;

describe('a dependent’s relationship (the record’s F-2/J-2 dependents)', () => {
  const dep = {
    firstName: 'Meera',
    lastName: 'Sharma',
    relationshipCode: '01',
    gender: 'F',
    email: '',
    birthDate: '1998-07-08',
    birthCountryCode: 'IN',
    citizenshipCountryCode: 'IN',
    permanentResidenceCountryCode: 'IN',
  };
  const child = { ...dep, firstName: 'Anika', relationshipCode: '02', birthDate: '2016-03-01' };

  it('refuses a code not on the list and a retired one given anew; keeps the one held; takes it again once offered, and the office’s own', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const add = (body: Record<string, unknown>) => call(t, 'POST', `/api/students/${s.id}/dependents`, { as: admin, body });

    const unknown = await add({ ...dep, relationshipCode: '07' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrorsOf(unknown)).toEqual({ relationshipCode: [LOOKUP_MSG.notInList] });

    const held = await add(child);
    expect(held.statusCode, held.body).toBe(200);
    const heldId = held.json<studentsApi.TStudentDependent>().id;

    await retire('dependent-relationships', '02');
    try {
      const retired = await add({ ...child, firstName: 'Ravi', gender: 'M' });
      expect(retired.statusCode).toBe(400);
      expect(fieldErrorsOf(retired)).toEqual({ relationshipCode: [LOOKUP_MSG.retired] });
      // The child already recorded keeps its relationship: a change of something else is saved.
      const kept = await call(t, 'PUT', `/api/students/${s.id}/dependents/${heldId}`, {
        as: admin,
        body: { ...child, email: 'anika@example.com' },
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ relationshipCode: '02', email: 'anika@example.com' });
      // A spouse changed into a child gives the retired value anew.
      const spouse = await add(dep);
      expect(spouse.statusCode, spouse.body).toBe(200);
      const changed = await call(t, 'PUT', `/api/students/${s.id}/dependents/${spouse.json<studentsApi.TStudentDependent>().id}`, {
        as: admin,
        body: { ...dep, relationshipCode: '02', birthDate: '2015-05-05' },
      });
      expect(changed.statusCode).toBe(400);
      expect(fieldErrorsOf(changed)).toEqual({ relationshipCode: [LOOKUP_MSG.retired] });
    } finally {
      await restore('dependent-relationships', '02');
    }
    const again = await add({ ...child, firstName: 'Ravi', gender: 'M' });
    expect(again.statusCode, again.body).toBe(200);

    await addOfficeValue('dependent-relationships', '03', 'Ward');
    const own = await add({ ...child, firstName: 'Tara', relationshipCode: '03' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ relationshipCode: '03' });
  });

  it('a J-2 added to an exchange visitor’s record: the DS-2019 purpose is one of the office’s print reasons offered today', async () => {
    const s = await buildStudent(t, { site: 'MAIN', visaType: 'J-1' });
    const add = (formPurpose: string) =>
      call(t, 'POST', `/api/students/${s.id}/dependents`, { as: admin, body: { ...dep, birthCity: 'Pune', formPurpose } });
    await retire('ev-print-reasons', '06');
    try {
      const retired = await add('06');
      expect(retired.statusCode).toBe(400);
      expect(fieldErrorsOf(retired)).toEqual({ formPurpose: [LOOKUP_MSG.retired] });
      expect((await add('08')).statusCode).toBe(200);
    } finally {
      await restore('ev-print-reasons', '06');
    }
  });

  it('the scholar case’s J-2 family: each relationship against the list, on its entry', async () => {
    const k = await buildScholarCase(t, {
      processedState: 'J-1',
      proposedStatus: 'J-1',
      applicationState: 'draft',
      campusSiteId: await siteIdOf(t, 'MAIN'),
      processedStartDate: '2027-01-04',
      processedEndDate: '2028-01-03',
      data: j1ApplicationData({
        firstName: 'Ingrid',
        lastName: 'Lookupfamily',
        email: 'ingrid.lookupfamily@example.edu',
        isHavingFamily: true,
        dependents: [
          { firstName: 'Maren', lastName: 'Lookupfamily', relationship: 'spouse', dateOfBirth: '1989-06-02', countryOfBirth: 'NO' },
          { firstName: 'Eirik', lastName: 'Lookupfamily', relationship: 'child', dateOfBirth: '2019-09-15', countryOfBirth: 'NO' },
        ],
      }),
    });
    const url = `/api/scholars/office/cases/${k.applicationId}/exchange-visitor`;
    const { version } = (
      await call(t, 'GET', `/api/scholars/office/cases/${k.applicationId}`, { as: admin })
    ).json<scholarsApi.TOfficeCase>();
    const j2 = (over: Partial<scholarsApi.TCaseEvDependentInput> = {}) => ({
      gender: 'F' as const,
      birthCity: 'Bergen',
      birthCountryCode: 'NO',
      citizenshipCountryCode: 'NO',
      formPurpose: '06' as const,
      ...over,
    });
    const create = (dependents: scholarsApi.TCaseEvDependentInput[]) =>
      call(t, 'POST', url, {
        as: admin,
        body: {
          version,
          evPositionCode: '213',
          gender: 'F',
          birthCity: 'Oslo',
          birthCountryCode: 'NO',
          citizenshipCountryCode: 'NO',
          dependents,
        },
      });

    const unknown = await create([j2({ relationshipCode: '07' }), j2({ gender: 'M' })]);
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrorsOf(unknown)).toEqual({ 'dependents.0.relationshipCode': [LOOKUP_MSG.notInList] });

    await retire('dependent-relationships', '02');
    try {
      // The application's "child" is the retired code: refused on the child's entry.
      const retired = await create([j2(), j2({ gender: 'M' })]);
      expect(retired.statusCode).toBe(400);
      expect(fieldErrorsOf(retired)).toEqual({ 'dependents.1.relationshipCode': [LOOKUP_MSG.retired] });
    } finally {
      await restore('dependent-relationships', '02');
    }
    // The DS-2019's purpose for a J-2 is one of the office's print reasons offered today (EVPrintReasonType).
    await retire('ev-print-reasons', '06');
    try {
      const purpose = await create([j2(), j2({ gender: 'M', formPurpose: '08' })]);
      expect(purpose.statusCode).toBe(400);
      expect(fieldErrorsOf(purpose)).toEqual({ 'dependents.0.formPurpose': [LOOKUP_MSG.retired] });
    } finally {
      await restore('ev-print-reasons', '06');
    }
    const ok = await create([j2(), j2({ gender: 'M' })]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<scholarsApi.TOfficeCase>().exchangeVisitor!.dependents.map((d) => `${d.firstName} ${d.relationshipCode}`)).toEqual([
      'Maren 01',
      'Eirik 02',
    ]);
  });
});

describe('a scholar case’s J-1 category (the office’s J-1 program data)', () => {
  it('refuses a category not on the list and a retired one given anew; keeps the one held; takes the office’s own', async () => {
    const k = await buildScholarCase(t, { processedState: 'J-1' });
    const url = `/api/scholars/office/cases/${k.applicationId}/office-data`;
    const versionOf = async () =>
      (await call(t, 'GET', `/api/scholars/office/cases/${k.applicationId}`, { as: admin })).json<scholarsApi.TOfficeCase>().version;
    const put = async (officeData: Record<string, unknown>) =>
      call(t, 'PUT', url, { as: admin, body: { officeData, version: await versionOf() } });

    const unknown = await put({ j1Category: 'VISITING FELLOW' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrorsOf(unknown)).toEqual({ 'officeData.j1Category': [LOOKUP_MSG.notInList] });

    const saved = await put({ j1Category: 'RESEARCH SCHOLAR' });
    expect(saved.statusCode, saved.body).toBe(200);

    await retire('scholar-categories', 'RESEARCH SCHOLAR');
    await retire('scholar-categories', 'TEACHER');
    try {
      const retired = await put({ j1Category: 'TEACHER' });
      expect(retired.statusCode).toBe(400);
      expect(fieldErrorsOf(retired)).toEqual({ 'officeData.j1Category': [LOOKUP_MSG.retired] });
      // The category the case holds stays valid: the rest of the program data is saved with it.
      const kept = await put({ j1Category: 'RESEARCH SCHOLAR', notes: 'Arrives in January.' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<scholarsApi.TOfficeCase>().officeData).toMatchObject({
        j1Category: 'RESEARCH SCHOLAR',
        notes: 'Arrives in January.',
      });
    } finally {
      await restore('scholar-categories', 'RESEARCH SCHOLAR');
      await restore('scholar-categories', 'TEACHER');
    }
    expect((await put({ j1Category: 'TEACHER' })).statusCode).toBe(200);

    await addOfficeValue('scholar-categories', 'VISITING FELLOW', 'Visiting fellow', { ev: '08' });
    const own = await put({ j1Category: 'VISITING FELLOW' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<scholarsApi.TOfficeCase>().officeData.j1Category).toBe('VISITING FELLOW');
  });
});

describe('the J-1 cohort’s codes', () => {
  let seq = 0;
  const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
  const participant = (over: Partial<studentsApi.TJ1CohortParticipant> = {}): studentsApi.TJ1CohortParticipant => {
    seq += 1;
    return {
      lastName: `Lookupcohort ${letters(seq)}`,
      firstName: 'Aiko',
      middleName: '',
      email: `cohort.${seq}.${process.pid}@example.org`,
      birthDate: '2004-04-12',
      gender: 'F',
      birthCity: 'Osaka',
      birthCountryCode: 'JP',
      citizenshipCountryCode: 'JP',
      permanentResidenceCountryCode: 'JP',
      ...over,
    };
  };
  const cohort = async (participants: studentsApi.TJ1CohortParticipant[], over: Record<string, unknown> = {}) => ({
    campusSiteId: await siteIdOf(t, 'MAIN'),
    evCategoryCode: '1F',
    evPositionCode: '213',
    subjectFieldCode: '45.0601',
    programStartDate: '2027-01-10',
    programEndDate: '2027-05-20',
    site: { name: 'Exchange Office', address: { line1: '1 University Ave', city: 'Springfield', state: 'IL', postalCode: '62701' } },
    receivedUsGovtFunds: false,
    financials: { schoolFunds: 4000 },
    checkOnly: true,
    participants,
    ...over,
  });
  const post = async (participants: studentsApi.TJ1CohortParticipant[], over: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/students/j1-cohorts', { as: admin, body: await cohort(participants, over) });

  it('refuses codes not on the lists on their fields, with the list’s message (a category or position with its own)', async () => {
    const res = await post([participant(), participant({ birthCountryCode: 'QQ', permanentResidenceCountryCode: 'QQ' })], {
      evCategoryCode: '3Z',
      evPositionCode: '999',
      subjectFieldCode: '99.9999',
      site: { name: 'Exchange Office', address: { line1: '1 University Ave', state: 'XX', postalCode: '62701' } },
    });
    expect(res.statusCode).toBe(422);
    expect(fieldErrorsOf(res)).toEqual({
      evCategoryCode: [studentsApi.MSG_EV_CATEGORY],
      evPositionCode: [studentsApi.MSG_EV_POSITION],
      subjectFieldCode: [LOOKUP_MSG.notInList],
      'site.address.state': [LOOKUP_MSG.notInList],
      'participants.1.birthCountryCode': [LOOKUP_MSG.notInList],
      'participants.1.permanentResidenceCountryCode': [LOOKUP_MSG.notInList],
    });
  });

  it('refuses the codes the office has retired (every row is a new record), and takes them once offered again', async () => {
    await retire('ev-categories', '1F');
    await retire('us-states', 'IL');
    await retire('ev-positions', '213');
    try {
      const res = await post([participant(), participant()]);
      expect(res.statusCode).toBe(422);
      expect(fieldErrorsOf(res)).toEqual({
        evCategoryCode: [LOOKUP_MSG.retired],
        evPositionCode: [LOOKUP_MSG.retired],
        'site.address.state': [LOOKUP_MSG.retired],
      });
    } finally {
      await restore('ev-categories', '1F');
      await restore('us-states', 'IL');
      await restore('ev-positions', '213');
    }
    const ok = await post([participant(), participant()]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<studentsApi.TJ1CohortResult>()).toMatchObject({ checked: 2, checkOnly: true });
  });

  it('takes a country the office keeps on its list of its own, and creates the records with it', async () => {
    await addOfficeValue('citizenship-countries', 'QZ', 'Office country', { iso: 'QZ' });
    const people = [participant({ citizenshipCountryCode: 'QZ', permanentResidenceCountryCode: 'QZ' })];
    const res = await post(people, { checkOnly: false });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.sql<{ citizenship_country_cd: string }>('select citizenship_country_cd from student_profiles where id = $1', [
      res.json<studentsApi.TJ1CohortResult>().records[0]!.id,
    ]);
    expect(row).toEqual({ citizenship_country_cd: 'QZ' });
  });
});
