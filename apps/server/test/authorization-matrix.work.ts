import type { TMatrixRow } from './authorization-matrix.js';

/** My work: every staff member who uses the student area (the demo assistant has a site); nobody else. */
export const WORK_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/my-work',
    access: 'students.read',
    request: () => ({}),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 },
  },
];
