import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEGACY_MSG,
  LEGACY_SCHOLAR_MSG,
  type scholarsApi,
  type studentsApi,
  type TLegacyFileColumns,
  type TSession,
} from '@meridian/domain';
import { createTestApp, HOST_A, type TTestApp } from './app.js';
import { multipart } from './fixtures/case-fixtures.js';
import { call, followJob, perms } from './http.js';
import { buildUser } from './factories/index.js';

// docs/product/convert-from-legacy.md: a legacy system's export, its columns matched on the page, checked whole
// into a preview and converted all at once or not at all.

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let seq = 0;
const uniq = (p: string) => `${p}${process.pid % 1000}${Date.now().toString(36)}${++seq}`;
const csv = (rows: string[][]) =>
  `${rows.map((r) => r.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\r\n')}\r\n`;

function post(as: TSession, url: string, data: string | Buffer, name = 'legacy.csv', fields: Record<string, string> = {}) {
  const { payload, headers } = multipart(fields, { name, data: typeof data === 'string' ? Buffer.from(data, 'utf8') : data });
  return t.app.inject({ method: 'POST', url, payload, headers: { host: HOST_A, ...headers, authorization: `Bearer ${as.accessToken}` } });
}
const matching = (columns: Record<string, string>, dateFormat = 'YYYY-MM-DD') => ({ columns: JSON.stringify(columns), dateFormat });

// A legacy scholar export: its own header names and ISO dates, as such systems write them.
const SCHOLAR_HEADER = [
  'Given Name',
  'Surname',
  'Email Address',
  'DOB',
  'Sex',
  'Country of Citizenship',
  'EMPLID',
  'Dept',
  'Visa Status',
  'Appointment Start',
  'Appointment End',
  'Job Title',
];
const SCHOLAR_MATCH = {
  first_name: 'Given Name',
  last_name: 'Surname',
  email: 'Email Address',
  birth_date: 'DOB',
  gender: 'Sex',
  citizenship: 'Country of Citizenship',
  employee_id: 'EMPLID',
  department: 'Dept',
  visa_type: 'Visa Status',
  start_date: 'Appointment Start',
  end_date: 'Appointment End',
  position: 'Job Title',
};
function scholarRow(o: Partial<Record<keyof typeof SCHOLAR_MATCH, string>> = {}) {
  const id = uniq('L');
  const v = {
    first_name: 'Ana',
    last_name: `Legacy${id}`,
    email: `${id.toLowerCase()}@legacy.example.edu`,
    birth_date: '1990-02-28',
    gender: 'F',
    citizenship: 'BR',
    employee_id: id.slice(0, 30),
    department: 'PHYS',
    visa_type: 'H1B',
    start_date: '2025-01-06',
    end_date: '2028-01-05',
    position: 'Research Associate',
    ...o,
  };
  return [
    v.first_name,
    v.last_name,
    v.email,
    v.birth_date,
    v.gender,
    v.citizenship,
    v.employee_id,
    v.department,
    v.visa_type,
    v.start_date,
    v.end_date,
    v.position,
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  officer = await t.login('officer');
});
afterAll(async () => {
  await t?.close();
});

describe('reading a legacy export for the matching step', () => {
  it('answers the header, the first rows and a first matching from the file’s own names', async () => {
    const res = await post(officer, '/api/scholar-legacy-conversions/columns', csv([SCHOLAR_HEADER, scholarRow(), scholarRow()]));
    expect(res.statusCode, res.body).toBe(200);
    const cols = res.json<TLegacyFileColumns>();
    expect(cols.headers).toEqual(SCHOLAR_HEADER);
    expect(cols.rowCount).toBe(2);
    expect(cols.sample[0]![0]).toBe('Ana');
    // Names a legacy system gives (Surname, DOB, EMPLID, Job Title) are matched; "Visa Status" too.
    expect(cols.suggested).toMatchObject({
      last_name: 'Surname',
      birth_date: 'DOB',
      employee_id: 'EMPLID',
      position: 'Job Title',
      department: 'Dept',
    });
  });

  it('refuses a file that is not a spreadsheet on the file field', async () => {
    const res = await post(officer, '/api/scholar-legacy-conversions/columns', Buffer.from([0, 1, 2, 3]), 'legacy.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.file).toBeDefined();
  });
});

describe('scholars: preview, then convert all or nothing', () => {
  it('previews a clean file without creating anything, then converts every row with its case', async () => {
    const active = scholarRow();
    const ended = scholarRow({ visa_type: 'J-1', start_date: '2020-01-06', end_date: '2023-01-05', department: 'CS' });
    const file = csv([SCHOLAR_HEADER, active, ended]);
    const before = await t.sqlOne<{ n: number }>('select count(*)::int n from scholars where institution_id = $1', [t.institutionA]);
    const preview = await post(officer, '/api/scholar-legacy-conversions/preview', file, 'legacy.csv', matching(SCHOLAR_MATCH));
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<scholarsApi.TScholarLegacyPreview>();
    expect(p.issues).toEqual([]);
    expect(p).toMatchObject({ rowCount: 2, errorCount: 0, readyCount: 2, closedCount: 1, mappingIssues: [] });
    expect(p.ready[0]).toMatchObject({ visa: 'H-1B', startDate: '2025-01-06', department: 'Department of Physics', phase: 'active' });
    expect(p.ready[1]).toMatchObject({ visa: 'J-1', phase: 'closed' });
    const mid = await t.sqlOne<{ n: number }>('select count(*)::int n from scholars where institution_id = $1', [t.institutionA]);
    expect(mid.n).toBe(before.n);

    const res = await post(officer, '/api/scholar-legacy-conversions', file, 'legacy.csv', matching(SCHOLAR_MATCH));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<scholarsApi.TScholarLegacyResult>()).toMatchObject({ created: 2, closed: 1 });
    const made = await t.sql<{
      employee_id: string;
      email: string;
      birth_date: string;
      citizenship_country_cd: string;
      processed_state: string;
      phase: string;
      status: string;
      processed_start_date: string;
      position: string;
      current: boolean;
    }>(
      `select s.employee_id, s.email, to_char(s.birth_date, 'YYYY-MM-DD') birth_date, s.citizenship_country_cd, a.processed_state, a.phase, a.status,
              to_char(a.processed_start_date, 'YYYY-MM-DD') processed_start_date, a.position, s.current_application_id = a.id as current
         from scholars s join scholar_applications a on a.scholar_id = s.id where s.employee_id = any($1) order by a.phase`,
      [[active[6], ended[6]]],
    );
    expect(made).toEqual([
      expect.objectContaining({
        employee_id: active[6],
        processed_state: 'H-1B',
        phase: 'active',
        status: 'approved',
        processed_start_date: '2025-01-06',
        birth_date: '1990-02-28',
        citizenship_country_cd: 'BR',
        position: 'Research Associate',
        current: true,
      }),
      expect.objectContaining({ employee_id: ended[6], processed_state: 'J-1', phase: 'closed', status: 'completed', current: true }),
    ]);
    // The case opens in the office like any other, with its history saying where it came from.
    const [{ id }] = (await t.sql<{ id: string }>(
      'select a.id from scholar_applications a join scholars s on s.id = a.scholar_id where s.employee_id = $1',
      [active[6]],
    )) as [{ id: string }];
    const office = await call(t, 'GET', `/api/scholars/office/cases/${id}`, { as: officer });
    expect(office.statusCode, office.body).toBe(200);
    expect((await call(t, 'GET', `/api/scholars/office/cases/${id}/history`, { as: officer })).statusCode).toBe(200);
    const history = await t.sql<{ change_reason: string }>('select change_reason from scholar_status_history where application_id = $1', [
      id,
    ]);
    expect(history.map((h) => h.change_reason)).toEqual(['Converted from legacy']);
    // The Logs show the conversion.
    const audit = await t.sql<{ after: { created: number } }>(
      "select after from audit_events where action = 'scholar-legacy.converted' and after->>'fileName' = 'legacy.csv' order by id desc limit 1",
    );
    expect(audit[0]?.after.created).toBe(2);

    // The same file again: every row now repeats a scholar Meridian has, and nothing more is created.
    const again = await post(officer, '/api/scholar-legacy-conversions', file, 'legacy.csv', matching(SCHOLAR_MATCH));
    expect(again.statusCode).toBe(400);
    // Each row repeats by e-mail, employee ID, and name with birth date.
    expect(again.json().message).toBe(LEGACY_MSG.refused(6));
  });

  it('creates nothing when one row of many has a problem, and says which row and column', async () => {
    const good = scholarRow();
    const bad = scholarRow({ department: 'No Such Department', citizenship: 'ZZ', end_date: '2024-01-01', start_date: '2025-01-01' });
    const file = csv([SCHOLAR_HEADER, good, bad]);
    const p = (
      await post(officer, '/api/scholar-legacy-conversions/preview', file, 'legacy.csv', matching(SCHOLAR_MATCH))
    ).json<scholarsApi.TScholarLegacyPreview>();
    expect(p.readyCount).toBe(1);
    expect(p.rowsWithErrors).toBe(1);
    expect(p.issues).toEqual([
      { row: 3, column: 'citizenship', message: LEGACY_SCHOLAR_MSG.country },
      { row: 3, column: 'department', message: LEGACY_SCHOLAR_MSG.department },
      { row: 3, column: 'end_date', message: LEGACY_SCHOLAR_MSG.endBeforeStart },
    ]);
    const res = await post(officer, '/api/scholar-legacy-conversions', file, 'legacy.csv', matching(SCHOLAR_MATCH));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.file).toEqual([LEGACY_MSG.refused(3)]);
    expect(await t.sql('select 1 from scholars where employee_id = $1', [good[6]])).toHaveLength(0);
  });

  it('refuses rows repeated within the file and reads dates as the office said the file writes them', async () => {
    const one = scholarRow({ start_date: '06/01/2025', end_date: '05/01/2028', birth_date: '29/02/1992' });
    const twin = [...one];
    twin[6] = uniq('T');
    const p = (
      await post(
        officer,
        '/api/scholar-legacy-conversions/preview',
        csv([SCHOLAR_HEADER, one, twin]),
        'legacy.csv',
        matching(SCHOLAR_MATCH, 'DD/MM/YYYY'),
      )
    ).json<scholarsApi.TScholarLegacyPreview>();
    // 29/02/1992 is a leap day (1992 is a leap year), read day first.
    expect(p.ready[0]).toMatchObject({ startDate: '2025-01-06', endDate: '2028-01-05' });
    expect(p.issues).toEqual([
      { row: 3, column: 'last_name', message: LEGACY_SCHOLAR_MSG.personRepeated(2) },
      { row: 3, column: 'email', message: LEGACY_SCHOLAR_MSG.emailRepeated(2) },
    ]);
    // A day that does not exist (29 February 1991) is refused on its column.
    const wrong = scholarRow({ birth_date: '29/02/1991', start_date: '06/01/2025', end_date: '05/01/2028' });
    const q = (
      await post(
        officer,
        '/api/scholar-legacy-conversions/preview',
        csv([SCHOLAR_HEADER, wrong]),
        'legacy.csv',
        matching(SCHOLAR_MATCH, 'DD/MM/YYYY'),
      )
    ).json<scholarsApi.TScholarLegacyPreview>();
    expect(q.issues).toEqual([{ row: 2, column: 'birth_date', message: LEGACY_SCHOLAR_MSG.date }]);
  });

  it('reports a matching that misses a required column or names one the file does not have, on that column', async () => {
    const { department: _d, ...noDept } = SCHOLAR_MATCH;
    const p = (
      await post(
        officer,
        '/api/scholar-legacy-conversions/preview',
        csv([SCHOLAR_HEADER, scholarRow()]),
        'legacy.csv',
        matching({ ...noDept, position: 'Title' }),
      )
    ).json<scholarsApi.TScholarLegacyPreview>();
    expect(p.mappingIssues).toEqual([
      { field: 'position', message: LEGACY_MSG.noSuchColumn('Title') },
      { field: 'department', message: LEGACY_MSG.requiredField },
    ]);
    const res = await post(officer, '/api/scholar-legacy-conversions', csv([SCHOLAR_HEADER, scholarRow()]), 'legacy.csv', matching(noDept));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['columns.department']).toEqual([LEGACY_MSG.requiredField]);
    const garbled = await post(officer, '/api/scholar-legacy-conversions', csv([SCHOLAR_HEADER, scholarRow()]), 'legacy.csv', {
      columns: '{not json',
      dateFormat: 'YYYY-MM-DD',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().fieldErrors.columns).toEqual([LEGACY_MSG.mapping]);
  });

  it('keeps each row within the converter’s scholar area and refuses staff without scholar edit', async () => {
    const [physics] = await t.sql<{ id: string }>("select id from departments where institution_id = $1 and code = 'PHYS'", [
      t.institutionA,
    ]);
    const narrow = await buildUser(t, {
      role: 'isssAdmin',
      canSignIn: true,
      staffPermissions: perms({
        isOfficer: true,
        scholarArea: { view: true, edit: true, process: true, export: true, visaTypes: ['J-1'], departmentIds: [physics!.id] },
      }),
    });
    const as = await t.login(narrow.userName);
    const p = (
      await post(
        as,
        '/api/scholar-legacy-conversions/preview',
        csv([SCHOLAR_HEADER, scholarRow({ visa_type: 'J1' }), scholarRow({ visa_type: 'H-1B' })]),
        'legacy.csv',
        matching(SCHOLAR_MATCH),
      )
    ).json<scholarsApi.TScholarLegacyPreview>();
    expect(p.readyCount).toBe(1);
    expect(p.issues).toEqual([{ row: 3, column: 'department', message: LEGACY_SCHOLAR_MSG.notYours }]);
    const closed = await buildUser(t, {
      role: 'isssAdmin',
      canSignIn: true,
      staffPermissions: perms({
        isOfficer: true,
        scholarArea: { view: true, edit: false, process: true, export: true, visaTypes: [], departmentIds: [] },
      }),
    });
    for (const who of [await t.login(closed.userName), await t.login('assistant'), await t.login('dept'), await t.login('student')]) {
      const res = await post(
        who,
        '/api/scholar-legacy-conversions',
        csv([SCHOLAR_HEADER, scholarRow()]),
        'legacy.csv',
        matching(SCHOLAR_MATCH),
      );
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('students: the batch upload through the office’s matching', () => {
  it('reads a legacy XLSX with its own header names and date format into the batch upload’s preview', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Export');
    const email = `${uniq('s').toLowerCase()}@legacy.example.edu`;
    ws.addRow(['FNAME', 'LNAME', 'EMAIL_ADDR', 'BIRTHDATE', 'CTZN', 'VISA', 'SITE', 'PGM_START', 'PGM_END', 'Notes']);
    ws.addRow(['Kenji', `Legacy${uniq('k')}`, email, '2003-04-12', 'JP', 'F-1', 'MAIN', '2026-08-20', '2028-05-15', 'anything']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const cols = await post(officer, '/api/student-imports/columns', data, 'legacy.xlsx');
    expect(cols.statusCode, cols.body).toBe(200);
    expect(cols.json<TLegacyFileColumns>().headers).toContain('PGM_START');
    const columns = {
      first_name: 'FNAME',
      last_name: 'LNAME',
      email: 'EMAIL_ADDR',
      birth_date: 'BIRTHDATE',
      citizenship: 'CTZN',
      visa_type: 'VISA',
      campus_site: 'SITE',
      program_start_date: 'PGM_START',
      program_end_date: 'PGM_END',
    };
    const { payload, headers } = multipart(matching(columns), { name: 'legacy.xlsx', data });
    const sent = { host: HOST_A, ...headers, authorization: `Bearer ${officer.accessToken}` };
    const res = await followJob(t, await t.app.inject({ method: 'POST', url: '/api/student-imports', payload, headers: sent }), sent);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<studentsApi.TStudentImportSummary>();
    expect(summary).toMatchObject({ rowCount: 1, errorCount: 0, status: 'previewed' });
    // The unmatched "Notes" column is left out, not an unknown column.
    const one = await call(t, 'GET', `/api/student-imports/${summary.id}`, { as: officer, query: { page: 1, pageSize: 10 } });
    expect(one.statusCode, one.body).toBe(200);
    expect(JSON.stringify(one.json())).toContain('08/20/2026');
    const audit = await t.sqlOne<{ after: { convertedFromLegacy?: boolean } }>(
      "select after from audit_events where action = 'student-import.previewed' and entity_id = $1",
      [summary.id],
    );
    expect(audit.after.convertedFromLegacy).toBe(true);
  });

  it('refuses a matching without a required column, on that column', async () => {
    const { payload, headers } = multipart(matching({ first_name: 'FNAME' }), {
      name: 'legacy.csv',
      data: Buffer.from('FNAME\r\nKenji\r\n'),
    });
    const sent = { host: HOST_A, ...headers, authorization: `Bearer ${admin.accessToken}` };
    const res = await followJob(t, await t.app.inject({ method: 'POST', url: '/api/student-imports', payload, headers: sent }), sent);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['columns.last_name']).toEqual([LEGACY_MSG.requiredField]);
  });
});
