import type { TExpect, TMatrixRow } from './authorization-matrix.js';

// students.read: super users, officers and assistants of some campus site; rows are then limited to
// their sites (students-list.test.ts). Lists name no record, so there is no foreignRecord here.
const READ: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };

/** The students module's list routes (see authorization-matrix.ts). */
export const STUDENTS_LIST_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/students',
    access: 'students.read',
    request: () => ({ query: { title: 'all', q: 'student', sort: 'name', order: 'asc' } }),
    expect: READ,
  },
  { method: 'GET', path: '/api/students/list-titles', access: 'students.read', request: () => ({}), expect: READ },
];
