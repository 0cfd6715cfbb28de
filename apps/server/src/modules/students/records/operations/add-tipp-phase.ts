import type { TContext } from '../../../../platform/http/context.js';
import { studentTippPhases } from '../../schema.js';
import { assertPhaseDates, auditTipp, editableTippRecord, loadTippSite, presentTipp, type TTippPhaseFields } from '../tipp-fields.js';
import { raiseTippChange } from '../tipp-events.js';

/**
 * Adds a phase to a T/IPP site (EV schema 6.27 TippPhase): its dates lie within the program, which the
 * phases together cover (SEVIS S2254).
 */
export async function addTippPhase(ctx: TContext, profileId: string, siteId: string, input: TTippPhaseFields) {
  return ctx.db(async (tx) => {
    const p = await editableTippRecord(tx, ctx, profileId);
    const site = await loadTippSite(tx, profileId, siteId);
    assertPhaseDates(input, p);
    const [ph] = await tx
      .insert(studentTippPhases)
      .values({ institutionId: ctx.institutionId, profileId, siteId, ...input })
      .returning();
    const raised = await raiseTippChange(tx, ctx, p, { kind: 'phase-added', site, phase: ph! });
    await auditTipp(tx, ctx, profileId, 'student.tipp.phase.added', null, {
      tippSiteId: siteId,
      tippPhaseId: ph!.id,
      name: ph!.name,
      startDate: ph!.startDate,
      endDate: ph!.endDate,
      sevisEvents: raised,
    });
    return presentTipp(tx, ctx, p);
  });
}
