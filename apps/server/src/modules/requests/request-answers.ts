import { eq } from 'drizzle-orm';
import { REQUEST_STATUS_LABELS, type TRequestStatus } from '@meridian/domain';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error.js';
import type { TTx } from '../../platform/db/database.js';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { requestQuestionnaireIds } from './questionnaires.js';
import { canAccessRequest, getAccessibleRequest } from './request.policy.js';
import { requestTypes } from './schema.js';

/** 404 unless the questionnaire is one of the request's: its type's own or a conditional one its answers bring in. */
export async function assertQuestionnaireOfRequest(tx: TTx, requestId: string, requestTypeId: string, questionnaireId: string) {
  const [type] = await tx.select({ ids: requestTypes.questionnaireIds }).from(requestTypes).where(eq(requestTypes.id, requestTypeId));
  if (!type) throw notFound();
  if (type.ids.includes(questionnaireId)) return;
  if (!(await requestQuestionnaireIds(tx, requestId, type.ids)).includes(questionnaireId)) throw notFound();
}

/** The request, when the caller is its requester and it is editable (403 for others who may read it, 409 when not editable). */
export async function editableRequest(tx: TTx, ctx: TContext, requestId: string) {
  const r = await getAccessibleRequest(tx, ctx, requestId, 'read');
  const actor = requireActor(ctx);
  if (!canAccessRequest(actor, r, 'write')) {
    const own = r.requesterUserId === actor.userId || r.subjectUserId === actor.userId;
    if (!own) throw forbidden();
    throw new AppError(
      409,
      'NOT_EDITABLE',
      r.isLocked
        ? 'This request is locked while it is in approver review.'
        : `This request is ${REQUEST_STATUS_LABELS[r.status as TRequestStatus]}; its answers cannot be changed.`,
    );
  }
  return r;
}

/** The custom questions the request's type asks. */
export async function customQuestionIdsOf(tx: TTx, requestTypeId: string): Promise<string[]> {
  const [type] = await tx.select({ ids: requestTypes.customQuestionIds }).from(requestTypes).where(eq(requestTypes.id, requestTypeId));
  return type?.ids ?? [];
}
