import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { loadVisibleAttachment } from '../attachment.policy.js';

/** Opens a file the actor may see for download; FERPA: who opened which document is on record. */
export async function downloadAttachment(ctx: TContext, attachmentId: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const v = await loadVisibleAttachment(tx, ctx, attachmentId);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: v.row.id,
      action: 'attachment.downloaded',
      ip: ctx.ip,
    });
    return v.row;
  });
}
