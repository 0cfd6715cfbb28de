import { eq } from 'drizzle-orm';
import { AppError, fieldError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentSitesOfActivity } from '../../schema.js';
import { presentSite } from '../../student-record.presenter.js';
import { raiseEvent } from './raise-event.js';
import {
  assertSiteOfActivityAllowed,
  auditSite,
  clearOtherPrimaries,
  editableJ1,
  loadSite,
  MSG_PRIMARY_SITE_UNSET,
  siteSevisPayload,
  type TSiteFields,
} from '../site-fields.js';

/** Changes a site of activity of a J-1's record and queues SEVIS's site update. */
export async function updateSiteOfActivity(ctx: TContext, profileId: string, siteId: string, input: TSiteFields) {
  return ctx.db(async (tx) => {
    const p = await editableJ1(tx, ctx, profileId);
    await assertSiteOfActivityAllowed(tx, p);
    const before = await loadSite(tx, profileId, siteId);
    if (!before.isActive) throw new AppError(409, 'SITE_INACTIVE', 'This site of activity was deactivated and can no longer be changed.');
    if (before.isPrimary && !input.isPrimary) throw fieldError('isPrimary', MSG_PRIMARY_SITE_UNSET);
    const [s] = await tx
      .update(studentSitesOfActivity)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(studentSitesOfActivity.id, siteId))
      .returning();
    if (s!.isPrimary) await clearOtherPrimaries(tx, profileId, siteId);
    await raiseEvent(tx, ctx, {
      profileId,
      eventType: 'SiteOfActivity',
      action: 'Edit',
      merge: false,
      // SEVIS finds the site by the name it knows: a rename sends that name and the new one (NewSiteName).
      payload: { siteId, ...siteSevisPayload(s!, p), ...(before.name !== s!.name ? { previousSiteName: before.name } : {}) },
    });
    await auditSite(
      tx,
      ctx,
      profileId,
      'student.site-of-activity.updated',
      { siteId, name: before.name, address: before.address, isPrimary: before.isPrimary },
      { siteId, name: s!.name, address: s!.address, isPrimary: s!.isPrimary },
    );
    return presentSite(s!);
  });
}
