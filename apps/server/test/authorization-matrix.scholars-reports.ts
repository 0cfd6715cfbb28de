import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import { buildScholarCase } from './factories/index.js';

// scholars.read: any office staff of the institution (the scholar area of the admin shell); department
// users, scholars and students are refused. Row-level security keeps another institution's cases out.
const STAFF: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };

/** The scholars module's reports routes (docs/product/scholars-reports.md): dashboard, tabs, exports, report summary, time tracking. */
export const SCHOLARS_REPORTS_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/scholars/dashboard',
    access: 'scholars.read',
    foreignRecord: 'empty',
    request: async (m) => {
      await buildScholarCase(m.t, { lastName: 'Matrixdash', processedState: 'H-1B' });
      return { query: { q: 'matrixdash' } };
    },
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/scholars/dashboard/tabs',
    access: 'scholars.read',
    request: () => ({ query: { status: 'pending' } }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/scholars/dashboard/export',
    access: 'scholars.export',
    request: () => ({ body: { phase: 'application' } }),
    expect: STAFF,
  },
  { method: 'POST', path: '/api/scholars/dashboard/export-opt', access: 'scholars.export', request: () => ({ body: {} }), expect: STAFF },
  {
    method: 'GET',
    path: '/api/scholars/reports/summary',
    access: 'scholars.read',
    request: () => ({ query: { visa: 'H-1B' } }),
    expect: STAFF,
  },
  // Office staff and the case's own department (the demo 'dept' user is of Physics, the case's); scholars and students refused.
  {
    method: 'GET',
    path: '/api/scholars/cases/:applicationId/time-tracking',
    access: 'authenticated',
    foreignRecord: 404,
    request: async (m) => ({
      params: { applicationId: (await buildScholarCase(m.t, { processedState: 'H-1B', department: 'PHYS' })).applicationId },
    }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 403, student: 403 },
  },
];
