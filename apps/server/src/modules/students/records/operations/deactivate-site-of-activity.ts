import { eq } from 'drizzle-orm';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentSitesOfActivity } from '../../schema.js';
import { presentSite } from '../../student-record.presenter.js';
import { raiseEvent } from './raise-event.js';
import { auditSite, editableJ1, loadSite, MSG_PRIMARY_SITE_DEACTIVATE, siteSevisPayload } from '../site-fields.js';

/** Ends a site of activity of a J-1's record and queues SEVIS's site update. */
export async function deactivateSiteOfActivity(ctx: TContext, profileId: string, siteId: string) {
  return ctx.db(async (tx) => {
    const p = await editableJ1(tx, ctx, profileId);
    const before = await loadSite(tx, profileId, siteId);
    if (!before.isActive) return presentSite(before);
    if (before.isPrimary) throw new AppError(409, 'SITE_PRIMARY', MSG_PRIMARY_SITE_DEACTIVATE);
    const [s] = await tx
      .update(studentSitesOfActivity)
      .set({ isActive: false, isPrimary: false, updatedAt: new Date() })
      .where(eq(studentSitesOfActivity.id, siteId))
      .returning();
    await raiseEvent(tx, ctx, {
      profileId,
      eventType: 'SiteOfActivity',
      action: 'Delete',
      merge: false,
      payload: { siteId, ...siteSevisPayload(before, p) },
    });
    await auditSite(
      tx,
      ctx,
      profileId,
      'student.site-of-activity.deactivated',
      { siteId, isActive: true },
      { siteId, name: s!.name, isActive: false },
    );
    return presentSite(s!);
  });
}
