import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { workflows } from '../schema.js';

/** One workflow of the department, for use by other modules (e.g. the sponsorship workflow of department configs); null otherwise. */
export async function findDepartmentWorkflow(tx: TTx, departmentId: string, workflowId: string) {
  const [w] = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.departmentId, departmentId)));
  return w ?? null;
}
