import { type TAnswers } from '@meridian/domain';
import { type TContext } from '../../../platform/http/context.js';
import * as forms from '../../forms/index.js';
import { customQuestionIdsOf, editableRequest } from '../request-answers.js';

/** Saves draft answers to the custom questions: the requester, while the request is editable. */
export async function saveRequestCustomQuestions(ctx: TContext, requestId: string, answers: TAnswers) {
  return ctx.db(async (tx) => {
    const r = await editableRequest(tx, ctx, requestId);
    return forms.saveCustomResponses(tx, ctx, 'request', r.id, await customQuestionIdsOf(tx, r.requestTypeId), answers);
  });
}
