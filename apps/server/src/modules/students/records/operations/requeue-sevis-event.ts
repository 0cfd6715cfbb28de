import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, notFound } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { sevisPendingEvents, studentProfiles } from '../../schema.js';

type TEventRow = typeof sevisPendingEvents.$inferSelect;

/** A SEVIS update of the institution, locked (404 when there is none). */
export async function lockSevisEvent(tx: TTx, eventId: string): Promise<TEventRow> {
  const [e] = /^[0-9a-f-]{36}$/i.test(eventId)
    ? await tx.select().from(sevisPendingEvents).where(eq(sevisPendingEvents.id, eventId)).for('update')
    : [];
  if (!e) throw notFound();
  return e;
}

/**
 * Sends a failed or held-back update again, after the office fixed the data: it is pending once more
 * and the next batch builds it from the record as it stands. Refused when SEVIS already has the person
 * (a Create of a record with a SEVIS ID) or a newer update of the same kind replaces it
 * (docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export async function requeueSevisEvent(tx: TTx, ctx: TContext, eventId: string): Promise<TEventRow> {
  const e = await lockSevisEvent(tx, eventId);
  if (e.status !== 'failed' && e.status !== 'held')
    throw new AppError(409, 'CONFLICT', 'Only a failed or held-back SEVIS update can be sent again.');
  const [p] = await tx.select({ sevisId: studentProfiles.sevisId }).from(studentProfiles).where(eq(studentProfiles.id, e.profileId));
  if (e.eventType === 'Create' && p?.sevisId)
    throw new AppError(
      409,
      'CONFLICT',
      `The record already has its SEVIS ID (${p.sevisId}): SEVIS creates a person once. Cancel this Create.`,
    );
  const [newer] = await tx
    .select({ id: sevisPendingEvents.id })
    .from(sevisPendingEvents)
    .where(
      and(
        eq(sevisPendingEvents.profileId, e.profileId),
        eq(sevisPendingEvents.eventType, e.eventType),
        e.eventType === 'Create' ? undefined : eq(sevisPendingEvents.action, e.action),
        e.eventType === 'Create'
          ? undefined
          : e.dependentId
            ? eq(sevisPendingEvents.dependentId, e.dependentId)
            : isNull(sevisPendingEvents.dependentId),
        // Of the same site or phase, for updates of one of several (a T/IPP's: payload.mergeKey).
        e.eventType === 'Create'
          ? undefined
          : sql`(${sevisPendingEvents.payload}->>'mergeKey') is not distinct from ${(e.payload as { mergeKey?: string }).mergeKey ?? null}::text`,
        ne(sevisPendingEvents.id, e.id),
        inArray(
          sevisPendingEvents.status,
          e.eventType === 'Create' ? ['pending', 'held', 'batched', 'sent', 'succeeded'] : ['pending', 'held'],
        ),
        e.eventType === 'Create' ? undefined : gt(sevisPendingEvents.createdAt, e.createdAt),
      ),
    )
    .limit(1);
  if (newer) throw new AppError(409, 'CONFLICT', 'A newer update of the same kind replaces this one; cancel this one instead.');
  const [after] = await tx
    .update(sevisPendingEvents)
    .set({ status: 'pending', message: '', resultCode: '', batchId: null, updatedAt: new Date() })
    .where(eq(sevisPendingEvents.id, e.id))
    .returning();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: e.profileId,
    action: 'student.sevis-event.requeued',
    before: { sevisEventId: e.id, status: e.status, resultCode: e.resultCode, message: e.message },
    after: { sevisEventId: e.id, eventType: e.eventType, action: e.action, status: 'pending' },
    ip: ctx.ip,
  });
  return after!;
}
