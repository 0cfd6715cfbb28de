import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, EMPTY_STAFF_PERMISSIONS, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { startOidcIdp, type TOidcIdp } from './idp/oidc-idp.js';
import { buildUser } from './factories/index.js';
import * as OTPAuth from 'otpauth';

// docs/product/single-sign-on.md: campus sign-in through a real OpenID provider started here.
let t: TTestApp;
let admin: TSession;
let idp: TOidcIdp;
let redirectUri = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  redirectUri = (await call(t, 'GET', '/api/auth/sso/config', { as: admin })).json<authApi.TSsoConfig>().redirectUri;
  idp = await startOidcIdp([redirectUri]);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const config = (over: Partial<authApi.TSaveOidcConfigInput> = {}) => ({
  kind: 'oidc',
  enabled: true,
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  scopes: 'openid profile email',
  matchClaim: 'preferred_username',
  allowedRoles: ['ISSSstudent', 'scholar'],
  ...over,
});

/** What an authenticator app shows for this key at `at`. */
const totpAt = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

/** The browser's trip: the portal's start, the provider's sign-in, the portal's return. */
async function signInThrough(account: string, query: Record<string, string> = { portal: 'student' }) {
  const start = await call(t, 'GET', '/api/auth/sso/start', { query });
  expect(start.statusCode).toBe(302);
  const back = await idp.signIn(String(start.headers.location), account);
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  const ret = await call(t, 'GET', `/api/auth/sso/callback${back.search}`);
  expect(ret.statusCode).toBe(302);
  return { back, location: String(ret.headers.location) };
}

describe('single sign-on settings', () => {
  it('check the provider before saving, refuse matching by e-mail, and never send the secret back', async () => {
    const unreachable = await call(t, 'PUT', '/api/auth/sso/config', {
      as: admin,
      body: config({ issuer: 'http://127.0.0.1:9/' }),
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json()).toMatchObject({ fieldErrors: { issuer: [authApi.MSG_SSO.discoveryFailed] } });

    const byMail = await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config({ matchClaim: 'email' }) });
    expect(byMail.statusCode).toBe(400);
    expect(byMail.json()).toMatchObject({ fieldErrors: { matchClaim: [authApi.MSG_SSO.notByEmail] } });

    const plain = await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config({ issuer: 'http://sso.example.edu/' }) });
    expect(plain.json()).toMatchObject({ fieldErrors: { issuer: [authApi.MSG_SSO.issuerHttps] } });

    const saved = await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(idp.clientSecret);
    expect(saved.json()).toMatchObject({ enabled: true, hasClientSecret: true, issuer: idp.issuer });
    const [row] = await t.sql<{ client_secret_sealed: string }>('select client_secret_sealed from sso_configs where institution_id = $1', [
      t.institutionA,
    ]);
    expect(row!.client_secret_sealed).not.toContain(idp.clientSecret);

    // A blank secret keeps the saved one.
    const again = await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config({ clientSecret: '' }) });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('signing in through the campus identity provider', () => {
  beforeAll(async () => {
    expect((await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config() })).statusCode).toBe(200);
  });

  it('a student signs in, once, and lands where they were going', async () => {
    const { location } = await signInThrough('student', { portal: 'student', returnTo: '/student/home' });
    const code = /^\/#\/login\/student\/sso\/([A-Za-z0-9_-]+)$/.exec(location)?.[1];
    expect(code, location).toBeTruthy();
    const ex = await call(t, 'POST', '/api/auth/sso/exchange', { body: { code } });
    expect(ex.statusCode, ex.body).toBe(200);
    const { session, returnTo } = ex.json<{ session: TSession; returnTo: string }>();
    expect(session.userRole).toBe('ISSSstudent');
    expect(returnTo).toBe('/student/home');
    expect((await call(t, 'GET', '/api/auth/me', { as: session })).json()).toMatchObject({ userName: 'student' });
    // The code works once.
    const twice = await call(t, 'POST', '/api/auth/sso/exchange', { body: { code } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ code: 'SSO_EXPIRED', message: authApi.MSG_SSO.expired });
    const [audit] = await t.sql<{ after: { via: string } }>(
      `select after from audit_events where action = 'auth.login.succeeded' and after->>'via' = 'single-sign-on' order by id desc limit 1`,
    );
    expect(audit?.after.via).toBe('single-sign-on');
  });

  it('a replayed return is refused, and so is a made-up state or a tampered code', async () => {
    const { back } = await signInThrough('scholar', { portal: 'scholar' });
    const replay = await call(t, 'GET', `/api/auth/sso/callback${back.search}`);
    expect(replay.headers.location).toBe('/#/login?sso=expired');

    const forged = new URLSearchParams(back.search);
    forged.set('state', 'not-the-state-we-sent');
    expect((await call(t, 'GET', `/api/auth/sso/callback?${forged}`)).headers.location).toBe('/#/login?sso=expired');

    const start = await call(t, 'GET', '/api/auth/sso/start', { query: { portal: 'scholar' } });
    const fresh = await idp.signIn(String(start.headers.location), 'scholar');
    const tampered = new URLSearchParams(fresh.search);
    tampered.set('code', `${tampered.get('code')}x`);
    expect((await call(t, 'GET', `/api/auth/sso/callback?${tampered}`)).headers.location).toBe('/#/login?sso=failed');
  });

  it('an unknown person, or a kind of account not allowed, is told so and nothing is created', async () => {
    const [before] = await t.sql<{ n: number }>('select count(*)::int as n from users');
    const sessionsBefore = (await t.sql<{ n: number }>('select count(*)::int as n from sessions'))[0]!.n;
    const stranger = await signInThrough('nobody.here', { portal: 'student' });
    expect(stranger.location).toBe('/#/login/student?sso=notLinked');
    // Staff are not among the allowed kinds of this configuration.
    const staff = await signInThrough('admin', { portal: 'scholar' });
    expect(staff.location).toBe('/#/login?sso=notLinked');
    expect((await t.sql<{ n: number }>('select count(*)::int as n from users'))[0]!.n).toBe(before!.n);
    expect((await t.sql<{ n: number }>('select count(*)::int as n from sessions'))[0]!.n).toBe(sessionsBefore);
  });

  it('a return address outside the portal is dropped', async () => {
    const { location } = await signInThrough('student', { portal: 'student', returnTo: 'https://evil.example/' });
    const code = /sso\/([A-Za-z0-9_-]+)$/.exec(location)![1];
    const ex = await call(t, 'POST', '/api/auth/sso/exchange', { body: { code } });
    expect(ex.json<{ returnTo: string | null }>().returnTo).toBeNull();
  });

  it('sends people back to the login page when single sign-on is turned off', async () => {
    await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config({ enabled: false, clientSecret: '' }) });
    const start = await call(t, 'GET', '/api/auth/sso/start', { query: { portal: 'student' } });
    expect(start.headers.location).toBe('/#/login/student?sso=notConfigured');
    await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config() });
  });

  it('staff with two-step sign-in are asked for it unless the provider vouches for a second factor', async () => {
    await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config({ allowedRoles: ['ISSSstudent', 'isssAdmin'] }) });
    const stamp = Date.now().toString(36);
    const withApp = async (userName: string) => {
      await buildUser(t, {
        userName,
        role: 'isssAdmin',
        staffPermissions: { ...EMPTY_STAFF_PERMISSIONS, isOfficer: true },
        canSignIn: true,
      });
      const s = await t.login(userName);
      const { secret } = (await call(t, 'POST', '/api/auth/mfa/totp/start', { as: s })).json<{ secret: string }>();
      const on = await call(t, 'POST', '/api/auth/mfa/totp/confirm', { as: s, body: { code: totpAt(secret) } });
      expect(on.statusCode, on.body).toBe(200);
      return secret;
    };
    const exchange = async (userName: string) => {
      const { location } = await signInThrough(userName, { portal: 'scholar' });
      const code = /sso\/([A-Za-z0-9_-]+)$/.exec(location)![1];
      const res = await call(t, 'POST', '/api/auth/sso/exchange', { body: { code } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ session: TSession | authApi.TMfaChallenge }>().session;
    };

    // The provider asked for a password alone: the portal asks for the second step, and the code opens the session.
    const weakName = `sso.staff.${stamp}.pwdonly`;
    const weakSecret = await withApp(weakName);
    const weak = await exchange(weakName);
    expect(weak.type).toBe('mfa');
    const challenge = (weak as authApi.TMfaChallenge).challenge;
    const verified = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'totp', challenge, code: totpAt(weakSecret, Date.now() + 30_000) },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    // The provider vouches for a second factor (amr: mfa): no second step here.
    const strongName = `sso.staff.${stamp}.strong`;
    await withApp(strongName);
    expect((await exchange(strongName)).type).toBe('session');
    await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: config() });
  });
});
