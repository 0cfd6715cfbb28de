import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { FINAL_STATUSES, type requestsApi, type TRequestStatus } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { requests, requestTypes } from '../schema.js';
import { reachCondition } from './list-requests.query.js';

/** Submitted and not yet decided for good: a draft is nobody's work yet, a final request no longer is. */
export const NOT_OPEN: TRequestStatus[] = ['draft', ...FINAL_STATUSES];

/** Open student requests (about a student record) the actor reaches. */
export async function openStudentRequestsCondition(tx: TTx, actor: TAuthenticatedActor) {
  return and(await reachCondition(tx, actor), isNotNull(requests.profileId), notInArray(requests.status, NOT_OPEN));
}

/**
 * The office's workload (docs/product/requests.md#the-assignment-report): open student requests in the
 * actor's reach, counted by the database per assignee, request type and status; unassigned ones first.
 */
export async function assignmentReportQuery(tx: TTx, actor: TAuthenticatedActor): Promise<requestsApi.TAssignmentReport> {
  const count = sql<number>`count(*)::int`;
  const rows = await tx
    .select({
      userId: requests.assignedToUserId,
      firstName: users.firstName,
      lastName: users.lastName,
      code: requestTypes.code,
      typeName: requestTypes.name,
      status: requests.status,
      count,
    })
    .from(requests)
    .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
    .leftJoin(users, eq(users.id, requests.assignedToUserId))
    .where(await openStudentRequestsCondition(tx, actor))
    .groupBy(requests.assignedToUserId, users.firstName, users.lastName, requestTypes.code, requestTypes.name, requests.status)
    .orderBy(sql`${requests.assignedToUserId} is not null`, users.lastName, users.firstName, requestTypes.name, requests.status);
  return {
    rows: rows.map((r) => ({
      assignee: r.userId ? { userId: r.userId, name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() } : null,
      requestTypeCode: r.code,
      requestTypeName: r.typeName,
      status: r.status as TRequestStatus,
      count: Number(r.count),
    })),
    total: rows.reduce((n, r) => n + Number(r.count), 0),
  };
}
