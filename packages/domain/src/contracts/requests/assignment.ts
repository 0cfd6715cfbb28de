import { z } from 'zod';
import { MSG } from '../../messages.js';
import { STUDENT_VISA_TYPES } from '../../catalog/students.js';
import { defineRoute, MAX_SERIAL_ID, ZOk } from '../define.js';
import { ZJob } from '../jobs/index.js';
import { REQUEST_STATUSES } from './workflow.js';

/**
 * Student Request Assignment (docs/product/requests.md#assignment-rules): rules that assign a student's
 * request when it is first submitted, moving open requests from one person to another, and the office's
 * workload of open student requests.
 */

export const RANGE_ENDS_BEFORE_START = 'The range ends before it starts.';
const LETTERS_ONLY = 'Use letters only, e.g. A or Gar.';

/** A family name reduced to its letters, upper-case and without accents ("O'Brien" → OBRIEN, "Álvarez" → ALVAREZ). */
export function familyNameLetters(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
}

/**
 * Whether a family name falls in a rule's range: its first letters, as many as each bound has, compared
 * with the bound, both ends included (A–G holds Garcia and Gonzalez; Gar–Gon holds Garcia, not Gill...).
 */
export function familyNameInRange(name: string, from: string | null, to: string | null): boolean {
  const letters = familyNameLetters(name);
  if (from && letters.slice(0, from.length) < from.toUpperCase()) return false;
  if (to && letters.slice(0, to.length) > to.toUpperCase()) return false;
  return true;
}

const ZNameBound = z
  .string()
  .trim()
  .max(30, MSG.invalidLength)
  .regex(/^[A-Za-z]*$/, LETTERS_ONLY)
  .nullable()
  .default(null)
  .transform((v) => (v ? v.toUpperCase() : null));

export const ZAssignmentRuleInput = z
  .object({
    /** null: any request type. */
    requestTypeCode: z.string().trim().max(60, MSG.invalidLength).nullable().default(null),
    /** null: any campus site. */
    campusSiteId: z
      .number()
      .int()
      .positive()
      .max(MAX_SERIAL_ID, 'There is no such campus site: choose one from the list.')
      .nullable()
      .default(null),
    /** null: either visa type. */
    visaType: z.enum(STUDENT_VISA_TYPES).nullable().default(null),
    nameFrom: ZNameBound,
    nameTo: ZNameBound,
    assigneeUserId: z.uuid({ error: MSG.required }),
    isActive: z.boolean().default(true),
  })
  .superRefine((v, c) => {
    if (v.nameFrom && v.nameTo && v.nameFrom.slice(0, v.nameTo.length) > v.nameTo)
      c.addIssue({ code: 'custom', path: ['nameTo'], message: RANGE_ENDS_BEFORE_START });
  });
export type TAssignmentRuleInput = z.input<typeof ZAssignmentRuleInput>;

export const ZAssignmentRule = z.object({
  id: z.uuid(),
  ordinal: z.number().int(),
  requestTypeCode: z.string().nullable(),
  /** The type's name, null for any type. */
  requestTypeName: z.string().nullable(),
  campusSiteId: z.number().int().nullable(),
  campusSiteName: z.string().nullable(),
  visaType: z.enum(STUDENT_VISA_TYPES).nullable(),
  nameFrom: z.string().nullable(),
  nameTo: z.string().nullable(),
  assignee: z.object({ userId: z.uuid(), name: z.string(), email: z.string() }),
  /** Whether the assignee still reaches the rule's site: a rule whose assignee does not is skipped. */
  assigneeMayBeAssigned: z.boolean(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type TAssignmentRule = z.infer<typeof ZAssignmentRule>;

export const ZAssignmentRuleParams = z.object({ ruleId: z.uuid({ error: MSG.notFound }) });
export const ZAssignmentRuleOrderInput = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export const ZRuleAssigneesQuery = z.object({
  campusSiteId: z.coerce.number().int().positive().max(MAX_SERIAL_ID).optional(),
});

export const ZReassignInput = z
  .object({
    fromUserId: z.uuid({ error: MSG.required }),
    toUserId: z.uuid({ error: MSG.required }),
    /** Only these requests; without them, every open student request of fromUserId the caller reaches. */
    requestIds: z.array(z.uuid()).min(1).max(500).optional(),
  })
  .superRefine((v, c) => {
    if (v.fromUserId === v.toUserId)
      c.addIssue({ code: 'custom', path: ['toUserId'], message: 'Choose someone other than the person the requests are moved from.' });
  });
export type TReassignInput = z.input<typeof ZReassignInput>;
export const ZReassignOutput = z.object({
  moved: z.number().int(),
  skipped: z.array(z.object({ requestId: z.uuid(), number: z.number().int().nullable(), reason: z.string() })),
});
export type TReassignOutput = z.infer<typeof ZReassignOutput>;

export const ZAssignmentReportRow = z.object({
  /** null: unassigned. */
  assignee: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  requestTypeCode: z.string(),
  requestTypeName: z.string(),
  status: z.enum(REQUEST_STATUSES),
  count: z.number().int(),
});
export const ZAssignmentReport = z.object({ rows: z.array(ZAssignmentReportRow), total: z.number().int() });
export type TAssignmentReport = z.infer<typeof ZAssignmentReport>;

const PERSON = z.object({ userId: z.uuid(), name: z.string(), email: z.string() });
const TAGS = ['requests'];

export const listAssignmentRules = defineRoute({
  method: 'GET',
  path: '/api/request-assignment-rules',
  access: 'requests.configure',
  tags: TAGS,
  summary: 'Assignment rules of student requests, in the order they are tried',
  response: z.array(ZAssignmentRule),
});
export const createAssignmentRule = defineRoute({
  method: 'POST',
  path: '/api/request-assignment-rules',
  access: 'requests.configure',
  tags: TAGS,
  summary: 'Add an assignment rule (tried after the existing ones)',
  body: ZAssignmentRuleInput,
  response: ZAssignmentRule,
});
export const updateAssignmentRule = defineRoute({
  method: 'PUT',
  path: '/api/request-assignment-rules/:ruleId',
  access: 'requests.configure',
  tags: TAGS,
  summary: 'Change an assignment rule (also activates or deactivates it)',
  params: ZAssignmentRuleParams,
  body: ZAssignmentRuleInput,
  response: ZAssignmentRule,
});
export const deleteAssignmentRule = defineRoute({
  method: 'DELETE',
  path: '/api/request-assignment-rules/:ruleId',
  access: 'requests.configure',
  tags: TAGS,
  summary: 'Remove an assignment rule',
  params: ZAssignmentRuleParams,
  response: ZOk,
});
export const reorderAssignmentRules = defineRoute({
  method: 'PUT',
  path: '/api/request-assignment-rules/order',
  access: 'requests.configure',
  tags: TAGS,
  summary: 'Put the assignment rules in this order (every rule id once)',
  body: ZAssignmentRuleOrderInput,
  response: z.array(ZAssignmentRule),
});
export const listRuleAssignees = defineRoute({
  method: 'GET',
  path: '/api/request-assignment-rules/assignees',
  access: 'requests.configure',
  tags: TAGS,
  summary: 'Staff who may be assigned student requests of a campus site (or of every site)',
  query: ZRuleAssigneesQuery,
  response: z.array(PERSON),
});
export const reassignRequests = defineRoute({
  method: 'POST',
  path: '/api/requests/reassign',
  access: 'requests.configure',
  tags: TAGS,
  summary: 'Move open requests from one person to another; each is checked on its own and the answer says which were skipped and why',
  body: ZReassignInput,
  response: ZReassignOutput,
});
export const getAssignmentReport = defineRoute({
  method: 'GET',
  path: '/api/requests/assignment-report',
  access: 'requests.configure',
  tags: TAGS,
  summary: 'Open student requests counted per assignee, request type and status, within the caller’s reach',
  response: ZAssignmentReport,
});

/** The job that writes the report as a workbook (Student_Request_Workload_{month}_{day}_{year}.xlsx). */
export const EXPORT_ASSIGNMENT_REPORT_JOB = 'requests.assignment-report-export';
export const ZExportAssignmentReportResult = z.object({ rows: z.number().int() });
export const exportAssignmentReport = defineRoute({
  method: 'POST',
  path: '/api/requests/assignment-report/export',
  access: 'requests.configure',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: TAGS,
  summary:
    'Starts the Excel export of the assignment report: 202 with the job, whose file is Student_Request_Workload_{month}_{day}_{year}.xlsx',
  response: ZJob,
});
