import { eq } from 'drizzle-orm';
import type { TContext } from '../../../../platform/http/context.js';
import { studentTippPhases } from '../../schema.js';
import { assertPhaseDates, auditTipp, editableTippRecord, loadTippPhase, presentTipp, type TTippPhaseFields } from '../tipp-fields.js';
import { raiseTippChange } from '../tipp-events.js';

/** Changes a T/IPP phase: its dates stay within the program (SEVIS S2254). */
export async function updateTippPhase(ctx: TContext, profileId: string, phaseId: string, input: TTippPhaseFields) {
  return ctx.db(async (tx) => {
    const p = await editableTippRecord(tx, ctx, profileId);
    const { phase: before, site } = await loadTippPhase(tx, profileId, phaseId);
    assertPhaseDates(input, p);
    const [ph] = await tx
      .update(studentTippPhases)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(studentTippPhases.id, phaseId))
      .returning();
    const raised = await raiseTippChange(tx, ctx, p, { kind: 'phase-changed', site, phase: ph! });
    const changed = (Object.keys(input) as (keyof TTippPhaseFields)[]).filter((k) => before[k] !== ph![k]);
    await auditTipp(
      tx,
      ctx,
      profileId,
      'student.tipp.phase.updated',
      { tippPhaseId: phaseId, ...Object.fromEntries(changed.map((k) => [k, before[k]])) },
      { tippPhaseId: phaseId, ...Object.fromEntries(changed.map((k) => [k, ph![k]])), sevisEvents: raised },
    );
    return presentTipp(tx, ctx, p);
  });
}
