import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_IMPORT_MSG, studentsApi, type jobsApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_A, type TTestApp } from './app.js';
import { multipart } from './fixtures/case-fixtures.js';
import { call, followJob } from './http.js';
import { buildStudent, uniqueSevisId, type TStudentRow } from './factories/index.js';
import { applyActiveImport } from '../src/modules/students/active-import/operations/apply-active-import.js';
import { institutionContext, type TAuthenticatedActor } from '../src/platform/http/context.js';
import { ZStaffPermissions, type TRole } from '@meridian/domain';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  officer = await t.login('officer');
});
afterAll(async () => t?.close());

type TSummary = studentsApi.TActiveImportSummary;
type TRow = studentsApi.TActiveImportRow;

const uniq = (p: string) => `${p}${process.pid % 1000}${Date.now().toString(36)}${++seq}`.slice(0, 30);
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (rows: string[][]) => `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** Uploads a feed; the answer is the end of the compare job (its summary, or its error with the error's status). */
async function upload(as: TSession, name: string, data: Buffer | string, opts: { follow?: boolean } = {}) {
  const { payload, headers } = multipart({}, { name, data: typeof data === 'string' ? Buffer.from(data, 'utf8') : data });
  const sent = { host: HOST_A, ...headers, authorization: `Bearer ${as.accessToken}` };
  const res = await t.app.inject({ method: 'POST', url: '/api/active-student-imports', payload, headers: sent });
  return opts.follow === false ? res : followJob(t, res, sent);
}
async function rows(as: TSession, id: string, query: Record<string, string | number> = {}): Promise<{ items: TRow[]; total: number }> {
  const res = await call(t, 'GET', `/api/active-student-imports/${id}/rows`, { as, query: { pageSize: 200, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rowOf = (list: TRow[], sevisOrCampus: string) => list.find((r) => r.sevisId === sevisOrCampus || r.campusId === sevisOrCampus);
const fieldOf = (r: TRow | undefined, field: string) => r?.fields.find((f) => f.field === field);
async function apply(as: TSession, id: string) {
  const res = await call(t, 'POST', `/api/active-student-imports/${id}/apply`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<studentsApi.TActiveImportApplyOutput>();
}
const events = async (profileId: string) =>
  (
    await t.sql<{ e: string }>(
      "select event_type || '/' || action as e from sevis_pending_events where profile_id = $1 and status = 'pending' order by 1",
      [profileId],
    )
  ).map((r) => r.e);
const profile = (id: string) =>
  t.sqlOne<Record<string, unknown>>('select *, program_end_date::text as end_text from student_profiles where id = $1', [id]);

const HEADER = [
  'Family Name',
  'sevis id',
  'GIVEN NAME',
  'E-mail',
  'Campus',
  'CIP Code',
  'Level',
  'Enrolment Status',
  'Credit Hours',
  'Expected Graduation Date',
  'Student ID',
  'Advisor',
];
/** A feed row in HEADER's order. */
function line(o: {
  last?: string;
  sevis?: string | null;
  first?: string;
  email?: string;
  site?: string;
  major?: string;
  level?: string;
  status?: string;
  credits?: string;
  end?: string;
  campus?: string | null;
}): string[] {
  return [
    o.last ?? '',
    o.sevis ?? '',
    o.first ?? '',
    o.email ?? '',
    o.site ?? '',
    o.major ?? '',
    o.level ?? '',
    o.status ?? '',
    o.credits ?? '',
    o.end ?? '',
    o.campus ?? '',
    'Dr. Who',
  ];
}
const same = (p: TStudentRow) => ({ last: p.lastName, sevis: p.sevisId!, first: p.firstName, email: p.email, site: 'MAIN' });

describe('active-student import: compare', () => {
  let a: TStudentRow, b: TStudentRow, c: TStudentRow, e: TStudentRow, g: TStudentRow, h: TStudentRow, k: TStudentRow, m: TStudentRow;
  let summary: TSummary;
  let all: TRow[];
  const unknownMain = uniqueSevisId();
  const unknownMed = uniqueSevisId();
  const otherSevis = uniqueSevisId();

  beforeAll(async () => {
    a = await buildStudent(t, { site: 'MAIN' });
    b = await buildStudent(t, { site: 'MAIN', major1Code: '11.0701', educationLevel: '05', programEndDate: '2027-05-15' });
    c = await buildStudent(t, { site: 'MAIN', campusId: uniq('C') });
    e = await buildStudent(t, { site: 'MED' });
    g = await buildStudent(t, { site: 'MAIN', lastName: 'De la Cruz', firstName: 'Maria' });
    h = await buildStudent(t, { site: 'MAIN', campusId: uniq('H') });
    k = await buildStudent(t, { site: 'MAIN', sevisStatus: 'Active' });
    m = await buildStudent(t, { site: 'MED', sevisStatus: 'Active' });
    const feed = csv([
      HEADER,
      line(same(a)),
      line({
        ...same(b),
        last: 'Newname',
        email: 'b.new@example.edu',
        major: '52.0201',
        level: 'Doctorate',
        status: 'FT',
        credits: '12',
        end: '12/15/2027',
      }),
      line({ campus: c.campusId, first: 'Renamed', last: c.lastName }),
      line({ sevis: unknownMain, last: 'Nobody', first: 'Here', site: 'MAIN' }),
      line({ ...same(e), site: 'MED', last: 'Elsewhere' }),
      line({ sevis: unknownMed, last: 'Other', first: 'Campus', site: 'med' }),
      line({ ...same(g), last: 'DE LA CRUZ', first: 'maria' }),
      line({ campus: h.campusId, sevis: otherSevis, last: h.lastName }),
    ]);
    const res = await upload(officer, 'sis-fall.csv', feed);
    expect(res.statusCode, res.body).toBe(200);
    summary = res.json<TSummary>();
    all = (await rows(officer, summary.id)).items;
  });

  it('reads a header in any order and case (aliases too), lists the columns it ignores, and counts each class', () => {
    expect(summary).toMatchObject({
      source: 'file',
      fileName: 'sis-fall.csv',
      status: 'compared',
      rowCount: 8,
      ignoredColumns: ['Advisor'],
    });
    expect(summary.counts).toMatchObject({ changed: 2, unchanged: 2, not_found: 1, not_yours: 2, conflict: 1 });
    expect(summary.counts.absent).toBeGreaterThanOrEqual(1);
    expect(summary.pending).toBe(2);
  });

  it('classes each row: matched by SEVIS ID, else campus ID; changes field by field, record value → feed value', () => {
    expect(rowOf(all, a.sevisId!)).toMatchObject({ class: 'unchanged', matchedBy: 'sevis', profileId: a.id, rowNo: 2 });
    const rb = rowOf(all, b.sevisId!)!;
    expect(rb).toMatchObject({ class: 'changed', profileId: b.id, rowNo: 3 });
    expect(rb.fields.filter((f) => f.isChanged).map((f) => [f.field, f.record, f.feed])).toEqual([
      ['lastName', b.lastName, 'Newname'],
      ['email', b.email, 'b.new@example.edu'],
      ['major', '11.0701', '52.0201'],
      ['educationLevel', '05', '06'],
      ['enrollmentStatus', null, 'full_time'],
      ['credits', null, '12'],
      ['expectedCompletionDate', '2027-05-15', '2027-12-15'],
    ]);
    expect(rowOf(all, c.campusId!)).toMatchObject({ class: 'changed', matchedBy: 'campus', profileId: c.id });
    expect(fieldOf(rowOf(all, c.campusId!), 'firstName')).toMatchObject({ record: c.firstName, feed: 'Renamed', isChanged: true });
    // Case, spaces and punctuation of a name are no change.
    expect(rowOf(all, g.sevisId!)).toMatchObject({ class: 'unchanged' });
    expect(rowOf(all, unknownMain)).toMatchObject({ class: 'not_found', profileId: null, name: 'Nobody, Here' });
  });

  it("shows rows of a campus site the officer does not hold as not theirs, without the record's values", () => {
    const re = rowOf(all, e.sevisId!)!;
    expect(re).toMatchObject({
      class: 'not_yours',
      profileId: null,
      message: 'The student record is at a campus site you do not work for.',
    });
    expect(re.fields.every((f) => f.record === null)).toBe(true);
    expect(rowOf(all, unknownMed)).toMatchObject({
      class: 'not_yours',
      message: 'The feed puts this student at MED, a campus site you do not work for.',
    });
  });

  it('sets aside a row whose campus ID names a record with another SEVIS ID', () => {
    expect(rowOf(all, h.campusId!)).toMatchObject({
      class: 'conflict',
      message: `The record with this campus ID has SEVIS ID ${h.sevisId}; the feed gives ${otherSevis}.`,
    });
  });

  it('lists the records active in Meridian at the officer’s sites that the feed does not have', async () => {
    const absent = (await rows(officer, summary.id, { class: 'absent' })).items;
    expect(absent.map((r) => r.profileId)).toContain(k.id);
    expect(absent.some((r) => r.sevisId === m.sevisId)).toBe(false);
    expect(absent.find((r) => r.profileId === k.id)).toMatchObject({ rowNo: null, sevisId: k.sevisId });
  });

  it('filters and pages the rows on the server: by class, by changed field, by search', async () => {
    const changed = await rows(officer, summary.id, { class: 'changed', pageSize: 1 });
    expect(changed.total).toBe(2);
    expect(changed.items).toHaveLength(1);
    const byField = await rows(officer, summary.id, { field: 'expectedCompletionDate' });
    expect(byField.items.map((r) => r.sevisId)).toEqual([b.sevisId]);
    const found = await rows(officer, summary.id, { q: 'newname' });
    expect(found.items.map((r) => r.sevisId)).toEqual([b.sevisId]);
    const bad = await call(t, 'GET', `/api/active-student-imports/${summary.id}/rows`, { as: officer, query: { class: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps an import to its uploader and super users', async () => {
    expect((await call(t, 'GET', `/api/active-student-imports/${summary.id}`, { as: admin })).statusCode).toBe(200);
    const list = (await call(t, 'GET', '/api/active-student-imports', { as: officer })).json<{ items: TSummary[] }>();
    expect(list.items.map((i) => i.id)).toContain(summary.id);
    const other = await t.login('admin', { host: 'other.test' });
    expect((await call(t, 'GET', `/api/active-student-imports/${summary.id}`, { as: other, host: 'other.test' })).statusCode).toBe(404);
  });

  it('applies what is not excluded, raising the SEVIS updates a staff edit of the record raises; applying again does nothing', async () => {
    const rc = rowOf(all, c.campusId!)!;
    const excluded = await call(t, 'POST', `/api/active-student-imports/${summary.id}/exclusions`, {
      as: officer,
      body: { rowIds: [rc.id, rowOf(all, a.sevisId!)!.id], excluded: true },
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    // Only rows with changes can be left out.
    expect(excluded.json()).toMatchObject({ updated: 1, import: { excluded: 1, pending: 1 } });

    const out = await apply(officer, summary.id);
    expect(out).toMatchObject({
      applied: 1,
      skipped: 0,
      failed: 0,
      sevisUpdates: 5,
      import: { status: 'applied', applied: 1, excluded: 1, pending: 0 },
    });
    const pb = await profile(b.id);
    expect(pb).toMatchObject({
      last_name: 'Newname',
      email: 'b.new@example.edu',
      major1_cd: '52.0201',
      education_level: '06',
      end_text: '2027-12-15',
    });
    expect(await t.sqlOne('select status, credits::text as credits from student_enrollments where profile_id = $1', [b.id])).toEqual({
      status: 'full_time',
      credits: '12.00',
    });
    expect((await profile(c.id)).first_name).toBe(c.firstName);
    // The same change made by hand on the record queues the same SEVIS updates.
    const twin = await buildStudent(t, { site: 'MAIN', major1Code: '11.0701', educationLevel: '05', programEndDate: '2027-05-15' });
    const edit = await call(t, 'PUT', `/api/students/${twin.id}`, {
      as: officer,
      body: {
        lastName: 'Newname',
        email: 'twin.new@example.edu',
        major1Code: '52.0201',
        educationLevel: '06',
        programEndDate: '2027-12-15',
        updatedAt: twin.updatedAt.toISOString(),
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await events(b.id)).toEqual(await events(twin.id));
    expect(await events(b.id)).toEqual([
      'EducationLevel/Edit',
      'PersonalInfo/Address',
      'PersonalInfo/Edit',
      'Program/Amend',
      'Program/Extension',
    ]);
    const history = await t.sql<{ action: string; after: Record<string, unknown> }>(
      "select action, after from audit_events where entity_type = 'student_profile' and entity_id = $1 and action = 'student.sis-import.applied' order by id",
      [b.id],
    );
    expect(history).toHaveLength(2);
    expect(history[0]!.after).toMatchObject({ lastName: 'Newname', importId: summary.id, row: 3 });
    expect(history[1]!.after).toMatchObject({ enrollmentStatus: 'full_time', credits: 12 });
    const audit = await t.sql<{ after: Record<string, unknown> }>(
      "select after from audit_events where entity_id = $1 and action = 'active-student-import.applied'",
      [summary.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ applied: 1, sevisUpdates: 5 });
    const logs = await call(t, 'GET', '/api/audit/logs', { as: admin, query: { logType: 'imports', q: summary.id } });
    expect(logs.statusCode, logs.body).toBe(200);
    expect(JSON.stringify(logs.json())).toContain('active-student-import.applied');

    // Again: nothing left to apply, nothing changes (and the run is audited).
    const again = await apply(officer, summary.id);
    expect(again).toMatchObject({ applied: 0, skipped: 0, failed: 0, sevisUpdates: 0, import: { applied: 1 } });
    expect(await events(b.id)).toEqual([
      'EducationLevel/Edit',
      'PersonalInfo/Address',
      'PersonalInfo/Edit',
      'Program/Amend',
      'Program/Extension',
    ]);
    expect(await t.sql("select 1 from audit_events where entity_id = $1 and action = 'student.sis-import.applied'", [b.id])).toHaveLength(
      2,
    );
    const applied = (await rows(officer, summary.id, { class: 'changed' })).items;
    expect(rowOf(applied, b.sevisId!)).toMatchObject({ outcome: 'applied', excluded: false });
    expect(rowOf(applied, c.campusId!)).toMatchObject({ outcome: null, excluded: true });
    // An applied row can no longer be left out.
    const late = await call(t, 'POST', `/api/active-student-imports/${summary.id}/exclusions`, {
      as: officer,
      body: { rowIds: [rowOf(applied, b.sevisId!)!.id], excluded: true },
    });
    expect(late.json()).toMatchObject({ updated: 0 });
  });
});

describe('active-student import: apply checks each row again', () => {
  it('skips a row whose record changed since the comparison, and the same feed sent again is unchanged where it was applied', async () => {
    const p = await buildStudent(t, { site: 'MAIN' });
    const q = await buildStudent(t, { site: 'MAIN' });
    const feed = csv([
      ['sevis_id', 'last_name', 'expected_completion_date'],
      [p.sevisId!, 'Changed', '2028-01-31'],
      [q.sevisId!, 'Alsochanged', ''],
    ]);
    const first = (await upload(officer, 'feed.csv', feed)).json<TSummary>();
    expect(first.counts.changed).toBe(2);
    // Someone edits q's name on the record after the comparison.
    await t.sql("update student_profiles set last_name = 'Edited', updated_at = now() where id = $1", [q.id]);
    const out = await apply(officer, first.id);
    expect(out).toMatchObject({ applied: 1, skipped: 1 });
    const rq = rowOf((await rows(officer, first.id, { class: 'changed' })).items, q.sevisId!);
    expect(rq).toMatchObject({
      outcome: 'skipped',
      outcomeMessage: 'Changed in Meridian since the comparison: Family name. Send the feed again to compare it anew.',
    });
    expect((await profile(q.id)).last_name).toBe('Edited');
    const second = (await upload(officer, 'feed.csv', feed)).json<TSummary>();
    const again = (await rows(officer, second.id)).items;
    expect(rowOf(again, p.sevisId!)).toMatchObject({ class: 'unchanged' });
    expect(rowOf(again, q.sevisId!)).toMatchObject({ class: 'changed' });
  });

  it('fails a row the record itself refuses, naming the record’s field, and applies the others', async () => {
    const ev = await buildStudent(t, { site: 'MAIN', visaType: 'J-1', evCategoryCode: '' });
    const ok = await buildStudent(t, { site: 'MAIN' });
    const imp = (
      await upload(
        officer,
        'j1.csv',
        csv([
          ['SEVIS ID', 'Given name'],
          [ev.sevisId!, 'Changed'],
          [ok.sevisId!, 'Changed'],
        ]),
      )
    ).json<TSummary>();
    expect(await apply(officer, imp.id)).toMatchObject({ applied: 1, failed: 1 });
    expect(rowOf((await rows(officer, imp.id, { class: 'changed' })).items, ev.sevisId!)).toMatchObject({
      outcome: 'failed',
      outcomeMessage: 'The record was not changed: Exchange visitor category: Required field. Correct the record, or send the feed again.',
    });
    expect((await profile(ev.id)).first_name).toBe(ev.firstName);
    expect((await profile(ok.id)).first_name).toBe('Changed');
    // The chunk was done again row by row: the other row's change, History Log line and SEVIS update are there once.
    const lines = await t.sql("select 1 from audit_events where entity_id = $1 and action = 'student.sis-import.applied'", [ok.id]);
    expect(lines).toHaveLength(1);
    expect(await events(ok.id)).toEqual(['PersonalInfo/Edit']);
    expect(await events(ev.id)).toEqual([]);
  });

  it('resumes an apply cut off after a chunk where it stopped, never applying a row twice', async () => {
    const n = 230;
    const made = await t.sql<{ id: string; sevis_id: string }>(
      `insert into student_profiles (institution_id, campus_site_id, sevis_id, first_name, last_name, email, visa_type, sevis_status, program_start_date, program_end_date)
       select $1, (select id from campus_sites where institution_id = $1 and code = 'MAIN'), 'N7' || lpad((g + $2)::text, 9, '0'),
         'Resume', 'Student' || g, 'resume' || g || '@example.edu', 'F-1', 'Active', '2025-08-20', '2027-05-15'
       from generate_series(1, $3) g returning id, sevis_id`,
      [t.institutionA, (process.pid % 1000) * 1000, n],
    );
    const feed = csv([['SEVIS ID', 'Expected completion date'], ...made.map((r) => [r.sevis_id, '06/30/2027'])]);
    const imp = (await upload(officer, 'resume.csv', feed)).json<TSummary>();
    expect(imp.counts.changed).toBe(n);
    const user = await t.sqlOne<{ id: string; role: string; staff_permissions: unknown }>(
      "select id, role, staff_permissions from users where institution_id = $1 and user_name = 'officer'",
      [t.institutionA],
    );
    const actor: TAuthenticatedActor = {
      userId: user.id,
      sessionId: 'test',
      role: user.role as TRole,
      staff: ZStaffPermissions.parse(user.staff_permissions ?? {}),
      isDepartmentAdmin: false,
      departmentId: null,
    };
    const ctx = institutionContext(
      t.services,
      { id: t.institutionA, timeZone: 'America/New_York' },
      { actor, ip: '127.0.0.1', userAgent: 'test' },
    );
    const input = { importId: imp.id, startedAt: new Date(Date.now() - 60_000).toISOString() };
    let reports = 0;
    // The server dies once the first chunk has committed.
    await expect(
      applyActiveImport(ctx, input, {
        progress: () => {
          reports += 1;
          if (reports === 2) throw new Error('server stopped');
        },
        completeIn: async () => {},
      }),
    ).rejects.toThrow('server stopped');
    const midway = await t.sqlOne<{ done: number }>(
      "select count(*)::int as done from active_student_import_rows where import_id = $1 and outcome = 'applied'",
      [imp.id],
    );
    expect(midway.done).toBe(200);
    const out = await applyActiveImport(ctx, input, { progress: () => {}, completeIn: async () => {} });
    expect(out).toMatchObject({ applied: n, failed: 0, skipped: 0, sevisUpdates: n });
    const perRecord = await t.sql<{ n: number }>(
      `select count(*)::int as n from sevis_pending_events where profile_id = any($1) and event_type = 'Program' group by profile_id`,
      [made.map((r) => r.id)],
    );
    expect(perRecord).toHaveLength(n);
    expect(perRecord.every((r) => r.n === 1)).toBe(true);
    const lines = await t.sqlOne<{ n: number }>(
      "select count(*)::int as n from audit_events where action = 'student.sis-import.applied' and entity_id = any($1)",
      [made.map((r) => r.id)],
    );
    expect(lines.n).toBe(n);
  });
});

describe('active-student import: files', () => {
  it('reads an XLSX feed (dates as date cells, numbers as numbers)', async () => {
    const p = await buildStudent(t, { site: 'MAIN', programEndDate: '2027-05-15' });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Enrolment');
    ws.addRow(['Expected Completion Date', 'Credits', 'SEVIS ID', 'Enrollment Status']);
    ws.addRow([new Date(Date.UTC(2027, 7, 1)), 9, p.sevisId, 'Part-time']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(officer, 'feed.xlsx', data);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<TSummary>();
    const r = rowOf((await rows(officer, s.id)).items, p.sevisId!)!;
    expect(r.fields.filter((f) => f.isChanged).map((f) => [f.field, f.record, f.feed])).toEqual([
      ['enrollmentStatus', null, 'part_time'],
      ['credits', null, '9'],
      ['expectedCompletionDate', '2027-05-15', '2027-08-01'],
    ]);
  });

  it('refuses a feed with bad cells, naming each row and column, and stores nothing', async () => {
    const before = await t.sqlOne<{ n: number }>('select count(*)::int as n from active_student_imports');
    const p = await buildStudent(t, { site: 'MAIN' });
    const res = await upload(
      officer,
      'bad.csv',
      csv([
        ['SEVIS ID', 'Campus ID', 'Credits', 'Expected completion date', 'Campus site'],
        [p.sevisId!, '', '12', '2027-13-01', 'MAIN'],
        ['', '', '12', '', 'MAIN'],
        [p.sevisId!, '', 'twelve', '', 'NOWHERE'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fieldErrors: { file: string[] } }>();
    expect(body.message).toBe('Nothing was stored: the feed has 4 problems. Correct them and send the feed again.');
    expect(body.fieldErrors.file).toEqual([
      `Row 2, Expected completion date: ${ACTIVE_IMPORT_MSG.date}`,
      `Row 3, SEVIS ID: ${ACTIVE_IMPORT_MSG.noKey}`,
      `Row 4, Campus site: ${ACTIVE_IMPORT_MSG.site}`,
      `Row 4, Credits: ${ACTIVE_IMPORT_MSG.credits}`,
    ]);
    expect((await t.sqlOne<{ n: number }>('select count(*)::int as n from active_student_imports')).n).toBe(before.n);
    const dup = await upload(officer, 'dup.csv', csv([['SEVIS ID'], [p.sevisId!], [p.sevisId!]]));
    expect(dup.json<{ fieldErrors: { file: string[] } }>().fieldErrors.file).toEqual([
      'Row 3, SEVIS ID: Same SEVIS ID as row 2 of this feed.',
    ]);
  });

  it('refuses a header without SEVIS ID or campus ID, an empty file, and a file that is not what its name says', async () => {
    const noKey = await upload(officer, 'nokey.csv', csv([['Family name'], ['Tanaka']]));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json<{ fieldErrors: { file: string[] } }>().fieldErrors.file).toEqual([`Header: ${ACTIVE_IMPORT_MSG.noKeyColumn}`]);
    const empty = await upload(officer, 'empty.csv', 'SEVIS ID\r\n');
    expect(empty.json<{ fieldErrors: { file: string[] } }>().fieldErrors.file).toEqual([ACTIVE_IMPORT_MSG.noRows]);
    const fake = await upload(officer, 'feed.xlsx', 'SEVIS ID\r\nN0000000001\r\n', { follow: false });
    expect(fake.statusCode).toBe(400);
    expect(fake.json<{ fieldErrors: { file: string[] } }>().fieldErrors.file[0]).toMatch(/does not match its name/);
    const none = await call(t, 'POST', '/api/active-student-imports', { as: officer, body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ fieldErrors: { file: [studentsApi.ACTIVE_IMPORT_MSG_API.fileRequired] } });
  });

  it('is refused to staff without the permission', async () => {
    const res = await upload(await t.login('assistant'), 'x.csv', 'SEVIS ID\r\nN0000000001\r\n', { follow: false });
    expect(res.statusCode).toBe(403);
  });
});

describe('active-student import: the campus pushes JSON with an integration token', () => {
  let secret = '';
  beforeAll(async () => {
    const res = await call(t, 'POST', '/api/integration-tokens', {
      as: officer,
      body: { name: `SIS nightly ${++seq}`, scopes: ['students:write'], expiresInDays: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    secret = res.json<{ secret: string }>().secret;
  });

  it('compares pushed rows as the token’s issuer, and the token follows its job', async () => {
    const p = await buildStudent(t, { site: 'MAIN' });
    const res = await call(t, 'POST', '/api/integrations/active-students', {
      as: secret,
      follow: false,
      body: { rows: [{ sevisId: p.sevisId, credits: 6, enrollmentStatus: 'Part-time', expectedCompletionDate: null }] },
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json<jobsApi.TJob>();
    expect(res.headers.location).toBe(`/api/jobs/${job.id}`);
    const done = await followJob(t, res, { host: HOST_A, authorization: `Bearer ${secret}` });
    expect(done.statusCode, done.body).toBe(200);
    const s = done.json<TSummary>();
    expect(s).toMatchObject({ source: 'api', rowCount: 1, counts: { changed: 1 } });
    expect(s.fileName).toMatch(/^Pushed by integration key “SIS nightly/);
    // It is the issuer's import.
    const list = (await call(t, 'GET', '/api/active-student-imports', { as: officer })).json<{ items: TSummary[] }>();
    expect(list.items.map((i) => i.id)).toContain(s.id);
  });

  it('answers a bad row at once, on the row and field', async () => {
    const res = await call(t, 'POST', '/api/integrations/active-students', {
      as: secret,
      follow: false,
      body: { rows: [{ campusId: 'OK-1' }, { campusId: 'OK-2', credits: 'lots' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { 'rows.1.credits': [ACTIVE_IMPORT_MSG.credits] } });
    const unknown = await call(t, 'POST', '/api/integrations/active-students', {
      as: secret,
      follow: false,
      body: { rows: [{ campusId: 'OK-1', programEnd: '2027-01-01' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain(studentsApi.ACTIVE_IMPORT_MSG_API.unknownField);
  });

  it('takes no call without a token, and none from a token outside its scopes', async () => {
    const body = { rows: [{ campusId: 'X1' }] };
    expect((await call(t, 'POST', '/api/integrations/active-students', { body, follow: false })).statusCode).toBe(401);
    const readOnly = await call(t, 'POST', '/api/integration-tokens', {
      as: officer,
      body: { name: `SIS read ${++seq}`, scopes: ['students:read'], expiresInDays: 30 },
    });
    const res = await call(t, 'POST', '/api/integrations/active-students', {
      as: readOnly.json<{ secret: string }>().secret,
      body,
      follow: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OUTSIDE_SCOPE' });
  });
});
