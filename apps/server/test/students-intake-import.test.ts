import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMN_KEYS, IMPORT_COLUMNS, IMPORT_MSG, studentsApi, type TSession } from '@meridian/domain';
import { COMMIT_MSG } from '../src/modules/students/intake/operations/commit-student-import.js';
import { buildValidatedBatch, loadBatchInputs } from '../src/modules/sevis/xml/index.js';
import { ORG, SENDER, batchId } from './sevis-xml-fixtures.js';
import { createTestApp, HOST_A, type TTestApp } from './app.js';
import { multipart } from './fixtures/case-fixtures.js';
import { call, followJob } from './http.js';
import { buildStudent } from './factories/index.js';
import { jobRow, redeliverJob, resumeAsIfCrashed } from './job-resume.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  officer = await t.login('officer');
});
afterAll(async () => t?.close());

type TRowIn = Partial<Record<(typeof IMPORT_COLUMN_KEYS)[number], string>>;
/** A valid row with unique names and e-mail. */
function row(o: TRowIn = {}): TRowIn {
  n += 1;
  return {
    first_name: `Mei${n}`,
    last_name: `Lin${n}`,
    email: `mei${n}.lin@example.org`,
    birth_date: '03/09/2004',
    citizenship: 'CN',
    visa_type: 'F-1',
    campus_site: 'MAIN',
    program_start_date: '08/20/2026',
    program_end_date: '05/15/2030',
    sevis_id: '',
    campus_id: '',
    education_level: '02',
    major1: '',
    gender: '',
    ...o,
  };
}
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
function csv(rows: TRowIn[]): string {
  return [IMPORT_COLUMN_KEYS.join(','), ...rows.map((r) => IMPORT_COLUMN_KEYS.map((k) => csvCell(r[k] ?? '')).join(','))].join('\r\n');
}

/** Uploads a file; the answer is the end of the job that checks it (its summary, or its error), as the route gave before it was a job. */
async function upload(as: TSession, name: string, data: Buffer | string, opts: { follow?: boolean } = {}) {
  const { payload, headers } = multipart({}, { name, data: typeof data === 'string' ? Buffer.from(data, 'utf8') : data });
  const sent = { host: HOST_A, ...headers, authorization: `Bearer ${as.accessToken}` };
  const res = await t.app.inject({ method: 'POST', url: '/api/student-imports', payload, headers: sent });
  return opts.follow === false ? res : followJob(t, res, sent);
}
async function preview(as: TSession, id: string, query: Record<string, string | number> = {}) {
  const res = await call(t, 'GET', `/api/student-imports/${id}`, { as, query: { pageSize: 200, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const countByEmail = async (emails: string[]) =>
  Number(
    (
      await t.sql<{ n: string }>('select count(*) as n from student_profiles where lower(email) = any($1)', [
        emails.map((e) => e.toLowerCase()),
      ])
    )[0]!.n,
  );

describe('batch upload of students', () => {
  it('previews a clean CSV (BOM, quoted commas and line breaks) and commits every record with its History Log and SEVIS Create event', async () => {
    const rows = [
      row({ first_name: 'Ana, Maria', sevis_id: 'N0012345678', campus_id: 'C-1' }),
      row({ last_name: 'O"Neil\nSmith' }),
      row({ visa_type: 'j-1' }),
    ];
    const res = await upload(officer, 'fall.csv', `\uFEFF${csv(rows)}\r\n`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({ fileName: 'fall.csv', status: 'previewed', rowCount: 3, errorCount: 0 });
    const p = await preview(officer, summary.id);
    expect(p.rows.map((r: { values: { first_name: string } }) => r.values.first_name)).toEqual([
      'Ana, Maria',
      rows[1]!.first_name,
      rows[2]!.first_name,
    ]);
    expect(p.rows[1].values.last_name).toBe('O"Neil\nSmith');
    expect(await countByEmail(rows.map((r) => r.email!))).toBe(0);

    const commit = await call(t, 'POST', `/api/student-imports/${summary.id}/commit`, { as: officer });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({ created: 3, sevisCreateEvents: 2, import: { status: 'committed' } });
    const created = await t.sql<{
      id: string;
      sevis_id: string | null;
      visa_type: string;
      sevis_status: string;
      current_stage: string;
      birth_date: string;
    }>(
      "select id, sevis_id, visa_type, sevis_status, current_stage, to_char(birth_date, 'YYYY-MM-DD') as birth_date from student_profiles where lower(email) = any($1) order by email",
      [rows.map((r) => r.email!.toLowerCase())],
    );
    expect(created).toHaveLength(3);
    expect(created.every((c) => c.sevis_status === 'Initial' && c.current_stage === 'invited' && c.birth_date === '2004-03-09')).toBe(true);
    expect(created.find((c) => c.sevis_id === 'N0012345678')).toBeTruthy();
    const history = await t.sql<{ action: string }>(
      "select action from audit_events where entity_type = 'student_profile' and entity_id = $1 order by id",
      [created.find((c) => !c.sevis_id)!.id],
    );
    expect(history.map((h) => h.action)).toEqual(['student.imported', 'student.sevis-event.raised']);
    const events = await t.sql<{ profile_id: string }>(
      "select profile_id from sevis_pending_events where event_type = 'Create' and profile_id = any($1)",
      [created.map((c) => c.id)],
    );
    expect(events).toHaveLength(2);
    // A second commit of the same upload does nothing.
    expect((await call(t, 'POST', `/api/student-imports/${summary.id}/commit`, { as: officer })).statusCode).toBe(409);
    const list = await call(t, 'GET', '/api/student-imports', { as: officer });
    expect(list.json().items[0]).toMatchObject({
      id: summary.id,
      fileName: 'fall.csv',
      status: 'committed',
      rowCount: 3,
      createdBy: 'Olivia Officer',
    });
  });

  it('reports every error on its row and column, offers them as a CSV report, and refuses to commit any of the file', async () => {
    const good = row();
    const res = await upload(
      admin,
      'mixed.csv',
      csv([good, row({ birth_date: '1999-02-01', citizenship: 'ZZ' }), row({ visa_type: 'H-1B', program_end_date: '01/01/2026' })]),
    );
    const s = res.json();
    expect(s).toMatchObject({ rowCount: 3, errorCount: 4, rowsWithErrors: 2 });
    const p = await preview(admin, s.id, { onlyErrors: '1' });
    expect(p.total).toBe(2);
    expect(p.rows[0]).toMatchObject({ row: 3, errors: { birth_date: [IMPORT_MSG.date], citizenship: [IMPORT_MSG.country] } });
    expect(p.rows[1]).toMatchObject({
      row: 4,
      errors: { visa_type: [IMPORT_MSG.visaType], program_end_date: [IMPORT_MSG.endBeforeStart] },
    });
    const report = await call(t, 'GET', `/api/student-imports/${s.id}/errors.csv`, { as: admin });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('mixed-errors.csv');
    const lines = report.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('row,column,kind,message');
    expect(lines.filter((l) => /^\d+,\w+,error,/.test(l))).toEqual([
      `3,birth_date,error,${IMPORT_MSG.date}`,
      `3,citizenship,error,"${IMPORT_MSG.country}"`,
      `4,visa_type,error,${IMPORT_MSG.visaType}`,
      `4,program_end_date,error,${IMPORT_MSG.endBeforeStart}`,
    ]);
    // The good row (2) creates a SEVIS record: what SEVIS will still need of it follows, marked so.
    expect(lines.filter((l) => l.includes(',SEVIS will need,')).every((l) => l.startsWith('2,'))).toBe(true);
    const commit = await call(t, 'POST', `/api/student-imports/${s.id}/commit`, { as: admin });
    expect(commit.statusCode).toBe(400);
    expect(await countByEmail([good.email!])).toBe(0);
  });

  it('finds duplicates within the file and against existing records', async () => {
    const existing = await buildStudent(t, { site: 'MAIN' });
    const [ex] = await t.sql<{ email: string; first_name: string; last_name: string }>(
      'select email, first_name, last_name from student_profiles where id = $1',
      [existing.id],
    );
    const a = row({ campus_id: 'DUP-1' });
    const s = (
      await upload(
        admin,
        'dups.csv',
        csv([
          a,
          row({ email: a.email!.toUpperCase() }),
          row({ campus_id: 'dup-1' }),
          row({ sevis_id: existing.sevisId! }),
          row({ email: ex!.email }),
          row({ first_name: ex!.first_name, last_name: ex!.last_name, birth_date: '04/12/1999' }),
        ]),
      )
    ).json();
    const p = await preview(admin, s.id, { onlyErrors: '1' });
    const at = Object.fromEntries(p.rows.map((r: { row: number; errors: Record<string, string[]> }) => [r.row, r.errors]));
    expect(at).toEqual({
      3: { email: ['Same e-mail as row 2 of this file.'] },
      4: { campus_id: ['Same campus ID as row 2 of this file.'] },
      5: { sevis_id: ['A student record with the same SEVIS ID already exists.'] },
      6: { email: ['A student record with the same e-mail already exists.'] },
      7: { last_name: ['A student record with the same names and birth date already exists.'] },
    });
  });

  it('rolls the whole commit back when a duplicate was created after the preview, and says so', async () => {
    const rows = [row(), row(), row({ campus_id: 'LATE-1' })];
    const s = (await upload(admin, 'race.csv', csv(rows))).json();
    expect(s.errorCount).toBe(0);
    await buildStudent(t, { site: 'MED', campusId: 'LATE-1' });
    const commit = await call(t, 'POST', `/api/student-imports/${s.id}/commit`, { as: admin });
    expect(commit.statusCode).toBe(409);
    expect(commit.json().message).toMatch(/^Nothing was imported/);
    expect(await countByEmail(rows.map((r) => r.email!))).toBe(0);
    const p = await preview(admin, s.id, { onlyErrors: '1' });
    expect(p.import).toMatchObject({ status: 'failed' });
    expect(p.import.note).toMatch(/^Nothing was imported/);
    expect(p.rows).toEqual([
      expect.objectContaining({ row: 4, errors: { campus_id: ['A student record with the same campus ID already exists.'] } }),
    ]);
  });

  it('keeps an officer to the campus sites they work for, and to their own uploads', async () => {
    const s = (await upload(officer, 'med.csv', csv([row({ campus_site: 'MED' }), row({ campus_site: 'main' })]))).json();
    const p = await preview(officer, s.id, { onlyErrors: '1' });
    expect(p.rows).toEqual([expect.objectContaining({ row: 2, errors: { campus_site: [IMPORT_MSG.site] } })]);
    const theirs = (await upload(admin, 'admin.csv', csv([row()]))).json();
    expect((await call(t, 'GET', `/api/student-imports/${theirs.id}`, { as: officer })).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/student-imports/${theirs.id}/commit`, { as: officer })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/student-imports', { as: officer })).json().items.map((i: { id: string }) => i.id)).not.toContain(
      theirs.id,
    );
  });

  it('reads an XLSX workbook, dates as date cells included', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Students');
    ws.addRow([...IMPORT_COLUMN_KEYS]);
    const r = row();
    ws.addRow(IMPORT_COLUMN_KEYS.map((k) => (k === 'birth_date' ? new Date(Date.UTC(2001, 6, 4)) : (r[k] ?? ''))));
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const s = (await upload(admin, 'fall.xlsx', data)).json();
    expect(s).toMatchObject({ rowCount: 1, errorCount: 0 });
    const p = await preview(admin, s.id);
    expect(p.rows[0].values.birth_date).toBe('07/04/2001');
    expect((await call(t, 'POST', `/api/student-imports/${s.id}/commit`, { as: admin })).statusCode).toBe(200);
    expect(await countByEmail([r.email!])).toBe(1);
  });

  it('refuses a file whose content does not match its name, a missing file, and reports header problems', async () => {
    const wrong = await upload(admin, 'students.xlsx', csv([row()]));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.file[0]).toMatch(/does not match its name/);
    const exe = await upload(admin, 'students.csv', Buffer.from([0x4d, 0x5a, 0x00, 0x01]));
    expect(exe.statusCode).toBe(400);
    const header = (await upload(admin, 'header.csv', 'first_name,last_name,shoe_size\nA,B,42\n')).json();
    const p = await preview(admin, header.id);
    expect(p.fileIssues).toContainEqual({ row: 1, column: 'shoe_size', message: IMPORT_MSG.unknownColumn });
    expect(p.fileIssues).toContainEqual({ row: 1, column: 'email', message: IMPORT_MSG.missingColumn });
  });

  it('checks and imports as jobs with progress by row; a commit job run again after its commit creates nobody twice', async () => {
    const rows = [row(), row(), row({ sevis_id: 'N0099887766' })];
    // The upload answers at once with the job that checks the file; its bytes are kept only until the job has read them.
    const started = await upload(officer, 'jobs.csv', csv(rows), { follow: false });
    expect(started.statusCode, started.body).toBe(202);
    const uploadJob = started.json<{ id: string; kind: string; status: string }>();
    expect(uploadJob).toMatchObject({ kind: studentsApi.UPLOAD_IMPORT_JOB, status: 'queued' });
    expect(started.headers.location).toBe(`/api/jobs/${uploadJob.id}`);
    const summary = (await followJob(t, started, { host: HOST_A, authorization: `Bearer ${officer.accessToken}` })).json();
    expect(summary).toMatchObject({ fileName: 'jobs.csv', status: 'previewed', rowCount: 3, errorCount: 0 });
    const checked = await jobRow(t, uploadJob.id);
    expect(checked).toMatchObject({ status: 'completed', done: 3, total: 3, attempts: 1, result: summary });
    // The job drops the bytes once its result is committed (a job resumed after a crash reads them again): moments later.
    await expect.poll(() => fs.existsSync(path.join(t.config.dataDir, 'files', String(checked.input.storageKey)))).toBe(false);

    const commit = await call(t, 'POST', `/api/student-imports/${summary.id}/commit`, { as: officer, follow: false });
    expect(commit.statusCode, commit.body).toBe(202);
    const commitJob = commit.json<{ id: string; kind: string }>();
    expect(commitJob.kind).toBe(studentsApi.COMMIT_IMPORT_JOB);
    const out = await followJob(t, commit, { host: HOST_A, authorization: `Bearer ${officer.accessToken}` });
    expect(out.json()).toMatchObject({ created: 3, sevisCreateEvents: 2, import: { status: 'committed' } });
    expect(await jobRow(t, commitJob.id)).toMatchObject({ status: 'completed', done: 3, total: 3, phase: 'Done' });
    const imported = async () => ({
      students: await countByEmail(rows.map((r) => r.email!)),
      creates: Number(
        (
          await t.sqlOne<{ n: string }>(
            "select count(*) as n from sevis_pending_events e join student_profiles p on p.id = e.profile_id where e.event_type = 'Create' and lower(p.email) = any($1)",
            [rows.map((r) => r.email!.toLowerCase())],
          )
        ).n,
      ),
    });
    expect(await imported()).toEqual({ students: 3, creates: 2 });

    // The server died after the commit, before pg-boss heard the job was done: the job is completed in the
    // commit's own transaction, so the runner takes nothing up again.
    await redeliverJob(t, commitJob.id);
    expect(await jobRow(t, commitJob.id)).toMatchObject({ status: 'completed', attempts: 1, result: out.json() });
    expect(await imported()).toEqual({ students: 3, creates: 2 });
    // Even a job row that never learnt of its commit, resumed by the runner, finds the upload imported.
    const again = await resumeAsIfCrashed(t, commitJob.id);
    expect(again).toMatchObject({ status: 'failed', attempts: 2, error: { status: 409, message: COMMIT_MSG.notPreviewed } });
    expect(await imported()).toEqual({ students: 3, creates: 2 });
    expect((await preview(officer, summary.id)).import).toMatchObject({ status: 'committed', rowCount: 3 });
  }, 90_000);

  it('discards a preview: nothing is created and it can no longer be committed', async () => {
    const r = row();
    const s = (await upload(admin, 'discard.csv', csv([r]))).json();
    const d = await call(t, 'POST', `/api/student-imports/${s.id}/discard`, { as: admin });
    expect(d.json()).toMatchObject({ status: 'discarded' });
    expect((await call(t, 'POST', `/api/student-imports/${s.id}/commit`, { as: admin })).statusCode).toBe(409);
    expect(await countByEmail([r.email!])).toBe(0);
  });
});

describe('listNewlyAdmitted (Newly Admitted Students)', () => {
  it('lists Initial records without an account or still invited, within the officer’s sites, searchable, with invited-at', async () => {
    const main = await buildStudent(t, { site: 'MAIN', sevisStatus: 'Initial', currentStage: 'invited', lastName: 'Zephyrine' });
    const med = await buildStudent(t, { site: 'MED', sevisStatus: 'Initial', currentStage: 'invited', lastName: 'Zephyrine' });
    const active = await buildStudent(t, { site: 'MAIN', sevisStatus: 'Active', lastName: 'Zephyrine' });
    const asOfficer = await call(t, 'GET', '/api/students/newly-admitted', { as: officer, query: { q: 'zephyr' } });
    expect(asOfficer.statusCode, asOfficer.body).toBe(200);
    expect(asOfficer.json().items.map((i: { profileId: string }) => i.profileId)).toEqual([main.id]);
    const asAdmin = (await call(t, 'GET', '/api/students/newly-admitted', { as: admin, query: { q: 'zephyr' } })).json();
    expect(asAdmin.items.map((i: { profileId: string }) => i.profileId).sort()).toEqual([main.id, med.id].sort());
    expect(asAdmin.items.map((i: { profileId: string }) => i.profileId)).not.toContain(active.id);
    await call(t, 'POST', `/api/students/${main.id}/invite`, { as: officer });
    const invited = (
      await call(t, 'GET', '/api/students/newly-admitted', { as: officer, query: { q: 'zephyr', invitation: 'invited' } })
    ).json();
    expect(invited.items[0]).toMatchObject({ profileId: main.id, hasAccount: true, lastLoginAt: null, canInvite: true });
    expect(invited.items[0].invitedAt).toBeTruthy();
    const notInvited = (
      await call(t, 'GET', '/api/students/newly-admitted', { as: admin, query: { q: 'zephyr', invitation: 'not_invited' } })
    ).json();
    expect(notInvited.items.map((i: { profileId: string }) => i.profileId)).toEqual([med.id]);
  });
});

describe("what SEVIS will need of each new record (the batch build's own Create check)", () => {
  /** Everything an F-1 Create needs (8 CFR 214.2(f) I-20; SEVIS CreateStudent): phone, birth country, foreign address, English, term, funds. */
  const completeF1: TRowIn = {
    gender: 'F',
    major1: '11.0701',
    phone: '(217) 555-0199',
    birth_city: 'Shanghai',
    birth_country: 'CN',
    foreign_address_line1: '88 Nanjing Road',
    foreign_city: 'Shanghai',
    foreign_country: 'CN',
    english_required: 'Y',
    english_requirements_met: 'Y',
    academic_term_months: '9',
    tuition: '$38,000',
    living_expenses: '16,000',
    personal_funds: '54000',
  };
  /** Everything a J-1 Create needs (22 CFR 62; SEVIS CreateEV): category, position, subject field, funding, a site of activity. */
  const completeJ1: TRowIn = {
    visa_type: 'J-1',
    gender: 'M',
    birth_city: 'Lyon',
    birth_country: 'FR',
    citizenship: 'FR',
    permanent_residence_country: 'FR',
    ev_category_code: '1D',
    ev_position_code: '216',
    subject_field_code: '11.0701',
    received_us_govt_funds: 'N',
    personal_funds: '30000',
    site_of_activity_name: 'Main Campus',
    site_of_activity_address: '1 University Ave',
    site_of_activity_city: 'Urbana',
    site_of_activity_state: 'IL',
    site_of_activity_zip: '61801',
  };

  /** A row whose names SEVIS takes (letters only: the fixture's numbered names are refused, SEVIS S1148). */
  const named = (o: TRowIn): TRowIn => {
    const r = row(o);
    const tag = String(n)
      .split('')
      .map((d) => 'ABCDEFGHIJ'[Number(d)])
      .join('');
    return { ...r, first_name: 'Mei', last_name: `Lin ${tag}` };
  };
  /** The batch build's words said of a stored record, as the preview says them of a row. */
  const asRow = (m: string) =>
    m.replace(/on the student record \([^)]*\)|on the student record|on the record|on the site of activity/g, 'in this row');

  it("puts each missing field on its cell in the batch build's words, imports anyway, and the batch holds exactly those Creates", async () => {
    const rows = [
      named({ ...completeF1 }),
      named({ ...completeF1, phone: '', tuition: '', foreign_country: '' }),
      named({ ...completeJ1 }),
      named({
        ...completeJ1,
        site_of_activity_name: '',
        site_of_activity_address: '',
        site_of_activity_city: '',
        site_of_activity_state: '',
        site_of_activity_zip: '',
        ev_position_code: '',
      }),
      // A record SEVIS already has (SEVIS ID given) raises no Create: nothing is asked of it.
      named({ sevis_id: 'N0019876543' }),
    ];
    const s = (await upload(admin, 'sevis-needs.csv', csv(rows))).json();
    expect(s).toMatchObject({ status: 'previewed', errorCount: 0, rowsWithWarnings: 2 });
    const p = await preview(admin, s.id, { onlyWarnings: '1' });
    expect(p.rows.map((r: { row: number }) => r.row)).toEqual([3, 5]);
    const f1 = p.rows[0].warnings;
    // SEVIS S1164: an F-1 has a U.S. or a foreign phone.
    expect(f1.phone).toEqual(['A phone (U.S. or foreign: SEVIS needs one) is missing in this row.']);
    expect(f1.tuition).toEqual(['Financial support: Tuition and fees is missing in this row.']);
    expect(f1.foreign_country).toEqual(['Foreign address: country is missing in this row.']);
    const j1 = p.rows[1].warnings;
    expect(Object.keys(j1).sort()).toEqual(['ev_position_code', 'site_of_activity_address']);
    expect(j1.site_of_activity_address[0]).toMatch(/no active site of activity/);
    // The preview shows the file's columns in the template's order: here all of them; a file of the required ones, those alone.
    expect(p.columns).toEqual(IMPORT_COLUMN_KEYS);
    const required = IMPORT_COLUMNS.filter((c) => c.isRequired).map((c) => c.key);
    const small = named({});
    const narrow = (
      await upload(
        admin,
        'narrow.csv',
        [
          [...required].reverse().join(','),
          [...required]
            .reverse()
            .map((k) => small[k] ?? '')
            .join(','),
        ].join('\n'),
      )
    ).json();
    expect((await preview(admin, narrow.id)).columns).toEqual(required);
    await call(t, 'POST', `/api/student-imports/${narrow.id}/discard`, { as: admin });

    const commit = await call(t, 'POST', `/api/student-imports/${s.id}/commit`, { as: admin });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({ created: 5, sevisCreateEvents: 4, sevisCreatesWaiting: 2 });

    // What the preview said is what the batch build says: the complete rows' Creates go, the others are held.
    const ids = await t.sql<{ id: string; email: string; visa: string }>(
      `select e.id, p.email, p.visa_type as visa from sevis_pending_events e join student_profiles p on p.id = e.profile_id
         where e.event_type = 'Create' and lower(p.email) = any($1)`,
      [rows.map((r) => r.email!.toLowerCase())],
    );
    const inputs = await t.database.tenant(t.institutionA, (tx) =>
      loadBatchInputs(
        tx,
        ids.map((i) => i.id),
      ),
    );
    const eventOf = (i: number) => ids.find((x) => x.email.toLowerCase() === rows[i]!.email!.toLowerCase())!.id;
    for (const kind of ['student', 'ev'] as const) {
      const built = await buildValidatedBatch({
        kind,
        orgId: ORG[kind],
        batchId: batchId(kind === 'student' ? 21 : 22),
        userId: SENDER,
        today: '2026-11-28',
        records: inputs.filter((i) => (i.profile.visaType === 'J-1') === (kind === 'ev')),
      });
      const [complete, incomplete] = kind === 'student' ? [0, 1] : [2, 3];
      expect(built.included.map((x) => x.eventId)).toEqual([eventOf(complete)]);
      expect(built.held.map((x) => x.eventId)).toEqual([eventOf(incomplete)]);
      const said = Object.values(p.rows[kind === 'student' ? 0 : 1].warnings as Record<string, string[]>).flat();
      for (const m of said) expect(asRow(built.held[0]!.message)).toContain(m);
    }
    // The stored record holds what the file gave (digits of the phone, whole dollars, the site of activity).
    const [stored] = await t.sql<{ phone: string; financials: Record<string, unknown>; foreign_address: Record<string, string> }>(
      'select phone, financials, foreign_address from student_profiles where lower(email) = $1',
      [rows[0]!.email!.toLowerCase()],
    );
    expect(stored).toMatchObject({
      phone: '2175550199',
      financials: { tuition: 38000, living: 16000, personalFunds: 54000 },
      foreign_address: { line1: '88 Nanjing Road', city: 'Shanghai', countryCode: 'CN' },
    });
    const sites = await t.sql<{ name: string; is_primary: boolean }>(
      'select s.name, s.is_primary from student_sites_of_activity s join student_profiles p on p.id = s.profile_id where lower(p.email) = $1',
      [rows[2]!.email!.toLowerCase()],
    );
    expect(sites).toEqual([{ name: 'Main Campus', is_primary: true }]);
  });
});
