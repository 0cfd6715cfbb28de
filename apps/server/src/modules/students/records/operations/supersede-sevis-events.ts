import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';

/** The statuses of an update that has not left for SEVIS (or came back refused): it may still be replaced. */
export const OPEN_SEVIS_EVENT_STATUSES = ['pending', 'held', 'failed'] as const;

/** Who supersedes, for the audit entry: a staff member, or a job (no actor). */
export interface TSupersededBy {
  institutionId: string;
  actorUserId: string | null;
  ip?: string | undefined;
}

/**
 * Marks updates of a record that must never leave as superseded, saying why (a newer event carries
 * their content, or SEVIS already has it), with one audit entry each on the record
 * (docs/decisions/019-sevis-events-reach-sevis-once.md). Only updates that have not gone to SEVIS
 * (pending, held back, failed) are touched. Returns the ids superseded.
 */
export async function supersedeSevisEvents(
  tx: TTx,
  by: TSupersededBy,
  o: { profileId: string; where: SQL | undefined; reason: string; byEventId?: string | null | undefined },
): Promise<string[]> {
  const rows = await tx
    .update(sevisPendingEvents)
    .set({ status: 'superseded', message: o.reason.slice(0, 1000), updatedAt: new Date() })
    .where(
      and(
        eq(sevisPendingEvents.profileId, o.profileId),
        inArray(sevisPendingEvents.status, [...OPEN_SEVIS_EVENT_STATUSES]),
        o.byEventId ? ne(sevisPendingEvents.id, o.byEventId) : undefined,
        o.where,
      ),
    )
    .returning({ id: sevisPendingEvents.id, eventType: sevisPendingEvents.eventType, action: sevisPendingEvents.action });
  for (const r of rows)
    await writeAudit(tx, {
      institutionId: by.institutionId,
      actorUserId: by.actorUserId,
      entityType: 'student_profile',
      entityId: o.profileId,
      action: 'student.sevis-event.superseded',
      after: { sevisEventId: r.id, eventType: r.eventType, action: r.action, reason: o.reason, byEventId: o.byEventId ?? null },
      ip: by.ip,
    });
  return rows.map((r) => r.id);
}
