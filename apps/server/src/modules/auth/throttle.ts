import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { loginThrottle, sessions } from './schema.js';
import type { TDevice } from './devices.js';

/*
 * Sign-in throttling (docs/product/auth.md#sign-in-throttling, docs/decisions/020-sign-in-throttling.md):
 * slow down the guesser, never lock out the owner (NIST SP 800-63B §5.2.2, OWASP ASVS v4 2.2.1). The
 * counters live in login_throttle, so every server node sees the same ones.
 */

/** Failures in a row of one account from one address (or one recognised device) before each further try must wait. */
export const PAIR_FREE_FAILURES = 5;
/** Failures in a row of one account from places it is not recognised at, all together, before each further try from such a place must wait. */
export const ACCOUNT_FREE_FAILURES = 10;
/** The wait starts at 30 s and doubles with each further failure up to this: slowed down, never locked out for good. */
export const MAX_WAIT_S = 15 * 60;
/** Failures from one address, at accounts that do not know it, within ADDRESS_WINDOW_S before that address is slowed down for them. */
export const ADDRESS_MAX_FAILURES = 50;
export const ADDRESS_WINDOW_S = 15 * 60;
/** A day without a failure forgets the failures in a row. */
export const FORGET_AFTER_S = 24 * 3600;
/** An address an account signed in from within this many days is recognised for it. */
export const RECOGNISED_ADDRESS_DAYS = 90;

/**
 * The address a counter is kept for: an IPv4 address itself (also when written IPv4-mapped), an IPv6
 * address by its /64 network, which one subscriber usually holds whole and could otherwise walk through.
 */
export function addressNet(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const account = (userName: string) => userName.trim().toLowerCase();
export const pairKey = (userName: string, ip: string) => `pair:${account(userName)}|ip:${addressNet(ip)}`;
export const devicePairKey = (userName: string, deviceId: string) => `pair:${account(userName)}|dev:${deviceId}`;
export const accountKey = (userName: string) => `acct:${account(userName)}`;
export const addressKey = (ip: string) => `ip:${addressNet(ip)}`;

/**
 * The counters one sign-in try is subject to. From a recognised device: only that device's own pair.
 * From an address the account recently signed in from: only the (account, address) pair. From
 * anywhere else: the pair, the account's count of such tries from everywhere, and the address's.
 */
export interface TThrottleScope {
  recognised: 'device' | 'address' | null;
  pair: string;
  account: string | null;
  address: string | null;
}

/** Seconds to wait after `failures` in a row, `free` of them without waiting. */
export function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(30 * 2 ** Math.min(failures - free, 20), MAX_WAIT_S);
}

/** Has the account signed in from this address (its network) within RECOGNISED_ADDRESS_DAYS? */
async function isRecognisedAddress(tx: TTx, userId: string | null, ip: string): Promise<boolean> {
  // Unknown user names run the same query, so they take the same time as known ones.
  const rows = await tx
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId ?? '00000000-0000-0000-0000-000000000000'),
        // An absolute span (seconds): 'days' would follow the database session's daylight-saving changes.
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${RECOGNISED_ADDRESS_DAYS * 86_400})`),
      ),
    )
    .limit(500);
  const net = addressNet(ip);
  return rows.some((r) => r.ip !== null && addressNet(r.ip) === net);
}

/** Which counters a try for this user name, from this address and device, is subject to. */
export async function throttleScope(
  tx: TTx,
  userName: string,
  ip: string,
  userId: string | null,
  device: TDevice | null,
): Promise<TThrottleScope> {
  if (device) return { recognised: 'device', pair: devicePairKey(userName, device.deviceId), account: null, address: null };
  if (await isRecognisedAddress(tx, userId, ip))
    return { recognised: 'address', pair: pairKey(userName, ip), account: null, address: null };
  return { recognised: null, pair: pairKey(userName, ip), account: accountKey(userName), address: addressKey(ip) };
}

type TRow = typeof loginThrottle.$inferSelect;

/** Failures in a row a counter still holds: none once a day has passed without one. */
const inARow = (r: TRow | undefined, nowMs: number) => (r && nowMs - r.lastFailureAt.getTime() <= FORGET_AFTER_S * 1000 ? r.failures : 0);

const addressFailures = (r: TRow | undefined, nowMs: number) =>
  r && nowMs - r.windowStart.getTime() < ADDRESS_WINDOW_S * 1000 ? r.failures : 0;

async function rowsOf(tx: TTx, institutionId: string, scope: TThrottleScope): Promise<Map<string, TRow>> {
  const keys = [scope.pair, scope.account, scope.address].filter((k): k is string => k !== null);
  const rows = await tx
    .select()
    .from(loginThrottle)
    .where(and(eq(loginThrottle.institutionId, institutionId), inArray(loginThrottle.key, keys)));
  return new Map(rows.map((r) => [r.key, r]));
}

function waitOf(rows: Map<string, TRow>, scope: TThrottleScope, nowMs: number): number {
  let wait = 0;
  const after = (r: TRow | undefined, free: number) => {
    const n = inARow(r, nowMs);
    if (!r || n < free) return;
    wait = Math.max(wait, Math.ceil((r.lastFailureAt.getTime() + waitAfter(n, free) * 1000 - nowMs) / 1000));
  };
  after(rows.get(scope.pair), PAIR_FREE_FAILURES);
  if (scope.account) after(rows.get(scope.account), ACCOUNT_FREE_FAILURES);
  const addr = scope.address ? rows.get(scope.address) : undefined;
  if (addr && addressFailures(addr, nowMs) >= ADDRESS_MAX_FAILURES)
    wait = Math.max(wait, Math.ceil((addr.windowStart.getTime() + ADDRESS_WINDOW_S * 1000 - nowMs) / 1000));
  return Math.max(0, wait);
}

/** Whether any counter this caller is subject to has reached its limit (its wait may have passed): the account is being slowed down for them. */
export async function isSlowedDown(tx: TTx, institutionId: string, scope: TThrottleScope): Promise<boolean> {
  const rows = await rowsOf(tx, institutionId, scope);
  const now = Date.now();
  if (inARow(rows.get(scope.pair), now) >= PAIR_FREE_FAILURES) return true;
  if (scope.account && inARow(rows.get(scope.account), now) >= ACCOUNT_FREE_FAILURES) return true;
  return !!scope.address && addressFailures(rows.get(scope.address), now) >= ADDRESS_MAX_FAILURES;
}

const countFailure = {
  // Failures in a row; a day without one starts the count again.
  failures: sql`case when ${loginThrottle.lastFailureAt} < now() - make_interval(secs => ${FORGET_AFTER_S}) then 1 else ${loginThrottle.failures} + 1 end`,
  lastFailureAt: sql`now()`,
};

/**
 * Reserves one try. Under a lock on the rows of its pair and account counters it either answers the
 * seconds still to wait, or counts this try as a failure in advance (a success clears it): parallel
 * guesses are serialised here, so no more of them reach the password check than the limits allow.
 * Rows are always locked pair first, then account, so two tries never wait on each other in a circle.
 */
export async function reserveTry(tx: TTx, institutionId: string, scope: TThrottleScope): Promise<number> {
  const locked = [scope.pair, scope.account].filter((k): k is string => k !== null);
  for (const key of locked) {
    await tx.insert(loginThrottle).values({ institutionId, key, failures: 0 }).onConflictDoNothing();
    await tx
      .select({ key: loginThrottle.key })
      .from(loginThrottle)
      .where(and(eq(loginThrottle.institutionId, institutionId), eq(loginThrottle.key, key)))
      .for('update');
  }
  const wait = waitOf(await rowsOf(tx, institutionId, scope), scope, Date.now());
  if (wait > 0) return wait;
  await tx
    .update(loginThrottle)
    .set(countFailure)
    .where(and(eq(loginThrottle.institutionId, institutionId), inArray(loginThrottle.key, locked)));
  return 0;
}

/** Counts a failed try against its address, when the try was subject to it (the pair and account were counted by reserveTry). */
export async function recordAddressFailure(tx: TTx, institutionId: string, scope: TThrottleScope): Promise<void> {
  if (!scope.address) return;
  await hitWithinLimit(tx, institutionId, scope.address, ADDRESS_MAX_FAILURES, ADDRESS_WINDOW_S);
}

/** A successful sign-in clears the counts in a row it was subject to (never the address's window). */
export async function clearTries(tx: TTx, institutionId: string, scope: TThrottleScope): Promise<void> {
  const keys = [scope.pair, scope.account].filter((k): k is string => k !== null);
  await tx.delete(loginThrottle).where(and(eq(loginThrottle.institutionId, institutionId), inArray(loginThrottle.key, keys)));
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
