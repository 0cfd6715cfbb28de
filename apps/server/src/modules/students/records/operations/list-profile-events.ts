import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';

/** The SEVIS updates of one record (pending first, then the rest), newest first. */
export async function listProfileEvents(tx: TTx, profileId: string, statuses?: string[]) {
  return tx
    .select()
    .from(sevisPendingEvents)
    .where(and(eq(sevisPendingEvents.profileId, profileId), statuses?.length ? inArray(sevisPendingEvents.status, statuses) : undefined))
    .orderBy(desc(sevisPendingEvents.createdAt));
}
