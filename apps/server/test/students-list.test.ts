import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, STUDENT_LIST_TITLES, type TSession, type TStudentListTitle } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  buildAttachment,
  buildEmployment,
  buildProfileCorrection,
  buildStudent,
  buildUser,
  officeToday,
  setStaffPermissions,
  siteIdOf,
  type TStudentOverrides,
} from './factories/index.js';

/**
 * The Student List (GET /api/students): for every list title (docs/product/students-list.md#list-titles), the records
 * that must be in it and those that must not; keyword, filters, sort, paging, and the campus-site walls
 * (docs/product/people.md#campus-permission).
 */
let t: TTestApp;
let admin: TSession;
const today = officeToday();
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

interface TItem {
  id: string;
  lastName: string;
  firstName: string;
  sevisId: string | null;
  programEndDate: string | null;
  campusSite: { name: string } | null;
  visaType: string;
  sevisStatus: string;
  stage: string;
}
const list = async (query: Record<string, string | number>, as: TSession = admin) => {
  const res = await call(t, 'GET', '/api/students', { as, query: { pageSize: 100, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: TItem[]; total: number; page: number; pageSize: number }>();
};
const ids = async (title: TStudentListTitle, q: string, as: TSession = admin) =>
  (await list({ title, q }, as)).items.map((i) => i.id).sort();

/** A group of records sharing a unique last name, so one title's test only sees its own records. */
function group() {
  const tag = `Zl${randomBytes(4).toString('hex')}`;
  return { tag, make: (o: TStudentOverrides = {}) => buildStudent(t, { lastName: tag, ...o }).then((r) => r.id) };
}

async function employment(profileId: string, e: Parameters<typeof buildEmployment>[2], institutionId = t.institutionA): Promise<void> {
  await buildEmployment(t, { id: profileId, institutionId }, e);
}
async function correction(profileId: string, status: string): Promise<void> {
  await buildProfileCorrection(t, { id: profileId, institutionId: t.institutionA }, { status });
}
/** A portal account of its own (a user name) for a record. */
const portalUser = async () => (await buildUser(t, { role: 'ISSSstudent', firstName: 'P', lastName: 'User' })).userName;

describe('every list title is a real query', () => {
  it('active / initial: F-1 by SEVIS status, never J-1, never archived', async () => {
    const g = group();
    const active = await g.make({ sevisStatus: 'Active' });
    const initial = await g.make({ sevisStatus: 'Initial' });
    await g.make({ sevisStatus: 'Active', visaType: 'J-1' });
    await g.make({ sevisStatus: 'Active', isArchived: true });
    await g.make({ sevisStatus: 'Terminated' });
    expect(await ids('active', g.tag)).toEqual([active]);
    expect(await ids('initial', g.tag)).toEqual([initial]);
  });

  it('active requiring registration: Active F-1, not registered, session already started', async () => {
    const g = group();
    const due = await g.make({ isRegistered: false, sessionStartDate: day(-3) });
    const startsToday = await g.make({ isRegistered: false, sessionStartDate: today });
    await g.make({ isRegistered: true, sessionStartDate: day(-3) });
    await g.make({ isRegistered: false, sessionStartDate: day(1) });
    await g.make({ isRegistered: false, sessionStartDate: null });
    await g.make({ sevisStatus: 'Initial', isRegistered: false, sessionStartDate: day(-3) });
    expect(await ids('active-requiring-registration', g.tag)).toEqual([due, startsToday].sort());
  });

  it('all: every record, J-1 and archived included', async () => {
    const g = group();
    const a = await g.make();
    const b = await g.make({ visaType: 'J-1', sevisStatus: 'Invalid' });
    const c = await g.make({ isArchived: true, currentStage: 'archived' });
    expect(await ids('all', g.tag)).toEqual([a, b, c].sort());
  });

  it('terminated in the past 18 months: exactly 18 months ago is in, one day more is out', async () => {
    const g = group();
    const { d: boundary } = await t.sqlOne<{ d: string }>("select to_char(($1::date - interval '18 months')::date, 'YYYY-MM-DD') d", [
      today,
    ]);
    const dayBefore = addDays(boundary, -1);
    const atBoundary = await g.make({ sevisStatus: 'Terminated', sevisStatusDate: boundary });
    const completed = await g.make({ sevisStatus: 'Completed', sevisStatusDate: day(-10) });
    const canceled = await g.make({ sevisStatus: 'Canceled', sevisStatusDate: today });
    await g.make({ sevisStatus: 'Terminated', sevisStatusDate: dayBefore });
    await g.make({ sevisStatus: 'Terminated', sevisStatusDate: null });
    await g.make({ sevisStatus: 'Active', sevisStatusDate: day(-10) });
    await g.make({ sevisStatus: 'Terminated', visaType: 'J-1', sevisStatusDate: day(-10) });
    expect(await ids('terminated-18-months', g.tag)).toEqual([atBoundary, completed, canceled].sort());
  });

  it('CPT: F-1 with an approved CPT that has not ended', async () => {
    const g = group();
    const current = await g.make();
    await employment(current, { kind: 'cpt', startDate: day(-30), endDate: day(30) });
    const endsToday = await g.make();
    await employment(endsToday, { kind: 'cpt', startDate: day(-30), endDate: today });
    const ended = await g.make();
    await employment(ended, { kind: 'cpt', startDate: day(-30), endDate: day(-1) });
    const requested = await g.make();
    await employment(requested, { kind: 'cpt', status: 'requested', startDate: day(-30), endDate: day(30) });
    const optOnly = await g.make();
    await employment(optOnly, { kind: 'opt', optPhase: '02', authorizedEndDate: day(30) });
    expect(await ids('cpt', g.tag)).toEqual([current, endsToday].sort());
  });

  it('OPT and OPT with a portal account: approved OPT 01/02 or STEM whose authorisation has not ended', async () => {
    const g = group();
    const pre = await g.make();
    await employment(pre, { kind: 'opt', optPhase: '01', authorizedStartDate: day(-10), authorizedEndDate: day(100) });
    const stem = await g.make({ user: await portalUser(), portalAccess: 1 });
    await employment(stem, { kind: 'stem', optPhase: '03', authorizedStartDate: day(-10), authorizedEndDate: day(100) });
    const noAccess = await g.make({ user: await portalUser(), portalAccess: 0 });
    await employment(noAccess, { kind: 'opt', optPhase: '02', authorizedStartDate: day(5), authorizedEndDate: day(400) });
    const expired = await g.make({ user: await portalUser(), portalAccess: 1 });
    await employment(expired, { kind: 'opt', optPhase: '02', authorizedEndDate: day(-1) });
    const cancelled = await g.make();
    await employment(cancelled, { kind: 'opt', optPhase: '02', status: 'cancelled', authorizedEndDate: day(100) });
    const j1 = await g.make({ visaType: 'J-1' });
    await employment(j1, { kind: 'opt', optPhase: '02', authorizedEndDate: day(100) });
    expect(await ids('opt', g.tag)).toEqual([pre, stem, noAccess].sort());
    expect(await ids('opt-portal-account', g.tag)).toEqual([stem]);
  });

  it('transfer: F-1 transferring in or out', async () => {
    const g = group();
    const tin = await g.make({ transferDirection: 'in' });
    const tout = await g.make({ transferDirection: 'out' });
    await g.make();
    await g.make({ visaType: 'J-1', transferDirection: 'out' });
    expect(await ids('transfer', g.tag)).toEqual([tin, tout].sort());
  });

  it('correction requests: records with a pending correction, any visa', async () => {
    const g = group();
    const f1 = await g.make();
    await correction(f1, 'pending');
    const j1 = await g.make({ visaType: 'J-1' });
    await correction(j1, 'pending');
    const decided = await g.make();
    await correction(decided, 'approved');
    await correction(decided, 'rejected');
    await g.make();
    expect(await ids('correction-requests', g.tag)).toEqual([f1, j1].sort());
  });

  it('initial with port of entry', async () => {
    const g = group();
    const entered = await g.make({ sevisStatus: 'Initial', portOfEntry: 'JFK' });
    await g.make({ sevisStatus: 'Initial' });
    await g.make({ sevisStatus: 'Active', portOfEntry: 'JFK' });
    expect(await ids('initial-port-of-entry', g.tag)).toEqual([entered]);
  });

  it('approved OPT with no current employer', async () => {
    const g = group();
    const noEmployer = await g.make();
    await employment(noEmployer, { kind: 'opt', optPhase: '02', authorizedStartDate: day(-60), authorizedEndDate: day(300) });
    const pastEmployer = await g.make();
    await employment(pastEmployer, {
      kind: 'opt',
      optPhase: '02',
      authorizedStartDate: day(-60),
      authorizedEndDate: day(300),
      employerName: 'Acme',
      startDate: day(-50),
      endDate: day(-5),
    });
    const employed = await g.make();
    await employment(employed, { kind: 'opt', optPhase: '02', authorizedStartDate: day(-60), authorizedEndDate: day(300) });
    await employment(employed, {
      kind: 'opt',
      optPhase: '02',
      authorizedStartDate: day(-60),
      authorizedEndDate: day(300),
      employerName: 'Acme',
      startDate: day(-5),
      endDate: null,
    });
    const stemEmployed = await g.make();
    await employment(stemEmployed, {
      kind: 'stem',
      optPhase: '03',
      authorizedStartDate: day(-60),
      authorizedEndDate: day(300),
      employerName: 'Labs',
      startDate: day(-60),
      endDate: day(300),
    });
    const preCompletion = await g.make();
    await employment(preCompletion, { kind: 'opt', optPhase: '01', authorizedStartDate: day(-60), authorizedEndDate: day(300) });
    const notYet = await g.make();
    await employment(notYet, { kind: 'opt', optPhase: '02', authorizedStartDate: day(10), authorizedEndDate: day(300) });
    expect(await ids('approved-opt-no-employer', g.tag)).toEqual([noEmployer, pastEmployer].sort());
  });

  it('exchange-visitor lists: J-1 by status, transfer and current training/employment', async () => {
    const g = group();
    const j = (o: TStudentOverrides) => g.make({ visaType: 'J-1', ...o });
    const rec: Record<string, string> = {
      active: await j({ sevisStatus: 'Active' }),
      initial: await j({ sevisStatus: 'Initial' }),
      terminated: await j({ sevisStatus: 'Terminated' }),
      inactive: await j({ sevisStatus: 'Inactive' }),
      invalid: await j({ sevisStatus: 'Invalid' }),
      noShow: await j({ sevisStatus: 'No Show' }),
      out: await j({ sevisStatus: 'Inactive', transferDirection: 'out' }),
      in: await j({ sevisStatus: 'Initial', transferDirection: 'in' }),
      training: await j({ sevisStatus: 'Active' }),
      training2: await j({ sevisStatus: 'Active' }),
      employed: await j({ sevisStatus: 'Active' }),
      employedPast: await j({ sevisStatus: 'Active' }),
      archived: await j({ sevisStatus: 'Active', isArchived: true }),
    };
    const f1Active = await g.make({ sevisStatus: 'Active', transferDirection: 'out' });
    await employment(f1Active, { kind: 'on_campus', startDate: day(-5), endDate: day(5) });
    await employment(rec.training!, { kind: 'academic_training', authorizedStartDate: day(-5), authorizedEndDate: day(5) });
    await employment(rec.training2!, { kind: 'academic_training', authorizedStartDate: day(5), authorizedEndDate: day(50) });
    await employment(rec.employed!, { kind: 'on_campus', startDate: day(-5), endDate: null });
    await employment(rec.employedPast!, { kind: 'on_campus', startDate: day(-50), endDate: day(-5) });
    const r = (...k: string[]) => k.map((x) => rec[x]!).sort();
    expect(await ids('ev-active', g.tag)).toEqual(r('active', 'training', 'training2', 'employed', 'employedPast'));
    expect(await ids('ev-initial', g.tag)).toEqual(r('initial', 'in'));
    expect(await ids('ev-all', g.tag)).toEqual(r(...Object.keys(rec).filter((k) => k !== 'archived')));
    expect(await ids('ev-terminated', g.tag)).toEqual(r('terminated'));
    expect(await ids('ev-inactive', g.tag)).toEqual(r('inactive', 'out'));
    expect(await ids('ev-invalid', g.tag)).toEqual(r('invalid'));
    expect(await ids('ev-no-show', g.tag)).toEqual(r('noShow'));
    expect(await ids('ev-transferred-out', g.tag)).toEqual(r('out'));
    expect(await ids('ev-transfer-in', g.tag)).toEqual(r('in'));
    expect(await ids('ev-academic-training', g.tag)).toEqual(r('training'));
    expect(await ids('ev-student-employment', g.tag)).toEqual(r('employed'));
    // The archived J-1 is only in 'all'.
    expect(await ids('all', g.tag)).toContain(rec.archived);
  });

  it('STEM I-983 upload alert: current approved STEM OPT without the I-983', async () => {
    const g = group();
    const missing = await g.make();
    await employment(missing, { kind: 'stem', optPhase: '03', authorizedStartDate: day(-5), authorizedEndDate: day(700) });
    // The student uploaded the training plan from the portal: a file on their record.
    const uploader = await portalUser();
    const uploaded = await g.make({ user: uploader });
    const i983 = await buildAttachment(t, { subject: uploader, fileName: 'i983.pdf' });
    await employment(uploaded, {
      kind: 'stem',
      optPhase: '03',
      authorizedStartDate: day(-5),
      authorizedEndDate: day(700),
      i983AttachmentId: i983.id,
    });
    const postOpt = await g.make();
    await employment(postOpt, { kind: 'opt', optPhase: '02', authorizedStartDate: day(-5), authorizedEndDate: day(300) });
    const ended = await g.make();
    await employment(ended, { kind: 'stem', optPhase: '03', authorizedStartDate: day(-700), authorizedEndDate: day(-1) });
    expect(await ids('stem-i983-upload-alert', g.tag)).toEqual([missing]);
  });

  it('every title of the catalogue answers, and list-titles counts what the list shows', async () => {
    const res = await call(t, 'GET', '/api/students/list-titles', { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    const { titles } = res.json<{ titles: { key: TStudentListTitle; count: number }[] }>();
    expect(titles.map((x) => x.key)).toEqual(STUDENT_LIST_TITLES.map((x) => x.key));
    for (const x of titles) expect((await list({ title: x.key, pageSize: 1 })).total, x.key).toBe(x.count);
  });
});

describe('listStudents: keyword, filters, sort and paging', () => {
  it('finds by first or last name, full name, e-mail, SEVIS id and campus id, case-insensitively', async () => {
    const g = group();
    const a = await buildStudent(t, {
      firstName: 'Mirela',
      lastName: g.tag,
      email: `mirela.${g.tag.toLowerCase()}@uni.example.edu`,
      campusId: `C${g.tag}`,
    });
    await g.make({ firstName: 'Other' });
    expect((await list({ title: 'all', q: `mirela ${g.tag}`.toUpperCase() })).items.map((i) => i.id)).toEqual([a.id]);
    expect((await list({ title: 'all', q: `mirela.${g.tag}@uni` })).items.map((i) => i.id)).toEqual([a.id]);
    expect((await list({ title: 'all', q: a.sevisId! })).items.map((i) => i.id)).toEqual([a.id]);
    expect((await list({ title: 'all', q: `c${g.tag}` })).items.map((i) => i.id)).toEqual([a.id]);
    // LIKE's wildcards are literal characters in a keyword.
    expect((await list({ title: 'all', q: `${g.tag}%` })).total).toBe(0);
    expect((await list({ title: 'all', q: '_' })).total).toBe(0);
  });

  it('filters by campus site, stage, education level, major, SEVIS status, tag and program end', async () => {
    const g = group();
    const med = await g.make({
      site: 'MED',
      currentStage: 'check_in',
      educationLevel: '04',
      programEndDate: '2027-06-30',
      major1Code: '11.0701',
      tags: ['scholarship', 'honors'],
    });
    const main = await g.make({
      site: 'MAIN',
      currentStage: 'continuing',
      educationLevel: '03',
      programEndDate: '2026-12-15',
      major2Code: '11.0701',
    });
    const q = (f: Record<string, string | number>) => list({ title: 'all', q: g.tag, ...f }).then((r) => r.items.map((i) => i.id).sort());
    expect(await q({ campusSiteId: await siteIdOf(t, 'MED') })).toEqual([med]);
    expect(await q({ stage: 'check_in' })).toEqual([med]);
    expect(await q({ educationLevel: '03' })).toEqual([main]);
    expect(await q({ major: '11.0701' })).toEqual([med, main].sort());
    expect(await q({ tag: 'honors' })).toEqual([med]);
    expect(await q({ sevisStatus: 'Active' })).toEqual([med, main].sort());
    expect(await q({ sevisStatus: 'Initial' })).toEqual([]);
    expect(await q({ programEndFrom: '2027-06-30' })).toEqual([med]);
    expect(await q({ programEndTo: '2026-12-15' })).toEqual([main]);
    expect(await q({ programEndFrom: '2026-12-16', programEndTo: '2027-06-29' })).toEqual([]);
  });

  it('refuses bad input with a message on the field, never a 500', async () => {
    for (const [field, value, message] of [
      ['programEndFrom', '2026-02-30', 'Invalid date'],
      ['programEndTo', '12-31-2026', 'Invalid date'],
      ['title', 'everyone', 'Invalid value'],
      ['sort', 'birthDate', 'Invalid value'],
      ['stage', 'graduated', 'Invalid value'],
      ['pageSize', 101, undefined],
    ] as const) {
      const res = await call(t, 'GET', '/api/students', { as: admin, query: { [field]: value } });
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      const body = res.json<{ fieldErrors?: Record<string, string[]> | undefined }>();
      expect(body.fieldErrors?.[field], res.body).toBeDefined();
      if (message) expect(body.fieldErrors?.[field]).toContain(message);
    }
  });

  it('sorts by each column with a stable order, and pages with a total', async () => {
    const g = group();
    const mk = (firstName: string, sevisId: string, end: string | null, status: string) =>
      g.make({ firstName, sevisStatus: status, programEndDate: end, sevisId: sevisId });
    const ids5 = [
      await mk('Carla', `N77${g.tag.slice(2, 10)}3`, '2027-01-01', 'Active'),
      await mk('Abel', `N77${g.tag.slice(2, 10)}1`, '2026-01-01', 'Initial'),
      await mk('Bruno', `N77${g.tag.slice(2, 10)}2`, null, 'Active'),
      await mk('Bruno', `N77${g.tag.slice(2, 10)}5`, '2026-06-01', 'Active'),
      await mk('Dana', `N77${g.tag.slice(2, 10)}4`, '2026-06-01', 'Completed'),
    ];
    const names = async (sort: string, order: string) =>
      (await list({ title: 'all', q: g.tag, sort, order })).items.map((i) => i.firstName);
    expect(await names('name', 'asc')).toEqual(['Abel', 'Bruno', 'Bruno', 'Carla', 'Dana']);
    expect(await names('name', 'desc')).toEqual(['Dana', 'Carla', 'Bruno', 'Bruno', 'Abel']);
    expect((await list({ title: 'all', q: g.tag, sort: 'sevisId' })).items.map((i) => i.sevisId!.slice(-1))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    // Program end: no date last in both directions; equal dates by name.
    expect(await names('programEndDate', 'asc')).toEqual(['Abel', 'Bruno', 'Dana', 'Carla', 'Bruno']);
    expect(await names('programEndDate', 'desc')).toEqual(['Carla', 'Dana', 'Bruno', 'Abel', 'Bruno']);
    expect(await names('sevisStatus', 'asc')).toEqual(['Bruno', 'Bruno', 'Carla', 'Dana', 'Abel']);

    // Pages of 2 in every sort: 2 + 2 + 1, total 5, each record exactly once.
    for (const sort of ['name', 'sevisId', 'programEndDate', 'sevisStatus', 'updatedAt']) {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const r = await list({ title: 'all', q: g.tag, sort, order: 'desc', page, pageSize: 2 });
        expect(r.total).toBe(5);
        expect(r.items.length).toBe(page < 3 ? 2 : 1);
        seen.push(...r.items.map((i) => i.id));
      }
      expect(seen.sort(), sort).toEqual([...ids5].sort());
    }
    expect((await list({ title: 'all', q: g.tag, page: 9, pageSize: 2 })).items).toEqual([]);
  });

  it('shows the columns of the table', async () => {
    const g = group();
    const id = await g.make({
      site: 'MED',
      firstName: 'Ines',
      programEndDate: '2027-05-15',
      visaType: 'J-1',
      sevisStatus: 'Initial',
      currentStage: 'pre_arrival',
    });
    const [item] = (await list({ title: 'all', q: g.tag })).items;
    expect(item).toMatchObject({
      id,
      firstName: 'Ines',
      lastName: g.tag,
      visaType: 'J-1',
      sevisStatus: 'Initial',
      campusSite: { name: 'Medical Campus' },
      programEndDate: '2027-05-15',
      stage: 'pre_arrival',
    });
    expect(Object.keys(item!)).not.toContain('birthDate');
  });
});

describe('campus sites and institutions', () => {
  it('an officer of Main Campus sees Main Campus and site-less records, never Medical Campus; the list equals what they may open', async () => {
    const g = group();
    const main = await g.make({ site: 'MAIN' });
    const none = await g.make({ site: null });
    await g.make({ site: 'MED' });
    await buildStudent(t, { institutionId: t.institutionB, lastName: g.tag });
    const officer = await t.login('officer');
    expect(await ids('all', g.tag, officer)).toEqual([main, none].sort());
    expect(await ids('all', g.tag)).toHaveLength(3);
    const { titles } = (await call(t, 'GET', '/api/students/list-titles', { as: officer })).json<{
      titles: { key: string; count: number }[];
    }>();
    expect(titles.find((x) => x.key === 'all')!.count).toBe((await list({ title: 'all', pageSize: 1 }, officer)).total);
  });

  it('an assistant sees only the records of their own sites (not site-less ones)', async () => {
    const g = group();
    const main = await g.make({ site: 'MAIN' });
    const med = await g.make({ site: 'MED' });
    await g.make({ site: null });
    const assistant = await t.login('assistant');
    expect(await ids('all', g.tag, assistant)).toEqual([main]);
    // Moved to Medical Campus: the list follows at once.
    const medId = await siteIdOf(t, 'MED');
    const before = await setStaffPermissions(t, 'assistant', (p) => ({
      ...p,
      assistantSites: [medId],
      assistantSettings: { [String(medId)]: { sendemail: false, editStudent: false, processRequests: false, sevisBatch: false } },
    }));
    try {
      expect(await ids('all', g.tag, assistant)).toEqual([med]);
    } finally {
      await setStaffPermissions(t, 'assistant', () => before);
    }
  });

  it('each role lists exactly the records it may open one by one (SECURITY.md: lists apply the same scope as a read)', async () => {
    const g = group();
    const all = [
      await g.make({ site: 'MAIN' }),
      await g.make({ site: 'MED' }),
      await g.make({ site: null }),
      await g.make({ site: 'MED', visaType: 'J-1' }),
    ];
    for (const who of ['admin', 'officer', 'assistant']) {
      const s = await t.login(who);
      const listed = await ids('all', g.tag, s);
      const opened: string[] = [];
      for (const id of all) {
        const res = await call(t, 'GET', `/api/students/${id}`, { as: s });
        expect([200, 404], `${who} ${id} ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 200) opened.push(id);
      }
      expect(listed, who).toEqual(opened.sort());
    }
  });

  it("another institution's records never appear, even for its super user searching the same name", async () => {
    const g = group();
    const mine = await g.make();
    const theirs = (await buildStudent(t, { institutionId: t.institutionB, lastName: g.tag })).id;
    expect(await ids('all', g.tag)).toEqual([mine]);
    const adminB = await t.login('admin', { host: 'other.test' });
    const res = await call(t, 'GET', '/api/students', { as: adminB, host: 'other.test', query: { title: 'all', q: g.tag } });
    expect(res.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toEqual([theirs]);
  });
});
