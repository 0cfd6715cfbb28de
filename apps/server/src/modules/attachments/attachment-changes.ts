import { eq } from 'drizzle-orm';
import type { TAttachment } from '@meridian/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { loadManagedAttachment, type TAttachmentRow, type TVisibleAttachment } from './attachment.policy.js';
import { attachmentAuditShape } from './attachment.presenter.js';
import { attachments } from './schema.js';
import { presentVisibleAttachments } from './attachment-views.js';

/** Shared shape of the staff changes: load as manager, change, audit, present. */
export async function changeAttachment(
  ctx: TContext,
  attachmentId: string,
  action: string,
  set: (v: TVisibleAttachment) => Partial<TAttachmentRow>,
  after?: (tx: Parameters<Parameters<TContext['db']>[0]>[0], before: TAttachmentRow, updated: TAttachmentRow) => Promise<void>,
): Promise<TAttachment> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const v = await loadManagedAttachment(tx, ctx, attachmentId);
    const [updated] = await tx
      .update(attachments)
      .set({ ...set(v), updatedAt: new Date() })
      .where(eq(attachments.id, v.row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: v.row.id,
      action,
      before: attachmentAuditShape(v.row),
      after: attachmentAuditShape(updated!),
      ip: ctx.ip,
    });
    if (after) await after(tx, v.row, updated!);
    return (await presentVisibleAttachments(ctx, tx, [{ ...v, row: updated! }]))[0]!;
  });
}
