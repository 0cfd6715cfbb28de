import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { MSG, type TSession } from '@meridian/domain';
import { DEVICE_COOKIE, DEVICE_TTL_S } from '../src/modules/auth/devices.js';
import { purgeStaleThrottleRows } from '../src/modules/auth/daily-jobs.js';
import {
  ACCOUNT_FREE_FAILURES,
  accountKey,
  ADDRESS_MAX_FAILURES,
  devicePairKey,
  FORGET_AFTER_S,
  PAIR_FREE_FAILURES,
  pairKey,
  RECOGNISED_ADDRESS_DAYS,
} from '../src/modules/auth/throttle.js';
import { SIGN_IN_LINK_REQUESTS_PER_ADDRESS, SIGN_IN_LINKS_PER_ACCOUNT } from '../src/modules/auth/operations/request-sign-in-link.js';
import { createTestApp, DEMO_PASSWORD, HOST_B, type TTestApp } from './app.js';
import { call, inviteStaff, latestLink, mailsTo, setCookieOf, signInLinkIn } from './http.js';
import { ageLoginFailures, ageSessions, buildSignInLink, buildUser, expirePasswordLink } from './factories/index.js';

/*
 * Sign-in throttling (docs/product/auth.md#sign-in-throttling, docs/decisions/020-sign-in-throttling.md):
 * the guesser is slowed down, the owner still gets in (NIST SP 800-63B §5.2.2, OWASP ASVS v4 2.2.1).
 * Each test uses accounts and addresses of its own, so no test's failures count against another's.
 */

let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const WRONG = 'Wrong-pass-1';
let addresses = 0;
/** An address no other test uses. */
const freshIp = () => {
  addresses += 1;
  return `10.${60 + Math.floor(addresses / 250)}.${addresses % 250}.7`;
};

interface TTry {
  ip: string;
  /** The device cookie's value the browser sends, if any. */
  device?: string | undefined;
  headers?: Record<string, string> | undefined;
}

const tryLogin = (userName: string, password: string, o: TTry) =>
  call(t, 'POST', '/api/auth/login', {
    body: { userName, password },
    remoteAddress: o.ip,
    headers: { ...(o.device ? { cookie: `${DEVICE_COOKIE}=${o.device}` } : {}), ...(o.headers ?? {}) },
  });

interface TOwner {
  userName: string;
  userId: string;
  email: string;
  password: string;
}

/** A staff member of A who has set a password through their invitation and never signed in. */
async function staffWithPassword(prefix: string, password = 'Copper-Kettle-58'): Promise<TOwner> {
  const member = await inviteStaff(t, admin, { prefix });
  const { token } = await latestLink(t, member.email);
  const res = await call(t, 'POST', '/api/auth/password-links/use', { body: { token, password, confirmPassword: password } });
  expect(res.statusCode, res.body).toBe(200);
  return { userName: member.userName, userId: member.userId, email: member.email, password };
}

/** Signs the owner in from an address and answers the device cookie the browser now holds. */
async function signIn(u: TOwner, ip: string, device?: string): Promise<string> {
  const res = await tryLogin(u.userName, u.password, { ip, device });
  expect(res.statusCode, res.body).toBe(200);
  return setCookieOf(res, DEVICE_COOKIE)!.value;
}

/** n wrong passwords in a row, each still checked (401). */
async function fail(userName: string, n: number, o: TTry): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await tryLogin(userName, WRONG, o);
    expect(res.statusCode, `failure ${i + 1}`).toBe(401);
  }
}

function expectHeld(res: LightMyRequestResponse, maxWaitS?: number): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: MSG.tooManyAttempts });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  if (maxWaitS !== undefined) expect(wait).toBeLessThanOrEqual(maxWaitS);
}

describe('login: one account from one address (the pair)', () => {
  it(`checks the try after ${PAIR_FREE_FAILURES - 1} failures; after ${PAIR_FREE_FAILURES} the account waits 30 s at that address, right password or not`, async () => {
    const u = await staffWithPassword('pair');
    const ip = freshIp();
    await fail(u.userName, PAIR_FREE_FAILURES - 1, { ip });
    // The 5th try is still checked.
    expect((await tryLogin(u.userName, WRONG, { ip })).statusCode).toBe(401);
    const held = await tryLogin(u.userName, u.password, { ip });
    expectHeld(held, 30);
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    // The user name is matched regardless of case.
    expectHeld(await tryLogin(u.userName.toUpperCase(), u.password, { ip }));
    // Another account, from the same address, signs in; so does the same user name in institution B.
    expect((await tryLogin('assistant', DEMO_PASSWORD, { ip })).statusCode).toBe(200);
    const sameNameB = await call(t, 'POST', '/api/auth/login', {
      host: HOST_B,
      remoteAddress: ip,
      body: { userName: 'assistant', password: DEMO_PASSWORD },
    });
    expect(sameNameB.statusCode).toBe(200);
    // 29 seconds later it still waits; 31 seconds later the right password works.
    await ageLoginFailures(t, pairKey(u.userName, ip), 29_000);
    expectHeld(await tryLogin(u.userName, u.password, { ip }), 1);
    await ageLoginFailures(t, pairKey(u.userName, ip), 2_000);
    expect((await tryLogin(u.userName, u.password, { ip })).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure: 60 s after the 6th', async () => {
    const u = await staffWithPassword('doubling');
    const ip = freshIp();
    await fail(u.userName, PAIR_FREE_FAILURES, { ip });
    await ageLoginFailures(t, pairKey(u.userName, ip), 31_000);
    await fail(u.userName, 1, { ip });
    const held = await tryLogin(u.userName, u.password, { ip });
    expectHeld(held, 60);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(55);
  });

  it(`cannot be dodged by sending many guesses at once: no more than ${PAIR_FREE_FAILURES} are checked`, async () => {
    const u = await staffWithPassword('parallel');
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 12 }, () => tryLogin(u.userName, WRONG, { ip })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(PAIR_FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - PAIR_FREE_FAILURES);
    expectHeld(await tryLogin(u.userName, u.password, { ip }));
  });

  it('counts failures in a row: a successful sign-in starts the count again', async () => {
    const u = await staffWithPassword('consecutive');
    const ip = freshIp();
    await fail(u.userName, PAIR_FREE_FAILURES - 1, { ip });
    expect((await tryLogin(u.userName, u.password, { ip })).statusCode).toBe(200);
    await fail(u.userName, PAIR_FREE_FAILURES - 1, { ip });
    expect((await tryLogin(u.userName, u.password, { ip })).statusCode).toBe(200);
  });

  it('forgets failures after a day without one, not a second sooner', async () => {
    const kept = await staffWithPassword('day-less');
    const ipKept = freshIp();
    await fail(kept.userName, PAIR_FREE_FAILURES, { ip: ipKept });
    await ageLoginFailures(t, pairKey(kept.userName, ipKept), (FORGET_AFTER_S - 5) * 1000);
    // The wait has passed, but the failures are still in a row: one more and it waits again.
    await fail(kept.userName, 1, { ip: ipKept });
    expectHeld(await tryLogin(kept.userName, kept.password, { ip: ipKept }));

    const forgotten = await staffWithPassword('day-more');
    const ipForgotten = freshIp();
    await fail(forgotten.userName, PAIR_FREE_FAILURES, { ip: ipForgotten });
    await ageLoginFailures(t, pairKey(forgotten.userName, ipForgotten), (FORGET_AFTER_S + 1) * 1000);
    // A day later the count starts again at one.
    await fail(forgotten.userName, 1, { ip: ipForgotten });
    expect((await tryLogin(forgotten.userName, forgotten.password, { ip: ipForgotten })).statusCode).toBe(200);
  });
});

describe("login: the owner's recognised device", () => {
  it('is set after a sign-in as a long-lived, HttpOnly, SameSite=Strict cookie sent only to the sign-in routes', async () => {
    const u = await staffWithPassword('cookie');
    const res = await tryLogin(u.userName, u.password, { ip: freshIp() });
    const cookie = setCookieOf(res, DEVICE_COOKIE)!;
    expect(cookie.value).toMatch(new RegExp(`^${u.userId}\\.`));
    expect(cookie.attributes).toBe(`Path=/api/auth; Max-Age=${DEVICE_TTL_S}; HttpOnly; SameSite=Strict`);
    // A failed try sets nothing.
    expect(setCookieOf(await tryLogin(u.userName, WRONG, { ip: freshIp() }), DEVICE_COOKIE)).toBeNull();
  });

  it('gets the owner in while someone behind the same address is guessing, and only its own pair limit applies to it', async () => {
    const u = await staffWithPassword('owner-device');
    const nat = freshIp();
    const device = await signIn(u, nat);
    // Someone else behind the same address (a campus NAT) guesses the owner's password.
    await fail(u.userName, PAIR_FREE_FAILURES, { ip: nat });
    expectHeld(await tryLogin(u.userName, u.password, { ip: nat }));
    // The owner's browser carries its device cookie: in, and the cookie is renewed for the same device.
    const owner = await tryLogin(u.userName, u.password, { ip: nat, device });
    expect(owner.statusCode).toBe(200);
    const renewed = setCookieOf(owner, DEVICE_COOKIE)!.value;
    expect(renewed.split('.')[1]).toBe(device.split('.')[1]);
    // The guesser is still held.
    expectHeld(await tryLogin(u.userName, u.password, { ip: nat }));
    // The device's own pair: its 5th try is checked, after 5 failures it waits too.
    await fail(u.userName, PAIR_FREE_FAILURES, { ip: nat, device: renewed });
    const ownHeld = await tryLogin(u.userName, u.password, { ip: nat, device: renewed });
    expectHeld(ownHeld, 30);
    await ageLoginFailures(t, devicePairKey(u.userName, renewed.split('.')[1]!), 31_000);
    expect((await tryLogin(u.userName, u.password, { ip: nat, device: renewed })).statusCode).toBe(200);
  });

  it("is no exemption when it is another account's, altered, or older than the account's last password change", async () => {
    const u = await staffWithPassword('not-mine');
    const other = await staffWithPassword('other-owner');
    const ip = freshIp();
    const othersDevice = await signIn(other, freshIp());
    const device = await signIn(u, freshIp());
    await fail(u.userName, PAIR_FREE_FAILURES, { ip });
    expectHeld(await tryLogin(u.userName, u.password, { ip, device: othersDevice }));
    const [id, dev, at, mac] = device.split('.') as [string, string, string, string];
    expectHeld(await tryLogin(u.userName, u.password, { ip, device: `${id}.${dev}.${Number(at) + 1}.${mac}` }));
    expectHeld(await tryLogin(u.userName, u.password, { ip, device: `${id}.${dev}.${at}.${mac.slice(0, -2)}AA` }));
    // Its own cookie works...
    expect((await tryLogin(u.userName, u.password, { ip, device })).statusCode).toBe(200);
    // ...until the password is changed on another browser: the new password forgets the old devices.
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const { token } = await latestLink(t, u.email);
    const reset = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token, password: 'Brand-New-Pass-9', confirmPassword: 'Brand-New-Pass-9' },
    });
    expect(reset.statusCode).toBe(200);
    const resetDevice = setCookieOf(reset, DEVICE_COOKIE)!.value;
    // (The owner's sign-in with the device above left the guesser's pair at this address held.)
    expectHeld(await tryLogin(u.userName, 'Brand-New-Pass-9', { ip, device }));
    // The browser that used the password link is recognised.
    expect((await tryLogin(u.userName, 'Brand-New-Pass-9', { ip, device: resetDevice })).statusCode).toBe(200);
  });
});

describe('login: guessing one account from many addresses', () => {
  it(`checks a new address after ${ACCOUNT_FREE_FAILURES - 1} failures from unrecognised addresses; after ${ACCOUNT_FREE_FAILURES} every unrecognised address waits, but not the owner`, async () => {
    const u = await staffWithPassword('spread');
    const home = freshIp();
    const device = await signIn(u, home);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES - 1; i++) await fail(u.userName, 1, { ip: freshIp() });
    // The 10th unrecognised try, from yet another address, is still checked.
    await fail(u.userName, 1, { ip: freshIp() });
    // Now every address the account does not know waits, right password or not.
    expectHeld(await tryLogin(u.userName, u.password, { ip: freshIp() }), 30);
    // The owner's device gets in from anywhere; so does the owner without it from an address they signed in from.
    expect((await tryLogin(u.userName, u.password, { ip: freshIp(), device })).statusCode).toBe(200);
    expect((await tryLogin(u.userName, u.password, { ip: home })).statusCode).toBe(200);
    // The owner's sign-ins do not reset the guessers' count.
    expectHeld(await tryLogin(u.userName, u.password, { ip: freshIp() }));
    await ageLoginFailures(t, accountKey(u.userName), 31_000);
    expect((await tryLogin(u.userName, u.password, { ip: freshIp() })).statusCode).toBe(200);
  });

  it(`recognises an address the account signed in from within ${RECOGNISED_ADDRESS_DAYS} days, not one from longer ago`, async () => {
    for (const [prefix, ageMs, expected] of [
      ['recent-home', RECOGNISED_ADDRESS_DAYS * 86_400_000 - 60_000, 200],
      ['old-home', RECOGNISED_ADDRESS_DAYS * 86_400_000 + 60_000, 429],
    ] as const) {
      const u = await staffWithPassword(prefix);
      const home = freshIp();
      await signIn(u, home);
      await ageSessions(t, u.userId, ageMs);
      for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) await fail(u.userName, 1, { ip: freshIp() });
      expect((await tryLogin(u.userName, u.password, { ip: home })).statusCode, prefix).toBe(expected);
    }
  });
});

describe('login: many users behind one address (a campus NAT)', () => {
  it(`checks accounts new to an address after ${ADDRESS_MAX_FAILURES - 1} failures there; after ${ADDRESS_MAX_FAILURES} they wait there, but accounts that know the address, or carry their device cookie, do not`, async () => {
    const nat = freshIp();
    const regular = await staffWithPassword('nat-regular');
    await signIn(regular, nat);
    const carrier = await staffWithPassword('nat-carrier');
    const device = await signIn(carrier, freshIp());
    const newcomerBefore = await staffWithPassword('nat-new-before');
    const newcomerAfter = await staffWithPassword('nat-new-after');

    const guess = (i: number) => tryLogin(`nat-guess-${i}`, WRONG, { ip: nat });
    for (let batch = 0; batch < ADDRESS_MAX_FAILURES - 1; batch += 7) {
      const results = await Promise.all(Array.from({ length: Math.min(7, ADDRESS_MAX_FAILURES - 1 - batch) }, (_, k) => guess(batch + k)));
      for (const r of results) expect(r.statusCode).toBe(401);
    }
    // 49 failures: an account new to the address is still checked.
    expect((await tryLogin(newcomerBefore.userName, newcomerBefore.password, { ip: nat })).statusCode).toBe(200);
    expect((await guess(ADDRESS_MAX_FAILURES - 1)).statusCode).toBe(401);
    // 50: accounts new to the address wait there (and are offered an e-mailed link, below).
    expectHeld(await tryLogin(newcomerAfter.userName, newcomerAfter.password, { ip: nat }), 15 * 60);
    // Claiming to be someone else in a header does not help.
    expectHeld(await tryLogin(newcomerAfter.userName, newcomerAfter.password, { ip: nat, headers: { 'x-forwarded-for': '192.0.2.77' } }));
    // Nobody else's failures hold those who know the address or carry their device.
    expect((await tryLogin(regular.userName, regular.password, { ip: nat })).statusCode).toBe(200);
    expect((await tryLogin(carrier.userName, carrier.password, { ip: nat, device })).statusCode).toBe(200);
    expect((await tryLogin(newcomerBefore.userName, newcomerBefore.password, { ip: nat })).statusCode).toBe(200);
    // Another address is not affected.
    expect((await tryLogin(newcomerAfter.userName, newcomerAfter.password, { ip: freshIp() })).statusCode).toBe(200);
  });

  it("holds, for someone's failures at a shared address, only that account's pair: a colleague behind it is not held", async () => {
    const nat = freshIp();
    const victim = await staffWithPassword('nat-victim');
    const colleague = await staffWithPassword('nat-colleague');
    await signIn(victim, nat);
    await signIn(colleague, nat);
    await fail(victim.userName, PAIR_FREE_FAILURES, { ip: nat });
    for (let i = 0; i < 3; i++) expectHeld(await tryLogin(victim.userName, WRONG, { ip: nat }));
    expectHeld(await tryLogin(victim.userName, victim.password, { ip: nat }));
    expect((await tryLogin(colleague.userName, colleague.password, { ip: nat })).statusCode).toBe(200);
    // The colleague's own 5th try at the address is still checked.
    await fail(colleague.userName, PAIR_FREE_FAILURES - 1, { ip: nat });
    expect((await tryLogin(colleague.userName, colleague.password, { ip: nat })).statusCode).toBe(200);
  });
});

describe('login: advisors (who hold no portal session)', () => {
  it("answers a right password from a browser that is not the advisor's exactly as a wrong one, and counts it", async () => {
    const advisor = await buildUser(t, { role: 'advisor', canSignIn: true });
    const ip = freshIp();
    const wrong = await tryLogin(advisor.userName, WRONG, { ip });
    const right = await tryLogin(advisor.userName, DEMO_PASSWORD, { ip });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: MSG.loginNotFound });
    expect(setCookieOf(right, DEVICE_COOKIE)).toBeNull();
    // Right passwords are not a reason to forget the count: the 5th try is checked, then the pair waits.
    for (let i = 0; i < PAIR_FREE_FAILURES - 3; i++) expect((await tryLogin(advisor.userName, DEMO_PASSWORD, { ip })).statusCode).toBe(401);
    expect((await tryLogin(advisor.userName, DEMO_PASSWORD, { ip })).statusCode).toBe(401);
    expectHeld(await tryLogin(advisor.userName, DEMO_PASSWORD, { ip }));
    const audited = await t.sql<{ action: string; actor_user_id: string | null }>(
      'select action, actor_user_id from audit_events where entity_id = $1 order by id',
      [advisor.id],
    );
    expect(audited.filter((a) => a.action === 'auth.login.role-refused')).toHaveLength(PAIR_FREE_FAILURES - 1);
    expect(audited.every((a) => a.actor_user_id === null)).toBe(true);
  });

  it("tells the advisor's own browser (recognised after a password link) why they cannot sign in; a wrong password there still answers 401", async () => {
    const advisor = await buildUser(t, { role: 'advisor', canSignIn: true });
    const ip = freshIp();
    expect((await call(t, 'POST', '/api/auth/forgot-password', { body: { email: advisor.email } })).statusCode).toBe(200);
    const { token } = await latestLink(t, advisor.email);
    const reset = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token, password: 'Advisor-Pass-42', confirmPassword: 'Advisor-Pass-42' },
    });
    expect(reset.statusCode).toBe(200);
    const device = setCookieOf(reset, DEVICE_COOKIE)!.value;
    const told = await tryLogin(advisor.userName, 'Advisor-Pass-42', { ip, device });
    expect(told.statusCode).toBe(403);
    expect(told.json()).toEqual({ code: 'ROLE_NOT_ALLOWED', message: MSG.roleNotAllowed });
    expect((await tryLogin(advisor.userName, WRONG, { ip, device })).statusCode).toBe(401);
    // Without the cookie the same right password is just another failed try.
    expect((await tryLogin(advisor.userName, 'Advisor-Pass-42', { ip })).statusCode).toBe(401);
  });
});

describe('requestSignInLink and signInWithLink', () => {
  const requestLink = (userName: string, ip: string, portal?: 'scholar' | 'student') =>
    call(t, 'POST', '/api/auth/sign-in-links', { remoteAddress: ip, body: { userName, ...(portal ? { portal } : {}) } });
  const useLink = (token: string, ip: string) => call(t, 'POST', '/api/auth/sign-in-links/use', { remoteAddress: ip, body: { token } });

  it('sends nothing while the account is not slowed down for the caller, and answers the same', async () => {
    const u = await staffWithPassword('not-slowed');
    const ip = freshIp();
    await fail(u.userName, PAIR_FREE_FAILURES - 1, { ip });
    const res = await requestLink(u.userName, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.signInLinkSent });
    expect((await mailsTo(t, u.email)).filter((m) => m.purpose === 'password-link:sign-in')).toEqual([]);
  });

  it("when slowed down, e-mails the owner a 15-minute link that signs in once and makes the browser the account's device", async () => {
    const u = await staffWithPassword('link-owner');
    const ip = freshIp();
    await fail(u.userName, PAIR_FREE_FAILURES, { ip });
    expectHeld(await tryLogin(u.userName, u.password, { ip }));
    const res = await requestLink(u.userName.toUpperCase(), ip);
    expect(res.json()).toEqual({ message: MSG.signInLinkSent });
    const [mail] = await mailsTo(t, u.email);
    expect(mail!.subject).toBe('Demo University: your sign-in link');
    expect(mail!.text_body).toContain('expires in 15 minutes');
    const { url, token } = signInLinkIn(mail!.text_body);
    expect(url).toMatch(/^https:\/\/portal\.demo\.test\/#\/login\/sign-in\/[A-Za-z0-9_-]{40,}$/);
    const [row] = await t.sql<{ ttl: number }>(
      "select extract(epoch from expires_at - created_at)::int as ttl from password_links where purpose = 'sign-in' and user_id = $1",
      [u.userId],
    );
    expect(row!.ttl).toBe(15 * 60);

    const used = await useLink(token, ip);
    expect(used.statusCode, used.body).toBe(200);
    const session = used.json<TSession>();
    expect(session.userId).toBe(u.userId);
    expect((await call(t, 'GET', '/api/auth/me', { as: session })).statusCode).toBe(200);
    const device = setCookieOf(used, DEVICE_COOKIE)!.value;
    // Single use.
    const again = await useLink(token, ip);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_INVALID', message: MSG.signInLinkInvalid });
    // The guesser is still slowed down; the owner's browser now signs in with the password.
    expectHeld(await tryLogin(u.userName, u.password, { ip }));
    expect((await tryLogin(u.userName, u.password, { ip, device })).statusCode).toBe(200);
    const actions = (
      await t.sql<{ action: string; after: { via?: string } | null }>(
        'select action, after from audit_events where entity_id = $1 order by id',
        [u.userId],
      )
    ).map((a) => `${a.action}${a.after?.via ? `:${a.after.via}` : ''}`);
    expect(actions).toContain('auth.sign-in-link.requested');
    expect(actions).toContain('auth.login.succeeded:sign-in-link');
  });

  it('asks an account with two-step sign-in for its second step: the link stands in for the password only', async () => {
    const u = await staffWithPassword('link-two-steps');
    const ip = freshIp();
    const signedIn = (await tryLogin(u.userName, u.password, { ip })).json<TSession>();
    const { secret } = (await call(t, 'POST', '/api/auth/mfa/totp/start', { as: signedIn })).json<{ secret: string }>();
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    expect((await call(t, 'POST', '/api/auth/mfa/totp/confirm', { as: signedIn, body: { code } })).statusCode).toBe(200);
    const sessions = (await t.sql<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [u.userId]))[0]!.n;
    const used = await useLink(await buildSignInLink(t, u.userId), ip);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ type: 'mfa', methods: ['totp', 'recovery'] });
    expect((await t.sql<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [u.userId]))[0]!.n).toBe(sessions);
  });

  it("sends nothing for an unknown user name, an advisor, or the other portal's page, with the same answer", async () => {
    const ip = freshIp();
    const advisor = await buildUser(t, { role: 'advisor', canSignIn: true });
    const u = await staffWithPassword('wrong-portal');
    for (const name of ['nobody-at-all', advisor.userName, u.userName]) await fail(name, PAIR_FREE_FAILURES, { ip });
    for (const [name, portal] of [
      ['nobody-at-all', 'scholar'],
      [advisor.userName, 'scholar'],
      [u.userName, 'student'],
    ] as const) {
      const res = await requestLink(name, ip, portal);
      expect(res.json()).toEqual({ message: MSG.signInLinkSent });
    }
    expect(await mailsTo(t, advisor.email)).toEqual([]);
    expect((await mailsTo(t, u.email)).filter((m) => m.purpose === 'password-link:sign-in')).toEqual([]);
  });

  it("a student's link leads to the student login page", async () => {
    const student = await buildUser(t, { role: 'ISSSstudent', canSignIn: true });
    const ip = freshIp();
    await fail(student.userName, PAIR_FREE_FAILURES, { ip });
    await requestLink(student.userName, ip, 'student');
    const [mail] = await mailsTo(t, student.email);
    expect(signInLinkIn(mail!.text_body).url).toMatch(/^https:\/\/portal\.demo\.test\/#\/login\/student\/sign-in\//);
  });

  it('an expired sign-in link signs nobody in; a sign-in link never sets a password, nor a password link signs in', async () => {
    const u = await staffWithPassword('link-kinds');
    const ip = freshIp();
    const expired = await buildSignInLink(t, u.userId);
    await expirePasswordLink(t, expired);
    expect((await useLink(expired, ip)).json()).toMatchObject({ code: 'LINK_INVALID', message: MSG.signInLinkInvalid });

    const live = await buildSignInLink(t, u.userId);
    expect((await call(t, 'POST', '/api/auth/password-links/inspect', { body: { token: live } })).json()).toMatchObject({ valid: false });
    const setPassword = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token: live, password: 'Other-Pass-77', confirmPassword: 'Other-Pass-77' },
    });
    expect(setPassword.statusCode).toBe(400);
    expect(setPassword.json()).toMatchObject({ code: 'LINK_INVALID', message: MSG.resetLinkInvalid });
    // Not used up by those attempts.
    expect((await useLink(live, ip)).statusCode).toBe(200);

    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const reset = await latestLink(t, u.email);
    expect((await useLink(reset.token, ip)).json()).toMatchObject({ code: 'LINK_INVALID', message: MSG.signInLinkInvalid });
  });

  it(`sends at most ${SIGN_IN_LINKS_PER_ACCOUNT} links per account in 15 minutes, then quietly none`, async () => {
    const u = await staffWithPassword('link-flood');
    const ip = freshIp();
    await fail(u.userName, PAIR_FREE_FAILURES, { ip });
    const count = async () => (await mailsTo(t, u.email)).filter((m) => m.purpose === 'password-link:sign-in').length;
    for (let i = 0; i < SIGN_IN_LINKS_PER_ACCOUNT; i++) await requestLink(u.userName, ip);
    expect(await count()).toBe(SIGN_IN_LINKS_PER_ACCOUNT);
    const more = await requestLink(u.userName, ip);
    expect(more.json()).toEqual({ message: MSG.signInLinkSent });
    expect(await count()).toBe(SIGN_IN_LINKS_PER_ACCOUNT);
    // Only the newest link works: asking again retires the earlier ones.
    const live = await t.sql("select 1 from password_links where purpose = 'sign-in' and user_id = $1 and used_at is null", [u.userId]);
    expect(live).toHaveLength(1);
  });

  it(`answers ${SIGN_IN_LINK_REQUESTS_PER_ADDRESS} requests from one address in 15 minutes, then tells it to wait`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LINK_REQUESTS_PER_ADDRESS; i++) expect((await requestLink(`someone-${i}`, ip)).statusCode).toBe(200);
    expectHeld(await requestLink('someone-else', ip), 15 * 60);
    expect((await requestLink('someone-else', freshIp())).statusCode).toBe(200);
  });
});

describe('the device cookie behind a TLS-terminating proxy', () => {
  it('is Secure when the request came over https, and only then', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const signInVia = (proto: string) =>
        call(proxied, 'POST', '/api/auth/login', {
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-proto': proto, 'x-forwarded-for': freshIp() },
          body: { userName: 'officer', password: DEMO_PASSWORD },
        });
      expect(setCookieOf(await signInVia('https'), DEVICE_COOKIE)!.attributes).toBe(
        `Path=/api/auth; Max-Age=${DEVICE_TTL_S}; HttpOnly; SameSite=Strict; Secure`,
      );
      expect(setCookieOf(await signInVia('http'), DEVICE_COOKIE)!.attributes).not.toContain('Secure');
    } finally {
      await proxied.close();
    }
  });
});

describe('sign-in counters are forgotten after a day', () => {
  it('the daily job deletes counters a day old and keeps younger ones (both sides of the day)', async () => {
    const t2 = await createTestApp();
    try {
      const insert = (key: string, ageS: number) =>
        t2.sql(
          `insert into login_throttle (institution_id, key, failures, window_start, last_failure_at)
           values ($1, $2, 3, now() - make_interval(secs => $3), now() - make_interval(secs => $3))`,
          [t2.institutionA, key, ageS],
        );
      await insert('acct:old-guess', 24 * 3600 + 60);
      await insert('acct:recent-guess', 24 * 3600 - 60);
      await purgeStaleThrottleRows(t2.services);
      const keys = (await t2.sql<{ key: string }>("select key from login_throttle where key like 'acct:%guess'")).map((r) => r.key);
      expect(keys).toEqual(['acct:recent-guess']);
    } finally {
      await t2.close();
    }
  });
});
