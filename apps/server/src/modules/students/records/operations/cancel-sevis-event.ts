import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { sevisPendingEvents } from '../../schema.js';
import { lockSevisEvent } from './requeue-sevis-event.js';

/**
 * Withdraws an update that has not gone to SEVIS, or that SEVIS refused (pending, held back, failed),
 * with the office's reason on it and in the record's History Log; it never leaves
 * (docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export async function cancelSevisEvent(
  tx: TTx,
  ctx: TContext,
  eventId: string,
  reason: string,
): Promise<typeof sevisPendingEvents.$inferSelect> {
  const e = await lockSevisEvent(tx, eventId);
  if (!['pending', 'held', 'failed'].includes(e.status))
    throw new AppError(409, 'CONFLICT', 'Only a pending, held-back or failed SEVIS update can be cancelled.');
  const message = `Cancelled: ${reason}`.slice(0, 1000);
  const [after] = await tx
    .update(sevisPendingEvents)
    .set({ status: 'cancelled', message, updatedAt: new Date() })
    .where(eq(sevisPendingEvents.id, e.id))
    .returning();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: e.profileId,
    action: 'student.sevis-event.cancelled',
    before: { sevisEventId: e.id, status: e.status, resultCode: e.resultCode, message: e.message },
    after: { sevisEventId: e.id, eventType: e.eventType, action: e.action, status: 'cancelled', reason },
    ip: ctx.ip,
  });
  return after!;
}
