import { asc, isNull } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { workflows } from '../schema.js';
import { presentWorkflows } from '../workflow.presenter.js';

/** The office's approval workflows (not the departments' own), by name. */
export async function listWorkflows(ctx: TContext) {
  return ctx.db(async (tx) =>
    presentWorkflows(tx, await tx.select().from(workflows).where(isNull(workflows.departmentId)).orderBy(asc(workflows.name))),
  );
}
