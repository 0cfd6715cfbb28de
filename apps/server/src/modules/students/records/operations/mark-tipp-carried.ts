import { inArray } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { studentTippPhases, studentTippSites } from '../../schema.js';

/**
 * T/IPP sites and phases a batched record carries to SEVIS (a Create's AddTIPP, a TIPP AddSite or
 * AddPhase): from now on a change to one is an update of what SEVIS has (EditSite, EditPhase, …,
 * waiting for SEVIS's id), never a second Add (docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export async function markTippCarried(tx: TTx, o: { siteIds: string[]; phaseIds: string[] }, at: Date = new Date()): Promise<void> {
  if (o.siteIds.length) await tx.update(studentTippSites).set({ sentAt: at }).where(inArray(studentTippSites.id, o.siteIds));
  if (o.phaseIds.length) await tx.update(studentTippPhases).set({ sentAt: at }).where(inArray(studentTippPhases.id, o.phaseIds));
}
