import { eq } from 'drizzle-orm';
import { REQUEST_STATUS_LABELS, type TRequestStatus } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, forbidden } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { canAccessRequest, getAccessibleRequest, type TRequestRow } from '../request.policy.js';
import { requests } from '../schema.js';

/**
 * The request whose own form is about to be saved, locked for the transaction: the caller must reach it, and
 * may change its answers only while it is theirs to write (a draft or awaiting clarification, not in approver
 * review). Someone else's request is a 403; one's own request past that point a 409 that says why.
 */
export async function lockRequestForAnswers(tx: TTx, ctx: TContext, requestId: string): Promise<TRequestRow> {
  const actor = requireActor(ctx);
  await getAccessibleRequest(tx, ctx, requestId, 'read');
  const [r] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (canAccessRequest(actor, r!, 'write')) return r!;
  const own = r!.requesterUserId === actor.userId || r!.subjectUserId === actor.userId;
  if (!own) throw forbidden();
  throw new AppError(
    409,
    'NOT_EDITABLE',
    r!.isLocked
      ? 'This request is locked while it is in approver review.'
      : `This request is ${REQUEST_STATUS_LABELS[r!.status as TRequestStatus]}; its answers cannot be changed.`,
  );
}
