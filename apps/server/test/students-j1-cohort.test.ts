import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  J1_COHORT_FILE_MSG,
  J1_COHORT_MAX_PARTICIPANTS,
  SEVIS_RULE_MSG,
  studentsApi,
  type sevisApi,
  type TSession,
} from '@meridian/domain';
import { fileStorage } from '../src/platform/files/storage.js';
import { createTestApp, HOST_A, HOST_B, type TTestApp } from './app.js';
import { call, followJob } from './http.js';
import { jobRow, redeliverJob, resumeAsIfCrashed } from './job-resume.js';
import { buildStudent, sevisSettingsOf, setStaffPermissions, siteIdOf } from './factories/index.js';
import { multipart } from './fixtures/case-fixtures.js';
import { auditEventsOf } from './readers.js';

/**
 * A cohort of J-1 exchange visitors created at once (docs/product/students-records.md#j-1-cohort): what
 * they share is entered once; every participant is checked as the single J-1 create checks a record
 * (SEVIS S2244 names, S1058 citizenship, S2133 birth date, SEVIS Table 15 / 28 codes) and against the
 * cohort and the existing records; one failing row creates nothing (422, participants.N.field); a valid
 * cohort is N records, each with its site of activity and one pending SEVIS Create (decision 019).
 */
let t: TTestApp;
let admin: TSession, officer: TSession, assistant: TSession, dept: TSession, adminB: TSession;
let main: number, med: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant, dept] = await t.loginAll('admin', 'officer', 'assistant', 'dept');
  adminB = await t.login('admin', { host: HOST_B });
  main = await siteIdOf(t, 'MAIN');
  med = await siteIdOf(t, 'MED');
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const URL = '/api/students/j1-cohorts';
let seq = 0;
/** A distinct surname of letters only (SEVIS S2244 takes only A to Z and spaces). */
const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
function participant(over: Partial<studentsApi.TJ1CohortParticipant> = {}): studentsApi.TJ1CohortParticipant {
  seq += 1;
  return {
    lastName: `Tanaka ${letters(seq)}`,
    firstName: 'Aiko',
    middleName: '',
    email: `aiko.${seq}.${process.pid}@example.org`,
    birthDate: '2004-04-12',
    gender: 'F',
    birthCity: 'Osaka',
    birthCountryCode: 'JP',
    citizenshipCountryCode: 'JP',
    permanentResidenceCountryCode: 'JP',
    ...over,
  };
}
function cohort(participants: studentsApi.TJ1CohortParticipant[], over: Partial<studentsApi.TJ1CohortInput> = {}) {
  return {
    campusSiteId: main,
    evCategoryCode: '1F',
    evPositionCode: '213',
    subjectFieldCode: '45.0601',
    programStartDate: '2027-01-10',
    programEndDate: '2027-05-20',
    site: {
      name: 'Main Campus Exchange Office',
      address: { line1: '1 University Ave', city: 'Springfield', state: 'IL', postalCode: '62701' },
    },
    receivedUsGovtFunds: false,
    financials: { schoolFunds: 4000, personalFunds: 6000 },
    participants,
    ...over,
  };
}
const post = (body: unknown, as: TSession = officer) => call(t, 'POST', URL, { as, body });
const countByLastName = async (names: string[]) =>
  Number((await t.sqlOne<{ n: string }>('select count(*) as n from student_profiles where last_name = any($1::text[])', [names])).n);

describe('createJ1Cohort', () => {
  it('a valid cohort of three: three J-1 records, each with the shared program, its site of activity and one pending SEVIS Create; audited', async () => {
    const people = [participant(), participant({ firstName: 'Kenji', gender: 'M', middleName: 'Taro' }), participant()];
    // One participant stays longer than the cohort: their own end date.
    people[2]!.programEndDate = '2027-12-18';
    const res = await post(cohort(people));
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<studentsApi.TJ1CohortResult>();
    expect(out).toMatchObject({ checked: 3, checkOnly: false, campusSiteName: expect.any(String) });
    expect(out.records.map((r) => r.lastName)).toEqual(people.map((p) => p.lastName));
    expect(out.records[2]).toMatchObject({ programStartDate: '2027-01-10', programEndDate: '2027-12-18' });

    const rows = await t.sql<Record<string, unknown>>(
      `select id, visa_type, sevis_status, sevis_id, campus_site_id, ev_category_cd, ev_position_code, subject_field_cd, gender,
              birth_city, permanent_residence_country_cd as residence, received_us_govt_funds, financials,
              program_start_date::text as start, program_end_date::text as "end"
         from student_profiles where id = any($1::uuid[]) order by last_name`,
      [out.records.map((r) => r.id)],
    );
    expect(rows).toHaveLength(3);
    for (const r of rows)
      expect(r).toMatchObject({
        visa_type: 'J-1',
        sevis_status: 'Initial',
        sevis_id: null,
        campus_site_id: main,
        ev_category_cd: '1F',
        ev_position_code: '213',
        subject_field_cd: '45.0601',
        birth_city: 'Osaka',
        residence: 'JP',
        received_us_govt_funds: false,
        financials: { schoolFunds: 4000, personalFunds: 6000 },
        start: '2027-01-10',
      });
    expect(rows.map((r) => r.end).sort()).toEqual(['2027-05-20', '2027-05-20', '2027-12-18']);

    // Each record: one primary site of activity and exactly one pending Create (SEVIS creates a person once, decision 019).
    for (const r of out.records) {
      const sites = await t.sql<{ name: string; is_primary: boolean }>(
        'select name, is_primary from student_sites_of_activity where profile_id = $1',
        [r.id],
      );
      expect(sites).toEqual([{ name: 'Main Campus Exchange Office', is_primary: true }]);
      const events = await t.sql<{ event_type: string; action: string; status: string }>(
        'select event_type, action, status from sevis_pending_events where profile_id = $1',
        [r.id],
      );
      expect(events).toEqual([{ event_type: 'Create', action: 'Create', status: 'pending' }]);
      const actions = (await auditEventsOf(t, r.id, { entityType: 'student_profile' })).map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['student.created', 'student.sevis-event.raised', 'student.site-of-activity.added']));
    }
    const [audit] = await t.sql<{ actor_user_id: string; after: { count: number; profileIds: string[]; evCategoryCode: string } }>(
      `select actor_user_id, after from audit_events where action = 'student.j1-cohort.created' and after->'profileIds' ? $1`,
      [out.records[0]!.id],
    );
    expect(audit!.after).toMatchObject({ count: 3, evCategoryCode: '1F', profileIds: out.records.map((r) => r.id) });

    // The next exchange-visitor batch takes the Creates with their site (nothing held back).
    const settings = await sevisSettingsOf(t, { site: 'MAIN', kind: 'J' });
    const eventIds = (
      await t.sql<{ id: string }>(`select id from sevis_pending_events where profile_id = any($1::uuid[]) and event_type = 'Create'`, [
        out.records.map((r) => r.id),
      ])
    ).map((e) => e.id);
    const batch = await call(t, 'POST', '/api/sevis/batches', { as: admin, body: { settingsId: settings.id, eventIds } });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json<sevisApi.TCreateBatchesOutput>()).toMatchObject({ batchedEvents: 3, heldEvents: 0 });
  });

  it('reads the file and creates the cohort as jobs with progress by row; a cohort job run again after its commit creates nobody twice', async () => {
    const auth = { host: HOST_A, authorization: `Bearer ${officer.accessToken}` };
    const header = 'last_name,first_name,email,birth_date,gender,birth_city,birth_country,citizenship_country,permanent_residence_country';
    const file = [
      header,
      ...['Jobfile a', 'Jobfile b'].map((n, i) => `${n},Aiko,jobfile${i}.${process.pid}@example.org,04/12/2004,F,Osaka,JP,JP,JP`),
    ];
    const { payload, headers } = multipart({}, { name: 'cohort.csv', data: Buffer.from(file.join('\r\n')) });
    const read = await call(t, 'POST', `${URL}/file`, { as: officer, body: payload, headers, follow: false });
    expect(read.statusCode, read.body).toBe(202);
    expect(read.json()).toMatchObject({ kind: studentsApi.READ_J1_COHORT_FILE_JOB, status: 'queued' });
    expect((await followJob(t, read, auth)).json<studentsApi.TJ1CohortFileRows>().rows).toHaveLength(2);
    expect(await jobRow(t, read.json<{ id: string }>().id)).toMatchObject({ status: 'completed', done: 2, total: 2 });

    const people = [participant(), participant(), participant()];
    const body = cohort(people);
    const started = await call(t, 'POST', URL, { as: officer, body, follow: false });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<{ id: string; kind: string }>();
    expect(job.kind).toBe(studentsApi.CREATE_J1_COHORT_JOB);
    expect(started.headers.location).toBe(`/api/jobs/${job.id}`);
    const out = await followJob(t, started, auth);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<studentsApi.TJ1CohortResult>().records).toHaveLength(3);
    const done = await jobRow(t, job.id);
    expect(done).toMatchObject({ status: 'completed', done: 3, total: 3, phase: 'Done', attempts: 1 });
    const names = people.map((p) => p.lastName);
    expect(await countByLastName(names)).toBe(3);

    // The server died after the commit, before pg-boss heard the job was done: the job completed in the
    // cohort's own transaction, so the runner takes nothing up again.
    await redeliverJob(t, job.id);
    expect(await jobRow(t, job.id)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await countByLastName(names)).toBe(3);
    // Even a job row that never learnt of its commit (and the cohort as sent still kept), resumed by the
    // runner, finds every participant an existing record and creates nobody.
    await fileStorage(t.config.dataDir).put(String(done.input.storageKey), Buffer.from(JSON.stringify(body)));
    const again = await resumeAsIfCrashed(t, job.id);
    expect(again).toMatchObject({ status: 'failed', attempts: 2, error: { status: 422, message: studentsApi.MSG_COHORT_INVALID } });
    expect(Object.keys(again.error!.fieldErrors!)).toEqual(expect.arrayContaining(['participants.0.lastName', 'participants.2.birthDate']));
    expect(await countByLastName(names)).toBe(3);
  }, 90_000);

  it('one bad row (SEVIS S2244: a hyphen in the name) answers 422 with that row’s field error and creates nothing', async () => {
    const people = [participant(), participant(), participant(), participant({ lastName: 'Smith-Jones' })];
    const res = await post(cohort(people));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: studentsApi.MSG_COHORT_INVALID,
      fieldErrors: { 'participants.3.lastName': [SEVIS_RULE_MSG.nameCharacters] },
    });
    expect(Object.keys(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors)).toEqual(['participants.3.lastName']);
    expect(await countByLastName(people.map((p) => p.lastName))).toBe(0);
  });

  it('names every failing row at once: its required fields, SEVIS Table 36 gender, S1058 citizenship, its own dates; shared fields on their names', async () => {
    const res = await post(
      cohort(
        [
          participant({ birthDate: '', birthCity: '' }),
          participant({ gender: 'X', citizenshipCountryCode: 'US' }),
          participant({ programStartDate: '2027-06-01', programEndDate: '2027-02-01' }),
          participant({ birthDate: '02/30/2004' }),
        ],
        {
          evCategoryCode: '3Z',
          evPositionCode: '999',
          subjectFieldCode: '4506',
          site: { name: 'Exchange Office', address: { line1: '', postalCode: '' } },
          financials: { otherFunds: 300 },
        },
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toEqual({
      'participants.0.birthDate': ['Required field'],
      'participants.0.birthCity': ['Required field'],
      'participants.1.gender': [studentsApi.MSG_COHORT_GENDER],
      'participants.1.citizenshipCountryCode': [SEVIS_RULE_MSG.usCitizen],
      'participants.2.programEndDate': ['The program end must be on or after its start'],
      'participants.3.birthDate': ['Invalid date'],
      evCategoryCode: [studentsApi.MSG_EV_CATEGORY],
      evPositionCode: [studentsApi.MSG_EV_POSITION],
      subjectFieldCode: ['Enter the CIP code as two digits, a dot and four digits, e.g. 26.0101.'],
      'site.address.line1': ['Required field'],
      'site.address.postalCode': ['Required field'],
      // SEVIS S2226: other funds need who gives them.
      'financials.otherFundsRemarks': [studentsApi.MSG_COHORT_OTHER_FUNDS_NAME],
    });
  });

  it('SEVIS S2152: without U.S. government funds the funding entered is at least $1; U.S. government funds must be answered', async () => {
    const none = await post(cohort([participant()], { financials: {} }));
    expect(none.statusCode).toBe(422);
    expect(none.json().fieldErrors).toEqual({ 'financials.schoolFunds': [studentsApi.MSG_COHORT_FUNDING] });
    const unanswered = await post(cohort([participant()], { receivedUsGovtFunds: null }));
    expect(unanswered.json().fieldErrors).toEqual({ receivedUsGovtFunds: ['Required field'] });
    // With U.S. government funds the amounts may be elsewhere on the DS-2019.
    expect((await post(cohort([participant()], { receivedUsGovtFunds: true, financials: {} }))).statusCode).toBe(200);
  });

  it('refuses the same person twice in the cohort and a person who already has a record (same name and birth date), on the rows', async () => {
    const existing = await buildStudent(t, { site: 'MED', firstName: 'Mei', lastName: 'Existing', birthDate: '2003-09-09' });
    const twin = participant();
    const res = await post(
      cohort([
        twin,
        participant(),
        { ...twin, email: 'other@example.org', firstName: 'AIKO' },
        participant({ firstName: existing.firstName, lastName: existing.lastName, birthDate: '2003-09-09' }),
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().fieldErrors).toEqual({
      'participants.2.lastName': [studentsApi.MSG_COHORT_DUPLICATE],
      'participants.2.birthDate': [studentsApi.MSG_COHORT_DUPLICATE],
      // Another campus site's record is the same person: one record per person in the institution.
      'participants.3.lastName': ['A student with this first name, last name and date of birth already exists.'],
      'participants.3.birthDate': ['A student with this first name, last name and date of birth already exists.'],
    });
    expect(await countByLastName([twin.lastName])).toBe(0);
  });

  it('checkOnly checks everything, the existing records too, and creates nothing', async () => {
    const people = [participant(), participant()];
    const res = await post({ ...cohort(people), checkOnly: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ records: [], checked: 2, checkOnly: true });
    expect(await countByLastName(people.map((p) => p.lastName))).toBe(0);
  });

  it(`takes ${J1_COHORT_MAX_PARTICIPANTS} participants and refuses ${J1_COHORT_MAX_PARTICIPANTS + 1}`, async () => {
    const over = Array.from({ length: J1_COHORT_MAX_PARTICIPANTS + 1 }, () => participant());
    const refused = await post(cohort(over));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fieldErrors).toEqual({ participants: [studentsApi.MSG_COHORT_TOO_MANY] });
    expect(await countByLastName(over.map((p) => p.lastName))).toBe(0);

    const limit = over.slice(0, J1_COHORT_MAX_PARTICIPANTS);
    const res = await post(cohort(limit));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<studentsApi.TJ1CohortResult>().records).toHaveLength(J1_COHORT_MAX_PARTICIPANTS);
    const created = await t.sqlOne<{ records: string; creates: string }>(
      `select count(distinct p.id) as records, count(e.id) as creates from student_profiles p
         join sevis_pending_events e on e.profile_id = p.id and e.event_type = 'Create' and e.status = 'pending'
        where p.last_name = any($1::text[])`,
      [limit.map((p) => p.lastName)],
    );
    expect(created).toEqual({ records: String(J1_COHORT_MAX_PARTICIPANTS), creates: String(J1_COHORT_MAX_PARTICIPANTS) });
    const none = await post(cohort([]));
    expect(none.json().fieldErrors).toEqual({ participants: [studentsApi.MSG_COHORT_EMPTY] });
  }, 120_000);

  it('SEVIS S2133 on the office’s day: at 23:30 in Los Angeles a birth date of today is taken, tomorrow is in the future', async () => {
    const settings = (await call(t, 'GET', '/api/institution/settings', { as: admin })).json<Record<string, unknown>>();
    const setTimeZone = (timeZone: string) => call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...settings, timeZone } });
    expect((await setTimeZone('America/Los_Angeles')).statusCode).toBe(200);
    try {
      // 23:30 on Mar 14, 2026 in Los Angeles is 06:30 UTC on Mar 15 (daylight time), already Mar 15 in Chicago.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T06:30:00Z') });
      const people = [participant({ birthDate: '2026-03-14' }), participant({ birthDate: '2026-03-15' })];
      const res = await post({ ...cohort(people), checkOnly: true });
      expect(res.statusCode).toBe(422);
      expect(res.json().fieldErrors).toEqual({ 'participants.1.birthDate': [SEVIS_RULE_MSG.birthInFuture] });
      expect((await post({ ...cohort([people[0]!]), checkOnly: true })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      expect((await setTimeZone(String(settings.timeZone))).statusCode).toBe(200);
    }
  });

  it('is for staff who may add students to the campus site: another site’s officer is refused on the field and nothing is created', async () => {
    const people = [participant()];
    const other = await post(cohort(people, { campusSiteId: med }), officer);
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors).toEqual({ campusSiteId: ['You cannot add or move students to this campus site.'] });
    // Another institution's campus site is no site here.
    const foreign = await post(cohort(people, { campusSiteId: await siteIdOf(t, 'MAIN', t.institutionB) }), officer);
    expect(foreign.json().fieldErrors).toEqual({ campusSiteId: ['Choose a campus site of this institution'] });
    // A department user has no students.manage at all.
    expect((await post(cohort(people), dept)).statusCode).toBe(403);
    expect(await countByLastName([people[0]!.lastName])).toBe(0);
    // An assistant creates for a site they may edit students of, and not once that is taken away.
    expect((await post(cohort([participant()]), assistant)).statusCode).toBe(200);
    const before = await setStaffPermissions(t, 'assistant', (p) => ({
      ...p,
      assistantSettings: { ...p.assistantSettings, [String(main)]: { ...p.assistantSettings[String(main)]!, editStudent: false } },
    }));
    try {
      const refused = await post(cohort([participant()]), assistant);
      expect(refused.json().fieldErrors).toEqual({ campusSiteId: ['You cannot add or move students to this campus site.'] });
    } finally {
      await setStaffPermissions(t, 'assistant', () => before);
    }
    // Institution B's super user creates in B.
    expect(
      (
        await call(t, 'POST', URL, {
          host: HOST_B,
          as: adminB,
          body: cohort([participant()], { campusSiteId: await siteIdOf(t, 'MAIN', t.institutionB) }),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('readJ1CohortFile', () => {
  const upload = (name: string, data: Buffer | string, as: TSession = officer) => {
    const { payload, headers } = multipart({}, { name, data: Buffer.from(data) });
    return call(t, 'POST', `${URL}/file`, { as, body: payload, headers });
  };
  const header =
    'Last name,First name,Middle name,E-mail,Birth date,Gender,Birth city,Birth country,Citizenship country,Permanent residence country';
  const line = (i: number) => `Filerow ${letters(i)},Aiko,,aiko${i}@example.org,04/12/2004,f,Osaka,jp,JP,JP`;

  it('reads a CSV into participant rows for review and creates nothing', async () => {
    const res = await upload('cohort.csv', `${header}\r\n${line(1)}\r\n\r\n${line(2)}\r\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fileName: 'cohort.csv',
      rows: [
        {
          rowNo: 2,
          values: {
            lastName: 'Filerow b',
            firstName: 'Aiko',
            middleName: '',
            email: 'aiko1@example.org',
            birthDate: '2004-04-12',
            gender: 'F',
            birthCity: 'Osaka',
            birthCountryCode: 'JP',
            citizenshipCountryCode: 'JP',
            permanentResidenceCountryCode: 'JP',
            programStartDate: '',
            programEndDate: '',
          },
        },
        expect.objectContaining({ rowNo: 4, values: expect.objectContaining({ lastName: 'Filerow c' }) }),
      ],
    });
    expect(await countByLastName(['Filerow b', 'Filerow c'])).toBe(0);
  });

  it(`takes ${J1_COHORT_MAX_PARTICIPANTS} rows and refuses ${J1_COHORT_MAX_PARTICIPANTS + 1}`, async () => {
    const rows = (n: number) => [header, ...Array.from({ length: n }, (_, i) => line(i))].join('\n');
    const ok = await upload('cohort.csv', rows(J1_COHORT_MAX_PARTICIPANTS));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().rows).toHaveLength(J1_COHORT_MAX_PARTICIPANTS);
    const over = await upload('cohort.csv', rows(J1_COHORT_MAX_PARTICIPANTS + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors).toEqual({ file: [J1_COHORT_FILE_MSG.tooManyRows] });
  });

  it('refuses a header without a required column, a file whose content is not its name, an empty file; only for staff who manage students', async () => {
    const missing = await upload('cohort.csv', 'Last name,First name\nTanaka,Aiko\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.file).toContain(J1_COHORT_FILE_MSG.missingColumn('Birth date'));
    const renamed = await upload('cohort.xlsx', `${header}\n${line(1)}\n`);
    expect(renamed.json().fieldErrors).toEqual({ file: [J1_COHORT_FILE_MSG.type] });
    const empty = await upload('cohort.csv', `${header}\n`);
    expect(empty.json().fieldErrors).toEqual({ file: [J1_COHORT_FILE_MSG.empty] });
    expect((await upload('cohort.csv', `${header}\n${line(1)}\n`, dept)).statusCode).toBe(403);
  });

  it('an upload cut off mid-file, or a file part without a file name, is refused with a message, never a 500', async () => {
    const { payload, headers } = multipart({}, { name: 'cohort.csv', data: Buffer.from(`${header}\n${line(1)}\n`) });
    const cut = await call(t, 'POST', `${URL}/file`, { as: officer, body: payload.subarray(0, Math.floor(payload.length / 2)), headers });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ code: 'BAD_REQUEST', message: 'The upload could not be read.' });
    const nameless = Buffer.from(payload.toString('latin1').replace('; filename="cohort.csv"', ''), 'latin1');
    const res = await call(t, 'POST', `${URL}/file`, { as: officer, body: nameless, headers });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().fieldErrors).toHaveProperty('file');
  });
});
