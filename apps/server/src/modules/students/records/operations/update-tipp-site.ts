import { eq } from 'drizzle-orm';
import { TIPP_MSG } from '@meridian/domain';
import { fieldError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentTippSites } from '../../schema.js';
import {
  auditTipp,
  clearOtherTippPrimaries,
  editableTippRecord,
  loadTippSite,
  presentTipp,
  tippAddress,
  type TTippSiteFields,
} from '../tipp-fields.js';
import { raiseTippChange } from '../tipp-events.js';

/**
 * Changes a T/IPP site, or makes it the primary one (the others are no longer primary). The primary
 * site is not turned into a non-primary one: another is made primary instead (SEVIS S2201, S2262).
 */
export async function updateTippSite(ctx: TContext, profileId: string, siteId: string, input: TTippSiteFields) {
  return ctx.db(async (tx) => {
    const p = await editableTippRecord(tx, ctx, profileId);
    const before = await loadTippSite(tx, profileId, siteId);
    if (before.isPrimary && !input.isPrimary) throw fieldError('isPrimary', TIPP_MSG.primaryUnset);
    const [s] = await tx
      .update(studentTippSites)
      .set({ ...input, address: tippAddress(input.address), updatedAt: new Date() })
      .where(eq(studentTippSites.id, siteId))
      .returning();
    if (s!.isPrimary) await clearOtherTippPrimaries(tx, profileId, siteId);
    const raised = await raiseTippChange(tx, ctx, p, { kind: 'site-changed', site: s! });
    const changed = (Object.keys(input) as (keyof TTippSiteFields)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(s![k]));
    await auditTipp(
      tx,
      ctx,
      profileId,
      'student.tipp.site.updated',
      { tippSiteId: siteId, ...Object.fromEntries(changed.map((k) => [k, before[k]])) },
      { tippSiteId: siteId, ...Object.fromEntries(changed.map((k) => [k, s![k]])), sevisEvents: raised },
    );
    return presentTipp(tx, ctx, p);
  });
}
