import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import type { TTestApp } from './app.js';
import { newRequest } from './requests-fixtures.js';

/**
 * The students module's requests routes (see authorization-matrix.ts): a student request's own form.
 * The record is a program extension of the demo student (Main Campus) about their student record:
 * the officer (Main Campus) and super user may read it, the assistant (processRequests off) may not,
 * the department user and the scholar may not know it exists; only the student may write it.
 */
async function studentRequest(t: TTestApp, status = 'draft'): Promise<string> {
  const r = await newRequest(t, { status, typeCode: 'program_extension' });
  await t.sql(
    `update requests set profile_id = (select p.id from student_profiles p where p.user_id = requests.requester_user_id) where id = $1`,
    [r.id],
  );
  return r.id;
}

const readers: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 404, scholar: 404, student: 200 };
const owner: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 404, scholar: 404, student: 200 };

// Staff starting a request for the demo student (Main Campus): staff who process its requests; the
// assistant (processRequests off) is refused by the function check, requesters too.
const processors: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };
async function demoProfile(t: TTestApp): Promise<string> {
  const [p] = await t.sql<{ id: string }>(
    `select p.id from student_profiles p join users u on u.id = p.user_id where u.user_name = 'student' and u.institution_id = $1`,
    [t.institutionA],
  );
  return p!.id;
}
const staffType = async (t: TTestApp) =>
  (await t.sql<{ id: string }>(`select id from request_types where institution_id = $1 and code = 'transfer_out'`, [t.institutionA]))[0]!
    .id;

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
    access: 'requests.create',
    request: async (m) => ({
      params: { requestId: await studentRequest(m.t) },
      body: { data: { reason_for_extension: 'My thesis needs another term.' } },
    }),
    expect: owner,
  },
];
