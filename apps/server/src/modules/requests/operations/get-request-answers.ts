import { type TContext } from '../../../platform/http/context.js';
import * as forms from '../../forms/index.js';
import { getAccessibleRequest } from '../request.policy.js';
import { assertQuestionnaireOfRequest } from '../request-answers.js';

/** A questionnaire of the request with its saved answers (anyone who may read the request). */
export async function getRequestAnswers(ctx: TContext, requestId: string, questionnaireId: string) {
  return ctx.db(async (tx) => {
    const r = await getAccessibleRequest(tx, ctx, requestId, 'read');
    await assertQuestionnaireOfRequest(tx, r.id, r.requestTypeId, questionnaireId);
    return forms.loadForAnswering(tx, 'request', r.id, questionnaireId);
  });
}
