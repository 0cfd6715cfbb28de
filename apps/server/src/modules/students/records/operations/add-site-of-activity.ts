import type { TContext } from '../../../../platform/http/context.js';
import { presentSite } from '../../student-record.presenter.js';
import { editableJ1, type TSiteFields } from '../site-fields.js';
import { insertSiteOfActivity } from './save-site-of-activity.js';

/** Adds a site of activity to a J-1's record and queues SEVIS's site update. */
export async function addSiteOfActivity(ctx: TContext, profileId: string, input: TSiteFields) {
  return ctx.db(async (tx) => presentSite(await insertSiteOfActivity(tx, ctx, await editableJ1(tx, ctx, profileId), input)));
}
