import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpFor(secretBase32: string, issuer: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/**
 * The time step a code belongs to, when it is right for now or one step either side (a phone's clock
 * may be off by a few seconds); null when it is not. The caller refuses a step already used (RFC 6238 §5.2).
 */
export function totpStep(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpFor(secretBase32, 'x', 'x').validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Ten recovery codes of 10 characters (about 50 bits each), shown as XXXXX-XXXXX. */
export function newRecoveryCodes(n = 10): string[] {
  return Array.from({ length: n }, () => {
    const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}
