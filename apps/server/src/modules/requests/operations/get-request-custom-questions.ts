import { type TContext } from '../../../platform/http/context.js';
import * as forms from '../../forms/index.js';
import { getAccessibleRequest } from '../request.policy.js';
import { customQuestionIdsOf } from '../request-answers.js';

/** The request type's custom questions with the request's answers (anyone who may read the request). */
export async function getRequestCustomQuestions(ctx: TContext, requestId: string) {
  return ctx.db(async (tx) => {
    const r = await getAccessibleRequest(tx, ctx, requestId, 'read');
    return forms.loadCustomQuestions(tx, 'request', r.id, await customQuestionIdsOf(tx, r.requestTypeId));
  });
}
