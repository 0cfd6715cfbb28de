import { randomUUID } from 'node:crypto';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { multipart } from './fixtures/case-fixtures.js';

// scholars.import: super users and officers who may edit scholar cases (docs/product/convert-from-legacy.md#who-may-do-what).
const CONVERT: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A one-scholar legacy export in a department of institution A, its names unique to this call. */
async function legacyFile(m: TMatrixContext) {
  const [dept] = await m.t.sql<{ name: string }>('select name from departments where institution_id = $1 order by name limit 1', [
    m.t.institutionA,
  ]);
  const tag = randomUUID().slice(0, 8);
  const csv = `Given,Family,Dept,Visa,Begin,Finish\r\nMatrix,Legacy${tag},${dept!.name},H1B,2026-01-05,2029-01-04\r\n`;
  const columns = JSON.stringify({
    first_name: 'Given',
    last_name: 'Family',
    department: 'Dept',
    visa_type: 'Visa',
    start_date: 'Begin',
    end_date: 'Finish',
  });
  const { payload, headers } = multipart({ columns, dateFormat: 'YYYY-MM-DD' }, { name: 'legacy.csv', data: Buffer.from(csv) });
  return { body: payload, headers };
}

/** The scholars module's Convert from Legacy. */
export const SCHOLAR_LEGACY_MATRIX: TMatrixRow[] = [
  {
    method: 'POST',
    path: '/api/scholar-legacy-conversions/columns',
    access: 'scholars.import',
    request: legacyFile,
    expect: CONVERT,
  },
  {
    method: 'POST',
    path: '/api/scholar-legacy-conversions/preview',
    access: 'scholars.import',
    request: legacyFile,
    expect: CONVERT,
  },
  {
    method: 'POST',
    path: '/api/scholar-legacy-conversions',
    access: 'scholars.import',
    request: legacyFile,
    expect: CONVERT,
  },
];
