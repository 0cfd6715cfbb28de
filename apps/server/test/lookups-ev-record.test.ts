import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MSG, MSG, type scholarsApi, type studentsApi, type TSession } from '@meridian/domain';
import { resolveMergeValues } from '../src/modules/messages/index.js';
import { institutionContext, type TContext } from '../src/platform/http/context.js';
import { lookupValueHelpers } from './fixtures/lookup-values.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildScholarCase, buildStudent, j1ApplicationData, siteIdOf } from './factories/index.js';

/**
 * A new exchange visitor record's codes and a dependent's countries against the office's lists
 * (docs/product/lookups.md#how-forms-use-the-lists): the program category a case's J-1 category is sent as is the
 * `scholar-categories` list's `ev` attribute; a category, position or country given anew must be offered today, one
 * the record or dependent holds stays valid; the merge tags name the codes in the list's words.
 */
let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const { valueOf, retire, restore, addOfficeValue } = lookupValueHelpers(
  () => t,
  () => admin,
);

type TFieldErrors = Record<string, string[]>;
const fieldErrorsOf = (res: { json: <T>() => T }) => res.json<{ fieldErrors: TFieldErrors }>().fieldErrors;

const CASE = (id: string) => `/api/scholars/office/cases/${id}`;
let seq = 0;

/** A processed J-1 case of Main Campus whose application names this J-1 category (and family, if given). */
async function j1Case(category: string, o: Record<string, unknown> = {}) {
  seq += 1;
  return buildScholarCase(t, {
    processedState: 'J-1',
    proposedStatus: 'J-1',
    applicationState: 'draft',
    campusSiteId: await siteIdOf(t, 'MAIN'),
    processedStartDate: '2027-01-04',
    processedEndDate: '2028-01-03',
    data: j1ApplicationData({
      firstName: 'Solveig',
      lastName: `Evlist ${String.fromCharCode(96 + seq)}`,
      email: `solveig.evlist.${seq}.${process.pid}@example.edu`,
      category,
      ...o,
    }),
  });
}

/** The office's Create exchange visitor record, at the case's current version. */
async function createEv(applicationId: string, over: Partial<scholarsApi.TCaseExchangeVisitorInput> = {}) {
  const { version } = (await call(t, 'GET', CASE(applicationId), { as: admin })).json<scholarsApi.TOfficeCase>();
  return call(t, 'POST', `${CASE(applicationId)}/exchange-visitor`, {
    as: admin,
    body: { version, evPositionCode: '213', gender: 'F', birthCity: 'Oslo', birthCountryCode: 'NO', citizenshipCountryCode: 'NO', ...over },
  });
}

/** The created record's category and position, and what its pending SEVIS Create carries. */
async function recordOf(res: { json: <T>() => T }) {
  const profileId = res.json<scholarsApi.TOfficeCase>().exchangeVisitor!.profileId;
  const [row] = await t.sql<{ ev_category_cd: string; ev_position_code: string; create_category: string }>(
    `select p.ev_category_cd, p.ev_position_code, e.payload->>'evCategoryCode' as create_category
       from student_profiles p join sevis_pending_events e on e.profile_id = p.id and e.event_type = 'Create'
      where p.id = $1`,
    [profileId],
  );
  return { profileId, ...row! };
}

/** Sets a scholar category's program category on the list, as a new catalog release or a database fix would. */
const setCategoryEv = (code: string, ev: string) =>
  t.sql(
    `update lookup_values v set attributes = jsonb_set(v.attributes, '{ev}', to_jsonb($2::text))
       from lookup_lists l where l.id = v.list_id and l.key = 'scholar-categories' and v.code = $1 and l.institution_id = $3`,
    [code, ev, t.institutionA],
  );

describe('Create exchange visitor record: the program category from the J-1 scholar categories list', () => {
  it('sends the case’s J-1 category as the program category the list’s attribute names, to the record and its SEVIS Create', async () => {
    // The list, not a table in the code: Research scholar sent as 09 while the list says so.
    await setCategoryEv('RESEARCH SCHOLAR', '09');
    try {
      const res = await createEv((await j1Case('RESEARCH SCHOLAR')).applicationId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<scholarsApi.TOfficeCase>().exchangeVisitor).toMatchObject({ evCategoryCode: '09' });
      expect(await recordOf(res)).toMatchObject({ ev_category_cd: '09', ev_position_code: '213', create_category: '09' });
    } finally {
      await setCategoryEv('RESEARCH SCHOLAR', '08');
    }
    const seeded = await createEv((await j1Case('RESEARCH SCHOLAR')).applicationId);
    expect(seeded.statusCode, seeded.body).toBe(200);
    expect(await recordOf(seeded)).toMatchObject({ ev_category_cd: '08', create_category: '08' });
  });

  it('maps a category the office added through its attribute; one without it needs the office’s program category', async () => {
    await addOfficeValue('scholar-categories', 'VISITING FELLOW', 'Visiting fellow', { ev: '04' });
    const mapped = await createEv((await j1Case('VISITING FELLOW')).applicationId);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(await recordOf(mapped)).toMatchObject({ ev_category_cd: '04', create_category: '04' });

    await addOfficeValue('scholar-categories', 'GUEST LECTURER', 'Guest lecturer');
    const k = await j1Case('GUEST LECTURER');
    const missing = await createEv(k.applicationId);
    expect(missing.statusCode).toBe(400);
    expect(fieldErrorsOf(missing).evCategoryCode).toEqual([MSG.required]);
    const given = await createEv(k.applicationId, { evCategoryCode: '09' });
    expect(given.statusCode, given.body).toBe(200);
    expect(await recordOf(given)).toMatchObject({ ev_category_cd: '09', create_category: '09' });
  });

  it('maps a J-1 category the case holds after the office retired it: the case keeps its category', async () => {
    const k = await j1Case('PROFESSOR');
    await retire('scholar-categories', 'PROFESSOR');
    try {
      const res = await createEv(k.applicationId);
      expect(res.statusCode, res.body).toBe(200);
      expect(await recordOf(res)).toMatchObject({ ev_category_cd: '04', create_category: '04' });
    } finally {
      await restore('scholar-categories', 'PROFESSOR');
    }
  });
});

describe('a new exchange visitor record’s category and position, and its J-2s’ countries', () => {
  it('refuses a retired category or position on its field, whether mapped or given; the record made before keeps them', async () => {
    const held = await createEv((await j1Case('RESEARCH SCHOLAR')).applicationId);
    expect(held.statusCode, held.body).toBe(200);
    const { profileId } = await recordOf(held);

    const k = await j1Case('RESEARCH SCHOLAR');
    await retire('ev-categories', '08');
    await retire('ev-positions', '213');
    try {
      const mapped = await createEv(k.applicationId);
      expect(mapped.statusCode).toBe(400);
      expect(fieldErrorsOf(mapped)).toMatchObject({ evCategoryCode: [LOOKUP_MSG.retired], evPositionCode: [LOOKUP_MSG.retired] });
      const given = await createEv(k.applicationId, { evCategoryCode: '08', evPositionCode: '214' });
      expect(given.statusCode).toBe(400);
      expect(fieldErrorsOf(given)).toEqual({ evCategoryCode: [LOOKUP_MSG.retired] });
      expect((await call(t, 'GET', CASE(k.applicationId), { as: admin })).json<scholarsApi.TOfficeCase>().exchangeVisitor).toBeNull();

      // The record created before keeps its category and position: a change of something else is saved with them.
      const [r] = await t.sql<{ updated_at: Date }>('select updated_at from student_profiles where id = $1', [profileId]);
      const kept = await call(t, 'PUT', `/api/students/${profileId}`, {
        as: admin,
        body: { evCategoryCode: '08', evPositionCode: '213', birthCity: 'Trondheim', updatedAt: r!.updated_at.toISOString() },
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<studentsApi.TStudentRecord>()).toMatchObject({
        evCategoryCode: '08',
        evPositionCode: '213',
        birthCity: 'Trondheim',
      });

      // Another category and position the lists offer are taken.
      const other = await createEv(k.applicationId, { evCategoryCode: '09', evPositionCode: '214' });
      expect(other.statusCode, other.body).toBe(200);
      expect(await recordOf(other)).toMatchObject({ ev_category_cd: '09', ev_position_code: '214', create_category: '09' });
    } finally {
      await restore('ev-categories', '08');
      await restore('ev-positions', '213');
    }
  });

  it('refuses the record’s own country or subject field the lists do not offer today, on its field', async () => {
    const k = await j1Case('RESEARCH SCHOLAR');
    const unknown = await createEv(k.applicationId, { citizenshipCountryCode: 'QQ', subjectFieldCode: '99.9999' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrorsOf(unknown)).toMatchObject({
      citizenshipCountryCode: [LOOKUP_MSG.notInList],
      subjectFieldCode: [LOOKUP_MSG.notInList],
    });
    // Norway (SEVIS NO, ISO NO) no longer offered as a country of birth: a new record cannot take it.
    await retire('birth-countries', 'NO');
    try {
      const retired = await createEv(k.applicationId);
      expect(retired.statusCode).toBe(400);
      expect(fieldErrorsOf(retired)).toEqual({ birthCountryCode: [LOOKUP_MSG.retired] });
    } finally {
      await restore('birth-countries', 'NO');
    }
    const made = await createEv(k.applicationId);
    expect(made.statusCode, made.body).toBe(200);
  });

  it('refuses a J-2’s country the lists do not offer, on the J-2’s entry', async () => {
    const k = await j1Case('RESEARCH SCHOLAR', {
      isHavingFamily: true,
      dependents: [{ firstName: 'Maren', lastName: 'Evlist', relationship: 'spouse', dateOfBirth: '1989-06-02', countryOfBirth: 'IN' }],
    });
    const j2 = (over: Partial<scholarsApi.TCaseEvDependentInput> = {}) => ({
      gender: 'F' as const,
      birthCity: 'Pune',
      citizenshipCountryCode: 'NO',
      formPurpose: '06' as const,
      ...over,
    });
    const unknown = await createEv(k.applicationId, { dependents: [j2({ citizenshipCountryCode: 'QQ' })] });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrorsOf(unknown)).toEqual({
      'dependents.0.citizenshipCountryCode': [LOOKUP_MSG.notInList],
      'dependents.0.permanentResidenceCountryCode': [LOOKUP_MSG.notInList],
    });
    await retire('birth-countries', 'IN');
    try {
      // The application's country of birth, a retired code: refused on the J-2's entry.
      const retired = await createEv(k.applicationId, { dependents: [j2()] });
      expect(retired.statusCode).toBe(400);
      expect(fieldErrorsOf(retired)).toEqual({ 'dependents.0.birthCountryCode': [LOOKUP_MSG.retired] });
    } finally {
      await restore('birth-countries', 'IN');
    }
    const ok = await createEv(k.applicationId, { dependents: [j2()] });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a dependent’s countries (the record’s F-2/J-2 dependents)', () => {
  const dep = {
    firstName: 'Meera',
    lastName: 'Evlist',
    relationshipCode: '01',
    gender: 'F',
    email: '',
    birthDate: '1998-07-08',
    birthCountryCode: 'IN',
    citizenshipCountryCode: 'IN',
    permanentResidenceCountryCode: 'IN',
  };

  it('refuses a country not on the list and a retired one given anew, on its field; keeps the one held', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const add = (body: Record<string, unknown>) => call(t, 'POST', `/api/students/${s.id}/dependents`, { as: admin, body });

    const unknown = await add({ ...dep, birthCountryCode: 'QQ', citizenshipCountryCode: 'QZ' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrorsOf(unknown)).toEqual({ birthCountryCode: [LOOKUP_MSG.notInList], citizenshipCountryCode: [LOOKUP_MSG.notInList] });

    const held = await add(dep);
    expect(held.statusCode, held.body).toBe(200);
    const heldId = held.json<studentsApi.TStudentDependent>().id;
    const put = (body: Record<string, unknown>) => call(t, 'PUT', `/api/students/${s.id}/dependents/${heldId}`, { as: admin, body });

    await retire('birth-countries', 'IN');
    await retire('citizenship-countries', 'IN');
    try {
      const retired = await add({ ...dep, relationshipCode: '02', firstName: 'Anika', birthDate: '2016-03-01' });
      expect(retired.statusCode).toBe(400);
      expect(fieldErrorsOf(retired)).toEqual({
        birthCountryCode: [LOOKUP_MSG.retired],
        citizenshipCountryCode: [LOOKUP_MSG.retired],
        permanentResidenceCountryCode: [LOOKUP_MSG.retired],
      });
      // The dependent recorded keeps its countries: a change of something else is saved.
      const kept = await put({ ...dep, email: 'meera@example.com' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ birthCountryCode: 'IN', citizenshipCountryCode: 'IN', email: 'meera@example.com' });
      // A residence moved to the retired country gives it anew.
      const moved = await put({ ...dep, citizenshipCountryCode: 'NP', permanentResidenceCountryCode: 'NP' });
      expect(moved.statusCode, moved.body).toBe(200);
      const back = await put({ ...dep, citizenshipCountryCode: 'IN', permanentResidenceCountryCode: 'NP' });
      expect(back.statusCode).toBe(400);
      expect(fieldErrorsOf(back)).toEqual({ citizenshipCountryCode: [LOOKUP_MSG.retired] });
    } finally {
      await restore('birth-countries', 'IN');
      await restore('citizenship-countries', 'IN');
    }
    const again = await add({ ...dep, relationshipCode: '02', firstName: 'Anika', birthDate: '2016-03-01' });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('merge tags: the record’s codes in the list’s words', () => {
  async function contextOf(session: TSession): Promise<TContext> {
    const claims = await t.services.tokens.verifyAccess(session.accessToken);
    const actor = await t.services.findSession(claims!, t.institutionA);
    return institutionContext(
      t.services,
      { id: t.institutionA, timeZone: 'America/Los_Angeles' },
      { actor, ip: '127.0.0.1', userAgent: 'test' },
    );
  }
  const relabel = async (key: string, code: string, label: string) => {
    const res = await call(t, 'PATCH', `/api/lookups/${key}/values/${(await valueOf(key, code)).id}`, { as: admin, body: { label } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('fills the exchange visitor category and the education level with the labels the office gave them', async () => {
    const ctx = await contextOf(admin);
    const ev = await buildStudent(t, { visaType: 'J-1', evCategoryCode: '1D', subjectFieldCode: '11.0701' });
    const f1 = await buildStudent(t, { educationLevel: '04' });
    await relabel('ev-categories', '1D', 'Graduate student');
    await relabel('education-levels', '04', 'Graduate (master’s)');
    const evValues = await ctx.db((tx) => resolveMergeValues(tx, ctx, { kind: 'exchangeVisitor', id: ev.id }));
    expect(evValues['ev.category']).toBe('Graduate student');
    const f1Values = await ctx.db((tx) => resolveMergeValues(tx, ctx, { kind: 'student', id: f1.id }));
    expect(f1Values['student.educationLevel']).toBe('Graduate (master’s)');
  });
});
