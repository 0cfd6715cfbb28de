// My work (docs/product/my-work.md): the counts a staff member's home page shows, each opening its list.
import { z } from 'zod';
import { defineRoute } from '../define.js';
import { DEADLINE_KINDS } from '../students/opt.js';

/** "This week" on My work: today and the six days after it, in the office's time zone. */
export const WORK_WEEK_DAYS = 7;

/** Open requests, as the request list's "Open" tab groups them: waiting for the office, the requester or the approvers. */
export const OPEN_REQUEST_STATUSES = ['submitted', 'in_review', 'clarification_requested', 'adv_review'] as const;

/**
 * Requests waiting for the office that nobody has taken: new ones, and those back from their approvers
 * (In Review with no one assigned); either would otherwise wait unseen.
 */
export const UNASSIGNED_REQUEST_STATUSES = ['submitted', 'in_review'] as const;

/** A count that stops at the lists' cap (LIST_COUNT_CAP): "1000+" rather than a slow exact number. */
export const ZWorkCount = z.object({ count: z.number().int().min(0), capped: z.boolean() });
export type TWorkCount = z.infer<typeof ZWorkCount>;

/** A request task due this week, with the request it belongs to (the task opens its request). */
export const ZWorkTask = z.object({
  taskId: z.uuid(),
  title: z.string(),
  dueDate: z.string(),
  requestId: z.uuid(),
  requestNumber: z.number().int(),
  typeName: z.string(),
  requesterName: z.string(),
});
export type TWorkTask = z.infer<typeof ZWorkTask>;

/**
 * What is waiting for the signed-in staff member. A part is null when they may not open the list it counts
 * (requests: requests.process; SEVIS: sevis.read; deadlines: students.read).
 */
export const ZMyWork = z.object({
  /** Today and the last day of "this week", both in the office's time zone (ISO dates). */
  today: z.string(),
  weekEnd: z.string(),
  requests: z
    .object({
      /** Open requests assigned to me. */
      assignedToMe: ZWorkCount,
      /** Submitted requests nobody has taken yet. */
      unassigned: ZWorkCount,
      /** Requests with their approvers (approver review). */
      withApprovers: ZWorkCount,
    })
    .nullable(),
  /** Approvals waiting for my own decision (I am the approver named at the current step). */
  myApprovals: z.object({ count: z.number().int().min(0), requestId: z.uuid().nullable() }),
  sevis: z.object({ held: z.number().int().min(0), failed: z.number().int().min(0) }).nullable(),
  /** Student deadlines falling due by weekEnd, or already overdue, by kind. */
  deadlines: z.object({ total: z.number().int().min(0), byKind: z.record(z.enum(DEADLINE_KINDS), z.number().int().min(0)) }).nullable(),
  /** Request tasks due by weekEnd (or overdue), not done, assigned to me or on my requests; the first ten of them. */
  tasks: z.object({ count: z.number().int().min(0), items: z.array(ZWorkTask) }).nullable(),
});
export type TMyWork = z.infer<typeof ZMyWork>;

export const getMyWork = defineRoute({
  method: 'GET',
  path: '/api/my-work',
  // My work is the student area's home: every staff member who uses that area (docs/product/my-work.md#who-sees-it).
  access: 'students.read',
  tags: ['work'],
  summary:
    "My work: requests assigned to me and unassigned, approvals waiting, held SEVIS updates and this week's deadlines, counted in the caller's reach",
  response: ZMyWork,
});
