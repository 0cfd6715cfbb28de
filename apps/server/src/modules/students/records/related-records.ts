import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { attachments } from '../../attachments/index.js';
import { requests, requestTypes } from '../../requests/index.js';
import type { TTx } from '../../../platform/db/database.js';
import { type TProfileRow } from '../student.policy.js';

/** Requests of a record: about it (profile_id), or started by its portal account. */
export const requestsOf = (p: TProfileRow) =>
  p.userId
    ? or(eq(requests.profileId, p.id), eq(requests.requesterUserId, p.userId), eq(requests.subjectUserId, p.userId))!
    : eq(requests.profileId, p.id);

/** Files of the student's portal account, of the record itself and of the record's requests (deleted ones left out). */
export async function documentsOf(tx: TTx, p: TProfileRow, studentView: boolean) {
  // The student's view: the requests they read (theirs), not the office's own about their record (a termination).
  const readable =
    studentView && p.userId ? or(eq(requests.requesterUserId, p.userId), eq(requests.subjectUserId, p.userId))! : requestsOf(p);
  const ofRequests = inArray(attachments.requestId, sql`(select ${requests.id} from ${requests} where ${readable})`);
  const where = and(
    ne(attachments.status, 'deleted'),
    // The student sees what they may see on their requests: never the office's internal files.
    studentView ? eq(attachments.isVisibleToRequester, true) : undefined,
    // The record's own files (a record without a portal account: e.g. SEVIS's printed form).
    p.userId
      ? or(eq(attachments.subjectUserId, p.userId), eq(attachments.profileId, p.id), ofRequests)
      : or(eq(attachments.profileId, p.id), ofRequests),
  );
  const rows = await tx
    .select({ a: attachments, number: requests.number, typeName: requestTypes.name, typeCode: requestTypes.code })
    .from(attachments)
    .leftJoin(requests, eq(requests.id, attachments.requestId))
    .leftJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
    .where(where)
    .orderBy(desc(attachments.createdAt))
    .limit(500);
  return rows.map(({ a, number, typeName, typeCode }) => ({
    id: a.id,
    fileName: a.fileName,
    description: a.description,
    status: a.status,
    rejectReason: a.rejectReason,
    sizeBytes: a.sizeBytes,
    requestId: a.requestId,
    requestNumber: number ?? null,
    requestTypeName: typeName ?? null,
    createdAt: a.createdAt.toISOString(),
    checklistItem: a.checklistItem,
    requestTypeCode: typeCode ?? null,
  }));
}
