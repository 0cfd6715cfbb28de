import { sql } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { requests } from './schema.js';

/**
 * The next request number of the institution. Numbers are per institution and gap-free enough for
 * people to quote: allocated under a transaction lock, so the caller must insert in the same transaction.
 */
export async function nextRequestNumber(tx: TTx, institutionId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${institutionId} || ':request-number'))`);
  const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${requests.number}), 1000) + 1` }).from(requests)) as [
    { next: number },
  ];
  return Number(next);
}
