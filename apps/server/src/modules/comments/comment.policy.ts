import type { TTx } from '../../platform/db/database.js';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { notFound } from '../../platform/errors/app-error.js';
import { userView } from '../attachments/index.js';
import { canAccessRequest, getAccessibleRequest, type TRequestRow } from '../requests/index.js';

export type TCommentSubjectType = 'request' | 'user';

export interface TCommentSubject {
  /** Office staff who process the request (or reach the person): they see and write internal notes. */
  isStaff: boolean;
  request: TRequestRow | null;
}

/**
 * Who may read and write comments on a subject: anybody who may read the request (requester,
 * subject, department, staff); a person's record is the office's. 404 when the subject is out of reach.
 */
export async function commentSubject(
  tx: TTx,
  ctx: TContext,
  subjectType: TCommentSubjectType,
  subjectId: string,
): Promise<TCommentSubject> {
  const actor = requireActor(ctx);
  if (subjectType === 'request') {
    const request = await getAccessibleRequest(tx, ctx, subjectId, 'read');
    return { isStaff: canAccessRequest(actor, request, 'process'), request };
  }
  const view = await userView(tx, ctx, subjectId);
  if (view !== 'all') throw notFound();
  return { isStaff: true, request: null };
}
