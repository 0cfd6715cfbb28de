import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HR_FEED_MSG, type scholarsApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_A, type TTestApp } from './app.js';
import { multipart } from './fixtures/case-fixtures.js';
import { call, followJob, perms } from './http.js';
import { buildScholarCase, buildUser, type TScholarCase } from './factories/index.js';

// docs/product/scholar-hr-updates.md: HR's appointment feed compared with the scholars' current cases.

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let sites: Record<string, number>;
let seq = 0;

type TSummary = scholarsApi.THrImportSummary;
type TRow = scholarsApi.THrRow;

const uniq = (p: string) => `${p}${process.pid % 1000}${Date.now().toString(36)}${++seq}`.slice(0, 30);
const csv = (rows: string[][]) =>
  `${rows.map((r) => r.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\r\n')}\r\n`;
const setFlag = (on: boolean) =>
  t.sql(
    `update institutions set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{scholarSisUpdatesFlag}', $2::jsonb) where id = $1`,
    [t.institutionA, JSON.stringify(on)],
  );

/** A case of a scholar with an employee ID, at a campus site, with employment details. */
async function hrCase(o: { site?: 'MAIN' | 'MED' | null; employment?: Record<string, unknown>; lastName?: string } = {}) {
  const c: TScholarCase = await buildScholarCase(t, {
    department: 'PHYS',
    ...(o.lastName ? { lastName: o.lastName } : {}),
    campusSiteId: o.site === null ? null : sites[o.site ?? 'MAIN']!,
    employment: o.employment ?? {
      employerName: 'Demo University',
      jobTitle: 'Research Associate',
      hoursPerWeek: 40,
      wages: '60000',
      wageUnit: 'year',
      startDate: '2026-09-01',
      endDate: '2027-08-31',
    },
  });
  const employeeId = uniq('E');
  await t.sql('update scholars set employee_id = $2 where id = $1', [c.scholarId, employeeId]);
  return { ...c, employeeId };
}

async function upload(as: TSession, name: string, data: Buffer | string) {
  const { payload, headers } = multipart({}, { name, data: typeof data === 'string' ? Buffer.from(data, 'utf8') : data });
  const sent = { host: HOST_A, ...headers, authorization: `Bearer ${as.accessToken}` };
  return followJob(t, await t.app.inject({ method: 'POST', url: '/api/scholar-hr-imports', payload, headers: sent }), sent);
}
async function compared(as: TSession, name: string, data: Buffer | string): Promise<TSummary> {
  const res = await upload(as, name, data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSummary>();
}
async function rows(as: TSession, id: string, query: Record<string, string | number> = {}): Promise<scholarsApi.THrRowsOutput> {
  const res = await call(t, 'GET', `/api/scholar-hr-imports/${id}/rows`, { as, query: { pageSize: 200, view: 'all', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rowOf = (list: TRow[], employeeId: string) => list.find((r) => r.employeeId === employeeId)!;
const decide = (as: TSession, id: string, changeIds: string[], decision: 'accept' | 'reject') =>
  call(t, 'POST', `/api/scholar-hr-imports/${id}/decisions`, { as, body: { changeIds, decision } });
const caseRow = (id: string) =>
  t.sqlOne<{ version: number; employment: Record<string, unknown>; department_id: string }>(
    'select version, employment, department_id from scholar_applications where id = $1',
    [id],
  );

const HEADER = [
  'Employee-ID',
  'Last Name',
  'First Name',
  'E-mail',
  'Dept',
  'Job Title',
  'Start Date',
  'End Date',
  'Hours',
  'Salary',
  'Cost center',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  officer = await t.login('officer');
  const rows = await t.sql<{ id: number; code: string }>('select id, code from campus_sites where institution_id = $1', [t.institutionA]);
  sites = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  await setFlag(true);
});
afterAll(async () => {
  await setFlag(false).catch(() => {});
  await t?.close();
});

describe('the switch and who may use it', () => {
  it('answers 404 on every route while scholarSisUpdatesFlag is off', async () => {
    await setFlag(false);
    try {
      expect((await call(t, 'GET', '/api/scholar-hr-imports', { as: admin })).statusCode).toBe(404);
      expect((await upload(admin, 'feed.csv', 'employee_id\r\nE1\r\n')).statusCode).toBe(404);
      const push = await call(t, 'POST', '/api/integrations/scholar-hr-updates', { as: admin, body: { rows: [{ employeeId: 'E1' }] } });
      expect(push.statusCode).toBe(404);
      const id = '00000000-0000-4000-8000-000000000000';
      expect((await call(t, 'GET', `/api/scholar-hr-imports/${id}/rows`, { as: admin })).statusCode).toBe(404);
    } finally {
      await setFlag(true);
    }
    expect((await call(t, 'GET', '/api/scholar-hr-imports', { as: admin })).statusCode).toBe(200);
  });

  it('refuses staff without the scholar edit permission, assistants and other roles', async () => {
    const closed = await buildUser(t, {
      role: 'isssAdmin',
      canSignIn: true,
      staffPermissions: perms({
        isOfficer: true,
        scholarArea: { view: true, edit: false, process: true, export: true, visaTypes: [], departmentIds: [] },
      }),
    });
    for (const as of [await t.login(closed.userName), await t.login('assistant'), await t.login('dept'), await t.login('scholar')]) {
      expect((await call(t, 'GET', '/api/scholar-hr-imports', { as })).statusCode).toBe(403);
      expect((await upload(as, 'feed.csv', 'employee_id\r\nE1\r\n')).statusCode).toBe(403);
    }
  });
});

describe('compare an uploaded feed', () => {
  let a: Awaited<ReturnType<typeof hrCase>>, b: Awaited<ReturnType<typeof hrCase>>, med: Awaited<ReturnType<typeof hrCase>>;
  let summary: TSummary;
  let all: TRow[];
  const unknown = uniq('X');
  let feed = '';

  beforeAll(async () => {
    a = await hrCase();
    b = await hrCase();
    med = await hrCase({ site: 'MED' });
    feed = csv([
      HEADER,
      [
        a.employeeId,
        a.scholar.lastName,
        a.scholar.firstName,
        a.scholar.email,
        'Department of Computer Science',
        'Senior Research Associate',
        '2026-09-01',
        '12/31/2028',
        '30',
        '$72,500',
        'CC-1',
      ],
      [
        b.employeeId,
        b.scholar.lastName.toUpperCase(),
        b.scholar.firstName,
        '',
        'phys',
        'research associate',
        '09/01/2026',
        '',
        '40',
        '60000',
        '',
      ],
      [med.employeeId, 'Elsewhere', '', '', '', 'Lecturer', '', '', '', '', ''],
      [unknown, 'Nobody', 'Here', '', '', '', '', '', '', '', ''],
    ]);
    summary = await compared(officer, 'hr-feed.csv', feed);
    all = (await rows(officer, summary.id)).items;
  });

  it('classes each row and counts them', () => {
    expect(summary).toMatchObject({ source: 'file', fileName: 'hr-feed.csv', rowCount: 4, status: 'to_review', isRepeat: false });
    expect(summary.counts).toEqual({ changed: 1, unchanged: 1, not_found: 1, no_case: 0, not_yours: 1 });
    expect(summary.ignoredColumns).toEqual(['Cost center']);
    expect(rowOf(all, unknown)).toMatchObject({ class: 'not_found', message: 'No scholar with this employee ID.', changes: [] });
    expect(rowOf(all, b.employeeId)).toMatchObject({ class: 'unchanged', changes: [] });
  });

  it('shows each difference with Meridian’s value beside HR’s', () => {
    const r = rowOf(all, a.employeeId);
    expect(r).toMatchObject({ class: 'changed', rowNo: 2, applicationId: a.applicationId });
    expect(r.changes.map((c) => [c.field, c.current, c.hr])).toEqual([
      ['department', 'Department of Physics (PHYS)', expect.stringContaining('Computer Science')],
      ['position', 'Research Associate', 'Senior Research Associate'],
      ['appointmentEndDate', '2027-08-31', '2028-12-31'],
      ['hoursPerWeek', '40', '30'],
      ['annualSalary', '60,000.00 per year', '72,500.00 per year'],
    ]);
    expect(r.changes.every((c) => c.decision === null)).toBe(true);
  });

  it('keeps an officer to the cases of their campus sites', () => {
    const r = rowOf(all, med.employeeId);
    expect(r).toMatchObject({ class: 'not_yours', applicationId: null, changes: [] });
    expect(r.message).toContain('campus site you do not work for');
    expect(JSON.stringify(r)).not.toContain('Research Associate');
  });

  it('filters, sorts and counts the tabs on the server', async () => {
    const d = await rows(officer, summary.id, { view: 'differences' });
    expect(d.items.map((r) => r.employeeId)).toEqual([a.employeeId]);
    expect(d.views).toMatchObject({ differences: 1, decided: 0, unmatched: 1, not_yours: 1, unchanged: 1, all: 4 });
    expect((await rows(officer, summary.id, { view: 'unmatched' })).items.map((r) => r.employeeId)).toEqual([unknown]);
    expect((await rows(officer, summary.id, { field: 'hoursPerWeek' })).items.map((r) => r.employeeId)).toEqual([a.employeeId]);
    expect((await rows(officer, summary.id, { q: unknown.toLowerCase() })).total).toBe(1);
    const desc = await rows(officer, summary.id, { sort: 'row', dir: 'desc' });
    expect(desc.items.map((r) => r.rowNo)).toEqual([5, 4, 3, 2]);
  });

  it('is the uploader’s (and super users’): another officer does not find it', async () => {
    expect((await call(t, 'GET', `/api/scholar-hr-imports/${summary.id}`, { as: admin })).statusCode).toBe(200);
    const other = await buildUser(t, { role: 'isssAdmin', canSignIn: true, staffPermissions: perms({ isOfficer: true }) });
    expect((await call(t, 'GET', `/api/scholar-hr-imports/${summary.id}`, { as: await t.login(other.userName) })).statusCode).toBe(404);
  });

  it('accepts a change: the case changes in the same transaction, with its History Log and a new version', async () => {
    const before = await caseRow(a.applicationId);
    const r = rowOf(all, a.employeeId);
    const pick = r.changes.filter((c) => c.field === 'position' || c.field === 'annualSalary').map((c) => c.id);
    const res = await decide(officer, summary.id, pick, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 2, rejected: 0, cases: 1 });
    const after = await caseRow(a.applicationId);
    expect(after.version).toBe(before.version + 1);
    expect(after.employment).toMatchObject({
      jobTitle: 'Senior Research Associate',
      wages: '72500.00',
      wageUnit: 'year',
      hoursPerWeek: 40,
    });
    const history = await call(t, 'GET', `/api/scholars/office/cases/${a.applicationId}/history`, { as: officer });
    const event = history.json<{ items: { action: string; before: unknown; after: Record<string, unknown> }[] }>().items[0]!;
    expect(event).toMatchObject({
      action: 'scholar.hr-update.accepted',
      before: { jobTitle: 'Research Associate', wages: '60000' },
      after: { jobTitle: 'Senior Research Associate', wages: '72500.00', hrFeed: 'hr-feed.csv, row 2' },
    });
    // The same import's other changes of the case are still open (its own change is no "change since").
    const hours = r.changes.find((c) => c.field === 'hoursPerWeek')!.id;
    expect((await decide(officer, summary.id, [hours], 'accept')).statusCode).toBe(200);
    expect((await caseRow(a.applicationId)).employment).toMatchObject({ hoursPerWeek: 30 });
  });

  it('moves the case to HR’s department when accepted', async () => {
    const dept = rowOf(all, a.employeeId).changes.find((c) => c.field === 'department')!;
    expect((await decide(officer, summary.id, [dept.id], 'accept')).statusCode).toBe(200);
    const cs = await t.sqlOne<{ id: string }>("select id from departments where institution_id = $1 and code = 'CS'", [t.institutionA]);
    expect((await caseRow(a.applicationId)).department_id).toBe(cs.id);
    expect(
      (await t.sqlOne<{ department_id: string }>('select department_id from scholars where id = $1', [a.scholarId])).department_id,
    ).toBe(cs.id);
  });

  it('decides a change once: a second decision answers 409', async () => {
    const pos = rowOf(all, a.employeeId).changes.find((c) => c.field === 'position')!;
    for (const d of ['accept', 'reject'] as const) {
      const res = await decide(admin, summary.id, [pos.id], d);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(
        /^Row 2, Position was already accepted by .+ on \d{2}\/\d{2}\/\d{4}\. A change is decided once/,
      );
    }
  });

  it('rejects a change: recorded with who and when, the case untouched', async () => {
    const before = await caseRow(a.applicationId);
    const end = rowOf(all, a.employeeId).changes.find((c) => c.field === 'appointmentEndDate')!;
    const res = await decide(officer, summary.id, [end.id], 'reject');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<scholarsApi.THrDecisionOutput>().import).toMatchObject({
      status: 'decided',
      changes: { total: 5, pending: 0, accepted: 4, rejected: 1 },
    });
    expect(await caseRow(a.applicationId)).toEqual(before);
    const shown = rowOf((await rows(officer, summary.id, { view: 'decided' })).items, a.employeeId).changes.find((c) => c.id === end.id)!;
    expect(shown).toMatchObject({ decision: 'rejected', decidedBy: expect.stringMatching(/\S/), decidedAt: expect.any(String) });
  });

  it('recognises the same feed sent again: the same import, nothing applied twice', async () => {
    const again = await compared(officer, 'hr-feed.csv', feed);
    expect(again).toMatchObject({ id: summary.id, isRepeat: true });
    expect(
      (await call(t, 'GET', '/api/scholar-hr-imports', { as: officer }))
        .json<{ items: TSummary[] }>()
        .items.filter((s) => s.id === summary.id),
    ).toHaveLength(1);
  });
});

describe('a case changed after the comparison', () => {
  it('refuses the change and asks for the feed to be compared again', async () => {
    const c = await hrCase();
    const summary = await compared(
      admin,
      'stale.csv',
      csv([
        ['employee_id', 'position'],
        [c.employeeId, 'Visiting Scholar'],
      ]),
    );
    const change = rowOf((await rows(admin, summary.id)).items, c.employeeId).changes[0]!;
    const version = (await caseRow(c.applicationId)).version;
    const saved = await call(t, 'PUT', `/api/scholars/office/cases/${c.applicationId}/employment`, {
      as: admin,
      body: {
        version,
        employment: { employerName: 'Demo University', jobTitle: 'Lecturer', startDate: '2026-09-01', endDate: '2027-08-31' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await decide(admin, summary.id, [change.id], 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('the case was changed in Meridian after this comparison');
    expect((await caseRow(c.applicationId)).employment).toMatchObject({ jobTitle: 'Lecturer' });
    // Sent again, the feed is compared anew.
    const again = await compared(
      admin,
      'stale.csv',
      csv([
        ['employee_id', 'position'],
        [c.employeeId, 'Visiting Scholar'],
      ]),
    );
    expect(again.id).not.toBe(summary.id);
    expect(again.counts.changed).toBe(1);
  });
});

describe('bad input', () => {
  it('refuses a feed with bad cells: nothing stored, each problem by row and column', async () => {
    const res = await upload(
      admin,
      'bad.csv',
      csv([
        ['employee_id', 'appointment_end_date', 'department', 'fte', 'hours'],
        ['E-1', '31/12/2028', 'NOPE', '2', ''],
        ['E-1', '', '', '0.5', '30'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fieldErrors: { file: string[] } }>();
    expect(body.message).toMatch(/^Nothing was stored: the feed has 4 problems\./);
    expect(body.fieldErrors.file).toEqual([
      `Row 2, Department: ${HR_FEED_MSG.department}`,
      `Row 2, Appointment end date: ${HR_FEED_MSG.date}`,
      `Row 2, FTE: ${HR_FEED_MSG.fte}`,
      `Row 3, FTE: ${HR_FEED_MSG.fteDisagrees(30)}`,
    ]);
  });

  it('needs an employee ID column, rows, a file that is what its name says', async () => {
    const noKey = await upload(admin, 'f.csv', 'last_name\r\nSmith\r\n');
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json<{ fieldErrors: { file: string[] } }>().fieldErrors.file).toEqual([`Header: ${HR_FEED_MSG.noKeyColumn}`]);
    expect((await upload(admin, 'f.xlsx', 'employee_id\r\nE1\r\n')).statusCode).toBe(400);
    const none = await upload(admin, 'f.csv', 'employee_id\r\n');
    expect(none.json<{ message: string }>().message).toBe(HR_FEED_MSG.noRows);
    const bad = await decide(admin, '00000000-0000-4000-8000-000000000000', [], 'accept');
    expect(bad.statusCode).toBe(400);
  });
});

describe('an XLSX feed and the JSON push', () => {
  it('reads a workbook with date and number cells', async () => {
    const c = await hrCase();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('HR');
    ws.addRow(['EMPLID', 'Appointment End Date', 'Annual Salary', 'FTE']);
    ws.addRow([c.employeeId, new Date(Date.UTC(2029, 5, 30)), 61000, 0.5]);
    const summary = await compared(admin, 'hr.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const r = rowOf((await rows(admin, summary.id)).items, c.employeeId);
    expect(r.changes.map((x) => [x.field, x.hr])).toEqual([
      ['appointmentEndDate', '2029-06-30'],
      ['hoursPerWeek', '20'],
      ['annualSalary', '61,000.00 per year'],
    ]);
  });

  it('takes HR’s JSON push with an integration token (scholars:write), and refuses a bad row at once', async () => {
    const c = await hrCase();
    const made = await call(t, 'POST', '/api/integration-tokens', {
      as: admin,
      body: { name: uniq('HR feed '), scopes: ['scholars:write'], expiresInDays: 30 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const token = made.json<{ secret: string }>().secret;
    const bad = await call(t, 'POST', '/api/integrations/scholar-hr-updates', {
      as: token,
      body: { rows: [{ employeeId: c.employeeId, appointmentEndDate: '2028-13-01' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toEqual({ 'rows.0.appointmentEndDate': [HR_FEED_MSG.date] });
    const unknownField = await call(t, 'POST', '/api/integrations/scholar-hr-updates', { as: token, body: { rows: [{ emplid: 'E1' }] } });
    expect(unknownField.statusCode).toBe(400);
    const res = await call(t, 'POST', '/api/integrations/scholar-hr-updates', {
      as: token,
      body: { rows: [{ employeeId: c.employeeId, hoursPerWeek: 20, position: 'Research Associate' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<TSummary>();
    expect(summary).toMatchObject({ source: 'api', counts: { changed: 1 } });
    expect(summary.fileName).toMatch(/^Pushed by integration key/);
    expect((await call(t, 'GET', `/api/scholar-hr-imports/${summary.id}`, { as: admin })).statusCode).toBe(200);
    // A students:read token may not push.
    const other = await call(t, 'POST', '/api/integration-tokens', {
      as: admin,
      body: { name: uniq('SIS '), scopes: ['students:read'], expiresInDays: 30 },
    });
    const refused = await call(t, 'POST', '/api/integrations/scholar-hr-updates', {
      as: other.json<{ secret: string }>().secret,
      body: { rows: [{ employeeId: c.employeeId }] },
    });
    expect(refused.statusCode).toBe(403);
  });
});
