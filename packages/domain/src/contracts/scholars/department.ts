// Scholars module contracts: the department slice (docs/product/scholars-department.md). The department
// portal: the department's dashboard, sponsorship requests (draft, invite, send for approval), the
// department's view of a case, Departmental Configurations and the department's own approval workflows.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import { PROCESSED_STATE_LABELS, PROPOSED_STATUSES, type TSponsorshipState } from '../../catalog/scholars.js';
import { scholarPhaseLabel, scholarStatusLabel, SPONSORSHIP_STATE_LABELS } from '../../catalog/statuses.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';
import { ZWorkflow, ZWorkflowStep } from '../workflows/index.js';

const T = ['scholars'];

/** Messages of the department slice, shared by the browser and the server (docs/product/scholars-department.md#sponsorship-request). */
export const DEPT_MSG = {
  hiringAuthorityRequired: 'Saving a scholar needs a hiring authority name.',
  endAfterStart: 'The proposed end date must be after the proposed start date.',
  duplicateEmail: 'A scholar with this e-mail address already exists in your institution.',
  emailTakenByUser: 'This e-mail address already belongs to another portal account. Use the scholar’s own e-mail address.',
  alreadySetUp:
    'This scholar has already set a password; no invitation is needed (they can use "Forgot your password?" on the login page).',
  noDepartment: 'Your account is not linked to a department. Please ask the international office to link it.',
  notEditable: 'This sponsorship request cannot be changed now: it is with the approvers or the office.',
  staleVersion:
    'Someone else changed this sponsorship request after you opened it. Reload the page to see their changes, then make yours again.',
  workflowInactive: 'The approval workflow chosen in Departmental Configurations is inactive. Activate it, or choose another.',
  advisorStepNotAllowed: 'A sponsorship request names no faculty advisor: choose a person or a user group.',
  approverNotInDepartment: 'Choose a person of your department or a faculty member from the list.',
  groupNotInDepartment: 'Choose one of the user groups offered in the list.',
  onePrimary: 'Only one can be primary.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIsoDate = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);
const ZName = z.string({ error: MSG.required }).trim().min(1, MSG.required).max(60, MSG.invalidLength);
const ZEmail = z.string({ error: MSG.required }).trim().min(1, MSG.required).max(65, MSG.invalidLength).regex(EMAIL, MSG.invalidEmail);
const ZOptionalEmail = z
  .string()
  .trim()
  .max(65, MSG.invalidLength)
  .refine((s) => s === '' || EMAIL.test(s), MSG.invalidEmail)
  .default('');

/** A sponsorship request as the department writes it (the department is the user's own). */
export const ZSponsorshipFields = z.object({
  firstName: ZName,
  lastName: ZName,
  email: ZEmail,
  proposedStatus: z.enum(PROPOSED_STATUSES, { error: MSG.required }),
  proposedStartDate: ZIsoDate,
  proposedEndDate: ZIsoDate,
  position: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(120, MSG.invalidLength),
  hiringAuthorityName: z
    .string({ error: DEPT_MSG.hiringAuthorityRequired })
    .trim()
    .min(1, DEPT_MSG.hiringAuthorityRequired)
    .max(120, MSG.invalidLength),
  hiringAuthorityEmail: ZOptionalEmail,
});
const endAfterStart = (v: { proposedStartDate: string; proposedEndDate: string }) =>
  !/^\d{4}-\d{2}-\d{2}$/.test(v.proposedStartDate) ||
  !/^\d{4}-\d{2}-\d{2}$/.test(v.proposedEndDate) ||
  v.proposedEndDate > v.proposedStartDate;
export const ZSponsorshipInput = ZSponsorshipFields.refine(endAfterStart, { path: ['proposedEndDate'], message: DEPT_MSG.endAfterStart });
export type TSponsorshipInput = z.input<typeof ZSponsorshipInput>;
export const ZSponsorshipUpdateInput = ZSponsorshipFields.extend({ version: z.number().int().min(1) }).refine(endAfterStart, {
  path: ['proposedEndDate'],
  message: DEPT_MSG.endAfterStart,
});
export type TSponsorshipUpdateInput = z.input<typeof ZSponsorshipUpdateInput>;

/** Dashboard tabs of the department: by where the sponsorship request stands. */
export const DEPT_CASE_TABS = [
  { key: 'all', label: 'All' },
  // Each tab is named with its state's one label, as the chips in it read.
  { key: 'draft', label: SPONSORSHIP_STATE_LABELS.draft },
  { key: 'pending_approval', label: SPONSORSHIP_STATE_LABELS.pending_approval },
  { key: 'rejected', label: SPONSORSHIP_STATE_LABELS.rejected },
  { key: 'submitted', label: SPONSORSHIP_STATE_LABELS.submitted },
  { key: 'processed', label: SPONSORSHIP_STATE_LABELS.processed },
  { key: 'ineligible', label: SPONSORSHIP_STATE_LABELS.ineligible },
] as const;
export type TDeptCaseTab = (typeof DEPT_CASE_TABS)[number]['key'];
export const ZDeptCaseTab = z.enum(DEPT_CASE_TABS.map((t) => t.key) as [TDeptCaseTab, ...TDeptCaseTab[]]);

// The words of the sponsorship states, phases and statuses are the case's one vocabulary (catalog/statuses.ts).
export { SPONSORSHIP_STATE_LABELS };

/** Where a case stands, in words: the sponsorship state, then the office's phase and status once processed. */
export function caseStatusInWords(c: { sponsorshipState: string; processedState: string; phase: string; status: string }): string {
  const state = (w: TSponsorshipState, why: string) => `${SPONSORSHIP_STATE_LABELS[w]}: ${why}`;
  switch (c.sponsorshipState) {
    case 'draft':
      return state('draft', 'not yet sent');
    case 'pending_approval':
      return state('pending_approval', 'in your department');
    case 'rejected':
      return state('rejected', 'edit it and send it again');
    case 'submitted':
      return state('submitted', 'not yet processed');
    case 'ineligible':
      return state('ineligible', 'closed by the international office');
    case 'processed':
      return `${PROCESSED_STATE_LABELS[c.processedState] ?? c.processedState}: ${scholarPhaseLabel(c.phase)}, ${scholarStatusLabel(c.status)}`;
    default:
      return c.sponsorshipState;
  }
}
export { scholarPhaseLabel, scholarStatusLabel };

export const ZDeptCaseSummary = z.object({
  applicationId: z.uuid(),
  scholarId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  proposedStatus: z.string(),
  proposedStartDate: z.string().nullable(),
  proposedEndDate: z.string().nullable(),
  position: z.string(),
  sponsorshipState: z.string(),
  processedState: z.string(),
  phase: z.string(),
  status: z.string(),
  /** caseStatusInWords, said by the server. */
  statusText: z.string(),
  isInvited: z.boolean(),
  /** The scholar has set a password (invitations are no longer needed). */
  hasAccount: z.boolean(),
  updatedAt: z.string(),
});
export type TDeptCaseSummary = z.infer<typeof ZDeptCaseSummary>;

export const DEPT_CASE_SORTS = ['name', 'proposedStartDate', 'updatedAt', 'state'] as const;
export const ZListDeptCasesQuery = ZPageQuery.extend({
  tab: ZDeptCaseTab.default('all'),
  q: z.string().trim().max(100).optional(),
  /** One scholar's cases (a notification names the scholar). */
  scholarId: z.uuid().optional(),
  sort: z.enum(DEPT_CASE_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TListDeptCasesQuery = z.input<typeof ZListDeptCasesQuery>;
export const ZDeptCasePage = ZPage(ZDeptCaseSummary).extend({ counts: z.record(z.string(), z.number().int()) });

export const ZStatusHistoryEntry = z.object({
  id: z.uuid(),
  phase: z.string(),
  phaseLabel: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  /** When it happened, as the office gave it (a date). */
  changeDate: z.string(),
  /** When the office recorded it (an instant, shown at the office's clock). */
  recordedAt: z.string(),
  referenceNumber: z.string(),
  changeReason: z.string(),
});
export const ZApprovalStep = z.object({
  ordinal: z.number().int(),
  approverName: z.string(),
  status: z.string(),
  comment: z.string(),
  decidedAt: z.string().nullable(),
});

/** The department's view of one case. */
export const ZDeptCase = ZDeptCaseSummary.extend({
  departmentName: z.string(),
  hiringAuthorityName: z.string(),
  hiringAuthorityEmail: z.string(),
  sponsorshipRequestId: z.uuid().nullable(),
  requestNumber: z.number().int().nullable(),
  /** The last approver's reason when sponsorshipState is rejected. */
  rejectionReason: z.string(),
  /** The department's sponsorship workflow, if any (sending goes through it). */
  workflowName: z.string().nullable(),
  approvals: z.array(ZApprovalStep),
  statusHistory: z.array(ZStatusHistoryEntry),
  /** The office's H-1B or O-1 information: only when the account settings show it to departments. */
  officeInformation: z.object({ kind: z.enum(['H-1B', 'O-1']), data: z.record(z.string(), z.unknown()) }).nullable(),
  version: z.number().int(),
  canEdit: z.boolean(),
  canSend: z.boolean(),
  canInvite: z.boolean(),
});
export type TDeptCase = z.infer<typeof ZDeptCase>;

export const ZCaseEvent = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  details: z.array(z.string()),
});
export type TCaseEvent = z.infer<typeof ZCaseEvent>;

/** What a scholar sees of their own sponsorship request before the office processes it. */
export const ZMySponsorshipRequest = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  departmentName: z.string(),
  proposedStatus: z.string(),
  proposedStartDate: z.string().nullable(),
  proposedEndDate: z.string().nullable(),
  position: z.string(),
  hiringAuthorityName: z.string(),
  sponsorshipState: z.string(),
  processedState: z.string(),
  statusText: z.string(),
  isProcessed: z.boolean(),
});
export type TMySponsorshipRequest = z.infer<typeof ZMySponsorshipRequest>;

// ---------- Departmental Configurations ----------
const ZPhone = z
  .string()
  .trim()
  .max(20, MSG.invalidLength)
  .refine((s) => s === '' || /^[0-9()+\-. ]{7,20}$/.test(s), MSG.invalidPhone)
  .default('');
export const ZDeptContact = z.object({
  name: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
  title: z.string().trim().max(120, MSG.invalidLength).default(''),
  email: ZOptionalEmail,
  phone: ZPhone,
  isPrimary: z.boolean().default(false),
});
export const ZDeptSite = z.object({
  name: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
  address1: z.string().trim().max(60, MSG.invalidLength).default(''),
  address2: z.string().trim().max(60, MSG.invalidLength).default(''),
  city: z.string().trim().max(60, MSG.invalidLength).default(''),
  state: z.string().trim().max(30, MSG.invalidLength).default(''),
  postalCode: z
    .string()
    .trim()
    .max(10, MSG.invalidLength)
    .refine((s) => s === '' || /^\d{5}(-\d{4})?$/.test(s), MSG.invalidValue)
    .default(''),
  isPrimary: z.boolean().default(false),
});
const onePrimary = (rows: { isPrimary?: boolean }[]) => rows.filter((r) => r.isPrimary).length <= 1;
export const ZDeptConfigInput = z.object({
  contacts: z.array(ZDeptContact).max(50).refine(onePrimary, DEPT_MSG.onePrimary),
  sitesOfActivity: z.array(ZDeptSite).max(50).refine(onePrimary, DEPT_MSG.onePrimary),
  sponsorshipWorkflowId: z.uuid().nullable().default(null),
});
export type TDeptConfigInput = z.input<typeof ZDeptConfigInput>;
export const ZDeptConfig = z.object({
  departmentId: z.uuid(),
  departmentName: z.string(),
  contacts: z.array(ZDeptContact.required()),
  sitesOfActivity: z.array(ZDeptSite.required()),
  sponsorshipWorkflowId: z.uuid().nullable(),
  /** The department's workflows to choose from. */
  workflows: z.array(z.object({ id: z.uuid(), name: z.string(), isActive: z.boolean() })),
  updatedAt: z.string().nullable(),
});
export type TDeptConfig = z.infer<typeof ZDeptConfig>;

// ---------- The department's approval workflows ----------
export const ZDeptWorkflowInput = z.object({
  name: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
  isActive: z.boolean().default(true),
  steps: z.array(ZWorkflowStep).min(1, 'Add at least one approver.').max(10),
});
export type TDeptWorkflowInput = z.input<typeof ZDeptWorkflowInput>;
export const ZDeptApproverCandidates = z.object({
  people: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string(), role: z.string() })),
  groups: z.array(z.object({ id: z.uuid(), name: z.string(), memberCount: z.number().int() })),
});
export type TDeptApproverCandidates = z.infer<typeof ZDeptApproverCandidates>;

const ZCaseParams = z.object({ applicationId: z.uuid({ error: MSG.notFound }) });
const ZWorkflowParams = z.object({ workflowId: z.uuid({ error: MSG.notFound }) });
const P = '/api/scholars/department';

export const listDeptCases = defineRoute({
  method: 'GET',
  path: `${P}/cases`,
  access: 'scholars.department',
  tags: T,
  summary: "The department's scholars and cases with their status (search, tab, server paging and sorting); only the caller's department",
  query: ZListDeptCasesQuery,
  response: ZDeptCasePage,
});
export const createSponsorship = defineRoute({
  method: 'POST',
  path: `${P}/cases`,
  access: 'scholars.department',
  tags: T,
  summary: 'Save a new sponsorship request as a draft (the scholar, the case and its engine request, in one transaction)',
  body: ZSponsorshipInput,
  response: ZDeptCase,
});
export const getDeptCase = defineRoute({
  method: 'GET',
  path: `${P}/cases/:applicationId`,
  access: 'scholars.department',
  tags: T,
  summary: "The department's view of one case (404 for another department's case)",
  params: ZCaseParams,
  response: ZDeptCase,
});
export const updateSponsorship = defineRoute({
  method: 'PUT',
  path: `${P}/cases/:applicationId`,
  access: 'scholars.department',
  tags: T,
  summary: 'Change a draft or rejected sponsorship request (409 when someone saved since it was read)',
  params: ZCaseParams,
  body: ZSponsorshipUpdateInput,
  response: ZDeptCase,
});
export const inviteScholar = defineRoute({
  method: 'POST',
  path: `${P}/cases/:applicationId/invite`,
  access: 'scholars.department',
  tags: T,
  summary: "Create the scholar's portal account and e-mail an account set-up link (again if already invited)",
  params: ZCaseParams,
  response: ZDeptCase,
});
export const sendForApproval = defineRoute({
  method: 'POST',
  path: `${P}/cases/:applicationId/send`,
  access: 'scholars.department',
  tags: T,
  summary: "Send the sponsorship request through the department's approval workflow, or straight to the office without one",
  params: ZCaseParams,
  response: ZDeptCase,
});
export const listDeptCaseEvents = defineRoute({
  method: 'GET',
  path: `${P}/cases/:applicationId/events`,
  access: 'scholars.department',
  tags: T,
  summary: "The case's own History Log (sponsorship saved, invited, sent, approved, processed), newest first",
  params: ZCaseParams,
  query: ZPageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
  response: ZPage(ZCaseEvent),
});
export const getMySponsorshipRequest = defineRoute({
  method: 'GET',
  path: '/api/scholars/my-sponsorship-request',
  access: 'scholars.self',
  tags: T,
  summary: "A scholar's own sponsorship request, read-only (404 when none)",
  response: ZMySponsorshipRequest,
});
export const getDeptConfig = defineRoute({
  method: 'GET',
  path: `${P}/config`,
  access: 'scholars.department-admin',
  tags: T,
  summary: "Departmental Configurations of the caller's department",
  response: ZDeptConfig,
});
export const updateDeptConfig = defineRoute({
  method: 'PUT',
  path: `${P}/config`,
  access: 'scholars.department-admin',
  tags: T,
  summary: 'Save contacts, sites-of-activity presets and the sponsorship approval workflow',
  body: ZDeptConfigInput,
  response: ZDeptConfig,
});
export const listDeptWorkflows = defineRoute({
  method: 'GET',
  path: `${P}/workflows`,
  access: 'scholars.department-admin',
  tags: T,
  summary: "The department's own approval workflows",
  response: z.array(ZWorkflow),
});
export const createDeptWorkflow = defineRoute({
  method: 'POST',
  path: `${P}/workflows`,
  access: 'scholars.department-admin',
  tags: T,
  summary: 'Create an approval workflow of the department',
  body: ZDeptWorkflowInput,
  response: ZWorkflow,
});
export const updateDeptWorkflow = defineRoute({
  method: 'PUT',
  path: `${P}/workflows/:workflowId`,
  access: 'scholars.department-admin',
  tags: T,
  summary: "Change or (de)activate one of the department's workflows (404 for any other)",
  params: ZWorkflowParams,
  body: ZDeptWorkflowInput,
  response: ZWorkflow,
});
export const listDeptApproverCandidates = defineRoute({
  method: 'GET',
  path: `${P}/approver-candidates`,
  access: 'scholars.department-admin',
  tags: T,
  summary: "People and user groups a department admin may name as approvers (the department's users and faculty)",
  response: ZDeptApproverCandidates,
});
