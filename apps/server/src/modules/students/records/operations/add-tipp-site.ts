import { and, eq } from 'drizzle-orm';
import type { TContext } from '../../../../platform/http/context.js';
import { studentTippSites } from '../../schema.js';
import {
  assertNotExempt,
  auditTipp,
  clearOtherTippPrimaries,
  editableTippRecord,
  presentTipp,
  tippAddress,
  type TTippSiteFields,
} from '../tipp-fields.js';
import { raiseTippChange } from '../tipp-events.js';

/**
 * Adds a placement site to a trainee's or intern's T/IPP (EV schema 6.27 TippSite). The first site is
 * the primary one (SEVIS S2262: no trainee or intern without a primary T/IPP site); an exempt exchange
 * visitor has none (S2252, S2253). SEVIS takes a site with at least one phase: it goes with its phases.
 */
export async function addTippSite(ctx: TContext, profileId: string, input: TTippSiteFields) {
  return ctx.db(async (tx) => {
    const p = await editableTippRecord(tx, ctx, profileId);
    await assertNotExempt(tx, profileId);
    const [other] = await tx
      .select({ id: studentTippSites.id })
      .from(studentTippSites)
      .where(and(eq(studentTippSites.profileId, profileId), eq(studentTippSites.isActive, true)))
      .limit(1);
    const [s] = await tx
      .insert(studentTippSites)
      .values({
        institutionId: ctx.institutionId,
        profileId,
        ...input,
        address: tippAddress(input.address),
        isPrimary: input.isPrimary || !other,
      })
      .returning();
    if (s!.isPrimary) await clearOtherTippPrimaries(tx, profileId, s!.id);
    const raised = await raiseTippChange(tx, ctx, p, { kind: 'site-added', site: s! });
    await auditTipp(tx, ctx, profileId, 'student.tipp.site.added', null, {
      tippSiteId: s!.id,
      name: s!.name,
      isPrimary: s!.isPrimary,
      sevisEvents: raised,
    });
    return presentTipp(tx, ctx, p);
  });
}
