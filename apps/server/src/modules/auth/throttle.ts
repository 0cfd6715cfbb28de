import { and, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { loginThrottle } from './schema.js';

/** Consecutive failures per account before each further try must wait. */
export const ACCOUNT_FREE_FAILURES = 5;
/** The wait doubles per failure from 30 s, capped: slow down guessing, never lock anyone out for good. */
export const ACCOUNT_MAX_WAIT_S = 15 * 60;
/** Failures per address in a 15-minute window before that address is slowed down. */
export const ADDRESS_MAX_FAILURES = 50;
const ADDRESS_WINDOW_S = 15 * 60;

export const accountKey = (userName: string) => `acct:${userName.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

export function accountWaitS(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(30 * 2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_WAIT_S);
}

/** Seconds the caller must still wait before another try, 0 when free to try. */
export async function secondsToWait(tx: TTx, institutionId: string, userName: string, ip: string): Promise<number> {
  const rows = await tx
    .select()
    .from(loginThrottle)
    .where(and(eq(loginThrottle.institutionId, institutionId), sql`${loginThrottle.key} in (${accountKey(userName)}, ${addressKey(ip)})`));
  const now = Date.now();
  let wait = 0;
  for (const r of rows) {
    if (r.key.startsWith('acct:')) {
      const until = r.lastFailureAt.getTime() + accountWaitS(r.failures) * 1000;
      wait = Math.max(wait, Math.ceil((until - now) / 1000));
    } else if (now - r.windowStart.getTime() < ADDRESS_WINDOW_S * 1000 && r.failures >= ADDRESS_MAX_FAILURES) {
      wait = Math.max(wait, Math.ceil((r.windowStart.getTime() + ADDRESS_WINDOW_S * 1000 - now) / 1000));
    }
  }
  return Math.max(0, wait);
}

/**
 * Reserves one try for an account. Under a lock on the account's row it either answers the seconds
 * still to wait, or counts this try as a failure in advance (a success clears it): parallel guesses
 * are serialised here, so no more than ACCOUNT_FREE_FAILURES of them reach the password check.
 */
export async function reserveTry(tx: TTx, institutionId: string, userName: string, ip: string): Promise<number> {
  const account = and(eq(loginThrottle.institutionId, institutionId), eq(loginThrottle.key, accountKey(userName)));
  await tx
    .insert(loginThrottle)
    .values({ institutionId, key: accountKey(userName), failures: 0 })
    .onConflictDoNothing();
  await tx.select({ key: loginThrottle.key }).from(loginThrottle).where(account).for('update');
  const wait = await secondsToWait(tx, institutionId, userName, ip);
  if (wait > 0) return wait;
  await tx
    .update(loginThrottle)
    .set({ failures: sql`${loginThrottle.failures} + 1`, lastFailureAt: sql`now()` })
    .where(account);
  return 0;
}

/** Counts a failed try against the address (the account's was counted by reserveTry). */
export async function recordAddressFailure(tx: TTx, institutionId: string, ip: string): Promise<void> {
  await tx
    .insert(loginThrottle)
    .values({ institutionId, key: addressKey(ip), failures: 1 })
    .onConflictDoUpdate({
      target: [loginThrottle.institutionId, loginThrottle.key],
      // A new window starts once the old one has passed.
      set: {
        failures: sql`case when ${loginThrottle.windowStart} < now() - interval '15 minutes' then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < now() - interval '15 minutes' then now() else ${loginThrottle.windowStart} end`,
        lastFailureAt: sql`now()`,
      },
    });
}

/**
 * A plain counter in a fixed window (e.g. reset requests per address). Returns true while the
 * count, including this hit, is within max.
 */
export async function hitWithinLimit(tx: TTx, institutionId: string, key: string, max: number, windowS: number): Promise<boolean> {
  const window = sql.raw(`interval '${Math.floor(windowS)} seconds'`);
  const [row] = await tx
    .insert(loginThrottle)
    .values({ institutionId, key, failures: 1 })
    .onConflictDoUpdate({
      target: [loginThrottle.institutionId, loginThrottle.key],
      set: {
        failures: sql`case when ${loginThrottle.windowStart} < now() - ${window} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < now() - ${window} then now() else ${loginThrottle.windowStart} end`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  return (row?.failures ?? 0) <= max;
}

export async function clearAccount(tx: TTx, institutionId: string, userName: string): Promise<void> {
  await tx.delete(loginThrottle).where(and(eq(loginThrottle.institutionId, institutionId), eq(loginThrottle.key, accountKey(userName))));
}
