import type { TAttachment } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../../requests/index.js';
import { loadManagedAttachment } from '../attachment.policy.js';
import { attachmentAuditShape } from '../attachment.presenter.js';
import { attachments } from '../schema.js';
import { presentVisibleAttachments } from '../attachment-views.js';

/** Files the same stored document on another request the caller processes (one stored copy, two rows). */
export async function linkAttachment(ctx: TContext, attachmentId: string, targetRequestId: string): Promise<TAttachment> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const source = await loadManagedAttachment(tx, ctx, attachmentId);
    if (source.row.requestId === targetRequestId)
      throw badRequest('The file is already on this request.', { requestId: ['The file is already on this request.'] });
    const target = await getAccessibleRequest(tx, ctx, targetRequestId, 'process');
    const s = source.row;
    const [row] = await tx
      .insert(attachments)
      .values({
        institutionId: ctx.institutionId,
        requestId: target.id,
        subjectUserId: target.subjectUserId ?? s.subjectUserId,
        dependentId: s.dependentId,
        soaId: s.soaId,
        categoryId: s.categoryId,
        checklistItem: s.checklistItem,
        fileName: s.fileName,
        description: s.description,
        contentType: s.contentType,
        sizeBytes: s.sizeBytes,
        sha256: s.sha256,
        storageKey: s.storageKey,
        isVisibleToRequester: s.isVisibleToRequester,
        isVisibleToDepartment: s.isVisibleToDepartment,
        linkedFromId: s.linkedFromId ?? s.id,
        uploadedBy: s.uploadedBy,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: row!.id,
      action: 'attachment.linked',
      after: attachmentAuditShape(row!),
      ip: ctx.ip,
    });
    return (await presentVisibleAttachments(ctx, tx, [{ row: row!, view: 'all', request: target }]))[0]!;
  });
}
