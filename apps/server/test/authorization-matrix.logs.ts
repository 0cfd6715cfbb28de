import { buildStudent } from './factories/index.js';
import type { TExpect, TMatrixRow } from './authorization-matrix.js';

/** The office's Logs are for super users and officers of every campus site (docs/product/logs.md#who-may-read-the-logs). */
const READERS: TExpect = { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 };
/** A record's disclosures: staff who reach the record (a Main Campus one here). */
const STAFF: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };

export const LOGS_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/audit/logs',
    access: 'audit.logs.read',
    request: () => ({ query: { logType: 'sign-ins', from: '2026-01-01', pageSize: 5 } }),
    expect: READERS,
  },
  {
    method: 'POST',
    path: '/api/audit/logs/export',
    access: 'audit.logs.read',
    // A narrow filter keeps each caller's workbook small.
    request: () => ({ body: { logType: 'permissions', q: 'matrix-logs-export' } }),
    expect: READERS,
  },
  {
    method: 'GET',
    path: '/api/students/:profileId/disclosures',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await buildStudent(m.t, { site: 'MAIN' })).id } }),
    expect: STAFF,
  },
];
