import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import { newStudent } from './students-fixtures.js';

// students.manage: super users, officers and assistants with student sites (the demo assistant edits Main Campus).
const MANAGE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };

/** A newly admitted Main Campus student without a portal account: a fresh target for one invitation. */
const admitted = async (m: Parameters<TMatrixRow['request']>[0]) =>
  (await newStudent(m.t, { site: 'MAIN', sevisStatus: 'Initial', stage: 'invited', user: null })).id;

/** The students module's intake routes (see authorization-matrix.ts). */
export const STUDENTS_INTAKE_MATRIX: TMatrixRow[] = [
  { method: 'POST', path: '/api/students/:profileId/invite', access: 'students.manage', foreignRecord: 404,
    request: async (m) => ({ params: { profileId: await admitted(m) } }), expect: MANAGE },
  { method: 'POST', path: '/api/students/invite', access: 'students.manage',
    request: async (m) => ({ body: { profileIds: [await admitted(m)] } }), expect: MANAGE },
];
