import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import type { TTestApp } from './app.js';
import { buildEmployment, buildOptStudent, buildStemReport, buildStudent, daysFromToday } from './factories/index.js';

// students.read / students.manage: super users, officers and assistants of some site; the record
// itself is checked by site (the demo assistant has editStudent on Main Campus, where these students are).
const STAFF: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
const employment = {
  employerName: 'Matrix Labs, Inc.',
  employerEin: '123456789',
  startDate: daysFromToday(-20),
  endDate: null,
  fullOrPartTime: '01',
};

/** A STEM validation report due in ten days, on a STEM student of its own. */
async function stemReport(t: TTestApp) {
  const s = await buildStudent(t);
  const stem = await buildEmployment(t, s, { optPhase: '03', authorizedStartDate: daysFromToday(-170) });
  return buildStemReport(t, stem, { dueDate: daysFromToday(10) });
}

/** OPT Students & Employers, STEM reports, employer periods and the deadlines dashboard. */
export const STUDENTS_OPT_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/students/opt-employers',
    access: 'students.read',
    request: () => ({ query: { level: 'warning' } }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/students/stem-reports',
    access: 'students.read',
    request: () => ({ query: { status: 'open' } }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: '/api/students/deadlines',
    access: 'students.read',
    request: () => ({ query: { kind: 'registration' } }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/stem-reports/:reportId/received',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({
      params: { reportId: (await stemReport(m.t)).id },
      body: { receivedOn: daysFromToday(0), notes: 'Matrix' },
    }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: '/api/students/:profileId/employments',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await buildOptStudent(m.t, 40)).id }, body: employment }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: '/api/students/:profileId/employments/:employmentId',
    access: 'students.manage',
    foreignRecord: 404,
    request: async (m) => {
      const s = await buildOptStudent(m.t, 40);
      const { id: employmentId } = await buildEmployment(m.t, s, {
        optPhase: '02',
        authorizedStartDate: s.authStart,
        authorizedEndDate: s.authEnd,
        employerName: 'Before Co',
        startDate: daysFromToday(-30),
      });
      return { params: { profileId: s.id, employmentId }, body: employment };
    },
    expect: STAFF,
  },
];
