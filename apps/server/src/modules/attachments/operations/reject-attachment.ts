import type { TAttachment } from '@meridian/domain';
import { badRequest } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { automatedMessage } from '../../messages/index.js';
import { notify } from '../../notifications/index.js';
import { changeAttachment } from '../attachment-changes.js';

/** Rejects a file with a reason the uploader is told (bell and e-mail). */
export async function rejectAttachment(ctx: TContext, attachmentId: string, reason: string): Promise<TAttachment> {
  const actor = requireActor(ctx);
  return changeAttachment(
    ctx,
    attachmentId,
    'attachment.rejected',
    (v) => {
      if (v.row.status !== 'active') throw badRequest('Only active files can be rejected.');
      return { status: 'rejected', rejectReason: reason };
    },
    async (tx, before) => {
      if (!before.uploadedBy || before.uploadedBy === actor.userId) return;
      const text = `Your document "${before.fileName}" was rejected: ${reason}`;
      await notify(tx, ctx, {
        userIds: [before.uploadedBy],
        text,
        typeName: 'attachment.rejected',
        requestId: before.requestId,
        // A file of a student's record (not of a request) opens that record.
        profileId: before.profileId,
        // Sent while the office's automated e-mail configuration sends it (docs/product/messages.md#automated-e-mail).
        email: await automatedMessage(
          tx,
          ctx,
          'document.rejected',
          {},
          {
            'document.name': before.fileName,
            'document.rejectionReason': reason,
          },
        ),
      });
    },
  );
}
