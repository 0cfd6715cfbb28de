import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { requests } from '../schema.js';

const FINAL = new Set<string>(['completed', 'dismissed', 'rejected']);

/**
 * Closes an owned request with its owner's record (completed, dismissed or rejected), whatever open
 * state it is in; a request already closed stays as it is.
 */
export async function closeOwnedRequest(
  tx: TTx,
  ctx: TContext,
  requestId: string | null,
  status: 'completed' | 'dismissed' | 'rejected',
  message = '',
): Promise<void> {
  if (!requestId) return;
  const [r] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!r || FINAL.has(r.status)) return;
  await tx
    .update(requests)
    .set({ status, isLocked: false, decidedAt: new Date(), updatedAt: new Date(), ...(message ? { statusMessage: message } : {}) })
    .where(eq(requests.id, r.id));
  const action = status === 'completed' ? 'complete' : status === 'dismissed' ? 'dismiss' : 'reject';
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'request',
    entityId: r.id,
    action: `request.${action}`,
    before: { status: r.status },
    after: { status, ...(message ? { message } : {}) },
    ip: ctx.ip,
  });
}
