import { and, eq } from 'drizzle-orm';
import { TIPP_MSG } from '@meridian/domain';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentTippPhases, studentTippSites } from '../../schema.js';
import { auditTipp, editableTippRecord, loadTippSite, presentTipp, siteSent } from '../tipp-fields.js';
import { raiseTippChange } from '../tipp-events.js';

/**
 * Removes a T/IPP site and its phases from the plan. The primary site stays until another is primary
 * (SEVIS S2262), unless it is the only site and SEVIS never had it. A site SEVIS has (or is adding) is
 * deleted there by its SiteId (TIPP/DeleteSite); the rows are kept, inactive, for that.
 */
export async function removeTippSite(ctx: TContext, profileId: string, siteId: string) {
  return ctx.db(async (tx) => {
    const p = await editableTippRecord(tx, ctx, profileId);
    const s = await loadTippSite(tx, profileId, siteId);
    if (s.isPrimary) {
      const others = await tx
        .select({ id: studentTippSites.id })
        .from(studentTippSites)
        .where(and(eq(studentTippSites.profileId, profileId), eq(studentTippSites.isActive, true)));
      if (siteSent(s) || others.length > 1) throw new AppError(409, 'TIPP_PRIMARY', TIPP_MSG.primaryRemove);
    }
    const now = new Date();
    const [removed] = await tx
      .update(studentTippSites)
      .set({ isActive: false, isPrimary: false, updatedAt: now })
      .where(eq(studentTippSites.id, siteId))
      .returning();
    await tx
      .update(studentTippPhases)
      .set({ isActive: false, updatedAt: now })
      .where(and(eq(studentTippPhases.siteId, siteId), eq(studentTippPhases.isActive, true)));
    const raised = await raiseTippChange(tx, ctx, p, { kind: 'site-removed', site: removed! });
    await auditTipp(
      tx,
      ctx,
      profileId,
      'student.tipp.site.removed',
      { tippSiteId: siteId, name: s.name, isActive: true },
      { tippSiteId: siteId, isActive: false, sevisEvents: raised },
    );
    return presentTipp(tx, ctx, p);
  });
}
