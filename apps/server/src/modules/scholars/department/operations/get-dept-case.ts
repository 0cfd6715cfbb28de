import { type scholarsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { presentDeptCase } from '../dept-case.presenter.js';
import { departmentOf } from '../sponsorship-fields.js';

/** The department's view of one case (404 for another department's). */
export async function getDeptCase(ctx: TContext, applicationId: string): Promise<scholarsApi.TDeptCase> {
  departmentOf(requireActor(ctx));
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    return presentDeptCase(tx, c, scholar);
  });
}
