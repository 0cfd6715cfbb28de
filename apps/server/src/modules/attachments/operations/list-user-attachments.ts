import { and, asc, eq, ne } from 'drizzle-orm';
import type { TAttachment } from '@meridian/domain';
import { forbidden } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { userView } from '../attachment.policy.js';
import { attachments } from '../schema.js';
import { presentVisibleAttachments } from '../attachment-views.js';

/** The files on a person's record (office staff who reach the person). */
export async function listUserAttachments(ctx: TContext, userId: string): Promise<TAttachment[]> {
  return ctx.db(async (tx) => {
    const view = await userView(tx, ctx, userId);
    if (view !== 'all') throw forbidden();
    const rows = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.subjectUserId, userId), ne(attachments.status, 'deleted')))
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    return presentVisibleAttachments(
      ctx,
      tx,
      rows.map((row) => ({ row, view, request: null })),
    );
  });
}
