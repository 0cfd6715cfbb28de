import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentTippPhases } from '../../schema.js';
import { auditTipp, editableTippRecord, loadTippPhase, phaseRemoveIssue, presentTipp } from '../tipp-fields.js';
import { raiseTippChange } from '../tipp-events.js';

/**
 * Removes a T/IPP phase. One SEVIS has is deleted there (TIPP/DeletePhase) only while the office's
 * today is before its start (SEVIS S2281) and never the only phase of its site (S2275).
 */
export async function removeTippPhase(ctx: TContext, profileId: string, phaseId: string) {
  return ctx.db(async (tx) => {
    const p = await editableTippRecord(tx, ctx, profileId);
    const { phase, site } = await loadTippPhase(tx, profileId, phaseId);
    const sitePhases = await tx
      .select()
      .from(studentTippPhases)
      .where(and(eq(studentTippPhases.siteId, site.id), eq(studentTippPhases.isActive, true)));
    const issue = phaseRemoveIssue(phase, site, sitePhases, ctx.today());
    if (issue) throw new AppError(409, 'TIPP_PHASE_KEPT', issue);
    const [removed] = await tx
      .update(studentTippPhases)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(studentTippPhases.id, phaseId))
      .returning();
    const raised = await raiseTippChange(tx, ctx, p, { kind: 'phase-removed', site, phase: removed! });
    await auditTipp(
      tx,
      ctx,
      profileId,
      'student.tipp.phase.removed',
      { tippPhaseId: phaseId, name: phase.name, isActive: true },
      { tippPhaseId: phaseId, isActive: false, sevisEvents: raised },
    );
    return presentTipp(tx, ctx, p);
  });
}
