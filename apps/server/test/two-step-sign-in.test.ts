import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, EMPTY_STAFF_PERMISSIONS, type TSession } from '@meridian/domain';
import { createTestApp, DEMO_PASSWORD, type TTestApp } from './app.js';
import { buildUser } from './factories/index.js';
import { call } from './http.js';

// docs/product/two-step-sign-in.md: RFC 6238 codes from an authenticator app after the password.
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The code an authenticator app shows for this secret at `at` (RFC 6238: SHA-1, 6 digits, 30 s). */
const codeAt = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

async function staffWithApp(): Promise<{ userName: string; secret: string; recoveryCodes: string[]; session: TSession }> {
  const u = await buildUser(t, { role: 'isssAdmin', staffPermissions: { ...EMPTY_STAFF_PERMISSIONS, isOfficer: true }, canSignIn: true });
  const session = await t.login(u.userName);
  const start = await call(t, 'POST', '/api/auth/mfa/totp/start', { as: session });
  expect(start.statusCode, start.body).toBe(200);
  const { secret, otpauthUri, qrSvg } = start.json<{ secret: string; otpauthUri: string; qrSvg: string }>();
  expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/.+${u.userName}\\?.*secret=${secret}`));
  expect(qrSvg).toMatch(/^<svg/);
  // A wrong code does not turn it on.
  const wrong = await call(t, 'POST', '/api/auth/mfa/totp/confirm', {
    as: session,
    body: { code: '000000' === codeAt(secret) ? '111111' : '000000' },
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toMatchObject({ fieldErrors: { code: [authApi.MSG_MFA.codeWrong] } });
  // The first code turns it on, and the recovery codes are shown this once.
  const ok = await call(t, 'POST', '/api/auth/mfa/totp/confirm', { as: session, body: { code: codeAt(secret) } });
  expect(ok.statusCode, ok.body).toBe(200);
  const { recoveryCodes } = ok.json<{ recoveryCodes: string[] }>();
  expect(recoveryCodes).toHaveLength(10);
  for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  expect((await call(t, 'GET', '/api/auth/mfa', { as: session })).json()).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
  return { userName: u.userName, secret, recoveryCodes, session };
}

const passwordStep = async (userName: string) => {
  const res = await call(t, 'POST', '/api/auth/login', { body: { userName, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<authApi.TMfaChallenge>();
};

describe('two-step sign-in', () => {
  it('after the password, the app code opens the session; the same code does not work twice', async () => {
    const { userName, secret } = await staffWithApp();
    const first = await passwordStep(userName);
    expect(first.type).toBe('mfa');
    expect(first).not.toHaveProperty('accessToken');
    // A code typed with a space, as apps show it.
    const code = codeAt(secret, Date.now() + 30_000);
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const ok = await call(t, 'POST', '/api/auth/mfa/verify', { body: { method: 'totp', challenge: first.challenge, code: spaced } });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = ok.json<TSession>();
    expect((await call(t, 'GET', '/api/auth/me', { as: session })).json()).toMatchObject({ userName });
    // The challenge is used up.
    const again = await call(t, 'POST', '/api/auth/mfa/verify', { body: { method: 'totp', challenge: first.challenge, code } });
    expect(again.json()).toEqual({ code: 'MFA_EXPIRED', message: authApi.MSG_MFA.challengeExpired });
    // A new sign-in with the code already used (RFC 6238 §5.2: one use per code) is refused.
    const second = await passwordStep(userName);
    const reused = await call(t, 'POST', '/api/auth/mfa/verify', { body: { method: 'totp', challenge: second.challenge, code } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ fieldErrors: { code: [authApi.MSG_MFA.codeWrong] } });
  });

  it('a code from one step either side is accepted (a phone clock a little off), further away it is not', async () => {
    const { userName, secret } = await staffWithApp();
    const far = await passwordStep(userName);
    const twoStepsAhead = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'totp', challenge: far.challenge, code: codeAt(secret, Date.now() + 95_000) },
    });
    expect(twoStepsAhead.statusCode).toBe(400);
    const near = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'totp', challenge: far.challenge, code: codeAt(secret, Date.now() + 30_000) },
    });
    expect(near.statusCode, near.body).toBe(200);
  });

  it('five wrong codes end the second step: the password must be given again', async () => {
    const { userName, secret } = await staffWithApp();
    const c = await passwordStep(userName);
    const wrongCode = codeAt(secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const res = await call(t, 'POST', '/api/auth/mfa/verify', { body: { method: 'totp', challenge: c.challenge, code: wrongCode } });
      expect(res.json()).toMatchObject({ fieldErrors: { code: [authApi.MSG_MFA.codeWrong] } });
    }
    const sixth = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'totp', challenge: c.challenge, code: codeAt(secret, Date.now() + 30_000) },
    });
    expect(sixth.json()).toEqual({ code: 'MFA_EXPIRED', message: authApi.MSG_MFA.challengeExpired });
  });

  it('a recovery code signs in once, typed in any case', async () => {
    const { userName, recoveryCodes, session } = await staffWithApp();
    const c = await passwordStep(userName);
    const ok = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'recovery', challenge: c.challenge, code: recoveryCodes[0]!.toLowerCase() },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const c2 = await passwordStep(userName);
    const twice = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'recovery', challenge: c2.challenge, code: recoveryCodes[0] },
    });
    expect(twice.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/auth/mfa', { as: session })).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('the secret is kept sealed, and turning it off needs a current code', async () => {
    const { userName, secret, session } = await staffWithApp();
    const [row] = await t.sql<Record<string, unknown>>(
      'select m.* from user_mfa m join users u on u.id = m.user_id where u.user_name = $1',
      [userName],
    );
    expect(JSON.stringify(row)).not.toContain(secret);
    const refused = await call(t, 'POST', '/api/auth/mfa/totp/disable', { as: session, body: { code: '12345' } });
    expect(refused.json()).toMatchObject({ fieldErrors: { code: [authApi.MSG_MFA.codeFormat] } });
    const off = await call(t, 'POST', '/api/auth/mfa/totp/disable', { as: session, body: { code: codeAt(secret, Date.now() + 30_000) } });
    expect(off.statusCode, off.body).toBe(200);
    // Signing in is one step again.
    const res = await call(t, 'POST', '/api/auth/login', { body: { userName, password: DEMO_PASSWORD } });
    expect(res.json<TSession>().type).toBe('session');
  });

  it('a wrong password never reaches the second step', async () => {
    const { userName } = await staffWithApp();
    const res = await call(t, 'POST', '/api/auth/login', { body: { userName, password: 'Not-the-password-1' } });
    expect(res.statusCode).toBe(401);
  });

  it('passkeys: the options name this portal and leave out known passkeys; an answer no authenticator signed is refused', async () => {
    const { userName, secret, session } = await staffWithApp();
    const opts = await call(t, 'POST', '/api/auth/mfa/passkeys/options', { as: session });
    expect(opts.statusCode, opts.body).toBe(200);
    const o = opts.json<{ rp: { id: string; name: string }; user: { name: string }; challenge: string }>();
    const base = new URL(
      (await t.sql<{ url: string }>(`select settings->>'publicBaseUrl' as url from institutions where id = $1`, [t.institutionA]))[0]!.url,
    );
    expect(o.rp.id).toBe(base.hostname);
    expect(o.user.name).toBe(userName);
    expect(o.challenge.length).toBeGreaterThan(20);
    const forged = await call(t, 'POST', '/api/auth/mfa/passkeys', {
      as: session,
      body: { name: 'Laptop', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {}, clientExtensionResults: {} } },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ fieldErrors: { response: [authApi.MSG_MFA.passkeyFailed] } });
    // At sign-in, a made-up assertion is refused and the step stays open for a right code.
    const c = await passwordStep(userName);
    expect(c.methods).toEqual(['totp', 'recovery']);
    const signIn = await call(t, 'POST', '/api/auth/mfa/passkey-options', { body: { challenge: c.challenge } });
    expect(signIn.statusCode).toBe(200);
    const bad = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'passkey', challenge: c.challenge, response: { id: 'AAAA', type: 'public-key' } },
    });
    expect(bad.json()).toMatchObject({ fieldErrors: { response: [authApi.MSG_MFA.passkeyFailed] } });
    const ok = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'totp', challenge: c.challenge, code: codeAt(secret, Date.now() + 30_000) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
