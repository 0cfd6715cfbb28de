import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import { buildScholarCase, buildWorkflow, departmentIdOf } from './factories/index.js';

// scholars.department: department users only (their own department's cases: another department's
// case answers 404, proven in scholars-department.test.ts); scholars.department-admin: the demo
// 'dept' user is the department admin of Physics; scholars.self: the scholar.
const DEPT: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 200, scholar: 403, student: 403 };
const SELF: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 403, scholar: 200, student: 403 };
let n = 0;
const fresh = () => {
  n += 1;
  return {
    firstName: 'Matrix',
    lastName: `Scholar${n}`,
    email: `matrix.scholar${n}.${process.pid}.${Date.now()}@example.org`,
    proposedStatus: 'J-1',
    proposedStartDate: '2027-02-01',
    proposedEndDate: '2028-01-31',
    position: 'Visiting Researcher',
    hiringAuthorityName: 'Prof. Matrix',
    hiringAuthorityEmail: '',
  };
};
const draft = async (m: Parameters<TMatrixRow['request']>[0]) => (await buildScholarCase(m.t, { sponsorshipState: 'draft' })).applicationId;
const P = '/api/scholars/department';
const step = (m: Parameters<TMatrixRow['request']>[0]) => [{ approverKind: 'user', approverUserId: m.ids.advisor }];

/** The scholars module's department routes (docs/product/scholars-department.md). */
export const SCHOLARS_DEPARTMENT_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: `${P}/cases`, access: 'scholars.department', request: () => ({ query: { tab: 'all', q: 'a' } }), expect: DEPT },
  { method: 'POST', path: `${P}/cases`, access: 'scholars.department', request: () => ({ body: fresh() }), expect: DEPT },
  {
    method: 'GET',
    path: `${P}/cases/:applicationId`,
    access: 'scholars.department',
    request: async (m) => ({ params: { applicationId: (await buildScholarCase(m.t)).applicationId } }),
    expect: DEPT,
  },
  {
    method: 'PUT',
    path: `${P}/cases/:applicationId`,
    access: 'scholars.department',
    request: async (m) => ({ params: { applicationId: await draft(m) }, body: { ...fresh(), version: 1 } }),
    expect: DEPT,
  },
  {
    method: 'POST',
    path: `${P}/cases/:applicationId/invite`,
    access: 'scholars.department',
    request: async (m) => ({ params: { applicationId: await draft(m) } }),
    expect: DEPT,
  },
  {
    method: 'POST',
    path: `${P}/cases/:applicationId/send`,
    access: 'scholars.department',
    request: async (m) => ({ params: { applicationId: await draft(m) } }),
    expect: DEPT,
  },
  {
    method: 'GET',
    path: `${P}/cases/:applicationId/events`,
    access: 'scholars.department',
    request: async (m) => ({ params: { applicationId: (await buildScholarCase(m.t)).applicationId } }),
    expect: DEPT,
  },
  {
    method: 'GET',
    path: '/api/scholars/my-sponsorship-request',
    access: 'scholars.self',
    request: async (m) => {
      await buildScholarCase(m.t, { user: 'scholar', sponsorshipState: 'submitted' });
      return {};
    },
    expect: SELF,
  },
  { method: 'GET', path: `${P}/config`, access: 'scholars.department-admin', request: () => ({}), expect: DEPT },
  {
    method: 'PUT',
    path: `${P}/config`,
    access: 'scholars.department-admin',
    request: () => ({
      body: { contacts: [{ name: 'Matrix Contact', isPrimary: true }], sitesOfActivity: [], sponsorshipWorkflowId: null },
    }),
    expect: DEPT,
  },
  { method: 'GET', path: `${P}/workflows`, access: 'scholars.department-admin', request: () => ({}), expect: DEPT },
  {
    method: 'POST',
    path: `${P}/workflows`,
    access: 'scholars.department-admin',
    request: (m) => Promise.resolve({ body: { name: 'Matrix chain', steps: step(m) } }),
    expect: DEPT,
  },
  {
    method: 'PUT',
    path: `${P}/workflows/:workflowId`,
    access: 'scholars.department-admin',
    request: async (m) => {
      const w = await buildWorkflow(m.t, {
        name: 'Matrix dept chain',
        eventCode: 'SPONSORSHIP_REQUEST',
        departmentId: await departmentIdOf(m.t, 'PHYS'),
        steps: [{ approverKind: 'user', approverUserId: m.ids.advisor }],
      });
      return { params: { workflowId: w.id }, body: { name: 'Matrix dept chain', isActive: false, steps: step(m) } };
    },
    expect: DEPT,
  },
  { method: 'GET', path: `${P}/approver-candidates`, access: 'scholars.department-admin', request: () => ({}), expect: DEPT },
];
