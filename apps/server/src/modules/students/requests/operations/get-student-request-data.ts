import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { canAccessRequest, getAccessibleRequest } from '../../../requests/index.js';
import { studentRuleContext } from '../request-rules.js';
import { formCodeOf } from '../request-forms.js';

/** A student request's own fields, with the dates its rules compare with (anyone who may read the request). */
export async function getStudentRequestData(ctx: TContext, requestId: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const r = await getAccessibleRequest(tx, ctx, requestId, 'read');
    const code = await formCodeOf(tx, r);
    return {
      requestId: r.id,
      code,
      data: r.data ?? {},
      context: await studentRuleContext(tx, ctx, r.profileId),
      canEdit: canAccessRequest(actor, r, 'write'),
    };
  });
}
