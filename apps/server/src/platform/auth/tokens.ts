import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { SESSION } from '@meridian/domain';

const ISSUER = 'meridian';
const AUDIENCE = 'meridian-api';

export interface TAccessClaims {
  sub: string;
  inst: string;
  sid: string;
  role: string;
}

/** 128 bits or more of randomness, URL-safe: refresh tokens and one-time links. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Tokens are stored only as hashes. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class TokenService {
  private readonly purposeKeys = new Map<string, Buffer>();
  constructor(private readonly key: Uint8Array) {}

  /**
   * A MAC (HMAC-SHA256, base64url) over data for one purpose. Each purpose has its own key derived
   * from the shared signing key, so a value signed for one use is never valid for another, and every
   * server (they share the key through platform_secrets) can check what another signed.
   */
  mac(purpose: string, data: string): string {
    let key = this.purposeKeys.get(purpose);
    if (!key) {
      key = createHmac('sha256', this.key).update(`meridian-purpose:${purpose}`).digest();
      this.purposeKeys.set(purpose, key);
    }
    return createHmac('sha256', key).update(data).digest('base64url');
  }

  /** Whether mac is this purpose's MAC of data (compared in constant time). */
  verifyMac(purpose: string, data: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(purpose, data));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * Seals a secret Meridian must use later (an identity provider's client secret): AES-256-GCM under a
   * key of its own purpose, derived from the shared key, so a database copy alone does not reveal it.
   */
  seal(purpose: string, plain: string): string {
    const key = createHmac('sha256', this.key).update(`meridian-seal:${purpose}`).digest();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The secret seal() sealed for this purpose; null when it was sealed for another or altered. */
  unseal(purpose: string, sealed: string): string | null {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const key = createHmac('sha256', this.key).update(`meridian-seal:${purpose}`).digest();
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  async issueAccess(claims: TAccessClaims, ttlS: number = SESSION.accessTokenTtlS): Promise<{ token: string; expireOn: number }> {
    const now = Math.floor(Date.now() / 1000);
    const expireOn = now + ttlS;
    const token = await new SignJWT({ inst: claims.inst, sid: claims.sid, role: claims.role, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(expireOn)
      .sign(this.key);
    return { token, expireOn };
  }

  /** Checks signature, algorithm, issuer, audience, expiry and token type; null when any fails. */
  async verifyAccess(token: string): Promise<TAccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
      const { inst, sid, role } = payload as Record<string, unknown>;
      if (typeof inst !== 'string' || typeof sid !== 'string' || typeof role !== 'string') return null;
      return { sub: payload.sub, inst, sid, role };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
}
