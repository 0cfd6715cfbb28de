import { and, asc, eq, ne } from 'drizzle-orm';
import type { TAttachment } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../../requests/index.js';
import { isVisibleIn, requestView } from '../attachment.policy.js';
import { attachments } from '../schema.js';
import { presentVisibleAttachments } from '../attachment-views.js';

/** A request's files, as far as the caller may see them. */
export async function listRequestAttachments(ctx: TContext, requestId: string): Promise<TAttachment[]> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const request = await getAccessibleRequest(tx, ctx, requestId, 'read');
    const view = requestView(actor, request);
    const rows = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.requestId, requestId), ne(attachments.status, 'deleted')))
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    return presentVisibleAttachments(
      ctx,
      tx,
      rows.filter((r) => isVisibleIn(r, view)).map((row) => ({ row, view, request })),
    );
  });
}
