import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '@meridian/domain';
import { ARTIFACTS, baseUrl, DEMO_PASSWORD, launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { api } from '../sevis-log-helpers.js';

// docs/product/external-login.md: an office sets up campus web sign-in in the admin area; then a campus
// web-SSO proxy (played here) sets the AUTHN cookie to a token it signed and sends the browser to #/external.
let browser: Browser;
let adminToken = '';

const SECRET = `e2e-campus-proxy-secret-${randomUUID()}`;
const ISSUER = 'https://webauth.demo.test';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // Leave the demo as it was for the journeys after this one: campus web sign-in off.
  if (adminToken) {
    const c = await api<authApi.TExternalLoginConfig>('GET', '/api/auth/external/config', adminToken);
    if (c.hasSharedSecret || c.publicKey)
      await api('PUT', '/api/auth/external/config', adminToken, {
        enabled: false,
        algorithm: c.algorithm,
        sharedSecret: '',
        publicKey: c.publicKey,
        issuer: c.issuer || ISSUER,
        audience: c.audience,
        matchClaim: c.matchClaim,
        allowedRoles: c.allowedRoles,
      }).catch(() => {});
  }
  await browser?.close();
});

/** The token the campus proxy signs for `sub`, with the secret the office saved (or another). */
const proxyToken = (sub: string, secret = SECRET) =>
  new SignJWT({ sub, iss: ISSUER, aud: baseUrl(), jti: randomUUID(), amr: ['pwd', 'mfa'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('2m')
    .sign(new TextEncoder().encode(secret));

/** A fresh browser the campus proxy has just sent to the portal, with its AUTHN cookie. */
async function fromTheProxy(token: string): Promise<Page> {
  const page = await newPage(browser);
  await page.context().addCookies([{ name: 'AUTHN', value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

describe('Campus web sign-in', () => {
  it('a super user sets it up; the proxy’s cookie signs a student in; a bad cookie ends on the login page, told why', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin');
    await admin.waitForURL(STAFF_HOME);
    adminToken = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'admin', password: DEMO_PASSWORD }))
      .accessToken;
    await admin.goto('/#/admin/campus-web-sign-in');
    await admin.getByRole('heading', { name: 'Campus Web Sign-In', level: 1 }).waitFor();
    expect(await admin.getByLabel('Send the browser to').inputValue()).toBe(`${baseUrl()}/#/external`);

    // A public key that is not one is refused by the server, on its field.
    await admin.getByRole('radio', { name: /^RS256/ }).check();
    await admin.getByLabel("The proxy's public key (PEM)").fill('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----');
    await admin.getByLabel('Issuer (iss)').fill(ISSUER);
    await admin.getByLabel('Audience (aud)').fill('');
    await admin.getByLabel('Claim that names the account').fill('sub');
    // Whatever an earlier run left in the settings, students may sign in this way.
    await admin.getByRole('checkbox', { name: 'Students' }).check();
    await admin.getByLabel('Campus web sign-in is on').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(authApi.MSG_EXTERNAL_LOGIN.publicKeyInvalid).waitFor();

    await admin.getByRole('radio', { name: /^HS256/ }).check();
    await admin.getByRole('textbox', { name: 'Shared secret' }).fill(SECRET);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(authApi.MSG_EXTERNAL_LOGIN.saved).waitFor();
    await admin.getByText('A secret is saved. Leave blank to keep it.').waitFor();
    await admin.screenshot({ path: `${ARTIFACTS}/campus-web-sign-in-settings-full.png`, fullPage: true });
    await screenshot(admin, 'campus-web-sign-in-settings');
    await admin.context().close();

    // The proxy signed the student in: the portal opens on the student's own pages, and the cookie is gone.
    const student = await fromTheProxy(await proxyToken('student'));
    await student.goto('/#/external');
    await student.waitForURL((u) => u.hash.startsWith('#/student'), { timeout: 30_000 });
    await student.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await student.context().cookies()).find((c) => c.name === 'AUTHN')).toBeUndefined();
    await screenshot(student, 'campus-web-sign-in-student-home');
    await student.context().close();

    // A token the office's secret did not sign: a snackbar says why, then the login page says it too.
    const forged = await fromTheProxy(await proxyToken('student', `${SECRET}-forged`));
    await forged.goto('/#/external');
    const message = authApi.MSG_EXTERNAL_LOGIN.invalid;
    // The snackbar is the alert with a Dismiss button; it shows for a second, while the page goes on.
    const snackbar = forged
      .getByRole('alert')
      .filter({ hasText: message })
      .filter({ has: forged.getByRole('button', { name: 'Dismiss' }) });
    await snackbar.waitFor();
    await forged.waitForURL(/#\/login\?external=invalid$/);
    await snackbar.waitFor({ state: 'detached' });
    await forged.getByRole('alert').filter({ hasText: message }).waitFor();
    await screenshot(forged, 'campus-web-sign-in-refused');
    await forged.context().close();
  });
});
