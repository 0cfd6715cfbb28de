import type { TContext } from '../../../../platform/http/context.js';
import { studentSitesOfActivity } from '../../schema.js';
import { presentSite } from '../../student-record.presenter.js';
import { raiseEvent } from './raise-event.js';
import {
  assertSiteOfActivityAllowed,
  auditSite,
  clearOtherPrimaries,
  editableJ1,
  siteSevisPayload,
  type TSiteFields,
} from '../site-fields.js';

/** Adds a site of activity to a J-1's record and queues SEVIS's site update. */
export async function addSiteOfActivity(ctx: TContext, profileId: string, input: TSiteFields) {
  return ctx.db(async (tx) => {
    const p = await editableJ1(tx, ctx, profileId);
    await assertSiteOfActivityAllowed(tx, p);
    const [s] = await tx
      .insert(studentSitesOfActivity)
      .values({ institutionId: ctx.institutionId, profileId, ...input })
      .returning();
    if (s!.isPrimary) await clearOtherPrimaries(tx, profileId, s!.id);
    await raiseEvent(tx, ctx, {
      profileId,
      eventType: 'SiteOfActivity',
      action: 'Add',
      merge: false,
      payload: { siteId: s!.id, ...siteSevisPayload(s!, p) },
    });
    await auditSite(tx, ctx, profileId, 'student.site-of-activity.added', null, { siteId: s!.id, name: s!.name, isPrimary: s!.isPrimary });
    return presentSite(s!);
  });
}
