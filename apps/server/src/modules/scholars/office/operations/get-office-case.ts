import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { presentOfficeCase, type TOfficeCase } from '../office-case.js';

/** One case for the office (Review Sponsorship Request and the scholar profile). */
export async function getOfficeCase(ctx: TContext, applicationId: string): Promise<TOfficeCase> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'office');
    return presentOfficeCase(tx, actor, c, scholar);
  });
}
