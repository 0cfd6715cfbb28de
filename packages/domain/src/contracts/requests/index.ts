import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import { defineRoute, ZCursorPage, ZCursorQuery, ZOk, ZPageQuery } from '../define.js';
import { REQUEST_ACTIONS, REQUEST_STATUSES, type TRequestAction } from './workflow.js';
import { ZApproverCheck } from './decisions.js';
import { ZAnswers, ZQuestionnaireForAnswering } from '../forms/types.js';
import { ZCustomQuestionsForAnswering } from '../forms/index.js';

export * from './workflow.js';
export * from './decisions.js';
export * from './assignment.js';

// ---------- request types (Request Configuration) ----------
export const VISA_SCOPES = ['F-1', 'J-1', 'Both', 'All'] as const;
export const STARTERS = ['student', 'scholar', 'department', 'staff'] as const;
export type TStarter = (typeof STARTERS)[number];

export const ZRequestType = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  visaScope: z.enum(VISA_SCOPES),
  starters: z.array(z.enum(STARTERS)),
  questionnaireIds: z.array(z.uuid()),
  customQuestionIds: z.array(z.uuid()),
  documentIds: z.array(z.uuid()),
  workflowId: z.uuid().nullable(),
  isEnabled: z.boolean(),
  updatedAt: z.string(),
});
export type TRequestType = z.infer<typeof ZRequestType>;

export const ZRequestTypeInput = z.object({
  code: z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(60, MSG.invalidLength)
    .regex(/^[a-z0-9_]+$/, 'Use lower-case letters, digits and _ only'),
  name: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
  description: z.string().trim().max(2000, MSG.invalidLength).default(''),
  visaScope: z.enum(VISA_SCOPES).default('All'),
  starters: z.array(z.enum(STARTERS)).max(4).default([]),
  questionnaireIds: z.array(z.uuid()).max(50).default([]),
  customQuestionIds: z.array(z.uuid()).max(200).default([]),
  documentIds: z.array(z.uuid()).max(100).default([]),
  workflowId: z.uuid().nullable().default(null),
  isEnabled: z.boolean().default(true),
});
export type TRequestTypeInput = z.input<typeof ZRequestTypeInput>;

export const ZRequestTypeIdParams = z.object({ requestTypeId: z.uuid({ error: MSG.notFound }) });
export const ZListRequestTypesQuery = z.object({
  q: z.string().trim().max(100).optional(),
  enabled: z.enum(['all', 'enabled', 'disabled']).default('all'),
});

// ---------- requests ----------
export const ZRequestStatus = z.enum(REQUEST_STATUSES);
export const ZRequestAction = z.enum(REQUEST_ACTIONS);

export const ZPersonRef = z.object({ userId: z.uuid(), name: z.string(), email: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

/**
 * The case another module keeps for a request (a scholar case for a sponsorship request or a scholar's
 * application): lists show where the case stands in the case's own words and open the case.
 */
export const ZRequestCase = z.object({
  scholarApplicationId: z.uuid(),
  /** Which of the case's vocabularies its status is in (catalog/statuses.ts). */
  vocabulary: z.enum(['sponsorship', 'scholarApplication']),
  status: z.string(),
});
export type TRequestCase = z.infer<typeof ZRequestCase>;

export const ZRequestSummary = z.object({
  id: z.uuid(),
  number: z.number().int(),
  typeCode: z.string(),
  typeName: z.string(),
  status: ZRequestStatus,
  reviewStatus: z.number().int().min(0).max(4),
  /**
   * The person the request is about (docs/product/requests.md#who-a-request-is-about): the student or
   * scholar it concerns, else its requester (a department's own request). Lists name this person.
   */
  subjectName: z.string(),
  subjectEmail: z.string(),
  /** Who asked: often the same person; for a scholar case the department user or the office. */
  requesterName: z.string(),
  requesterEmail: z.string(),
  case: ZRequestCase.nullable(),
  assignedTo: ZPersonRef.nullable(),
  isLocked: z.boolean(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TRequestSummary = z.infer<typeof ZRequestSummary>;

export const ZRequestTask = z.object({
  id: z.uuid(),
  title: z.string(),
  isDone: z.boolean(),
  dueDate: z.string().nullable(),
  assignedTo: ZPersonRef.nullable(),
  createdAt: z.string(),
});
export type TRequestTask = z.infer<typeof ZRequestTask>;

export const ZRequestDetail = ZRequestSummary.extend({
  requestTypeId: z.uuid(),
  requester: ZPersonRef,
  advisor: ZPersonRef.nullable(),
  campusSiteId: z.number().int().nullable(),
  campusSiteName: z.string().nullable(),
  departmentName: z.string().nullable(),
  statusMessage: z.string(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  questionnaireIds: z.array(z.uuid()),
  documentIds: z.array(z.uuid()),
  /** What the caller may do now (from the state machine and their reach). */
  allowedActions: z.array(ZRequestAction),
  /** Whether approvers must decide before the office approves (an override with a reason otherwise). */
  approverCheck: ZApproverCheck,
  canEdit: z.boolean(),
  canProcess: z.boolean(),
  approvals: z.array(
    z.object({
      id: z.uuid(),
      ordinal: z.number().int(),
      approverName: z.string(),
      status: z.string(),
      comment: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  /** The student record a student request is about (null for scholar and department requests). */
  profileId: z.uuid().nullable(),
  /** The type's own fields (student request forms: rules/student-request-fields.ts), dates ISO. */
  data: z.record(z.string(), z.unknown()),
  /**
   * What a field's value means where only the record knows it, by field name, as the module that owns the
   * request says (a Dependent Information Update's dependent: its name and SEVIS ID). Absent: nothing to say.
   */
  dataLabels: z.record(z.string(), z.string()).optional(),
});
export type TRequestDetail = z.infer<typeof ZRequestDetail>;

export const ZRequestIdParams = z.object({ requestId: z.uuid({ error: MSG.notFound }) });

export const REQUEST_SORTS = ['number', 'type', 'requester', 'status', 'submittedAt', 'updatedAt'] as const;
const ZDateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);
/**
 * Which of the office's lists (docs/decisions/032-lists-say-who-and-one-status-vocabulary.md): the Student
 * Request List holds requests about a student record; the scholar area's Requests the others, except the
 * scholar cases, which are worked on the Scholar Dashboard. Without it, every request the caller reaches.
 */
export const REQUEST_LIST_AREAS = ['student', 'scholar'] as const;
export const ZListRequestsQuery = ZPageQuery.extend(ZCursorQuery.shape).extend({
  area: z.enum(REQUEST_LIST_AREAS, { error: MSG.invalidValue }).optional(),
  status: z
    .string()
    .max(400)
    .optional()
    .transform((s, c) => {
      if (!s) return [] as (typeof REQUEST_STATUSES)[number][];
      const parts = s.split(',').filter(Boolean);
      for (const p of parts)
        if (!(REQUEST_STATUSES as readonly string[]).includes(p)) {
          c.addIssue({ code: 'custom', message: MSG.invalidValue });
          return z.NEVER;
        }
      return parts as (typeof REQUEST_STATUSES)[number][];
    }),
  type: z.string().max(60).optional(),
  assigned: z.enum(['anyone', 'me', 'unassigned']).default('anyone'),
  reviewStatus: z.coerce.number().int().min(0).max(4).optional(),
  q: z.string().trim().max(100).optional(),
  from: ZDateParam.optional(),
  to: ZDateParam.optional(),
  sort: z.enum(REQUEST_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TListRequestsQuery = z.input<typeof ZListRequestsQuery>;

export const ZCreateRequestInput = z.object({
  requestTypeId: z.uuid({ error: MSG.required }),
  advisorUserId: z.uuid().nullable().optional(),
});
export const ZUpdateRequestInput = z.object({ advisorUserId: z.uuid().nullable() });
export const ZTransitionInput = z.object({
  action: ZRequestAction,
  /** The clarification question, the rejection reason, or an optional comment on another decision. */
  message: z.string().trim().max(2000, MSG.invalidLength).default(''),
  /** Approving before the approvers have: the reason, kept in the request's history (empty: no override). */
  overrideReason: z.string().trim().max(2000, MSG.invalidLength).default(''),
});
export type TTransitionInput = z.input<typeof ZTransitionInput>;
export const ZAssignInput = z.object({ userId: z.uuid().nullable() });
export const ZReviewStatusInput = z.object({ reviewStatus: z.number().int().min(0).max(4) });
export const ZTaskInput = z.object({
  title: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  isDone: z.boolean().default(false),
  dueDate: ZDateParam.nullable().default(null),
  assignedToUserId: z.uuid().nullable().default(null),
});
export type TTaskInput = z.input<typeof ZTaskInput>;
export const ZTaskParams = ZRequestIdParams.extend({ taskId: z.uuid({ error: MSG.notFound }) });
export const ZMassApproveInput = z.object({ requestIds: z.array(z.uuid()).min(1, MSG.required).max(200) });
export const ZMassApproveOutput = z.object({
  results: z.array(z.object({ requestId: z.uuid(), ok: z.boolean(), number: z.number().int().nullable(), message: z.string() })),
});
export const ZQuestionnaireParams = ZRequestIdParams.extend({ questionnaireId: z.uuid({ error: MSG.notFound }) });

/** The requester's side: a type they may start. */
export const ZStartableType = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  visaScope: z.enum(VISA_SCOPES),
});

export const ZAdvisorOption = z.object({ userId: z.uuid(), name: z.string(), email: z.string() });

const T = ['requests'];

export const listRequestTypes = defineRoute({
  method: 'GET',
  path: '/api/request-types',
  access: 'requests.configure',
  tags: T,
  summary: 'Request Configuration: every request type of the institution',
  query: ZListRequestTypesQuery,
  response: z.array(ZRequestType),
});
export const getRequestType = defineRoute({
  method: 'GET',
  path: '/api/request-types/:requestTypeId',
  access: 'requests.configure',
  tags: T,
  summary: 'One request type',
  params: ZRequestTypeIdParams,
  response: ZRequestType,
});
export const createRequestType = defineRoute({
  method: 'POST',
  path: '/api/request-types',
  access: 'requests.configure',
  tags: T,
  summary: 'Create a request type',
  body: ZRequestTypeInput,
  response: ZRequestType,
});
export const updateRequestType = defineRoute({
  method: 'PUT',
  path: '/api/request-types/:requestTypeId',
  access: 'requests.configure',
  tags: T,
  summary: 'Edit a request type (also enables or disables it)',
  params: ZRequestTypeIdParams,
  body: ZRequestTypeInput,
  response: ZRequestType,
});
export const listStartableTypes = defineRoute({
  method: 'GET',
  path: '/api/requests/startable-types',
  access: 'requests.create',
  tags: T,
  summary: 'Enabled request types the caller may start',
  response: z.array(ZStartableType),
});
export const listAdvisors = defineRoute({
  method: 'GET',
  path: '/api/requests/advisors',
  access: 'requests.create',
  tags: T,
  summary: 'Faculty advisors a requester may name',
  response: z.array(ZAdvisorOption),
});
export const listMyRequests = defineRoute({
  method: 'GET',
  path: '/api/requests/mine',
  access: 'requests.create',
  tags: T,
  summary: "The caller's own requests, newest first",
  response: z.array(ZRequestSummary),
});
export const listRequests = defineRoute({
  method: 'GET',
  path: '/api/requests',
  access: 'requests.process',
  tags: T,
  summary: 'Staff request list: only requests the caller reaches; filtered, sorted and paged on the server',
  query: ZListRequestsQuery,
  response: ZCursorPage(ZRequestSummary),
});
export const createRequest = defineRoute({
  method: 'POST',
  path: '/api/requests',
  access: 'requests.create',
  tags: T,
  summary: 'Start a draft request of an enabled type the caller may start',
  body: ZCreateRequestInput,
  response: ZRequestDetail,
});
export const getRequest = defineRoute({
  method: 'GET',
  path: '/api/requests/:requestId',
  access: 'requests.read',
  tags: T,
  summary: 'One request, with the actions the caller may take',
  params: ZRequestIdParams,
  response: ZRequestDetail,
});
export const updateRequest = defineRoute({
  method: 'PUT',
  path: '/api/requests/:requestId',
  access: 'requests.read',
  tags: T,
  summary: 'Change a draft (the faculty advisor named)',
  params: ZRequestIdParams,
  body: ZUpdateRequestInput,
  response: ZRequestDetail,
});
export const getRequestAnswers = defineRoute({
  method: 'GET',
  path: '/api/requests/:requestId/questionnaires/:questionnaireId/answers',
  access: 'requests.read',
  tags: T,
  summary: 'A questionnaire of the request with its answers',
  params: ZQuestionnaireParams,
  response: ZQuestionnaireForAnswering,
});
export const saveRequestAnswers = defineRoute({
  method: 'PUT',
  path: '/api/requests/:requestId/questionnaires/:questionnaireId/answers',
  access: 'requests.read',
  tags: T,
  summary: 'Save draft answers (no completeness check)',
  params: ZQuestionnaireParams,
  body: z.object({ answers: ZAnswers }),
  response: ZQuestionnaireForAnswering,
});
export const getRequestCustomQuestions = defineRoute({
  method: 'GET',
  path: '/api/requests/:requestId/custom-questions',
  access: 'requests.read',
  tags: T,
  summary: "The request type's custom questions (hidden, inactive and deleted ones left out) with the saved answers",
  params: ZRequestIdParams,
  response: ZCustomQuestionsForAnswering,
});
export const saveRequestCustomQuestions = defineRoute({
  method: 'PUT',
  path: '/api/requests/:requestId/custom-questions',
  access: 'requests.read',
  tags: T,
  summary: 'Save draft answers to the custom questions (no completeness check); keyed by question id',
  params: ZRequestIdParams,
  body: z.object({ answers: ZAnswers }),
  response: ZCustomQuestionsForAnswering,
});
// Submitting and cancelling are the requester's, decided per request (request.policy.ts): the office's own student
// requests (a termination) have a staff member as requester (docs/product/students-requests.md#the-offices-own-requests).
export const submitRequest = defineRoute({
  method: 'POST',
  path: '/api/requests/:requestId/submit',
  access: 'requests.read',
  tags: T,
  summary: 'Submit (or resubmit after clarification); completeness is checked first',
  params: ZRequestIdParams,
  response: ZRequestDetail,
});
export const cancelRequest = defineRoute({
  method: 'POST',
  path: '/api/requests/:requestId/cancel',
  access: 'requests.read',
  tags: T,
  summary: 'Cancel (dismiss) your own draft',
  params: ZRequestIdParams,
  response: ZRequestDetail,
});
export const transitionRequest = defineRoute({
  method: 'POST',
  path: '/api/requests/:requestId/transition',
  access: 'requests.process',
  tags: T,
  summary: 'Staff action on a request (start review, clarification, approver review, approve, ...)',
  params: ZRequestIdParams,
  body: ZTransitionInput,
  response: ZRequestDetail,
});
export const listAssignees = defineRoute({
  method: 'GET',
  path: '/api/requests/:requestId/assignees',
  access: 'requests.process',
  tags: T,
  summary: 'Staff who may be assigned this request (they reach its campus site)',
  params: ZRequestIdParams,
  response: z.array(ZPersonRef),
});
export const assignRequest = defineRoute({
  method: 'POST',
  path: '/api/requests/:requestId/assign',
  access: 'requests.process',
  tags: T,
  summary: 'Assign, reassign or unassign the request',
  params: ZRequestIdParams,
  body: ZAssignInput,
  response: ZRequestDetail,
});
export const setReviewStatus = defineRoute({
  method: 'PUT',
  path: '/api/requests/:requestId/review-status',
  access: 'requests.process',
  tags: T,
  summary: 'Set the review status (0–4)',
  params: ZRequestIdParams,
  body: ZReviewStatusInput,
  response: ZRequestDetail,
});
export const listTasks = defineRoute({
  method: 'GET',
  path: '/api/requests/:requestId/tasks',
  access: 'requests.process',
  tags: T,
  summary: 'Tasks of a request',
  params: ZRequestIdParams,
  response: z.array(ZRequestTask),
});
export const createTask = defineRoute({
  method: 'POST',
  path: '/api/requests/:requestId/tasks',
  access: 'requests.process',
  tags: T,
  summary: 'Add a task',
  params: ZRequestIdParams,
  body: ZTaskInput,
  response: ZRequestTask,
});
export const updateTask = defineRoute({
  method: 'PUT',
  path: '/api/requests/:requestId/tasks/:taskId',
  access: 'requests.process',
  tags: T,
  summary: 'Change a task (title, done, due date, assignee)',
  params: ZTaskParams,
  body: ZTaskInput,
  response: ZRequestTask,
});
export const deleteTask = defineRoute({
  method: 'DELETE',
  path: '/api/requests/:requestId/tasks/:taskId',
  access: 'requests.process',
  tags: T,
  summary: 'Delete a task',
  params: ZTaskParams,
  response: ZOk,
});
export const resendApprovalLinks = defineRoute({
  method: 'POST',
  path: '/api/requests/:requestId/resend-approval-links',
  access: 'requests.process',
  tags: T,
  summary: 'E-mail fresh links to the approvers whose decision is pending (earlier links stop working)',
  params: ZRequestIdParams,
  response: z.object({ sent: z.number().int() }),
});
export const massApprove = defineRoute({
  method: 'POST',
  path: '/api/requests/mass-approve',
  access: 'requests.process',
  tags: T,
  summary: 'Approve many requests; each is checked and moved on its own; the answer says which succeeded',
  body: ZMassApproveInput,
  response: ZMassApproveOutput,
});

export type { TRequestAction };
