import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { multipart } from './fixtures/case-fixtures.js';

// students.import.active: super users and officers. An import is its uploader's (and super users'): the
// imports below are the demo officer's, so both demo callers with the permission reach them.
const IMPORT: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A fresh compared import of the demo officer, without rows (owner SQL, as a factory would). */
async function officerImport(m: TMatrixContext): Promise<string> {
  const [row] = await m.t.sql<{ id: string }>(
    "insert into active_student_imports (institution_id, source, file_name, created_by) values ($1, 'file', 'matrix.csv', $2) returning id",
    [m.t.institutionA, m.ids.officer],
  );
  return row!.id;
}

/** The students module's active-student import (docs/product/active-student-import.md). */
export const STUDENTS_ACTIVE_IMPORT_MATRIX: TMatrixRow[] = [
  {
    method: 'POST',
    path: '/api/active-student-imports',
    access: 'students.import.active',
    request: () => {
      const { payload, headers } = multipart({}, { name: 'feed.csv', data: Buffer.from('SEVIS ID,Credits\r\nN0000000001,12\r\n') });
      return { body: payload, headers };
    },
    expect: IMPORT,
  },
  {
    method: 'POST',
    path: '/api/integrations/active-students',
    access: 'students.import.active',
    request: () => ({ body: { rows: [{ campusId: 'MATRIX-1', credits: 12 }] } }),
    expect: IMPORT,
  },
  { method: 'GET', path: '/api/active-student-imports', access: 'students.import.active', request: () => ({}), expect: IMPORT },
  {
    method: 'GET',
    path: '/api/active-student-imports/:importId',
    access: 'students.import.active',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await officerImport(m) } }),
    expect: IMPORT,
  },
  {
    method: 'GET',
    path: '/api/active-student-imports/:importId/rows',
    access: 'students.import.active',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await officerImport(m) }, query: { class: 'changed', q: 'a' } }),
    expect: IMPORT,
  },
  {
    method: 'POST',
    path: '/api/active-student-imports/:importId/exclusions',
    access: 'students.import.active',
    foreignRecord: 404,
    request: async (m) => ({
      params: { importId: await officerImport(m) },
      body: { rowIds: ['00000000-0000-4000-8000-000000000000'], excluded: true },
    }),
    expect: IMPORT,
  },
  {
    method: 'POST',
    path: '/api/active-student-imports/:importId/apply',
    access: 'students.import.active',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await officerImport(m) } }),
    expect: IMPORT,
  },
  {
    method: 'POST',
    path: '/api/active-student-imports/:importId/discard',
    access: 'students.import.active',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await officerImport(m) } }),
    expect: IMPORT,
  },
];
