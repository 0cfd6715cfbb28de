import type { TAttachment } from '@meridian/domain';
import { type TContext } from '../../../platform/http/context.js';
import { loadVisibleAttachment } from '../attachment.policy.js';
import { presentVisibleAttachments } from '../attachment-views.js';

/** One file the caller may see. */
export async function getAttachment(ctx: TContext, attachmentId: string): Promise<TAttachment> {
  return ctx.db(async (tx) => (await presentVisibleAttachments(ctx, tx, [await loadVisibleAttachment(tx, ctx, attachmentId)]))[0]!);
}
