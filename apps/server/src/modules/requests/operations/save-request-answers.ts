import { type TAnswers } from '@meridian/domain';
import { type TContext } from '../../../platform/http/context.js';
import * as forms from '../../forms/index.js';
import { assertQuestionnaireOfRequest, editableRequest } from '../request-answers.js';

/** Saves draft answers: the requester, while the request is a draft or awaiting clarification and not locked. */
export async function saveRequestAnswers(ctx: TContext, requestId: string, questionnaireId: string, answers: TAnswers) {
  return ctx.db(async (tx) => {
    const r = await editableRequest(tx, ctx, requestId);
    await assertQuestionnaireOfRequest(tx, r.id, r.requestTypeId, questionnaireId);
    return forms.saveDraftAnswers(tx, ctx, 'request', r.id, questionnaireId, answers);
  });
}
