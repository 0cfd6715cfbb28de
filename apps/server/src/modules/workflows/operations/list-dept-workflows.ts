import { asc, eq } from 'drizzle-orm';
import { type TWorkflow } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { workflows } from '../schema.js';
import { presentWorkflows } from '../workflow.presenter.js';
import { departmentOf } from '../department-workflow-rules.js';

/** The department's own workflows (never the office's or another department's). */
export async function listDeptWorkflows(ctx: TContext): Promise<TWorkflow[]> {
  const departmentId = departmentOf(requireActor(ctx));
  return ctx.db(async (tx) =>
    presentWorkflows(tx, await tx.select().from(workflows).where(eq(workflows.departmentId, departmentId)).orderBy(asc(workflows.name))),
  );
}
