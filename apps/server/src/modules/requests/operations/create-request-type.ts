import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { requestTypes } from '../schema.js';
import { checkWorkflow, onCodeTaken, type TRequestTypeFields } from '../request-type-rules.js';
import { presentType } from '../request-type.presenter.js';

/** Adds a request type to Request Configuration; its code is unique in the institution. */
export async function createRequestType(ctx: TContext, input: TRequestTypeFields) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await checkWorkflow(tx, input.workflowId);
    const [row] = await tx
      .insert(requestTypes)
      .values({ institutionId: ctx.institutionId, ...input })
      .returning()
      .catch(onCodeTaken);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_type',
      entityId: row!.id,
      action: 'request-type.created',
      after: presentType(row!),
      ip: ctx.ip,
    });
    return presentType(row!);
  });
}
