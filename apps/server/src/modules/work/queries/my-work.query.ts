import { and, asc, eq, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { workApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../platform/http/context.js';
import { users } from '../../people/schema.js';
import { requests, requestTasks, requestTypes } from '../../requests/schema.js';
import { approvals } from '../../workflows/schema.js';
import { staffReaches } from '../../requests/index.js';

/** Tasks are shown on My work only while their request is still being worked on. */
const CLOSED_OR_DRAFT = ['draft', 'completed', 'dismissed', 'rejected'];
/** Enough to count a person's own tasks of one week; the first ten are listed. */
const TASK_ROWS = 500;
const TASKS_LISTED = 10;

/** Approvals whose decision is the actor's own (pending at the current step), and the request when there is one. */
export async function myPendingApprovals(tx: TTx, actor: TAuthenticatedActor): Promise<workApi.TMyWork['myApprovals']> {
  const rows = await tx
    .select({ requestId: approvals.requestId })
    .from(approvals)
    .where(and(eq(approvals.approverUserId, actor.userId), eq(approvals.status, 'pending')))
    .limit(TASK_ROWS);
  return { count: rows.length, requestId: rows.length === 1 ? rows[0]!.requestId : null };
}

/**
 * Request tasks not done and due by `weekEnd` (overdue ones included) that are the actor's: assigned to
 * them, or unassigned on a request assigned to them; only on requests still open and in their reach.
 */
export async function myTasksDue(tx: TTx, actor: TAuthenticatedActor, weekEnd: string): Promise<NonNullable<workApi.TMyWork['tasks']>> {
  const rows = await tx
    .select({
      taskId: requestTasks.id,
      title: requestTasks.title,
      dueDate: requestTasks.dueDate,
      requestId: requests.id,
      requestNumber: requests.number,
      campusSiteId: requests.campusSiteId,
      typeName: requestTypes.name,
      first: users.firstName,
      last: users.lastName,
    })
    .from(requestTasks)
    .innerJoin(requests, eq(requests.id, requestTasks.requestId))
    .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
    .innerJoin(users, eq(users.id, requests.requesterUserId))
    .where(
      and(
        eq(requestTasks.isDone, false),
        lte(requestTasks.dueDate, sql`${weekEnd}::date`),
        notInArray(requests.status, CLOSED_OR_DRAFT),
        or(
          eq(requestTasks.assignedToUserId, actor.userId),
          and(isNull(requestTasks.assignedToUserId), eq(requests.assignedToUserId, actor.userId)),
        ),
      ),
    )
    .orderBy(asc(requestTasks.dueDate), asc(requests.number), asc(requestTasks.id))
    .limit(TASK_ROWS);
  const mine = rows.filter((r) => staffReaches(actor, r));
  return {
    count: mine.length,
    items: mine.slice(0, TASKS_LISTED).map((r) => ({
      taskId: r.taskId,
      title: r.title,
      dueDate: r.dueDate!,
      requestId: r.requestId,
      requestNumber: r.requestNumber,
      typeName: r.typeName,
      requesterName: [r.first, r.last].filter(Boolean).join(' '),
    })),
  };
}
