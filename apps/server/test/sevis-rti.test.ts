import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent, siteIdOf } from './factories/index.js';
import { fileBody } from './sevis-results-fixtures.js';
import { normalizeRtiRow } from '../src/modules/sevis/rti/rti-parse.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
});
afterAll(async () => {
  await t?.close();
});

const HEADER = [
  'SEVIS ID',
  'Surname/Primary Name',
  'Given Name',
  'Date of Birth',
  'Country of Citizenship',
  'Program Start Date',
  'Program End Date',
  'Status',
  'Education Level',
  'Major',
  'Email Address',
  'Visa Type',
  'Campus',
];
const csv = (rows: string[][]) =>
  [HEADER, ...rows].map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');
const upload = (as: TSession, fileName: string, data: Buffer | string) => {
  const f = fileBody(fileName, data);
  return call(t, 'POST', '/api/sevis/rti-imports', { as, body: f.body, headers: f.headers });
};
const detail = async (as: TSession, id: string, state = 'all') =>
  (await call(t, 'GET', `/api/sevis/rti-imports/${id}`, { as, query: { state, pageSize: 100 } })).json<sevisApi.TRtiImportDetail>();

describe('RTI import', () => {
  it('compares an RTI list with our records side by side, updates the selected record, adds the one we lack, and queues no SEVIS update', async () => {
    const a = await buildStudent(t, { firstName: 'Asha', lastName: 'Rao', programEndDate: '2027-05-15', email: 'asha.rao@example.edu' });
    const b = await buildStudent(t, { firstName: 'Ben', lastName: 'Okafor' });
    const [ba] = await t.sql<{ birth_date: string; email: string }>(
      `select to_char(birth_date, 'MM/DD/YYYY') as birth_date, email from student_profiles where id = $1`,
      [b.id],
    );
    const newId = `N${String(Date.now()).slice(-10)}`;
    const text = csv([
      [
        a.sevisId!,
        'RAO',
        'ASHA',
        '04/12/1999',
        'INDIA',
        '08/20/2025',
        '05/15/2028',
        'ACTIVE',
        "MASTER'S",
        '11.0701 - Computer Science',
        'Asha.Rao@example.edu',
        'F-1',
        'Main',
      ],
      [b.sevisId!, 'OKAFOR', 'BEN', ba!.birth_date, 'IN', '08/20/2025', '05/15/2027', 'Active', '05', '', ba!.email, 'F-1', 'Main'],
      [
        newId,
        'NGUYEN',
        'LINH',
        '02/03/2001',
        'VIETNAM',
        '08/20/2025',
        '05/15/2029',
        'ACTIVE',
        "BACHELOR'S",
        '52.0201',
        'linh.nguyen@example.edu',
        'F-1',
        'Main',
      ],
      ['N0000000009', 'BAD', 'DATE', '31/12/1999', 'INDIA', '08/20/2025', '05/15/2029', 'ACTIVE', '', '', 'x@example.edu', 'F-1', ''],
      ['12345', 'BAD', 'ID', '01/01/2000', 'INDIA', '08/20/2025', '05/15/2029', 'ACTIVE', '', '', 'y@example.edu', 'F-1', ''],
    ]);
    const res = await upload(admin, 'rti-student-list.csv', text);
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json<sevisApi.TRtiImportSummary>();
    expect(imp).toMatchObject({ status: 'preview', rowCount: 5, changedCount: 1, newCount: 1, errorCount: 2 });

    const d = await detail(admin, imp.id);
    const rowA = d.rows.find((r) => r.sevisId === a.sevisId)!;
    expect(rowA).toMatchObject({ state: 'changed', profileId: a.id, name: 'Rao, Asha' });
    // Side by side: names match whatever their case; the end date and the major differ.
    expect(rowA.fields.filter((f) => f.isDifferent).map((f) => [f.key, f.ours, f.rti])).toEqual([
      ['major1Code', '', '11.0701'],
      ['programEndDate', '2027-05-15', '2028-05-15'],
    ]);
    expect(d.rows.find((r) => r.sevisId === b.sevisId)!.state).toBe('unchanged');
    expect(d.rows.find((r) => r.sevisId === newId)).toMatchObject({ state: 'new', name: 'NGUYEN, LINH' });
    expect(d.rows.find((r) => r.rowNumber === 5)).toMatchObject({
      state: 'error',
      message: "Date of birth: '31/12/1999' is not a date (MM/DD/YYYY).",
    });
    expect(d.rows.find((r) => r.rowNumber === 6)!.message).toBe(`${sevisApi.RTI_MSG.badSevisId} ('12345')`);

    // Update only the selected row.
    const applied = await call(t, 'POST', `/api/sevis/rti-imports/${imp.id}/apply`, {
      as: admin,
      body: { rowIds: [rowA.id], insertNew: false },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ updated: 1, inserted: 0, failed: 0, import: { status: 'applied', updatedCount: 1 } });
    const [pa] = await t.sql<{ program_end_date: string; major1_cd: string }>(
      `select to_char(program_end_date, 'YYYY-MM-DD') as program_end_date, major1_cd from student_profiles where id = $1`,
      [a.id],
    );
    expect(pa).toEqual({ program_end_date: '2028-05-15', major1_cd: '11.0701' });
    // The extension and program edit the change raised are cancelled: SEVIS already has these values.
    const evs = await t.sql<{ status: string; message: string }>('select status, message from sevis_pending_events where profile_id = $1', [
      a.id,
    ]);
    expect(evs.length).toBeGreaterThan(0);
    expect(evs.every((e) => e.status === 'cancelled' && e.message.startsWith('Not sent: SEVIS already has this'))).toBe(true);
    const hist = (await call(t, 'GET', `/api/students/${a.id}/history`, { as: admin, query: { page: 1, pageSize: 50 } })).json<{
      items: { action: string }[];
    }>();
    expect(hist.items.map((i) => i.action)).toEqual(expect.arrayContaining(['student.updated', 'sevis.rti.applied']));

    // Adding the records we lack needs a campus site.
    const noSite = await call(t, 'POST', `/api/sevis/rti-imports/${imp.id}/apply`, { as: admin, body: {} });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().fieldErrors.campusSiteId[0]).toBe(sevisApi.RTI_MSG.siteRequired);
    const all = await call(t, 'POST', `/api/sevis/rti-imports/${imp.id}/apply`, {
      as: admin,
      body: { campusSiteId: await siteIdOf(t, 'MAIN') },
    });
    expect(all.json()).toMatchObject({ updated: 0, inserted: 1, failed: 0, import: { updatedCount: 1, insertedCount: 1 } });
    const [c] = await t.sql<{ id: string; sevis_status: string; first_name: string; citizenship: string }>(
      'select id, sevis_status, first_name, citizenship_country_cd as citizenship from student_profiles where sevis_id = $1',
      [newId],
    );
    expect(c).toMatchObject({ sevis_status: 'Active', first_name: 'LINH', citizenship: 'VN' });
    expect(await t.sql(`select id from sevis_pending_events where profile_id = $1 and status = 'pending'`, [c!.id])).toEqual([]);

    const history = (await call(t, 'GET', '/api/sevis/rti-imports', { as: admin })).json<{ items: sevisApi.TRtiImportSummary[] }>();
    expect(history.items[0]).toMatchObject({ id: imp.id, status: 'applied', insertedCount: 1, updatedCount: 1 });
  });

  it('reads an XLSX export; an officer sees a record of another site as an error row, and only their own imports', async () => {
    const med = await buildStudent(t, { site: 'MED' });
    const main = await buildStudent(t, { firstName: 'Mina', lastName: 'Park' });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Students');
    ws.addRow(HEADER);
    ws.addRow([
      main.sevisId,
      'PARK',
      'MINA',
      new Date(Date.UTC(1999, 3, 12)),
      'SOUTH KOREA',
      new Date(Date.UTC(2025, 7, 20)),
      new Date(Date.UTC(2027, 4, 15)),
      'Active',
      "Master's",
      '',
      '',
      'F-1',
      'Main',
    ]);
    ws.addRow([med.sevisId, 'OTHER', 'SITE', '04/12/1999', 'INDIA', '08/20/2025', '05/15/2027', 'Active', '', '', '', 'F-1', 'Med']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(officer, 'RTI export.xlsx', xlsx);
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json<sevisApi.TRtiImportSummary>();
    const d = await detail(officer, imp.id);
    expect(d.rows.find((r) => r.sevisId === med.sevisId)).toMatchObject({
      state: 'error',
      message: sevisApi.RTI_MSG.outOfReach,
      profileId: null,
    });
    expect(d.rows.find((r) => r.sevisId === main.sevisId)).toMatchObject({ state: 'changed' });
    expect(
      d.rows
        .find((r) => r.sevisId === main.sevisId)!
        .fields.filter((f) => f.isDifferent)
        .map((f) => f.key),
    ).toEqual(['citizenshipCountryCode']);

    // The officer's history holds their import only; the super user's holds every import.
    const mine = (await call(t, 'GET', '/api/sevis/rti-imports', { as: officer })).json<{ items: { id: string }[] }>();
    expect(mine.items.map((i) => i.id)).toEqual([imp.id]);
    const adminImport = (await call(t, 'GET', '/api/sevis/rti-imports', { as: admin })).json<{ items: { id: string }[] }>();
    expect(adminImport.items.length).toBeGreaterThan(1);
    const other = adminImport.items.find((i) => i.id !== imp.id)!;
    expect((await call(t, 'GET', `/api/sevis/rti-imports/${other.id}`, { as: officer })).statusCode).toBe(404);

    const discarded = await call(t, 'POST', `/api/sevis/rti-imports/${imp.id}/discard`, { as: officer });
    expect(discarded.json()).toMatchObject({ status: 'discarded' });
    expect((await call(t, 'POST', `/api/sevis/rti-imports/${imp.id}/apply`, { as: officer, body: {} })).statusCode).toBe(409);
  });

  it('refuses a file without a SEVIS ID column and a file that is not CSV or XLSX', async () => {
    const noCol = await upload(admin, 'list.csv', 'Name,Date of Birth\r\nA,01/01/2000');
    expect(noCol.json().fieldErrors.file[0]).toBe(sevisApi.RTI_MSG.noSevisColumn);
    const pdf = await upload(admin, 'list.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
    expect(pdf.statusCode).toBe(400);
  });

  it("reads RTI's countries as SEVIS writes them (SEVIS Tables 32/33), not as ISO: CH is China, SZ Switzerland", () => {
    const row = (citizenship: string, birth: string) => normalizeRtiRow({ citizenshipCountryCode: citizenship, birthCountryCode: birth });
    expect(row('CH', 'SZ')).toEqual({ values: { citizenshipCountryCode: 'CN', birthCountryCode: 'CH' }, errors: [] });
    expect(row('GM', 'JA').values).toEqual({ citizenshipCountryCode: 'DE', birthCountryCode: 'JP' });
    expect(row('BURMA', 'Bahamas, The').values).toEqual({ citizenshipCountryCode: 'MM', birthCountryCode: 'BS' });
    // A SEVIS code with no country we store (Czechoslovakia) is an error on the row, not a guess.
    expect(row('CZ', 'XX').errors).toEqual([
      "Country of citizenship: 'CZ' is not a SEVIS country code or name we can store.",
      "Country of birth: 'XX' is not a SEVIS country code or name we can store.",
    ]);
  });
});
