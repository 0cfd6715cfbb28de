import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import { fileBody } from './sevis-results-fixtures.js';
import { buildRtiImport } from './factories/index.js';

// sevis.import: super users and officers. An import is its uploader's (and super users'): the rows
// below are the demo officer's, so both demo callers with the permission reach them.
const IMPORT: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A fresh RTI import of the demo officer (no rows). */
async function officerImport(m: Parameters<TMatrixRow['request']>[0]): Promise<string> {
  return (await buildRtiImport(m.t, { fileName: 'matrix.csv', createdBy: 'officer' })).id;
}

/** The sevis module's RTI routes (docs/product/sevis-rti.md). */
export const SEVIS_RTI_MATRIX: TMatrixRow[] = [
  {
    method: 'POST',
    path: '/api/sevis/rti-imports',
    access: 'sevis.import',
    request: () => {
      const f = fileBody('rti.csv', 'SEVIS ID,Surname/Primary Name,Given Name\r\nN0000000001,DOE,JANE\r\n');
      return { body: f.body, headers: f.headers };
    },
    expect: IMPORT,
  },
  { method: 'GET', path: '/api/sevis/rti-imports', access: 'sevis.import', request: () => ({}), expect: IMPORT },
  {
    method: 'GET',
    path: '/api/sevis/rti-imports/:importId',
    access: 'sevis.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await officerImport(m) }, query: { state: 'changed' } }),
    expect: IMPORT,
  },
  {
    method: 'POST',
    path: '/api/sevis/rti-imports/:importId/apply',
    access: 'sevis.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await officerImport(m) }, body: { rowIds: [] } }),
    expect: IMPORT,
  },
  {
    method: 'POST',
    path: '/api/sevis/rti-imports/:importId/discard',
    access: 'sevis.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { importId: await officerImport(m) } }),
    expect: IMPORT,
  },
];
