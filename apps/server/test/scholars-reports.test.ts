import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { addDays, DEFAULT_TIME_ZONE, type jobsApi, type TSession } from '@meridian/domain';
import { runScholarAlertsJob } from '../src/modules/scholars/reports/operations/run-scholar-alerts-job.js';
import { sendEndDateAlerts } from '../src/modules/scholars/reports/operations/send-end-date-alerts.js';
import { fileStorage } from '../src/platform/files/storage.js';
import { createTestApp, type TTestApp } from './app.js';
import { call, jobEnd, mailsTo } from './http.js';
import { resumeAsIfCrashed } from './job-resume.js';
import { buildScholarCase, departmentIdOf, officeToday, type TScholarCaseOptions, updateScholarCase, userIdOf } from './factories/index.js';

/**
 * The office's scholar dashboard (list, tabs, filters, sort, paging), its two Excel exports (read
 * back with SheetJS, a second library), the report summary, the time tracking of a case and the
 * end-date alerts job.
 */
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let dept: TSession;
let scholar: TSession;
const today = officeToday();
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, dept, scholar] = await Promise.all([t.login('admin'), t.login('officer'), t.login('dept'), t.login('scholar')]);
});
afterAll(async () => {
  await t?.close();
});

interface TItem {
  applicationId: string;
  lastName: string;
  firstName: string;
  phase: string;
  status: string;
  processedState: string;
  processedEndDate: string | null;
  premiumProcessFlag: boolean;
  isEndingSoon: boolean;
  department: { name: string };
}
const list = async (query: Record<string, string | number>, as: TSession = admin) => {
  const res = await call(t, 'GET', '/api/scholars/dashboard', { as, query: { pageSize: 100, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: TItem[]; total: number; page: number; pageSize: number }>();
};
const ids = async (query: Record<string, string | number>) => (await list(query)).items.map((i) => i.applicationId).sort();

/** Cases sharing a unique last name, so each test's keyword sees only its own cases. */
function group() {
  const tag = `Zq${randomBytes(4).toString('hex')}`;
  return { tag, make: async (o: TScholarCaseOptions = {}) => (await buildScholarCase(t, { lastName: tag, ...o })).applicationId };
}

describe('the scholar dashboard', () => {
  it('lists exactly the cases of the phase tab, keyword and each filter', async () => {
    const { tag, make } = group();
    const h1b = await make({
      firstName: 'Ana',
      processedState: 'H-1B',
      phase: 'application',
      status: 'in_progress',
      processedEndDate: day(20),
      premiumProcessFlag: true,
    });
    const j1 = await make({
      firstName: 'Ben',
      processedState: 'J-1',
      phase: 'isss_review',
      status: 'pending',
      department: 'CS',
      processedEndDate: day(400),
    });
    const fresh = await make({ firstName: 'Cai', processedState: '', department: 'MED' });
    const opt = await make({
      firstName: 'Dee',
      processedState: 'F-1 OPT/STEM',
      phase: 'application',
      status: 'pending',
      processedEndDate: day(90),
    });
    await buildScholarCase(t, { lastName: `Other${tag}x`.replace(tag, 'Elsewhere') });

    expect(await ids({ q: tag })).toEqual([h1b, j1, fresh, opt].sort());
    expect(await ids({ q: tag.toUpperCase() }), 'the keyword ignores case').toEqual([h1b, j1, fresh, opt].sort());
    expect(await ids({ q: `ana ${tag}` }), 'first and last name together').toEqual([h1b]);
    const email = (
      await t.sql<{ email: string }>('select s.email from scholars s join scholar_applications a on a.scholar_id = s.id where a.id = $1', [
        j1,
      ])
    )[0]!.email;
    expect(await ids({ q: email }), 'by e-mail').toEqual([j1]);
    expect(await ids({ q: tag, phase: 'application' })).toEqual([h1b, opt].sort());
    expect(await ids({ q: tag, phase: 'sponsorship_request' })).toEqual([fresh]);
    expect(await ids({ q: tag, departmentId: await departmentIdOf(t, 'CS') })).toEqual([j1]);
    expect(await ids({ q: tag, visa: 'J-1' })).toEqual([j1]);
    expect(await ids({ q: tag, visa: 'none' })).toEqual([fresh]);
    expect(await ids({ q: tag, status: 'in_progress' })).toEqual([h1b]);
    expect(await ids({ q: tag, premium: 'yes' })).toEqual([h1b]);
    expect(await ids({ q: tag, premium: 'no' })).toEqual([j1, fresh, opt].sort());
    expect(await ids({ q: tag, endFrom: day(20), endTo: day(90) }), 'end date bounds are inclusive').toEqual([h1b, opt].sort());
    expect(await ids({ q: tag, endFrom: day(21) })).toEqual([j1, opt].sort());
    expect(await ids({ q: tag, endingSoon: '1' }), 'ending soon: within 60 days').toEqual([h1b]);
    const rows = (await list({ q: tag })).items;
    expect(rows.find((r) => r.applicationId === h1b)).toMatchObject({
      isEndingSoon: true,
      premiumProcessFlag: true,
      processedState: 'H-1B',
      department: { name: 'Department of Physics' },
    });
    expect(rows.find((r) => r.applicationId === opt)!.isEndingSoon).toBe(false);
    // A keyword's LIKE characters are taken literally.
    expect((await list({ q: `${tag}%` })).total).toBe(0);
  });

  it('sorts on the server with a stable order and pages', async () => {
    const { tag, make } = group();
    const a = await make({ firstName: 'Alma', processedState: 'O-1', phase: 'filed', processedEndDate: day(300) });
    const b = await make({
      firstName: 'Bruno',
      processedState: 'H-1B',
      phase: 'application',
      processedEndDate: day(100),
      department: 'CS',
    });
    const c = await make({ firstName: 'Carla', processedState: 'J-1', phase: 'approved', processedEndDate: null, department: 'MED' });
    const names = async (q: Record<string, string | number>) => (await list({ q: tag, ...q })).items.map((i) => i.firstName);
    expect(await names({ sort: 'name', order: 'asc' })).toEqual(['Alma', 'Bruno', 'Carla']);
    expect(await names({ sort: 'name', order: 'desc' })).toEqual(['Carla', 'Bruno', 'Alma']);
    expect(await names({ sort: 'endDate', order: 'asc' }), 'no end date last').toEqual(['Bruno', 'Alma', 'Carla']);
    expect(await names({ sort: 'endDate', order: 'desc' })).toEqual(['Alma', 'Bruno', 'Carla']);
    expect(await names({ sort: 'phase', order: 'asc' }), 'phases in their order').toEqual(['Bruno', 'Alma', 'Carla']);
    expect(await names({ sort: 'visa', order: 'asc' })).toEqual(['Bruno', 'Carla', 'Alma']);
    // Department of Computer Science, Department of Physics, School of Medicine.
    expect(await names({ sort: 'department', order: 'asc' })).toEqual(['Bruno', 'Alma', 'Carla']);
    await updateScholarCase(t, a, { updatedAt: new Date(Date.now() - 86_400_000) });
    await updateScholarCase(t, c, { updatedAt: new Date(Date.now() + 60_000) });
    expect(await names({ sort: 'updatedAt', order: 'desc' })).toEqual(['Carla', 'Bruno', 'Alma']);
    const p2 = await list({ q: tag, sort: 'name', order: 'asc', pageSize: 2, page: 2 });
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.items.map((i) => i.applicationId)).toEqual([c]);
    expect(await list({ q: tag, pageSize: 2, page: 3 }), 'a page past the end still knows the total').toMatchObject({
      items: [],
      total: 3,
    });
    expect(b).toBeTruthy();
    const bad = await call(t, 'GET', '/api/scholars/dashboard', { as: admin, query: { sort: 'passport', endFrom: '2027-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['endFrom', 'sort']);
  });

  it('counts each tab as the list holds it, under the same search and filters', async () => {
    const { tag, make } = group();
    await make({ processedState: 'H-1B', phase: 'application' });
    await make({ processedState: 'H-1B', phase: 'application', status: 'on_hold' });
    await make({ processedState: 'J-1', phase: 'active' });
    await make({ processedState: '' });
    const res = await call(t, 'GET', '/api/scholars/dashboard/tabs', { as: officer, query: { q: tag } });
    expect(res.statusCode).toBe(200);
    const tabs = res.json<{ phase: string; label: string; count: number }[]>();
    expect(tabs[0]).toEqual({ phase: 'all', label: 'All', count: 4, capped: false });
    expect(Object.fromEntries(tabs.map((x) => [x.phase, x.count]))).toMatchObject({
      application: 2,
      active: 1,
      sponsorship_request: 1,
      closed: 0,
    });
    for (const tab of tabs) expect((await list({ q: tag, phase: tab.phase })).total, tab.phase).toBe(tab.count);
    const filtered = (await call(t, 'GET', '/api/scholars/dashboard/tabs', { as: officer, query: { q: tag, status: 'on_hold' } })).json<
      { phase: string; count: number }[]
    >();
    expect(filtered.find((x) => x.phase === 'application')!.count).toBe(1);
  });

  it('is for office staff: department users, scholars and students are refused, and another institution sees none of it', async () => {
    for (const [method, path] of [
      ['GET', '/api/scholars/dashboard'],
      ['GET', '/api/scholars/dashboard/tabs'],
      ['POST', '/api/scholars/dashboard/export'],
      ['POST', '/api/scholars/dashboard/export-opt'],
      ['GET', '/api/scholars/reports/summary'],
    ] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await call(t, method, path, { as: dept, body })).statusCode, path).toBe(403);
      expect((await call(t, method, path, { as: scholar, body })).statusCode, path).toBe(403);
    }
    const { tag, make } = group();
    await make({ processedState: 'H-1B' });
    const adminB = await t.login('admin', { host: 'other.test' });
    const res = await call(t, 'GET', '/api/scholars/dashboard', { as: adminB, host: 'other.test', query: { q: tag } });
    expect(res.json()).toMatchObject({ items: [], total: 0 });
  });
});

function readWorkbook(body: Buffer) {
  const wb = XLSX.read(body, { type: 'buffer', cellFormula: true });
  return wb;
}

describe('list scope', () => {
  it("lists exactly the institution's cases, each of which the same user may open", async () => {
    await buildScholarCase(t, { processedState: 'H-1B', institutionId: t.institutionB, department: 'CS' });
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const res = await list({ page, pageSize: 100, sort: 'name', order: 'asc' }, officer);
      listed.push(...res.items.map((i) => i.applicationId));
      if (res.items.length < 100) break;
    }
    const inA = (await t.sql<{ id: string }>('select id from scholar_applications where institution_id = $1', [t.institutionA])).map(
      (r) => r.id,
    );
    expect([...listed].sort()).toEqual([...inA].sort());
    for (const id of listed.slice(0, 15)) {
      expect((await call(t, 'GET', `/api/scholars/cases/${id}/time-tracking`, { as: officer })).statusCode, id).toBe(200);
    }
  });
});

describe('the Excel exports', () => {
  it('Scholar_Export: file and sheet names, only the rows of the filter, Yes/No, and no formula from a name', async () => {
    const { tag, make } = group();
    await make({
      firstName: '=HYPERLINK("http://evil.test","x")',
      processedState: 'H-1B',
      phase: 'application',
      premiumProcessFlag: true,
      processedEndDate: '2027-08-31',
    });
    await make({ firstName: '+Plus', processedState: 'H-1B', phase: 'application' });
    await make({ firstName: 'NotInTab', processedState: 'J-1', phase: 'active' });
    const res = await call(t, 'POST', '/api/scholars/dashboard/export', {
      as: officer,
      body: { q: tag, phase: 'application', sort: 'name', order: 'asc' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [y, m, d] = today.split('-').map(Number);
    const fileName = `Scholar_Export_${m}_${d}_${y}.xlsx`;
    expect(res.headers['content-disposition']).toContain(`filename="${fileName}"`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['cache-control']).toBe('no-store');
    const wb = readWorkbook(res.rawPayload);
    expect(wb.SheetNames).toEqual(['Scholars']);
    const ws = wb.Sheets.Scholars!;
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(ws, { defval: '' });
    expect(rows.map((r) => r['First Name']).sort()).toEqual(["'+Plus", '\'=HYPERLINK("http://evil.test","x")']);
    const evil = rows.find((r) => r['First Name']!.includes('HYPERLINK'))!;
    expect(evil).toMatchObject({
      'Last Name': tag,
      'Visa Type': 'H-1B',
      Phase: 'Application',
      'Premium Processing': 'Yes',
      'End Date': '08/31/2027',
    });
    expect(rows.find((r) => r['First Name'] === "'+Plus")!['Premium Processing']).toBe('No');
    // Every cell is a plain string; none carries a formula.
    for (const [addr, cell] of Object.entries(ws)) {
      if (addr.startsWith('!')) continue;
      expect((cell as XLSX.CellObject).f, addr).toBeUndefined();
      expect((cell as XLSX.CellObject).t, addr).toBe('s');
    }
    const audit = await t.sql("select after from audit_events where action = 'scholars.export' order by at desc limit 1");
    expect(audit[0]!.after).toMatchObject({ rows: 2 });
  });

  it('OPT: only the F-1 OPT/STEM cases of the filter, with the employment flags as Yes/No', async () => {
    const { tag, make } = group();
    await make({
      firstName: 'Opt',
      processedState: 'F-1 OPT/STEM',
      phase: 'application',
      employment: { employerName: 'Acme Labs', opt: true, stem: false, cpt: true, onCampus: 'true' },
    });
    await make({
      firstName: 'Stem',
      processedState: 'F-1 OPT/STEM',
      phase: 'filed',
      employment: { stem: true },
    });
    await make({ firstName: 'Hb', processedState: 'H-1B', phase: 'application' });
    const res = await call(t, 'POST', '/api/scholars/dashboard/export-opt', { as: admin, body: { q: tag, phase: 'application' } });
    expect(res.statusCode).toBe(200);
    const [y, m, d] = today.split('-').map(Number);
    expect(res.headers['content-disposition']).toContain(`filename="OPT_${m}_${d}_${y}.xlsx"`);
    const wb = readWorkbook(res.rawPayload);
    expect(wb.SheetNames).toEqual(['OPT']);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets.OPT!, { defval: '' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'First Name': 'Opt',
      Employer: 'Acme Labs',
      OPT: 'Yes',
      STEM: 'No',
      CPT: 'Yes',
      'AOP F/M': 'No',
      'Academic Training': 'No',
      'On Campus': 'Yes',
      'AOP J': 'No',
    });
    const all = XLSX.utils.sheet_to_json<Record<string, string>>(
      readWorkbook((await call(t, 'POST', '/api/scholars/dashboard/export-opt', { as: admin, body: { q: tag } })).rawPayload).Sheets.OPT!,
    );
    expect(all.map((r) => r['First Name']).sort()).toEqual(['Opt', 'Stem']);
  });

  it('runs as a job: 202 with the job, rows written up to the total, the workbook for its requester alone', async () => {
    const { tag, make } = group();
    for (const firstName of ['Ann', 'Bo', 'Cy']) await make({ firstName, processedState: 'F-1 OPT/STEM', phase: 'application' });
    await make({ firstName: 'Dee', processedState: 'H-1B', phase: 'application' });
    const [y, m, d] = today.split('-').map(Number);
    for (const [path, kind, rows, fileName] of [
      ['/api/scholars/dashboard/export', 'scholars.export', 4, `Scholar_Export_${m}_${d}_${y}.xlsx`],
      ['/api/scholars/dashboard/export-opt', 'scholars.export-opt', 3, `OPT_${m}_${d}_${y}.xlsx`],
    ] as const) {
      const started = await call(t, 'POST', path, { as: officer, body: { q: tag }, follow: false });
      expect(started.statusCode, started.body).toBe(202);
      const job = started.json<jobsApi.TJob>();
      expect(started.headers.location).toBe(`/api/jobs/${job.id}`);
      expect(job).toMatchObject({ kind, status: 'queued' });
      const end = await jobEnd(t, job.id, officer);
      expect(end, path).toMatchObject({ status: 'completed', done: rows, total: rows, result: { rows }, fileName, error: null });
      const file = await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: officer });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect(XLSX.utils.sheet_to_json(readWorkbook(file.rawPayload).Sheets[kind === 'scholars.export' ? 'Scholars' : 'OPT']!)).toHaveLength(
        rows,
      );
      // Another member of the office, with the same permission, is told neither job nor file exists.
      expect((await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: admin })).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/jobs/${job.id}`, { as: admin })).statusCode).toBe(404);
    }
  });

  it('a large export (3 000 cases) downloads as a valid workbook with every row in order, and only once the job completed', async () => {
    const tag = `Zq${randomBytes(4).toString('hex')}`;
    const n = 3000;
    // Set-based, as the benchmark seeds: one department, one H-1B case each.
    await t.sql(
      `with d as (select id from departments where institution_id = $1 order by code limit 1),
       sc as (insert into scholars (institution_id, department_id, first_name, last_name, email)
              select $1, d.id, 'Bulk' || lpad(g::text, 5, '0'), $2, 'bulk' || g || '.' || lower($2) || '@example.edu'
                from generate_series(1, $3::int) g, d
              returning id, department_id),
       app as (insert into scholar_applications (institution_id, scholar_id, department_id, proposed_status, proposed_start_date,
                 proposed_end_date, position, hiring_authority_name, sponsorship_state, processed_state, processed_start_date,
                 processed_end_date, application_state, phase, status, premium_process_flag, employment)
               select $1, sc.id, sc.department_id, 'H-1B', date '2027-01-04', date '2029-12-31', 'Research Associate', 'Prof. Ada Lovelace',
                      'processed', 'H-1B', date '2027-01-04', date '2029-12-31', 'draft', 'active', 'pending', false, '{}'::jsonb
                 from sc
               returning id, scholar_id)
       update scholars x set current_application_id = app.id, processed_state = 'H-1B' from app where x.id = app.scholar_id`,
      [t.institutionA, tag, n],
    );
    const started = await call(t, 'POST', '/api/scholars/dashboard/export', {
      as: officer,
      body: { q: tag, sort: 'name', order: 'desc' },
      follow: false,
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<jobsApi.TJob>();
    // Asked for while the workbook is being written, the file is not there; once it is there, the job has completed.
    const answers: number[] = [];
    let end: jobsApi.TJob;
    for (const until = Date.now() + 120_000; ;) {
      const file = await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: officer });
      end = (await call(t, 'GET', `/api/jobs/${job.id}`, { as: officer })).json<jobsApi.TJob>();
      answers.push(file.statusCode);
      if (file.statusCode === 200) expect(end.status).toBe('completed');
      else expect(file.statusCode).toBe(404);
      if (end.status === 'completed' || end.status === 'failed' || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(answers[0]).toBe(404);
    expect(end).toMatchObject({ status: 'completed', done: n, total: n, result: { rows: n }, error: null });
    const file = await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: officer });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('filename="Scholar_Export_');
    const wb = readWorkbook(file.rawPayload);
    expect(wb.SheetNames).toEqual(['Scholars']);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets.Scholars!, { defval: '' });
    expect(rows).toHaveLength(n);
    expect(rows[0]).toMatchObject({ 'Last Name': tag, 'First Name': 'Bulk03000', 'Visa Type': 'H-1B', 'End Date': '12/31/2029' });
    expect(rows[n - 1]!['First Name']).toBe('Bulk00001');
    expect(new Set(rows.map((r) => r['First Name'])).size).toBe(n);
  }, 180_000);

  it('an export resumed after its server died writes its file again; the download is the whole new file', async () => {
    const { tag, make } = group();
    for (const firstName of ['Ann', 'Bo']) await make({ firstName, processedState: 'H-1B', phase: 'application' });
    const started = await call(t, 'POST', '/api/scholars/dashboard/export', { as: officer, body: { q: tag }, follow: false });
    const job = started.json<jobsApi.TJob>();
    expect(await jobEnd(t, job.id, officer)).toMatchObject({ status: 'completed', result: { rows: 2 } });
    const keyOf = async () =>
      (await t.sqlOne<{ file_key: string }>('select file_key from background_jobs where id = $1', [job.id])).file_key;
    const first = await keyOf();
    const again = await resumeAsIfCrashed(t, job.id);
    expect(again).toMatchObject({ status: 'completed', attempts: 2, result: { rows: 2 } });
    // The second run's file replaced the first, which is gone from the storage.
    expect(await keyOf()).not.toBe(first);
    await expect(fileStorage(t.config.dataDir).read(first)).rejects.toThrow();
    const file = await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: officer });
    expect(file.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(readWorkbook(file.rawPayload).Sheets.Scholars!);
    expect(rows.map((r) => r['First Name']).sort()).toEqual(['Ann', 'Bo']);
  }, 120_000);

  it('refuses a bad filter with a field error before writing anything', async () => {
    const res = await call(t, 'POST', '/api/scholars/dashboard/export', { as: admin, body: { visa: 'Z-9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { visa: [expect.any(String)] } });
  });
});

describe('scholarReportSummary', () => {
  it('counts by visa type × phase and × status, with totals that match the dashboard', async () => {
    const { tag, make } = group();
    await make({ processedState: 'H-1B', phase: 'application', status: 'pending' });
    await make({ processedState: 'H-1B', phase: 'filed', status: 'rfe' });
    await make({ processedState: 'J-1', phase: 'filed', status: 'pending' });
    await make({ processedState: '' });
    const res = await call(t, 'GET', '/api/scholars/reports/summary', { as: officer, query: { q: tag } });
    expect(res.statusCode).toBe(200);
    const s = res.json<{
      rows: { visa: string; label: string; byPhase: Record<string, number>; byStatus: Record<string, number>; total: number }[];
      totals: { total: number; byPhase: Record<string, number> };
    }>();
    expect(s.rows.map((r) => r.visa)).toEqual(['', 'H-1B', 'J-1']);
    expect(s.rows[0]!.label).toBe('Not yet processed');
    const h = s.rows.find((r) => r.visa === 'H-1B')!;
    expect(h).toMatchObject({ total: 2, byPhase: { application: 1, filed: 1, closed: 0 }, byStatus: { pending: 1, rfe: 1 } });
    expect(s.totals).toMatchObject({ total: 4, byPhase: { filed: 2 } });
    expect(s.totals.total).toBe((await list({ q: tag })).total);
  });
});

describe('scholarTimeTracking', () => {
  const data = {
    immigrationHistory: [
      { subjectName: 'Hiro Tanaka', status: 'H-1B', periodofStayFromDate: '01/01/2020', periodofStayToDate: '12/31/2025' },
      { subjectName: 'Hiro Tanaka', status: 'F-1', periodofStayFromDate: '2016-08-15', periodofStayToDate: '2019-12-31' },
    ],
    tripsOutsideUs: [{ departureDate: '03/01/2021', returnDate: '03/12/2021' }],
  };
  it('gives the office the H-1B six-year figures from the immigration history', async () => {
    const { applicationId } = await buildScholarCase(t, { processedState: 'H-1BExtension', processedEndDate: day(30), data });
    const res = await call(t, 'GET', `/api/scholars/cases/${applicationId}/time-tracking`, { as: officer });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.endDate).toMatchObject({ daysLeft: 30, dueOffsets: [30, 60], isEndingSoon: true, offsets: [60, 30] });
    expect(body.sixYear).toMatchObject({ firstDay: '2020-01-01', limitDays: 2192, recapturedDays: 10 });
    expect(body.periods).toHaveLength(2);
    expect(body.jBars).toBeNull();
  });
  it('gives J-1 bars for a J-1 case', async () => {
    const { applicationId } = await buildScholarCase(t, {
      processedState: 'J-1',
      processedStartDate: '2027-01-04',
      data: { category: 'RESEARCH SCHOLAR', priorJStatus: [{ category: 'PROFESSOR', fromDate: '01/01/2024', toDate: '06/30/2025' }] },
    });
    const body = (await call(t, 'GET', `/api/scholars/cases/${applicationId}/time-tracking`, { as: admin })).json();
    expect(body.sixYear).toBeNull();
    expect(body.jBars).toMatchObject({
      category: 'RESEARCH SCHOLAR',
      applies: true,
      twentyFourMonth: { priorProgramEnd: '2025-06-30', isBarred: true, barEndsOn: '2027-07-01' },
    });
  });
  // 22 CFR 62.20(d)(2): a J presence touching the twelve months bars by its whole length; 62.20(i)(2): the
  // 24-month bar reaches a J-2 dependant of a Research Scholar. USCIS memo of December 5, 2006: H-4 time is not counted.
  it('judges the 12-month bar by whole presences and applies the 24-month bar to a J-2 of a Research Scholar', async () => {
    const { applicationId } = await buildScholarCase(t, {
      processedState: 'J-1',
      processedStartDate: '2027-01-04',
      data: {
        category: 'PROFESSOR',
        priorJStatus: [
          { category: 'J-2 Research Scholar', fromDate: '01/01/2024', toDate: '01/04/2025' },
          { category: 'STUDENT', fromDate: '01/05/2025', toDate: '01/04/2026' },
        ],
      },
    });
    const body = (await call(t, 'GET', `/api/scholars/cases/${applicationId}/time-tracking`, { as: officer })).json();
    expect(body.jBars.twelveMonth).toMatchObject({
      windowFrom: '2026-01-04',
      windowTo: '2027-01-03',
      presences: [{ from: '2024-01-01', to: '2026-01-04', isSixMonthsOrMore: true, barsUntil: '2027-01-05' }],
      isBarred: true,
      barEndsOn: '2027-01-05',
    });
    expect(body.jBars.twentyFourMonth).toMatchObject({
      priorProgramEnd: '2025-01-04',
      priorProgramStatus: 'J-2',
      isBarred: true,
      barEndsOn: '2027-01-05',
    });
    const h1b = await buildScholarCase(t, {
      processedState: 'H-1B',
      data: {
        immigrationHistory: [
          { status: 'H-4', periodofStayFromDate: '01/01/2018', periodofStayToDate: '12/31/2019' },
          { status: 'H-1B', periodofStayFromDate: '01/01/2020', periodofStayToDate: '12/31/2025' },
        ],
      },
    });
    const six = (await call(t, 'GET', `/api/scholars/cases/${h1b.applicationId}/time-tracking`, { as: officer })).json().sixYear;
    expect(six).toMatchObject({ firstDay: '2020-01-01', limitDays: 2192, dependentDays: 730 });
  });
  it("is open to the case's department without the application's rows, not found for another department, refused to scholars", async () => {
    const own = await buildScholarCase(t, { processedState: 'H-1B', data });
    const other = await buildScholarCase(t, { processedState: 'H-1B', department: 'CS', data });
    const res = await call(t, 'GET', `/api/scholars/cases/${own.applicationId}/time-tracking`, { as: dept });
    expect(res.statusCode).toBe(200);
    // H-1B information is hidden from departments by default (account settings).
    expect(res.json()).toMatchObject({ periods: [], trips: [], sixYear: null });
    expect((await call(t, 'GET', `/api/scholars/cases/${other.applicationId}/time-tracking`, { as: dept })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/scholars/cases/${own.applicationId}/time-tracking`, { as: scholar })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/scholars/cases/not-a-uuid/time-tracking', { as: admin })).statusCode).toBe(400);
  });
});

describe('sendEndDateAlerts', () => {
  const notes = (applicationScholar: string) =>
    t.sql<{ user_id: string; text: string }>(
      'select user_id, text from notifications where scholar_id = $1 and type_name = $2 order by created_at',
      [applicationScholar, 'scholar.end-date'],
    );
  const ctxOf = (institutionId: string) => ({
    institutionId,
    actor: null,
    ip: '',
    userAgent: 'test',
    timeZone: DEFAULT_TIME_ZONE,
    today: () => officeToday(),
    services: t.services,
    db: <T>(fn: (tx: never) => Promise<T>) => t.database.tenant<T>(institutionId, fn as never),
  });

  it('tells the department and the office once per offset, and never another department', async () => {
    const phys = await buildScholarCase(t, {
      firstName: 'Ends',
      lastName: 'Soon',
      processedState: 'H-1B',
      phase: 'filed',
      processedEndDate: day(60),
    });
    const cs = await buildScholarCase(t, {
      firstName: 'Cs',
      lastName: 'Case',
      processedState: 'O-1',
      department: 'CS',
      processedEndDate: day(45),
    });
    const notYet = await buildScholarCase(t, { processedState: 'J-1', processedEndDate: day(61) });
    const optCase = await buildScholarCase(t, { processedState: 'F-1 OPT/STEM', processedEndDate: day(10) });
    const closed = await buildScholarCase(t, { processedState: 'H-1B', phase: 'closed', status: 'withdrawn', processedEndDate: day(10) });
    const deptUser = await userIdOf(t, 'dept');
    const adminUser = await userIdOf(t, 'admin');

    await runScholarAlertsJob(t.services, today);
    const first = await notes(phys.scholarId);
    expect(first.map((n) => n.user_id)).toContain(deptUser);
    expect(
      first.some((n) => n.user_id !== deptUser),
      'the office too',
    ).toBe(true);
    expect(first.find((n) => n.user_id === deptUser)!.text).toContain('ends in 60 days');
    const csNotes = await notes(cs.scholarId);
    expect(csNotes.length).toBeGreaterThan(0);
    expect(
      csNotes.map((n) => n.user_id),
      'the Physics department hears nothing of a CS case',
    ).not.toContain(deptUser);
    for (const c of [notYet, optCase, closed]) expect(await notes(c.scholarId)).toEqual([]);

    // The same day again: nothing new.
    await runScholarAlertsJob(t.services, today);
    expect(await notes(phys.scholarId)).toHaveLength(first.length);
    // 30 days later the 30-day offset is due: one more round, then never again for that offset.
    await runScholarAlertsJob(t.services, day(30));
    const second = await notes(phys.scholarId);
    expect(second.length).toBe(first.length * 2);
    expect(second.at(-1)!.text).toContain('ends in 30 days');
    await runScholarAlertsJob(t.services, day(31));
    expect(await notes(phys.scholarId)).toHaveLength(second.length);
    const sent = await t.sql('select offset_days from scholar_alerts_sent where application_id = $1 order by offset_days', [
      phys.applicationId,
    ]);
    expect(sent.map((r) => r.offset_days)).toEqual([30, 60]);
    expect(adminUser).toBeTruthy();
    const audit = await t.sql("select entity_type from audit_events where entity_id = $1 and action = 'scholar.end-date-alert'", [
      phys.applicationId,
    ]);
    expect(audit).toHaveLength(2);
  });

  it('sends once when two runs race, and a new end date alerts again', async () => {
    const c = await buildScholarCase(t, { processedState: 'J-1', processedEndDate: day(25) });
    const counts = await Promise.all([
      sendEndDateAlerts(ctxOf(t.institutionA) as never, today),
      sendEndDateAlerts(ctxOf(t.institutionA) as never, today),
    ]);
    const mine = await notes(c.scholarId);
    expect(mine.length).toBeGreaterThan(0);
    const perUser = new Map<string, number>();
    for (const n of mine) perUser.set(n.user_id, (perUser.get(n.user_id) ?? 0) + 1);
    expect(
      [...perUser.values()].every((v) => v === 1),
      'each person once',
    ).toBe(true);
    expect(counts.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    await updateScholarCase(t, c.applicationId, { processedEndDate: day(28) });
    await sendEndDateAlerts(ctxOf(t.institutionA), today);
    expect((await notes(c.scholarId)).length).toBe(mine.length * 2);
  });

  // docs/product/messages.md#system-messages: the alert's e-mail is a system message the office may reword.
  it("sends the portal's wording by default, and the office's wording once saved", async () => {
    const [deptUser] = await t.sql<{ email: string }>('select email from users where user_name = $1 and institution_id = $2', [
      'dept',
      t.institutionA,
    ]);
    const alerted = async (o: TScholarCaseOptions) => {
      const c = await buildScholarCase(t, { processedState: 'H-1BExtension', phase: 'filed', ...o });
      await sendEndDateAlerts(ctxOf(t.institutionA), today);
      const [dept] = await t.sql<{ name: string }>(
        'select d.name from scholar_applications a join departments d on d.id = a.department_id where a.id = $1',
        [c.applicationId],
      );
      const mails = (await mailsTo(t, deptUser!.email)).filter((m) => m.subject.includes(o.lastName!));
      return { department: dept!.name, mails: mails.map((m) => [m.subject, m.text_body]) };
    };
    const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

    const plain = await alerted({ firstName: 'Wanda', lastName: 'Wordsworth', processedEndDate: day(60) });
    expect(plain.mails).toEqual([
      [
        'H-1B Extension end date approaching: Wanda Wordsworth',
        `Wanda Wordsworth of ${plain.department} holds H-1B Extension status that ends in 60 days, on ${us(day(60))}.\n\n` +
          "If the scholar is to stay on, an extension should be prepared now. Open the scholar's case in the scholar area to see the dates.\n",
      ],
    ]);

    const saved = await call(t, 'PUT', '/api/messages/system-emails/scholar.endDateApproaching', {
      as: officer,
      body: {
        subject: '{{scholar.fullName}}: {{reminder.daysLeft}} days left',
        bodyHtml:
          '<p>{{scholar.firstName}} ({{scholar.department}}, {{scholar.visaType}}) ends on {{reminder.dueDate}}: {{reminder.when}}.</p>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = await alerted({ firstName: 'Edda', lastName: 'Editson', processedEndDate: day(30) });
    expect(edited.mails).toEqual([
      ['Edda Editson: 30 days left', `Edda (${edited.department}, H-1BExtension) ends on ${us(day(30))}: in 30 days, on ${us(day(30))}.`],
    ]);
    expect((await call(t, 'POST', '/api/messages/system-emails/scholar.endDateApproaching/reset', { as: officer })).statusCode).toBe(200);
  });
});
