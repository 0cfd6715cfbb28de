import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { forbidden } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { recordParts } from '../record-parts.js';
import { canDeleteAttachment, loadVisibleAttachment } from '../attachment.policy.js';
import { attachmentAuditShape } from '../attachment.presenter.js';
import { attachments } from '../schema.js';

/** Removes a file from view (soft: the stored bytes stay, linked copies keep working). */
export async function deleteAttachment(ctx: TContext, attachmentId: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const v = await loadVisibleAttachment(tx, ctx, attachmentId);
    // A student may also remove their own upload on their record while their current portal stage still asks for it.
    const ownStageFile =
      v.view === 'requester' &&
      !v.row.requestId &&
      v.row.uploadedBy === actor.userId &&
      v.row.subjectUserId === actor.userId &&
      actor.role === 'ISSSstudent' &&
      !!v.row.customDocumentId &&
      (await recordParts().mayFileOwnDocument(tx, ctx, v.row)) === null;
    if (!canDeleteAttachment(actor, v) && !ownStageFile) throw forbidden('This file cannot be removed now.');
    const [updated] = await tx
      .update(attachments)
      .set({ status: 'deleted', updatedAt: new Date() })
      .where(eq(attachments.id, v.row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: v.row.id,
      action: 'attachment.deleted',
      before: attachmentAuditShape(v.row),
      after: attachmentAuditShape(updated!),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
