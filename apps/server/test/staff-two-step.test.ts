import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, EMPTY_STAFF_PERMISSIONS, ZOk, type TSession } from '@meridian/domain';
import { gaveSecondStep } from '../src/modules/auth/session.service.js';
import { secondStepRefusal } from '../src/platform/http/route.js';
import { createTestApp, DEMO_PASSWORD, type TTestApp } from './app.js';
import { buildUser } from './factories/index.js';
import { call } from './http.js';

// docs/product/two-step-sign-in.md#required-for-office-staff and #confirm-its-you.
let t: TTestApp;
let admin: TSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  // Whoever requires a second step of staff has one.
  const refused = await call(t, 'PUT', '/api/auth/mfa/policy', { as: admin, body: { staffRequired: true } });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ message: authApi.MSG_MFA.policyNeedsOwnStep });
  await turnOnApp(admin);
});
afterAll(async () => {
  await setPolicy(false);
  await t.close();
});

const codeAt = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

async function setPolicy(staffRequired: boolean) {
  // The super user's second step is recent (as after confirming it's you).
  await t.sql(`update sessions set second_step_at = now() where user_id = $1`, [admin.userId]);
  const res = await call(t, 'PUT', '/api/auth/mfa/policy', { as: admin, body: { staffRequired } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ staffRequired });
}

const newOfficer = () =>
  buildUser(t, { role: 'isssAdmin', staffPermissions: { ...EMPTY_STAFF_PERMISSIONS, isOfficer: true }, canSignIn: true });

/** Turns the authenticator app on for a signed-in person; answers its secret and recovery codes. */
async function turnOnApp(session: TSession): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await call(t, 'POST', '/api/auth/mfa/totp/start', { as: session });
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json<{ secret: string }>();
  const ok = await call(t, 'POST', '/api/auth/mfa/totp/confirm', { as: session, body: { code: codeAt(secret) } });
  expect(ok.statusCode, ok.body).toBe(200);
  return { secret, recoveryCodes: ok.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** Makes the session's last second step older than the 15 minutes exports allow. */
const ageSecondStep = (session: TSession) =>
  t.sql(
    `update sessions set second_step_at = now() - interval '16 minutes' where id = (select id from sessions where user_id = $1 order by created_at desc limit 1)`,
    [session.userId],
  );

const exportScholars = (session: TSession) => call(t, 'POST', '/api/scholars/dashboard/export', { as: session, body: {}, follow: false });

describe('office staff must use two-step sign-in', () => {
  it('is off by default: staff without a second step sign in and work as before', async () => {
    expect((await call(t, 'GET', '/api/auth/mfa/policy', { as: admin })).json()).toEqual({ staffRequired: false });
    const u = await newOfficer();
    const session = await t.login(u.userName);
    expect((await call(t, 'GET', '/api/staff', { as: session })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/auth/mfa', { as: session })).json()).toMatchObject({ required: false, setupRequired: false });
  });

  it('when on, a staff member without a second step may only set one up; confirming it makes the session full', async () => {
    await setPolicy(true);
    try {
      const u = await newOfficer();
      const session = await t.login(u.userName);
      const refused = await call(t, 'GET', '/api/staff', { as: session });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'TWO_STEP_SETUP_REQUIRED', message: authApi.MSG_MFA.setupRequired });
      expect((await exportScholars(session)).json()).toMatchObject({ code: 'TWO_STEP_SETUP_REQUIRED' });
      // Who they are, their two-step sign-in and setting it up stay open.
      expect((await call(t, 'GET', '/api/auth/me', { as: session })).statusCode).toBe(200);
      expect((await call(t, 'GET', '/api/auth/mfa', { as: session })).json()).toMatchObject({ required: true, setupRequired: true });
      await turnOnApp(session);
      expect((await call(t, 'GET', '/api/auth/mfa', { as: session })).json()).toMatchObject({ required: true, setupRequired: false });
      expect((await call(t, 'GET', '/api/staff', { as: session })).statusCode).toBe(200);
      // The code just given counts as a recent second step.
      expect((await exportScholars(session)).statusCode).toBe(202);
      // Signing out stays open too.
      const other = await t.login('officer');
      expect((await call(t, 'GET', '/api/staff', { as: other })).statusCode).toBe(403);
      expect((await call(t, 'POST', '/api/auth/logout', { as: other, body: {} })).statusCode).toBe(200);
    } finally {
      await setPolicy(false);
    }
  });

  it('when on, students, department users and a session whose provider gave the second step are not held', async () => {
    await setPolicy(true);
    try {
      const student = await t.login('student');
      expect((await call(t, 'GET', '/api/auth/me', { as: student })).statusCode).toBe(200);
      expect((await call(t, 'GET', '/api/requests/mine', { as: student })).statusCode).toBe(200);
      const dept = await t.login('dept');
      expect((await call(t, 'GET', '/api/requests/mine', { as: dept })).statusCode).toBe(200);
      // Single sign-on whose provider says mfa opens the session with its second step given.
      const u = await newOfficer();
      const session = await t.login(u.userName);
      await t.sql(`update sessions set second_step_at = now() where user_id = $1`, [u.id]);
      expect((await call(t, 'GET', '/api/staff', { as: session })).statusCode).toBe(200);
    } finally {
      await setPolicy(false);
    }
  });

  it('when on, the last second step cannot be removed', async () => {
    const u = await newOfficer();
    const session = await t.login(u.userName);
    const { secret } = await turnOnApp(session);
    await setPolicy(true);
    try {
      const off = await call(t, 'POST', '/api/auth/mfa/totp/disable', { as: session, body: { code: codeAt(secret, Date.now() + 30_000) } });
      expect(off.statusCode).toBe(409);
      expect(off.json()).toMatchObject({ message: authApi.MSG_MFA.lastMethodRequired });
      expect((await call(t, 'GET', '/api/auth/mfa', { as: session })).json()).toMatchObject({ totpEnabled: true });
    } finally {
      await setPolicy(false);
    }
  });
});

describe("confirm it's you before exports and permission changes", () => {
  it('someone with a second step older than 15 minutes confirms it with a code, then exports', async () => {
    const u = await newOfficer();
    const session = await t.login(u.userName);
    const { secret, recoveryCodes } = await turnOnApp(session);
    expect((await exportScholars(session)).statusCode).toBe(202);
    await ageSecondStep(session);
    const refused = await exportScholars(session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'STEP_UP_REQUIRED', message: authApi.MSG_MFA.stepUpRequired });
    // Permission changes are asked too.
    const perms = await call(t, 'PUT', `/api/staff/${u.id}/permissions`, { as: session, body: {} });
    expect(perms.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    // Campus sites decide which records site-scoped staff reach: changing them is a permission change.
    const site = await call(t, 'POST', '/api/campus-sites', { as: session, body: { name: 'Harbor Campus', code: 'HARBOR' } });
    expect(site.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    const start = await call(t, 'POST', '/api/auth/mfa/step-up/start', { as: session });
    expect(start.statusCode, start.body).toBe(200);
    const { challenge, methods } = start.json<authApi.TStepUpStart>();
    expect(methods).toEqual(['totp', 'recovery']);
    const wrongCode = codeAt(secret, Date.now() + 30_000) === '123456' ? '654321' : '123456';
    const wrong = await call(t, 'POST', '/api/auth/mfa/step-up', { as: session, body: { method: 'totp', challenge, code: wrongCode } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fieldErrors: { code: [authApi.MSG_MFA.codeWrong] } });
    const ok = await call(t, 'POST', '/api/auth/mfa/step-up', {
      as: session,
      body: { method: 'totp', challenge, code: codeAt(secret, Date.now() + 30_000) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.sql(`select 1 from audit_events where entity_id = $1 and action = 'auth.step-up-passed'`, [u.id])).toHaveLength(1);
    expect((await exportScholars(session)).statusCode).toBe(202);
    // A used challenge is used up; a recovery code confirms too.
    await ageSecondStep(session);
    const again = await call(t, 'POST', '/api/auth/mfa/step-up', {
      as: session,
      body: { method: 'recovery', challenge, code: recoveryCodes[0] },
    });
    expect(again.json()).toEqual({ code: 'MFA_EXPIRED', message: authApi.MSG_MFA.challengeExpired });
    const next = (await call(t, 'POST', '/api/auth/mfa/step-up/start', { as: session })).json<authApi.TStepUpStart>();
    const recovery = await call(t, 'POST', '/api/auth/mfa/step-up', {
      as: session,
      body: { method: 'recovery', challenge: next.challenge, code: recoveryCodes[0] },
    });
    expect(recovery.statusCode, recovery.body).toBe(200);
    expect((await exportScholars(session)).statusCode).toBe(202);
  });

  it("another person's step-up challenge does not confirm this session", async () => {
    const a = await newOfficer();
    const aSession = await t.login(a.userName);
    await turnOnApp(aSession);
    const b = await newOfficer();
    const bSession = await t.login(b.userName);
    const { secret: bSecret } = await turnOnApp(bSession);
    const aChallenge = (await call(t, 'POST', '/api/auth/mfa/step-up/start', { as: aSession })).json<authApi.TStepUpStart>();
    const res = await call(t, 'POST', '/api/auth/mfa/step-up', {
      as: bSession,
      body: { method: 'totp', challenge: aChallenge.challenge, code: codeAt(bSecret, Date.now() + 30_000) },
    });
    expect(res.json()).toEqual({ code: 'MFA_EXPIRED', message: authApi.MSG_MFA.challengeExpired });
  });

  it('someone with no second step who is not required is never asked (they could not answer)', async () => {
    const u = await newOfficer();
    const session = await t.login(u.userName);
    await ageSecondStep(session);
    expect((await exportScholars(session)).statusCode).toBe(202);
    const start = await call(t, 'POST', '/api/auth/mfa/step-up/start', { as: session });
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ code: 'NO_SECOND_STEP', message: authApi.MSG_MFA.stepUpNoMethod });
  });

  it('the sign-in with a code counts as the second step; a password alone does not', async () => {
    const u = await newOfficer();
    const session = await t.login(u.userName);
    const { secret } = await turnOnApp(session);
    const first = await call(t, 'POST', '/api/auth/login', { body: { userName: u.userName, password: DEMO_PASSWORD } });
    const { challenge } = first.json<authApi.TMfaChallenge>();
    const signedIn = await call(t, 'POST', '/api/auth/mfa/verify', {
      body: { method: 'totp', challenge, code: codeAt(secret, Date.now() + 30_000) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await exportScholars(signedIn.json<TSession>())).statusCode).toBe(202);
    expect(gaveSecondStep({ via: 'password' })).toBe(false);
    expect(gaveSecondStep({ via: 'password', secondStep: 'totp' })).toBe(true);
    expect(gaveSecondStep({ via: 'single-sign-on', amr: ['pwd'] })).toBe(false);
    expect(gaveSecondStep({ via: 'single-sign-on', amr: ['pwd', 'mfa'] })).toBe(true);
  });

  it('the rule, directly: required or enrolled and not recent asks; integration tokens are never asked', () => {
    const base = { userId: 'u', sessionId: 's', role: 'isssAdmin' as const, staff: null, isDepartmentAdmin: false, departmentId: null };
    const recent = {
      method: 'POST' as const,
      path: '/x',
      access: 'authenticated' as const,
      summary: '',
      tags: [],
      response: ZOk,
      secondStep: 'recent' as const,
    };
    const old = new Date(Date.now() - 16 * 60_000);
    expect(secondStepRefusal({ ...base, secondStep: { at: old, has: true, required: false } }, recent)?.code).toBe('STEP_UP_REQUIRED');
    expect(secondStepRefusal({ ...base, secondStep: { at: new Date(), has: true, required: false } }, recent)).toBeNull();
    expect(secondStepRefusal({ ...base, secondStep: { at: null, has: false, required: false } }, recent)).toBeNull();
    expect(secondStepRefusal({ ...base, secondStep: { at: old, has: false, required: true } }, recent)?.code).toBe('STEP_UP_REQUIRED');
    expect(
      secondStepRefusal(
        { ...base, secondStep: { at: null, has: true, required: true }, integration: { tokenId: 't', name: 'n', scopes: [] } },
        recent,
      ),
    ).toBeNull();
  });

  it('changing the policy itself needs a recent second step', async () => {
    await ageSecondStep(admin);
    const res = await call(t, 'PUT', '/api/auth/mfa/policy', { as: admin, body: { staffRequired: true } });
    expect(res.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await call(t, 'GET', '/api/auth/mfa/policy', { as: admin })).json()).toEqual({ staffRequired: false });
    // Bad input is answered on its field.
    await t.sql(`update sessions set second_step_at = now() where user_id = $1`, [admin.userId]);
    const bad = await call(t, 'PUT', '/api/auth/mfa/policy', { as: admin, body: { staffRequired: 'yes' } });
    expect(bad.statusCode).toBe(400);
  });
});
