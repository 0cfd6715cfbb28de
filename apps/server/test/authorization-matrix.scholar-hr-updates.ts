import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { multipart } from './fixtures/case-fixtures.js';

// scholars.hr-updates: super users and officers who may edit scholar cases (docs/product/scholar-hr-updates.md#who-may-do-what).
// A comparison is its uploader's (and super users'): the ones below are the demo officer's, so both demo callers with
// the permission reach them. The routes exist only while the institution's scholarSisUpdatesFlag is on: each
// request turns it on (owner SQL), as the office would on Site Settings.
const HR: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

async function flagOn(m: TMatrixContext): Promise<void> {
  await m.t.sql(
    `update institutions set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{scholarSisUpdatesFlag}', 'true'::jsonb) where id = $1`,
    [m.t.institutionA],
  );
}

/** A fresh comparison of the demo officer with one row and one undecided change (owner SQL, as a factory would). */
async function officerImport(m: TMatrixContext): Promise<{ importId: string; changeId: string }> {
  await flagOn(m);
  const [imp] = await m.t.sql<{ id: string }>(
    "insert into scholar_hr_imports (institution_id, source, file_name, content_hash, created_by) values ($1, 'file', 'matrix.csv', 'matrix', $2) returning id",
    [m.t.institutionA, m.ids.officer],
  );
  const [app] = await m.t.sql<{ id: string }>('select id from scholar_applications where institution_id = $1 order by created_at limit 1', [
    m.t.institutionA,
  ]);
  const [row] = await m.t.sql<{ id: string }>(
    "insert into scholar_hr_import_rows (institution_id, import_id, row_no, class, employee_id, application_id, changed) values ($1, $2, 2, 'changed', 'MATRIX-1', $3, '{position}') returning id",
    [m.t.institutionA, imp!.id, app!.id],
  );
  const [change] = await m.t.sql<{ id: string }>(
    "insert into scholar_hr_changes (institution_id, import_id, row_id, application_id, field, current_value, hr_value) values ($1, $2, $3, $4, 'position', 'Lecturer', 'Professor') returning id",
    [m.t.institutionA, imp!.id, row!.id, app!.id],
  );
  return { importId: imp!.id, changeId: change!.id };
}

/** The scholars module's HR updates. */
export const SCHOLAR_HR_UPDATES_MATRIX: TMatrixRow[] = [
  {
    method: 'POST',
    path: '/api/scholar-hr-imports',
    access: 'scholars.hr-updates',
    request: async (m) => {
      await flagOn(m);
      const { payload, headers } = multipart({}, { name: 'hr.csv', data: Buffer.from('employee_id,position\r\nMATRIX-NONE,Lecturer\r\n') });
      return { body: payload, headers };
    },
    expect: HR,
  },
  {
    method: 'POST',
    path: '/api/integrations/scholar-hr-updates',
    access: 'scholars.hr-updates',
    request: async (m) => {
      await flagOn(m);
      return { body: { rows: [{ employeeId: 'MATRIX-NONE', hoursPerWeek: 40 }] } };
    },
    expect: HR,
  },
  {
    method: 'GET',
    path: '/api/scholar-hr-imports',
    access: 'scholars.hr-updates',
    request: async (m) => {
      await flagOn(m);
      return {};
    },
    expect: HR,
  },
  {
    method: 'GET',
    path: '/api/scholar-hr-imports/:importId',
    access: 'scholars.hr-updates',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: (await officerImport(m)).importId } }),
    expect: HR,
  },
  {
    method: 'GET',
    path: '/api/scholar-hr-imports/:importId/rows',
    access: 'scholars.hr-updates',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: (await officerImport(m)).importId }, query: { view: 'all', q: 'matrix', sort: 'name' } }),
    expect: HR,
  },
  {
    method: 'POST',
    path: '/api/scholar-hr-imports/:importId/decisions',
    access: 'scholars.hr-updates',
    foreignRecord: 404,
    request: async (m) => {
      const { importId, changeId } = await officerImport(m);
      return { params: { importId }, body: { changeIds: [changeId], decision: 'reject' } };
    },
    expect: HR,
  },
];
