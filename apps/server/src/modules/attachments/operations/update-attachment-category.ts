import type { TAttachment } from '@meridian/domain';
import { type TContext } from '../../../platform/http/context.js';
import { changeAttachment } from '../attachment-changes.js';

/** Files a document under another category (and checklist item). */
export async function updateAttachmentCategory(
  ctx: TContext,
  attachmentId: string,
  body: { categoryId: string; checklistItem?: string | undefined },
): Promise<TAttachment> {
  return changeAttachment(ctx, attachmentId, 'attachment.category.updated', (v) => ({
    categoryId: body.categoryId,
    checklistItem: body.checklistItem ?? v.row.checklistItem,
  }));
}
