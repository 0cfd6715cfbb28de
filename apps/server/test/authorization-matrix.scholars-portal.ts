import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import { buildScholarCase } from './factories/index.js';

// scholars.self: the scholar only (their own case; another scholar's is 404, proven in
// scholars-portal.test.ts); department users never reach the application pages. The office reads
// (scholars.read) and corrects (scholars.manage) the same form: every office staff member.
const SELF: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 403, scholar: 200, student: 403 };
const STAFF: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
const P = '/api/scholars/portal';
type TM = Parameters<TMatrixRow['request']>[0];
/** A fresh H-1B case on the demo scholar (it becomes their current one), open for the form. */
const own = async (m: TM) => (await buildScholarCase(m.t, { user: 'scholar', processedState: 'H-1B' })).applicationId;

/** The scholars module's portal routes (docs/product/scholars-portal.md). */
export const SCHOLARS_PORTAL_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: `${P}/application`,
    access: 'scholars.self',
    request: async (m) => {
      await own(m);
      return {};
    },
    expect: SELF,
  },
  {
    method: 'GET',
    path: `${P}/applications/:applicationId`,
    access: 'scholars.self',
    request: async (m) => ({ params: { applicationId: await own(m) } }),
    expect: SELF,
  },
  {
    method: 'PUT',
    path: `${P}/applications/:applicationId/draft`,
    access: 'scholars.self',
    request: async (m) => ({ params: { applicationId: await own(m) }, body: { version: 1, data: { firstName: 'Matrix' } } }),
    expect: SELF,
  },
  {
    method: 'POST',
    path: `${P}/applications/:applicationId/submit`,
    access: 'scholars.self',
    // An empty form: the scholar reaches the operation, which refuses it on its fields (400); nobody else reaches it.
    request: async (m) => ({ params: { applicationId: await own(m) }, body: { version: 1, data: {} } }),
    expect: { ...SELF, scholar: 400 },
  },
  {
    method: 'GET',
    path: '/api/scholars/applications/:applicationId/form',
    access: 'scholars.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { applicationId: await own(m) } }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/scholars/applications/:applicationId/form',
    access: 'scholars.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { applicationId: await own(m) }, body: { version: 1, data: { fieldOfStudy: 'Physics' } } }),
    expect: STAFF,
  },
];
