import type { TContext } from '../../../../platform/http/context.js';
import { presentSite } from '../../student-record.presenter.js';
import { editableJ1, type TSiteFields } from '../site-fields.js';
import { changeSiteOfActivity } from './save-site-of-activity.js';

/** Changes a site of activity of a J-1's record and queues SEVIS's site update. */
export async function updateSiteOfActivity(ctx: TContext, profileId: string, siteId: string, input: TSiteFields) {
  return ctx.db(async (tx) =>
    presentSite((await changeSiteOfActivity(tx, ctx, await editableJ1(tx, ctx, profileId), siteId, input)).after),
  );
}
