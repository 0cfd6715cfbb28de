import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase, TTx } from '../db/database.js';
import { outbox } from './schema.js';

/**
 * Puts a failed message back in the queue as the same message (the same Message-ID): its tries start over
 * and the delivery job takes it up at once. Null when it is not failed (any more).
 */
export async function requeueFailedMail(tx: TTx, messageId: string): Promise<typeof outbox.$inferSelect | null> {
  const [row] = await tx
    .update(outbox)
    .set({ status: 'queued', attempts: 0, claimedAt: null })
    .where(and(eq(outbox.id, messageId), eq(outbox.status, 'failed')))
    .returning();
  return row ?? null;
}

/**
 * Deletes each institution's mail older than its retention (the mailRetentionDays setting, at least
 * `minDays`, `defaultDays` when unset), except mail still queued or being sent. Returns how many went.
 */
export async function purgeExpiredMail(db: TDatabase, minDays: number, defaultDays: number): Promise<number> {
  const r = await db.owner.execute(sql`
    delete from outbox o using institutions i
    where o.institution_id = i.id
      and o.status not in ('queued', 'sending')
      and o.created_at < now() - make_interval(days => greatest(${minDays}::int,
        case when (i.settings->>'mailRetentionDays') ~ '^[0-9]{1,6}$' then (i.settings->>'mailRetentionDays')::int
             else ${defaultDays}::int end))`);
  return r.rowCount ?? 0;
}
