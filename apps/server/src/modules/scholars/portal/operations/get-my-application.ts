import { type TScholarApplicationForm } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { getOwnCurrentCase } from '../../scholar.policy.js';
import { presentApplication } from '../application-form.js';

/** The signed-in scholar's current application (404 until the office processed their sponsorship request). */
export async function getMyApplication(ctx: TContext): Promise<TScholarApplicationForm> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getOwnCurrentCase(tx, ctx);
    return presentApplication(tx, actor, c, scholar);
  });
}
