import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { requestTypes } from '../schema.js';
import { checkWorkflow, onCodeTaken, type TRequestTypeFields } from '../request-type-rules.js';
import { presentType } from '../request-type.presenter.js';

/** Changes a request type of Request Configuration. */
export async function updateRequestType(ctx: TContext, id: string, input: TRequestTypeFields) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(requestTypes).where(eq(requestTypes.id, id)).for('update');
    if (!before) throw notFound();
    await checkWorkflow(tx, input.workflowId);
    const [row] = await tx
      .update(requestTypes)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(requestTypes.id, id))
      .returning()
      .catch(onCodeTaken);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_type',
      entityId: id,
      action: 'request-type.updated',
      before: presentType(before),
      after: presentType(row!),
      ip: ctx.ip,
    });
    return presentType(row!);
  });
}
