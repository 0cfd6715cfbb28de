import type { TAttachment } from '@meridian/domain';
import { type TContext } from '../../../platform/http/context.js';
import { changeAttachment } from '../attachment-changes.js';

/** Shows or hides a file from the requester and the department. */
export async function updateAttachmentVisibility(
  ctx: TContext,
  attachmentId: string,
  body: { isVisibleToRequester: boolean; isVisibleToDepartment: boolean },
): Promise<TAttachment> {
  return changeAttachment(ctx, attachmentId, 'attachment.visibility.updated', () => ({
    isVisibleToRequester: body.isVisibleToRequester,
    isVisibleToDepartment: body.isVisibleToDepartment,
  }));
}
