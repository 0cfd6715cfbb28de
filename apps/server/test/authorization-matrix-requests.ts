/**
 * Authorization-matrix rows of the requests and workflows modules (spread into AUTHORIZATION_MATRIX).
 * The record used is a request of the demo student at Main Campus: the officer (Main Campus)
 * reaches it, the assistant (Main Campus, processRequests off) does not process requests at all,
 * the department user and the scholar may not even know it exists (404).
 */
import type { TMatrixRow, TRequest, TExpect } from './authorization-matrix.js';
import {
  buildPendingApproval,
  buildRequest,
  buildRequestType,
  buildTask,
  buildUserGroup,
  buildWorkflow,
  requestTypeIdOf,
  seededQuestionnaire,
} from './factories/index.js';
import type { TTestApp } from './app.js';

const staffOnly: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };
const requesters: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 200, scholar: 200, student: 200 };
const studentsRequest: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 404, scholar: 404, student: 200 };
const ownerOnly: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 404, scholar: 404, student: 200 };
const everyone: TExpect = { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 };
const none = (): TRequest => ({});
/** The demo student's draft of a type whose form is the demo seed's questionnaire. */
async function questionnaireDraft(t: TTestApp): Promise<{ requestId: string; questionnaireId: string }> {
  const questionnaireId = (await seededQuestionnaire(t)).id;
  const type = await buildRequestType(t, { questionnaireIds: [questionnaireId] });
  return { requestId: (await buildRequest(t, { requestTypeId: type.id })).id, questionnaireId };
}
let codeSeq = 0;
const typeBody = () => ({
  code: `matrix_${process.pid}_${Date.now().toString(36)}_${++codeSeq}`,
  name: 'Matrix type',
  starters: ['student'],
});
const wfBody = (m: { ids: Record<string, string> }) => ({
  name: 'Matrix workflow',
  eventCode: 'MATRIX',
  steps: [{ approverKind: 'user', approverUserId: m.ids.advisor }],
});

export const REQUEST_MATRIX_ROWS: TMatrixRow[] = [
  // request types (Request Configuration)
  { method: 'GET', path: '/api/request-types', access: 'requests.configure', request: none, expect: staffOnly },
  {
    method: 'GET',
    path: '/api/request-types/:requestTypeId',
    access: 'requests.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestTypeId: await requestTypeIdOf(m.t, 'cpt_request') } }),
    expect: staffOnly,
  },
  { method: 'POST', path: '/api/request-types', access: 'requests.configure', request: () => ({ body: typeBody() }), expect: staffOnly },
  {
    method: 'PUT',
    path: '/api/request-types/:requestTypeId',
    access: 'requests.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestTypeId: (await buildRequestType(m.t)).id }, body: typeBody() }),
    expect: staffOnly,
  },

  // requester side
  { method: 'GET', path: '/api/requests/startable-types', access: 'requests.create', request: none, expect: requesters },
  { method: 'GET', path: '/api/requests/advisors', access: 'requests.create', request: none, expect: requesters },
  { method: 'GET', path: '/api/requests/mine', access: 'requests.create', request: none, expect: requesters },
  {
    method: 'POST',
    path: '/api/requests',
    access: 'requests.create',
    request: async (m) => ({ body: { requestTypeId: await requestTypeIdOf(m.t, 'program_extension') } }),
    expect: requesters,
  },
  // (no foreignRecord: institution B's super user is refused by the function check first; requests.test.ts tries B's student)
  {
    method: 'POST',
    path: '/api/requests/:requestId/submit',
    // Staff pass the function check (the office's own student requests are theirs to submit) and are refused by the record's.
    access: 'requests.read',
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t)).id } }),
    expect: { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 404, scholar: 404, student: 200 },
  },
  {
    method: 'POST',
    path: '/api/requests/:requestId/cancel',
    access: 'requests.read',
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t)).id } }),
    expect: { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 404, scholar: 404, student: 200 },
  },

  // one request
  {
    method: 'GET',
    path: '/api/requests/:requestId',
    access: 'requests.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t, { status: 'submitted' })).id } }),
    expect: studentsRequest,
  },
  {
    method: 'PUT',
    path: '/api/requests/:requestId',
    access: 'requests.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t)).id }, body: { advisorUserId: m.ids.advisor } }),
    expect: studentsRequest,
  },
  {
    method: 'GET',
    path: '/api/requests/:requestId/questionnaires/:questionnaireId/answers',
    access: 'requests.read',
    foreignRecord: 404,
    request: async (m) => {
      const q = await questionnaireDraft(m.t);
      return { params: { requestId: q.requestId, questionnaireId: q.questionnaireId } };
    },
    expect: studentsRequest,
  },
  {
    method: 'PUT',
    path: '/api/requests/:requestId/questionnaires/:questionnaireId/answers',
    access: 'requests.read',
    foreignRecord: 404,
    request: async (m) => {
      const q = await questionnaireDraft(m.t);
      return {
        params: { requestId: q.requestId, questionnaireId: q.questionnaireId },
        body: { answers: {} },
      };
    },
    expect: ownerOnly,
  },
  {
    method: 'GET',
    path: '/api/requests/:requestId/custom-questions',
    access: 'requests.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t, { status: 'submitted' })).id } }),
    expect: studentsRequest,
  },
  {
    method: 'PUT',
    path: '/api/requests/:requestId/custom-questions',
    access: 'requests.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t)).id }, body: { answers: {} } }),
    expect: ownerOnly,
  },

  // staff processing
  { method: 'GET', path: '/api/requests', access: 'requests.process', request: none, expect: staffOnly },
  {
    method: 'POST',
    path: '/api/requests/mass-approve',
    access: 'requests.process',
    request: async (m) => ({ body: { requestIds: [(await buildRequest(m.t, { status: 'in_review' })).id] } }),
    expect: staffOnly,
  },
  {
    method: 'POST',
    path: '/api/requests/:requestId/transition',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({
      params: { requestId: (await buildRequest(m.t, { status: 'submitted' })).id },
      body: { action: 'start_review' },
    }),
    expect: staffOnly,
  },
  {
    method: 'POST',
    path: '/api/requests/:requestId/resend-approval-links',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildPendingApproval(m.t)).request.id } }),
    expect: staffOnly,
  },
  {
    method: 'GET',
    path: '/api/requests/:requestId/assignees',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t, { status: 'submitted' })).id } }),
    expect: staffOnly,
  },
  {
    method: 'POST',
    path: '/api/requests/:requestId/assign',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({
      params: { requestId: (await buildRequest(m.t, { status: 'submitted' })).id },
      body: { userId: m.ids.officer },
    }),
    expect: staffOnly,
  },
  {
    method: 'PUT',
    path: '/api/requests/:requestId/review-status',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t, { status: 'submitted' })).id }, body: { reviewStatus: 2 } }),
    expect: staffOnly,
  },
  {
    method: 'GET',
    path: '/api/requests/:requestId/tasks',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t, { status: 'submitted' })).id } }),
    expect: staffOnly,
  },
  {
    method: 'POST',
    path: '/api/requests/:requestId/tasks',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => ({
      params: { requestId: (await buildRequest(m.t, { status: 'submitted' })).id },
      body: { title: 'Call the student' },
    }),
    expect: staffOnly,
  },
  {
    method: 'PUT',
    path: '/api/requests/:requestId/tasks/:taskId',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => {
      const r = await buildRequest(m.t, { status: 'submitted' });
      return { params: { requestId: r.id, taskId: (await buildTask(m.t, r)).id }, body: { title: 'Check documents', isDone: true } };
    },
    expect: staffOnly,
  },
  {
    method: 'DELETE',
    path: '/api/requests/:requestId/tasks/:taskId',
    access: 'requests.process',
    foreignRecord: 404,
    request: async (m) => {
      const r = await buildRequest(m.t, { status: 'submitted' });
      return { params: { requestId: r.id, taskId: (await buildTask(m.t, r)).id } };
    },
    expect: staffOnly,
  },

  // approval workflows and user groups
  { method: 'GET', path: '/api/workflows', access: 'workflows.manage', request: none, expect: staffOnly },
  { method: 'POST', path: '/api/workflows', access: 'workflows.manage', request: (m) => ({ body: wfBody(m) }), expect: staffOnly },
  {
    method: 'PUT',
    path: '/api/workflows/:workflowId',
    access: 'workflows.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { workflowId: (await buildWorkflow(m.t)).id }, body: wfBody(m) }),
    expect: staffOnly,
  },
  {
    method: 'DELETE',
    path: '/api/workflows/:workflowId',
    access: 'workflows.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { workflowId: (await buildWorkflow(m.t)).id } }),
    expect: staffOnly,
  },
  {
    method: 'DELETE',
    path: '/api/user-groups/:groupId',
    access: 'workflows.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { groupId: (await buildUserGroup(m.t)).id } }),
    expect: staffOnly,
  },
  { method: 'GET', path: '/api/workflows/approver-candidates', access: 'workflows.manage', request: none, expect: staffOnly },
  { method: 'GET', path: '/api/user-groups', access: 'workflows.manage', request: none, expect: staffOnly },
  {
    method: 'POST',
    path: '/api/user-groups',
    access: 'workflows.manage',
    request: (m) => ({ body: { name: 'Deans', memberIds: [m.ids.advisor] } }),
    expect: staffOnly,
  },
  {
    method: 'PUT',
    path: '/api/user-groups/:groupId',
    access: 'workflows.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { groupId: (await buildUserGroup(m.t)).id }, body: { name: 'HR', memberIds: [m.ids.admin] } }),
    expect: staffOnly,
  },

  // approvals: by link (public, explicit POST) and by signed-in approvers
  {
    method: 'POST',
    path: '/api/approvals/inspect',
    access: 'public',
    request: async (m) => ({ body: { token: (await buildPendingApproval(m.t)).token } }),
    expect: everyone,
  },
  {
    method: 'POST',
    path: '/api/approvals/decide',
    access: 'public',
    request: async (m) => ({ body: { token: (await buildPendingApproval(m.t)).token, decision: 'approve', comment: 'Fine' } }),
    expect: everyone,
  },
  {
    method: 'GET',
    path: '/api/approvals/mine',
    access: 'authenticated',
    request: none,
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  // The approval belongs to the super user: anybody else does not find it.
  {
    method: 'POST',
    path: '/api/approvals/:approvalId/decide',
    access: 'authenticated',
    foreignRecord: 404,
    request: async (m) => ({
      params: { approvalId: (await buildPendingApproval(m.t, { approver: 'admin' })).approvalId },
      body: { decision: 'approve' },
    }),
    expect: { anonymous: 401, admin: 200, officer: 404, assistant: 404, dept: 404, scholar: 404, student: 404 },
  },
];
