import { randomToken, type TokenService } from '../../platform/auth/tokens.js';

/*
 * Recognised devices (docs/decisions/020-sign-in-throttling.md): a browser where an account has shown
 * it is its owner (a sign-in, an e-mailed sign-in link, a password link) keeps a signed token for that
 * account in an HttpOnly, SameSite=Strict cookie sent only to the sign-in routes. It authenticates
 * nothing: it only exempts that account's sign-ins from this browser from the limits an attacker
 * elsewhere drives up, so the owner still gets in while someone else is guessing.
 */

export const DEVICE_COOKIE = 'meridian_device';
/** Only the sign-in routes read it. */
export const DEVICE_COOKIE_PATH = '/api/auth';
/** A device is recognised this long after its last sign-in (each sign-in renews it). */
export const DEVICE_TTL_S = 90 * 24 * 3600;
/** Accounts one browser remembers (a shared office computer): the most recent first. */
export const DEVICES_PER_BROWSER = 5;

const PURPOSE = 'sign-in-device';
const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16,64})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

export interface TDevice {
  deviceId: string;
}

const signed = (institutionId: string, userId: string, deviceId: string, issuedAtMs: number) =>
  `${institutionId}|${userId}|${deviceId}|${issuedAtMs}`;

/** A device token for one account of one institution: user id, device id, issue time and their MAC. */
export function issueDeviceToken(
  tokens: TokenService,
  institutionId: string,
  userId: string,
  deviceId: string = randomToken(16),
  nowMs: number = Date.now(),
): string {
  return `${userId}.${deviceId}.${nowMs}.${tokens.mac(PURPOSE, signed(institutionId, userId, deviceId, nowMs))}`;
}

/** The device tokens a browser's cookie holds, at most DEVICES_PER_BROWSER; anything malformed is dropped. */
export function readDeviceCookie(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split('~')
    .filter((t) => TOKEN.test(t))
    .slice(0, DEVICES_PER_BROWSER);
}

/**
 * The device this browser is for the account, or null: a token signed here for this institution
 * and account, younger than DEVICE_TTL_S and than the account's last password change (a new
 * password forgets every other device), of an active account.
 */
export function recognisedDevice(
  tokens: TokenService,
  institutionId: string,
  user: { id: string; isActive: boolean; passwordChangedAt: Date | null },
  held: string[],
  nowMs: number = Date.now(),
): TDevice | null {
  if (!user.isActive) return null;
  for (const raw of held) {
    const m = TOKEN.exec(raw);
    if (!m || m[1] !== user.id) continue;
    const [, userId, deviceId, at, mac] = m as unknown as [string, string, string, string, string];
    const issuedAtMs = Number(at);
    if (issuedAtMs > nowMs + 60_000 || nowMs - issuedAtMs > DEVICE_TTL_S * 1000) continue;
    if (user.passwordChangedAt && issuedAtMs < user.passwordChangedAt.getTime()) continue;
    if (!tokens.verifyMac(PURPOSE, signed(institutionId, userId, deviceId, issuedAtMs), mac)) continue;
    return { deviceId };
  }
  return null;
}

/** The cookie value after this account showed it is the owner here: its fresh token first, other accounts' kept. */
export function deviceCookieWith(held: string[], fresh: string, userId: string): string {
  const others = held.filter((t) => !t.startsWith(`${userId}.`));
  return [fresh, ...others].slice(0, DEVICES_PER_BROWSER).join('~');
}
