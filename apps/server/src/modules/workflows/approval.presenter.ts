import { and, eq, sql } from 'drizzle-orm';
import { isStudentRequestCode, type TApprovalSummary } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { users } from '../people/index.js';
import { describeRequests, requests, requestTypes } from '../requests/index.js';
import { loadForAnswering } from '../forms/index.js';
import { approvals } from './schema.js';
import { type TApproval } from './approval-links.js';

/** What an approver sees of the request they are asked to approve: the request, its requester, the step and the answers. */
export async function presentApprovalSummary(tx: TTx, a: TApproval): Promise<TApprovalSummary> {
  const [r] = await tx.select().from(requests).where(eq(requests.id, a.requestId));
  const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r!.requestTypeId));
  const [requester] = await tx.select().from(users).where(eq(users.id, r!.requesterUserId));
  const [subjectUser] = r!.subjectUserId ? await tx.select().from(users).where(eq(users.id, r!.subjectUserId)) : [];
  const described = (await describeRequests(tx, [{ r: r!, code: type!.code }])).get(r!.id);
  const requesterName = requester ? `${requester.firstName} ${requester.lastName}` : '';
  const steps = await tx
    .selectDistinct({ ordinal: approvals.ordinal })
    .from(approvals)
    .where(and(eq(approvals.requestId, a.requestId), sql`${approvals.createdAt} = (select created_at from approvals where id = ${a.id})`));
  const answers: TApprovalSummary['answers'] = [];
  for (const q of type!.questionnaireIds) answers.push(await loadForAnswering(tx, 'request', r!.id, q));
  return {
    approvalId: a.id,
    requestNumber: r!.number,
    typeName: type!.name,
    subjectName: described?.subject?.name ?? (subjectUser ? `${subjectUser.firstName} ${subjectUser.lastName}`.trim() : requesterName),
    requesterName,
    submittedAt: r!.submittedAt?.toISOString() ?? null,
    stepOrdinal: steps.filter((s) => s.ordinal <= a.ordinal).length,
    stepCount: steps.length,
    approverName: a.approverName,
    status: a.status,
    answers,
    // The advisor recommends what the student asked for: a student request's own form (CPT employer, dates, ...) is shown too.
    // A department's sponsorship request: who is sponsored, as what and by whom (the approver decides on that).
    typeCode: type!.code,
    data: isStudentRequestCode(type!.code) || type!.code === 'sponsorship_request' ? (r!.data ?? {}) : null,
  };
}
