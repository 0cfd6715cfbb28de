import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { authApi, EMPTY_STAFF_PERMISSIONS, type TSession } from '@meridian/domain';
import * as OTPAuth from 'otpauth';
import { createTestApp, type TTestApp } from './app.js';
import { call, setCookieOf } from './http.js';
import { buildUser } from './factories/index.js';

// docs/product/external-login.md: a campus web-SSO proxy signs the person in and sets the AUTHN cookie to a
// token it signed; the portal's #/external page trades it for a session. Tokens are signed here with jose.
let t: TTestApp;
let admin: TSession;

const SECRET = 'a-shared-secret-the-proxy-and-portal-both-know-0123456789';
const ISSUER = 'https://webauth.demo.test';
/** The portal's address (Site Settings) is the audience when none is set. */
const AUDIENCE = 'https://portal.demo.test';
const M = authApi.MSG_EXTERNAL_LOGIN;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const config = (over: Partial<authApi.TSaveExternalLoginConfigInput> = {}): authApi.TSaveExternalLoginConfigInput => ({
  enabled: true,
  algorithm: 'HS256',
  sharedSecret: SECRET,
  publicKey: '',
  issuer: ISSUER,
  audience: '',
  matchClaim: 'sub',
  allowedRoles: ['ISSSstudent', 'scholar'],
  ...over,
});
const save = (over: Partial<authApi.TSaveExternalLoginConfigInput> = {}) =>
  call(t, 'PUT', '/api/auth/external/config', { as: admin, body: config(over) });

const now = () => Math.floor(Date.now() / 1000);

/** A token as the campus proxy makes it: HS256 with the shared secret, two minutes, a fresh jti. */
async function proxyToken(
  claims: Record<string, unknown> = {},
  o: { key?: Uint8Array | CryptoKey; alg?: string; iat?: number; exp?: number } = {},
) {
  const iat = o.iat ?? now();
  return new SignJWT({ sub: 'student', iss: ISSUER, aud: AUDIENCE, jti: randomUUID(), ...claims })
    .setProtectedHeader({ alg: o.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(o.exp ?? iat + 120)
    .sign(o.key ?? new TextEncoder().encode(SECRET));
}

/** The portal page's call: same origin, a JSON body, the proxy's cookie. */
const signIn = (token: string | null, headers: Record<string, string> = {}) =>
  call(t, 'POST', '/api/auth/external', {
    body: {},
    headers: {
      ...(token !== null ? { cookie: `AUTHN=${token}` } : {}),
      'sec-fetch-site': 'same-origin',
      origin: 'http://demo.test',
      ...headers,
    },
  });

const counts = async () => {
  const [r] = await t.sql<{ users: number; sessions: number; challenges: number; uses: number }>(
    `select (select count(*)::int from users) as users, (select count(*)::int from sessions) as sessions,
            (select count(*)::int from mfa_challenges) as challenges, (select count(*)::int from external_login_uses) as uses`,
  );
  return r!;
};

const lastRefusal = async () =>
  (
    await t.sql<{ after: Record<string, unknown> }>(
      `select after from audit_events where action = 'auth.external.refused' order by id desc limit 1`,
    )
  )[0]?.after;

/** What an authenticator app shows for this key at `at`. */
const totpAt = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

describe('campus web sign-in settings', () => {
  it('refuse what cannot work on its field, and never send the shared secret back', async () => {
    const none = await save({ sharedSecret: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ fieldErrors: { sharedSecret: [M.secretRequired] } });

    const short = await save({ sharedSecret: 'too-short' });
    expect(short.json()).toMatchObject({ fieldErrors: { sharedSecret: [M.secretTooShort] } });

    const byMail = await save({ matchClaim: 'email' });
    expect(byMail.json()).toMatchObject({ fieldErrors: { matchClaim: [M.notByEmail] } });

    const noIssuer = await save({ issuer: ' ' });
    expect(noIssuer.json()).toMatchObject({ fieldErrors: { issuer: [M.issuerRequired] } });

    const noRoles = await save({ allowedRoles: [] });
    expect(noRoles.json()).toMatchObject({ fieldErrors: { allowedRoles: [M.rolesRequired] } });

    const noKey = await save({ algorithm: 'RS256' });
    expect(noKey.json()).toMatchObject({ fieldErrors: { publicKey: [M.publicKeyRequired] } });
    const notAKey = await save({ algorithm: 'RS256', publicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' });
    expect(notAKey.json()).toMatchObject({ fieldErrors: { publicKey: [M.publicKeyInvalid] } });
    // An EC key is not an RSA key.
    const ec = await generateKeyPair('ES256');
    const wrongKind = await save({ algorithm: 'RS256', publicKey: await exportSPKI(ec.publicKey) });
    expect(wrongKind.json()).toMatchObject({ fieldErrors: { publicKey: [M.publicKeyInvalid] } });

    const saved = await save();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    expect(saved.json()).toMatchObject({
      enabled: true,
      algorithm: 'HS256',
      hasSharedSecret: true,
      issuer: ISSUER,
      expectedAudience: AUDIENCE,
      landingUrl: `${AUDIENCE}/#/external`,
    });
    const [row] = await t.sql<{ shared_secret_sealed: string }>(
      'select shared_secret_sealed from external_login_configs where institution_id = $1',
      [t.institutionA],
    );
    expect(row!.shared_secret_sealed).not.toContain(SECRET);
    const read = await call(t, 'GET', '/api/auth/external/config', { as: admin });
    expect(read.body).not.toContain(SECRET);

    // A blank secret keeps the saved one.
    expect((await save({ sharedSecret: '' })).statusCode).toBe(200);
    const [audit] = await t.sql<{ after: Record<string, unknown> }>(
      `select after from audit_events where action = 'external-login.config.saved' order by id desc limit 1`,
    );
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });
});

describe('signing in with the AUTHN cookie', () => {
  beforeAll(async () => {
    expect((await save()).statusCode).toBe(200);
  });

  it('a good token signs the person in, once; the cookie is cleared', async () => {
    const token = await proxyToken({ sub: 'Student' });
    const res = await signIn(token);
    expect(res.statusCode, res.body).toBe(200);
    const { session } = res.json<{ session: TSession }>();
    expect(session.type).toBe('session');
    expect(session.userRole).toBe('ISSSstudent');
    expect((await call(t, 'GET', '/api/auth/me', { as: session })).json()).toMatchObject({ userName: 'student' });
    const cleared = setCookieOf(res, 'AUTHN');
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes).toContain('Max-Age=0');
    expect(cleared?.attributes).toContain('Path=/');
    expect(res.headers['cache-control']).toBe('no-store');
    const [ok] = await t.sql<{ after: { via: string } }>(
      `select after from audit_events where action = 'auth.login.succeeded' order by id desc limit 1`,
    );
    expect(ok?.after.via).toBe('external-login');

    // The same token again (a replay) is refused; nothing is created.
    const before = await counts();
    const again = await signIn(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 'EXTERNAL_LOGIN_USED', message: M.used });
    expect(setCookieOf(again, 'AUTHN')?.attributes).toContain('Max-Age=0');
    expect(await counts()).toEqual(before);
    expect(await lastRefusal()).toMatchObject({ problem: 'used', reason: 'replayed' });

    // A token without a jti works once too (kept by the hash of the token itself).
    const bare = await new SignJWT({ sub: 'scholar', iss: ISSUER, aud: AUDIENCE })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(SECRET));
    expect((await signIn(bare)).statusCode).toBe(200);
    expect((await signIn(bare)).json()).toMatchObject({ code: 'EXTERNAL_LOGIN_USED' });

    // No audit record holds a token.
    const [leak] = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_events where after::text like $1 or after::text like $2`,
      [`%${token.split('.')[2]}%`, `%${bare.split('.')[2]}%`],
    );
    expect(leak!.n).toBe(0);
  });

  const refusals: [string, () => Promise<string | null> | string | null, authApi.TExternalLoginProblem, string][] = [
    ['expired', () => proxyToken({}, { iat: now() - 200, exp: now() - 70 }), 'expired', 'expired:exp'],
    ['issued more than five minutes ago', () => proxyToken({}, { iat: now() - 400, exp: now() + 60 }), 'expired', 'expired:iat'],
    [
      'issued in the future beyond the clock skew',
      () => proxyToken({}, { iat: now() + 120, exp: now() + 240 }),
      'invalid',
      'not-yet-valid:iat',
    ],
    ['not yet valid (nbf)', () => proxyToken({ nbf: now() + 120 }), 'invalid', 'not-yet-valid:nbf'],
    ['for another audience', () => proxyToken({ aud: 'https://elsewhere.example.edu' }), 'invalid', 'wrong:aud'],
    ['from another issuer', () => proxyToken({ iss: 'https://impostor.example.edu' }), 'invalid', 'wrong:iss'],
    ['signed with another secret', () => proxyToken({}, { key: new TextEncoder().encode(`${SECRET}-not`) }), 'invalid', 'bad-signature'],
    [
      'not signed at all (alg none)',
      () => {
        const head = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
        const body = base64url.encode(JSON.stringify({ sub: 'student', iss: ISSUER, aud: AUDIENCE, iat: now(), exp: now() + 60 }));
        return `${head}.${body}.`;
      },
      'invalid',
      'algorithm-not-allowed',
    ],
    ['not a token', () => 'not-a-token', 'invalid', 'malformed'],
    ['for a person unknown here', () => proxyToken({ sub: 'walk.in.visitor' }), 'notLinked', 'unknown-account'],
    ['naming nobody', () => proxyToken({ sub: undefined }), 'notLinked', 'no-account-claim'],
    ['for a kind of account not allowed (staff)', () => proxyToken({ sub: 'admin' }), 'notAllowed', 'kind-not-allowed'],
    ['with no cookie', () => null, 'noCookie', 'no-cookie'],
  ];
  it.each(refusals)('a token %s is refused with its message; nothing is created', async (_what, make, problem, reason) => {
    const token = await make();
    const before = await counts();
    const res = await signIn(token);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ code: authApi.EXTERNAL_LOGIN_CODES[problem], message: M[problem] });
    expect(await counts()).toEqual(before);
    const audited = await lastRefusal();
    expect(audited).toMatchObject({ problem });
    expect(String(audited?.reason)).toContain(reason);
    if (token) expect(JSON.stringify(audited)).not.toContain(token);
  });

  it('an inactive account is refused', async () => {
    const gone = await buildUser(t, { role: 'ISSSstudent', isActive: false });
    const before = await counts();
    const res = await signIn(await proxyToken({ sub: gone.userName }));
    expect(res.json()).toEqual({ code: 'EXTERNAL_LOGIN_NOT_ALLOWED', message: M.notAllowed });
    expect(await counts()).toEqual(before);
    expect(await lastRefusal()).toMatchObject({ problem: 'notAllowed', reason: 'inactive-account' });
  });

  it('is refused when turned off', async () => {
    expect((await save({ enabled: false, sharedSecret: '' })).statusCode).toBe(200);
    const before = await counts();
    const res = await signIn(await proxyToken());
    expect(res.json()).toEqual({ code: 'EXTERNAL_LOGIN_OFF', message: M.off });
    expect(await counts()).toEqual(before);
    expect((await save()).statusCode).toBe(200);
  });

  it('answers only the portal’s own page: a JSON body, this site', async () => {
    const token = await proxyToken();
    const crossSite = await signIn(token, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(400);
    expect(crossSite.json()).toMatchObject({ message: M.crossSite });
    const otherOrigin = await signIn(token, { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' });
    expect(otherOrigin.json()).toMatchObject({ message: M.crossSite });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/external',
      headers: { host: 'demo.test', cookie: `AUTHN=${token}`, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(form.statusCode).toBe(400);
    // The token refused this way was not used up: the page's own call still works.
    expect((await signIn(token)).statusCode).toBe(200);
  });

  it('checks RS256 and ES256 tokens with the public key the institution set', async () => {
    for (const alg of ['RS256', 'ES256'] as const) {
      const pair = await generateKeyPair(alg);
      const saved = await save({
        algorithm: alg,
        sharedSecret: '',
        publicKey: await exportSPKI(pair.publicKey),
        audience: 'urn:meridian:test',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const good = await signIn(await proxyToken({ aud: 'urn:meridian:test' }, { key: pair.privateKey, alg }));
      expect(good.statusCode, good.body).toBe(200);
      // The shared secret saved before is no key for these: an HS256 token is refused.
      const hs = await signIn(await proxyToken({ aud: 'urn:meridian:test' }));
      expect(hs.json()).toMatchObject({ code: 'EXTERNAL_LOGIN_INVALID' });
      expect(await lastRefusal()).toMatchObject({ reason: 'algorithm-not-allowed' });
    }
    expect((await save()).statusCode).toBe(200);
  });

  it('people with two-step sign-in are asked for it unless the proxy vouches for a second factor', async () => {
    expect((await save({ allowedRoles: ['ISSSstudent', 'isssAdmin'] })).statusCode).toBe(200);
    const userName = `external.staff.${Date.now().toString(36)}`;
    await buildUser(t, { userName, role: 'isssAdmin', staffPermissions: { ...EMPTY_STAFF_PERMISSIONS, isOfficer: true }, canSignIn: true });
    const s = await t.login(userName);
    const { secret } = (await call(t, 'POST', '/api/auth/mfa/totp/start', { as: s })).json<{ secret: string }>();
    expect((await call(t, 'POST', '/api/auth/mfa/totp/confirm', { as: s, body: { code: totpAt(secret) } })).statusCode).toBe(200);

    const weak = await signIn(await proxyToken({ sub: userName, amr: ['pwd'] }));
    expect(weak.statusCode, weak.body).toBe(200);
    const challenge = weak.json<{ session: authApi.TMfaChallenge }>().session;
    expect(challenge.type).toBe('mfa');
    const verified = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'totp', challenge: challenge.challenge, code: totpAt(secret, Date.now() + 30_000) },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    const strong = await signIn(await proxyToken({ sub: userName, amr: ['pwd', 'mfa'] }));
    expect(strong.json<{ session: TSession }>().session.type).toBe('session');
    expect((await save()).statusCode).toBe(200);
  });
});
