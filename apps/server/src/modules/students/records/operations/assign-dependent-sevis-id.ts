import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { studentDependents } from '../../schema.js';

/** SEVIS created a dependent and gave it its SEVIS ID: it is in step with SEVIS now. */
export async function assignDependentSevisId(tx: TTx, dependentId: string, sevisId: string): Promise<void> {
  await tx
    .update(studentDependents)
    .set({ sevisId, needsSevisUpdate: false, updatedAt: new Date() })
    .where(eq(studentDependents.id, dependentId));
}
