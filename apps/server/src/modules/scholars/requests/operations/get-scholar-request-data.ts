import type { scholarsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { canAccessRequest, getAccessibleRequest } from '../../../requests/index.js';
import { scholarFormCodeOf } from '../request-forms.js';
import { caseOfRequest, requestContextOf } from '../request-case.js';

/** A scholar request's own fields, with the scholar's case its rules compare with (anyone who may read the request). */
export async function getScholarRequestData(ctx: TContext, requestId: string): Promise<scholarsApi.TScholarRequestFormOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const r = await getAccessibleRequest(tx, ctx, requestId, 'read');
    const code = await scholarFormCodeOf(tx, r);
    const found = await caseOfRequest(tx, r);
    return {
      requestId: r.id,
      code,
      data: r.data ?? {},
      context: found ? await requestContextOf(tx, ctx.today(), found.c) : null,
      scholar: found ? { name: `${found.scholar.firstName} ${found.scholar.lastName}`.trim(), applicationId: found.c.id } : null,
      canEdit: canAccessRequest(actor, r, 'write'),
    };
  });
}
