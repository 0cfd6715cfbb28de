import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import type { TTestApp } from './app.js';
import { buildRequest, programExtensionData, requestTypeIdOf, studentOf } from './factories/index.js';

/**
 * The students module's requests routes (see authorization-matrix.ts): a student request's own form.
 * The record is a program extension of the demo student (Main Campus) about their student record:
 * the officer (Main Campus) and super user may read it, the assistant (processRequests off) may not,
 * the department user and the scholar may not know it exists; only the student may write it.
 */
async function studentRequest(t: TTestApp, status: 'draft' | 'submitted' = 'draft'): Promise<string> {
  const data = status === 'draft' ? {} : programExtensionData(await studentOf(t));
  return (await buildRequest(t, { status, typeCode: 'program_extension', data })).id;
}

const readers: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 404, scholar: 404, student: 200 };
const owner: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 404, scholar: 404, student: 200 };

// Staff starting a request for the demo student (Main Campus): staff who process its requests; the
// assistant (processRequests off) is refused by the function check, requesters too.
const processors: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };
// The signed-in student's own record only: everybody else is refused by the access check.
const self: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 200 };
const demoProfile = async (t: TTestApp) => (await studentOf(t)).id;
const staffType = (t: TTestApp) => requestTypeIdOf(t, 'transfer_out');

export const STUDENTS_REQUESTS_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/students/:profileId/startable-types',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: await demoProfile(m.t) } }),
    expect: processors,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/requests',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: await demoProfile(m.t) }, body: { requestTypeId: await staffType(m.t) } }),
    expect: processors,
  },
  { method: 'GET', path: '/api/students/me/request-context', access: 'students.self', request: () => ({}), expect: self },
  {
    method: 'GET',
    path: '/api/requests/:requestId/data',
    access: 'requests.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: await studentRequest(m.t, 'submitted') } }),
    expect: readers,
  },
  // (no foreignRecord: institution B's super user is refused by the function check first; students-requests.test.ts tries B's student)
  {
    method: 'PUT',
    path: '/api/requests/:requestId/data',
    // Staff pass the function check (the office's own requests are theirs to fill in) and are refused by the record's.
    access: 'requests.read',
    request: async (m) => ({
      params: { requestId: await studentRequest(m.t) },
      body: { data: { reason_for_extension: 'My thesis needs another term.' } },
    }),
    expect: owner,
  },
];
