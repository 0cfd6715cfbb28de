import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZOk } from '../define.js';
import { ZQuestionnaireForAnswering } from '../forms/types.js';

export const APPROVER_KINDS = ['user', 'group', 'faculty_advisor'] as const;
export const APPROVER_KIND_LABELS: Record<(typeof APPROVER_KINDS)[number], string> = {
  user: 'A person',
  group: 'A user group',
  faculty_advisor: 'The faculty advisor named on the request',
};

/**
 * Who may approve (docs/product/workflows.md#who-may-approve): office staff, department users and
 * admins, and faculty advisors, active and of the institution. Never a student or a scholar: an
 * approval speaks for the school about someone's request, and students and scholars are its subjects.
 */
export const APPROVER_ROLES = ['isssAdmin', 'department', 'advisor'] as const;
export type TApproverRole = (typeof APPROVER_ROLES)[number];
export const isApproverRole = (role: string): role is TApproverRole => (APPROVER_ROLES as readonly string[]).includes(role);

/** The approver fields' messages (ours: docs/product/workflows.md#who-may-approve), the same in browser and server. */
export const WORKFLOW_MSG = {
  checkApprovers: 'Please check the approvers.',
  choosePerson: 'Choose a person.',
  chooseGroup: 'Choose a user group.',
  notApprover: 'Students and scholars cannot approve. Choose office staff, a department user or a faculty advisor.',
  inactiveApprover: 'This person can no longer sign in. Choose an active person.',
  groupNotApprovers: 'This group has students or scholars among its members, who cannot approve. Change its members first.',
  chooseMembers: 'Choose members from the list.',
  membersNotApprovers: 'Students and scholars cannot approve. Choose office staff, department users or faculty advisors.',
} as const;

export const ZWorkflowStep = z.object({
  approverKind: z.enum(APPROVER_KINDS),
  approverUserId: z.uuid().nullable().default(null),
  approverGroupId: z.uuid().nullable().default(null),
  label: z.string().trim().max(120, MSG.invalidLength).default(''),
});
export const ZWorkflow = z.object({
  id: z.uuid(),
  name: z.string(),
  eventCode: z.string(),
  isActive: z.boolean(),
  steps: z.array(ZWorkflowStep.extend({ id: z.uuid(), ordinal: z.number().int(), approverName: z.string() })),
  updatedAt: z.string(),
});
export type TWorkflow = z.infer<typeof ZWorkflow>;
export const ZWorkflowInput = z.object({
  name: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
  eventCode: z.string().trim().min(1, MSG.required).max(60, MSG.invalidLength),
  isActive: z.boolean().default(true),
  steps: z.array(ZWorkflowStep).min(1, 'Add at least one approver.').max(10),
});
export type TWorkflowInput = z.input<typeof ZWorkflowInput>;
export const ZWorkflowIdParams = z.object({ workflowId: z.uuid({ error: MSG.notFound }) });

export const ZUserGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  members: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string() })),
});
export type TUserGroup = z.infer<typeof ZUserGroup>;
export const ZUserGroupInput = z.object({
  name: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
  memberIds: z.array(z.uuid()).max(100).default([]),
});
export const ZGroupIdParams = z.object({ groupId: z.uuid({ error: MSG.notFound }) });
export const ZApproverCandidate = z.object({ userId: z.uuid(), name: z.string(), email: z.string(), role: z.string() });

// ---------- approvals ----------
export const ZApprovalTokenInput = z.object({ token: z.string().min(10).max(200) });
export const ZApprovalSummary = z.object({
  approvalId: z.uuid(),
  requestNumber: z.number().int(),
  typeName: z.string(),
  /** Who the request is about (the student or scholar), which an approver decides on; else its requester. */
  subjectName: z.string(),
  requesterName: z.string(),
  submittedAt: z.string().nullable(),
  stepOrdinal: z.number().int(),
  stepCount: z.number().int(),
  approverName: z.string(),
  status: z.string(),
  /** Read-only questionnaire answers, as the forms module presents them. */
  answers: z.array(ZQuestionnaireForAnswering),
  /** The request type's code, and for a student request with a form of its own (CPT, OPT, ...) what the student filled in. */
  typeCode: z.string().default(''),
  data: z.record(z.string(), z.unknown()).nullable().default(null),
});
export type TApprovalSummary = z.infer<typeof ZApprovalSummary>;
export const ZDecisionInput = z.object({
  decision: z.enum(['approve', 'reject']),
  comment: z.string().trim().max(2000, MSG.invalidLength).default(''),
});
export const ZDecideByTokenInput = ZApprovalTokenInput.extend(ZDecisionInput.shape);
export const ZDecisionOutput = z.object({ outcome: z.enum(['approved', 'rejected']), message: z.string() });
export const ZApprovalIdParams = z.object({ approvalId: z.uuid({ error: MSG.notFound }) });

const T = ['workflows'];
export const listWorkflows = defineRoute({
  method: 'GET',
  path: '/api/workflows',
  access: 'workflows.manage',
  tags: T,
  summary: 'Approval workflows',
  response: z.array(ZWorkflow),
});
export const createWorkflow = defineRoute({
  method: 'POST',
  path: '/api/workflows',
  access: 'workflows.manage',
  tags: T,
  summary: 'Create an approval workflow',
  body: ZWorkflowInput,
  response: ZWorkflow,
});
export const updateWorkflow = defineRoute({
  method: 'PUT',
  path: '/api/workflows/:workflowId',
  access: 'workflows.manage',
  tags: T,
  summary: 'Change a workflow and its ordered steps (approvals already started keep theirs)',
  params: ZWorkflowIdParams,
  body: ZWorkflowInput,
  response: ZWorkflow,
});
export const listUserGroups = defineRoute({
  method: 'GET',
  path: '/api/user-groups',
  access: 'workflows.manage',
  tags: T,
  summary: 'User groups of approvers',
  response: z.array(ZUserGroup),
});
export const createUserGroup = defineRoute({
  method: 'POST',
  path: '/api/user-groups',
  access: 'workflows.manage',
  tags: T,
  summary: 'Create a user group',
  body: ZUserGroupInput,
  response: ZUserGroup,
});
export const updateUserGroup = defineRoute({
  method: 'PUT',
  path: '/api/user-groups/:groupId',
  access: 'workflows.manage',
  tags: T,
  summary: 'Rename a group or change its members',
  params: ZGroupIdParams,
  body: ZUserGroupInput,
  response: ZUserGroup,
});
export const deleteWorkflow = defineRoute({
  method: 'DELETE',
  path: '/api/workflows/:workflowId',
  access: 'workflows.manage',
  tags: T,
  summary: 'Delete a workflow no request type uses and no request is in approver review with',
  params: ZWorkflowIdParams,
  response: ZOk,
});
export const deleteUserGroup = defineRoute({
  method: 'DELETE',
  path: '/api/user-groups/:groupId',
  access: 'workflows.manage',
  tags: T,
  summary: 'Delete a user group no workflow step names',
  params: ZGroupIdParams,
  response: ZOk,
});
export const listApproverCandidates = defineRoute({
  method: 'GET',
  path: '/api/workflows/approver-candidates',
  access: 'workflows.manage',
  tags: T,
  summary: 'People who may be named as approvers',
  response: z.array(ZApproverCandidate),
});
export const inspectApproval = defineRoute({
  method: 'POST',
  path: '/api/approvals/inspect',
  access: 'public',
  tags: T,
  summary: 'What an approval link is about (changes nothing: mail scanners open links)',
  body: ZApprovalTokenInput,
  response: ZApprovalSummary,
});
export const decideByToken = defineRoute({
  method: 'POST',
  path: '/api/approvals/decide',
  access: 'public',
  tags: T,
  summary: 'Approve or reject through a single-use approval link',
  body: ZDecideByTokenInput,
  response: ZDecisionOutput,
});
export const listMyApprovals = defineRoute({
  method: 'GET',
  path: '/api/approvals/mine',
  access: 'authenticated',
  tags: T,
  summary: 'Approvals waiting for the signed-in user',
  response: z.array(ZApprovalSummary),
});
export const decideApproval = defineRoute({
  method: 'POST',
  path: '/api/approvals/:approvalId/decide',
  access: 'authenticated',
  tags: T,
  summary: 'Approve or reject one of your pending approvals',
  params: ZApprovalIdParams,
  body: ZDecisionInput,
  response: ZDecisionOutput,
});
export { ZOk };
