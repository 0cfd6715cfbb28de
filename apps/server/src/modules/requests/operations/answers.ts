import { eq } from 'drizzle-orm';
import { REQUEST_STATUS_LABELS, type TAnswers, type TRequestStatus } from '@meridian/domain';
import { AppError, forbidden, notFound } from '../../../platform/errors/app-error.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import * as forms from '../../forms/index.js';
import { requestQuestionnaireIds } from '../questionnaires.js';
import { canAccessRequest, getAccessibleRequest } from '../request.policy.js';
import { requestTypes } from '../schema.js';

async function assertQuestionnaireOfRequest(tx: TTx, requestId: string, requestTypeId: string, questionnaireId: string) {
  const [type] = await tx.select({ ids: requestTypes.questionnaireIds }).from(requestTypes).where(eq(requestTypes.id, requestTypeId));
  if (!type) throw notFound();
  if (type.ids.includes(questionnaireId)) return;
  if (!(await requestQuestionnaireIds(tx, requestId, type.ids)).includes(questionnaireId)) throw notFound();
}

/** The request, when the caller is its requester and it is editable (403 for others who may read it, 409 when not editable). */
async function editableRequest(tx: TTx, ctx: TContext, requestId: string) {
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

/** A questionnaire of the request with its saved answers (anyone who may read the request). */
export async function getAnswers(ctx: TContext, requestId: string, questionnaireId: string) {
  return ctx.db(async (tx) => {
    const r = await getAccessibleRequest(tx, ctx, requestId, 'read');
    await assertQuestionnaireOfRequest(tx, r.id, r.requestTypeId, questionnaireId);
    return forms.loadForAnswering(tx, 'request', r.id, questionnaireId);
  });
}

/** Saves draft answers: the requester, while the request is a draft or awaiting clarification and not locked. */
export async function saveAnswers(ctx: TContext, requestId: string, questionnaireId: string, answers: TAnswers) {
  return ctx.db(async (tx) => {
    const r = await editableRequest(tx, ctx, requestId);
    await assertQuestionnaireOfRequest(tx, r.id, r.requestTypeId, questionnaireId);
    return forms.saveDraftAnswers(tx, ctx, 'request', r.id, questionnaireId, answers);
  });
}

async function customQuestionIdsOf(tx: TTx, requestTypeId: string): Promise<string[]> {
  const [type] = await tx.select({ ids: requestTypes.customQuestionIds }).from(requestTypes).where(eq(requestTypes.id, requestTypeId));
  return type?.ids ?? [];
}

/** The request type's custom questions with the request's answers (anyone who may read the request). */
export async function getCustomAnswers(ctx: TContext, requestId: string) {
  return ctx.db(async (tx) => {
    const r = await getAccessibleRequest(tx, ctx, requestId, 'read');
    return forms.loadCustomQuestions(tx, 'request', r.id, await customQuestionIdsOf(tx, r.requestTypeId));
  });
}

/** Saves draft answers to the custom questions: the requester, while the request is editable. */
export async function saveCustomAnswers(ctx: TContext, requestId: string, answers: TAnswers) {
  return ctx.db(async (tx) => {
    const r = await editableRequest(tx, ctx, requestId);
    return forms.saveCustomResponses(tx, ctx, 'request', r.id, await customQuestionIdsOf(tx, r.requestTypeId), answers);
  });
}
