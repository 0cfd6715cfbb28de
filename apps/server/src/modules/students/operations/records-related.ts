import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { TContext } from '../../../platform/http/context.js';
import { outbox } from '../../../platform/mail/schema.js';
import { attachments } from '../../attachments/index.js';
import { requests, requestTypes } from '../../requests/index.js';
import type { TTx } from '../../../platform/db/database.js';
import { getAccessibleProfile, getOwnProfile, type TProfileRow } from '../student.policy.js';

/** Requests of a record: about it (profile_id), or started by its portal account. */
export const requestsOf = (p: TProfileRow) =>
  p.userId
    ? or(eq(requests.profileId, p.id), eq(requests.requesterUserId, p.userId), eq(requests.subjectUserId, p.userId))!
    : eq(requests.profileId, p.id);

/** The record's requests for its Requests tab (drafts too, so staff see what a student started). */
export async function listStudentRequests(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    const rows = await tx
      .select({ r: requests, typeName: requestTypes.name })
      .from(requests)
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .where(requestsOf(p))
      .orderBy(desc(requests.updatedAt))
      .limit(200);
    return rows.map(({ r, typeName }) => ({
      id: r.id,
      number: r.number,
      typeName,
      status: r.status,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    }));
  });
}

/** Files of the student's portal account and of the record's requests (deleted ones left out). */
async function documentsOf(tx: TTx, p: TProfileRow, studentView: boolean) {
  const ofRequests = inArray(attachments.requestId, sql`(select ${requests.id} from ${requests} where ${requestsOf(p)})`);
  const where = and(
    ne(attachments.status, 'deleted'),
    // The student sees what they may see on their requests: never the office's internal files.
    studentView ? eq(attachments.isVisibleToRequester, true) : undefined,
    p.userId ? or(eq(attachments.subjectUserId, p.userId), ofRequests) : ofRequests,
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

export async function listStudentDocuments(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => documentsOf(tx, await getAccessibleProfile(tx, ctx, profileId, 'read'), false));
}

/** The signed-in student's own files: stage uploads (welcome wizard, pre-arrival, check-in) and those of their requests. */
export async function listMyDocuments(ctx: TContext) {
  return ctx.db(async (tx) => documentsOf(tx, await getOwnProfile(tx, ctx), true));
}

/** E-mails sent to the student's address (and their portal account's), newest first. */
export async function listStudentMessages(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    if (!p.email) return [];
    const rows = await tx
      .select()
      .from(outbox)
      .where(sql`lower(${outbox.toAddress}) = lower(${p.email})`)
      .orderBy(desc(outbox.createdAt))
      .limit(200);
    return rows.map((m) => ({
      id: m.id,
      subject: m.subject,
      textBody: m.textBody,
      purpose: m.purpose,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    }));
  });
}
