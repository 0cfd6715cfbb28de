import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents, studentDependents } from '../../schema.js';

/**
 * SEVIS created a dependent and gave it its SEVIS ID: it is in step with SEVIS now. A change of it
 * raised while SEVIS was creating it waits as an Add; SEVIS has it now, so that change goes as an Edit
 * (an Add would create the dependent twice; docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export async function assignDependentSevisId(tx: TTx, dependentId: string, sevisId: string): Promise<void> {
  await tx
    .update(studentDependents)
    .set({ sevisId, needsSevisUpdate: false, updatedAt: new Date() })
    .where(eq(studentDependents.id, dependentId));
  await tx
    .update(sevisPendingEvents)
    .set({ action: 'Edit', updatedAt: new Date() })
    .where(
      and(
        eq(sevisPendingEvents.dependentId, dependentId),
        eq(sevisPendingEvents.eventType, 'Dependent'),
        eq(sevisPendingEvents.action, 'Add'),
        inArray(sevisPendingEvents.status, ['pending', 'held']),
      ),
    );
}
