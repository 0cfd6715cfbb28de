import { createSecretKey, type KeyObject } from 'node:crypto';
import { decodeJwt, errors, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import { authApi } from '@meridian/domain';
import type { TAlgorithm } from './external-config.js';

/** What the portal knows to check a campus proxy's token with (docs/product/external-login.md#the-token). */
export interface TVerifier {
  algorithm: TAlgorithm;
  /** The shared secret (HS256) or the proxy's public key in PEM (RS256, ES256). */
  key: string;
  issuer: string;
  audiences: string[];
}

export type TVerified = { ok: true; claims: JWTPayload } | { ok: false; problem: 'invalid' | 'expired'; reason: string };

/** A token longer than this is not one a proxy makes (a cookie holds about 4 KB). */
const MAX_TOKEN_CHARS = 4096;

/** The key material jose checks a signature with; null when a PEM is not a public key of the algorithm's kind. */
export async function keyFor(algorithm: TAlgorithm, key: string): Promise<KeyObject | CryptoKey | null> {
  if (algorithm === 'HS256') return createSecretKey(Buffer.from(key, 'utf8'));
  try {
    return await importSPKI(key.trim(), algorithm);
  } catch {
    return null;
  }
}

/**
 * Checks a campus proxy's token: a compact JWS of the configured algorithm only (never "none", never another
 * algorithm with the same key), signed with the configured key, naming the configured issuer and audience,
 * issued at most five minutes ago and not expired, with 60 s allowed between the two clocks. The reason of a
 * refusal is for the audit trail; the person is told only whether it expired.
 */
export async function verifyProxyToken(token: string, v: TVerifier, now: Date = new Date()): Promise<TVerified> {
  if (token.length > MAX_TOKEN_CHARS) return { ok: false, problem: 'invalid', reason: 'too-long' };
  const key = await keyFor(v.algorithm, v.key);
  if (!key) return { ok: false, problem: 'invalid', reason: 'key-unusable' };
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [v.algorithm],
      issuer: v.issuer,
      audience: v.audiences,
      clockTolerance: authApi.EXTERNAL_LOGIN_CLOCK_SKEW_S,
      maxTokenAge: authApi.EXTERNAL_LOGIN_MAX_AGE_S,
      requiredClaims: ['iat', 'exp'],
      currentDate: now,
    });
    return { ok: true, claims: payload };
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, problem: 'expired', reason: `expired:${e.claim}` };
    if (e instanceof errors.JWTClaimValidationFailed) {
      const why = e.claim === 'iat' || e.claim === 'nbf' ? 'not-yet-valid' : e.reason === 'missing' ? 'missing' : 'wrong';
      return { ok: false, problem: 'invalid', reason: `${why}:${e.claim}` };
    }
    if (e instanceof errors.JOSEAlgNotAllowed) return { ok: false, problem: 'invalid', reason: 'algorithm-not-allowed' };
    if (e instanceof errors.JWSSignatureVerificationFailed) return { ok: false, problem: 'invalid', reason: 'bad-signature' };
    if (e instanceof errors.JOSEError) return { ok: false, problem: 'invalid', reason: `malformed:${e.code}` };
    return { ok: false, problem: 'invalid', reason: 'malformed' };
  }
}

/** What an unverified token says of itself, for the audit trail of a refusal (never the token). */
export function unverifiedFacts(token: string): Record<string, unknown> {
  try {
    const c = decodeJwt(token);
    const short = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x).slice(0, 120) : null);
    return { iss: short(c.iss), sub: short(c.sub), jti: short(c.jti), iat: short(c.iat), exp: short(c.exp) };
  } catch {
    return {};
  }
}
