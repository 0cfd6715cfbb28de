import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, STUDENT_LIST_TITLES, type TSession, type TStudentListTitle } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  buildEmployment,
  buildProfileCorrection,
  buildStudent,
  buildUser,
  officeToday,
  siteIdOf,
  type TStudentOverrides,
} from './factories/index.js';

/**
 * The Student List's title counts are kept per institution and campus site (docs/decisions/025): each
 * caller gets the sum over the sites they reach, the counts equal what the list shows, a record written
 * is counted on the next load, and counts a minute old or of an earlier day are answered with their time
 * while newer ones are counted.
 */
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;
const today = officeToday();
const day = (n: number) => addDays(today, n);

interface TTitles {
  titles: { key: TStudentListTitle; count: number }[];
  countedAt: string;
  isRefreshing: boolean;
}
const titlesAs = async (as: TSession, host?: string): Promise<TTitles> => {
  const res = await call(t, 'GET', '/api/students/list-titles', { as, host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TTitles>();
};
const countsOf = (x: TTitles) => Object.fromEntries(x.titles.map((k) => [k.key, k.count])) as Record<TStudentListTitle, number>;

/** Every record the list shows for a title, page after page, and the total it states. */
async function shown(title: TStudentListTitle, as: TSession, host?: string): Promise<{ rows: number; total: number }> {
  let rows = 0;
  for (let page = 1; ; page++) {
    const res = await call(t, 'GET', '/api/students', { as, host, query: { title, page, pageSize: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: unknown[]; total: number }>();
    rows += body.items.length;
    if (body.items.length < 100) return { rows, total: body.total };
  }
}

/** Asks again until `done` holds (a recount in the background), for at most a few seconds. */
async function until(as: TSession, done: (x: TTitles) => boolean): Promise<TTitles> {
  for (let i = 0; i < 60; i++) {
    const x = await titlesAs(as);
    if (done(x)) return x;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the counts were not recounted in time');
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant] = await t.loginAll('admin', 'officer', 'assistant');
  // Records of every kind at Main Campus, Medical Campus and no site, so each title has members at each.
  for (const site of ['MAIN', 'MED', null] as const) {
    const mk = (o: TStudentOverrides = {}) => buildStudent(t, { site, ...o });
    await mk({ sevisStatus: 'Active' });
    await mk({ sevisStatus: 'Initial', portOfEntry: 'JFK' });
    await mk({ sevisStatus: 'Active', isRegistered: false, sessionStartDate: day(-3) });
    await mk({ sevisStatus: 'Terminated', sevisStatusDate: day(-30) });
    await mk({ sevisStatus: 'Active', isArchived: true });
    await mk({ transferDirection: 'in' });
    await mk({ visaType: 'J-1', sevisStatus: 'Active' });
    await mk({ visaType: 'J-1', sevisStatus: 'No Show', transferDirection: 'out' });
    await mk({ visaType: 'J-1', sevisStatus: 'Initial', transferDirection: 'in' });
    for (const sevisStatus of ['Terminated', 'Inactive', 'Invalid']) await mk({ visaType: 'J-1', sevisStatus });
    const employed = await mk({ visaType: 'J-1', sevisStatus: 'Active' });
    await buildEmployment(t, employed, { kind: 'on_campus', startDate: day(-5), endDate: null });
    const user = (await buildUser(t, { role: 'ISSSstudent', firstName: 'Portal', lastName: 'Opt' })).userName;
    const portalOpt = await mk({ user });
    await buildEmployment(t, portalOpt, { kind: 'opt', optPhase: '01', authorizedStartDate: day(-20), authorizedEndDate: day(100) });
    const cpt = await mk();
    await buildEmployment(t, cpt, { kind: 'cpt', startDate: day(-10), endDate: day(30) });
    const opt = await mk();
    await buildEmployment(t, opt, { kind: 'opt', optPhase: '02', authorizedStartDate: day(-20), authorizedEndDate: day(200) });
    const stem = await mk();
    await buildEmployment(t, stem, { kind: 'stem', optPhase: '03', authorizedStartDate: day(-20), authorizedEndDate: day(500) });
    const training = await mk({ visaType: 'J-1', sevisStatus: 'Active' });
    await buildEmployment(t, training, { kind: 'academic_training', authorizedStartDate: day(-5), authorizedEndDate: day(50) });
    const corrected = await mk();
    await buildProfileCorrection(t, corrected, { status: 'pending' });
  }
  // Another institution's records count only there.
  await buildStudent(t, { institutionId: t.institutionB, sevisStatus: 'Active' });
});
afterAll(async () => {
  await t?.close();
});

describe('list title counts', () => {
  it('equal what the list shows for every title, as the super user, a Main Campus officer and an assistant', async () => {
    for (const [who, as] of [
      ['admin', admin],
      ['officer', officer],
      ['assistant', assistant],
    ] as const) {
      const counts = countsOf(await titlesAs(as));
      // Nothing written since: the stored counts are answered again, and still match.
      const again = await titlesAs(as);
      expect(again.isRefreshing).toBe(false);
      for (const { key } of STUDENT_LIST_TITLES) {
        const { rows, total } = await shown(key, as);
        expect(counts[key], `${key} as ${who}`).toBe(rows);
        expect(total, `${key} total as ${who}`).toBe(rows);
        expect(rows, `${key} as ${who}`).toBeGreaterThan(0);
      }
      expect(countsOf(again)).toEqual(counts);
    }
    // Each sees the sites they reach: everything; Main Campus and site-less records; Main Campus only.
    const [everything, mainAndNone, mainOnly] = (await Promise.all([admin, officer, assistant].map((as) => titlesAs(as)))).map(
      (x) => countsOf(x).all,
    );
    expect(everything).toBeGreaterThan(mainAndNone!);
    expect(mainAndNone).toBeGreaterThan(mainOnly!);
  });

  it('count a record just added on the next load, for whoever reaches it', async () => {
    const before = await Promise.all([admin, officer, assistant].map((as) => titlesAs(as)));
    const res = await call(t, 'POST', '/api/students', {
      as: admin,
      body: {
        firstName: 'Counted',
        lastName: 'Newcomer',
        email: 'counted.newcomer@example.edu',
        birthDate: '2001-02-03',
        citizenshipCountryCode: 'NO',
        visaType: 'F-1',
        campusSiteId: await siteIdOf(t, 'MAIN'),
        programStartDate: '2026-08-20',
        programEndDate: '2028-05-15',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await Promise.all([admin, officer, assistant].map((as) => titlesAs(as)));
    for (const [i, x] of after.entries()) {
      expect(x.isRefreshing).toBe(false);
      expect(Date.parse(x.countedAt)).toBeGreaterThan(Date.parse(before[i]!.countedAt));
      expect(countsOf(x).all).toBe(countsOf(before[i]!).all + 1);
      expect(countsOf(x).initial).toBe(countsOf(before[i]!).initial + 1);
    }
    expect(countsOf(after[0]!).all).toBe((await shown('all', admin)).rows);

    // An employment ending changes a title without touching the record: counted too.
    const cptBefore = countsOf(after[0]!).cpt;
    await t.sql(`update student_employments set end_date = $1 where kind = 'cpt' and institution_id = $2 and end_date >= $3`, [
      day(-1),
      t.institutionA,
      today,
    ]);
    expect(cptBefore).toBeGreaterThan(0);
    expect(countsOf(await titlesAs(admin)).cpt).toBe(0);
  });

  it('counts a minute old are answered with their time, then recounted in the background', async () => {
    const fresh = await titlesAs(admin);
    // The stored counts turn a minute old, and (as a write no trigger saw would) wrong.
    await t.sql(
      `update student_title_counts set counted_at = counted_at - interval '2 minutes',
              sites = (select jsonb_agg(jsonb_set(s, '{counts,all}', '0'::jsonb)) from jsonb_array_elements(sites) s)
        where institution_id = $1`,
      [t.institutionA],
    );
    const stale = await titlesAs(admin);
    expect(stale.isRefreshing).toBe(true);
    expect(Date.parse(stale.countedAt)).toBe(Date.parse(fresh.countedAt) - 120_000);
    expect(countsOf(stale).all).toBe(0);
    // The list does not take its total from old counts.
    expect((await shown('all', admin)).total).toBe(countsOf(fresh).all);
    const recounted = await until(admin, (x) => !x.isRefreshing);
    expect(Date.parse(recounted.countedAt)).toBeGreaterThan(Date.parse(fresh.countedAt));
    expect(countsOf(recounted)).toEqual(countsOf(fresh));
  });

  it('counts of an earlier day are answered with their time, then recounted for today', async () => {
    await titlesAs(admin);
    await t.sql(`update student_title_counts set counted_for = counted_for - 1 where institution_id = $1`, [t.institutionA]);
    expect((await titlesAs(officer)).isRefreshing).toBe(true);
    await until(officer, (x) => !x.isRefreshing);
    const { counted_for } = await t.sqlOne<{ counted_for: string }>(
      `select counted_for::text from student_title_counts where institution_id = $1`,
      [t.institutionA],
    );
    expect(counted_for).toBe(today);
  });

  it('callers who load at once after a write share one recount', async () => {
    await buildStudent(t, { site: 'MAIN' });
    const answers = await Promise.all([admin, officer, assistant, admin, officer].map((as) => titlesAs(as)));
    expect(new Set(answers.map((x) => x.countedAt)).size).toBe(1);
  });

  it('another institution keeps its own counts', async () => {
    const other = await t.login('admin', { host: HOST_B });
    const own = countsOf(await titlesAs(other, HOST_B));
    expect(own.all).toBe((await shown('all', other, HOST_B)).rows);
    const { n } = await t.sqlOne<{ n: number }>('select count(*)::int n from student_profiles where institution_id = $1', [t.institutionB]);
    expect(own.all).toBe(n);
  });
});
