import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { api } from '../sevis-log-helpers.js';
import { startOidcIdp, type TOidcIdp } from '../../apps/server/test/idp/oidc-idp.js';

// docs/product/single-sign-on.md: an office sets up its identity provider in the admin area, and a student
// signs in through it from the student login page. The provider is a real OpenID provider started here.
let browser: Browser;
let idp: TOidcIdp | null = null;
let adminToken = '';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // Leave the demo as it was for the journeys after this one: no single sign-on, no campus button.
  if (adminToken) {
    const sso = await api<Record<string, unknown>>('GET', '/api/auth/sso/config', adminToken);
    if (sso.hasClientSecret && sso.kind === 'oidc')
      await api('PUT', '/api/auth/sso/config', adminToken, { ...pick(sso), enabled: false, clientSecret: '' }).catch(() => {});
    const settings = await api<Record<string, unknown>>('GET', '/api/institution/settings', adminToken);
    await api('PUT', '/api/institution/settings', adminToken, { ...settings, showCampusIdLoginBtn: false });
  }
  await idp?.close();
  await browser?.close();
});

const pick = (s: Record<string, unknown>) => ({
  kind: 'oidc',
  issuer: s.issuer,
  clientId: s.clientId,
  scopes: s.scopes,
  matchClaim: s.matchClaim,
  allowedRoles: s.allowedRoles,
});

describe('Single sign-on', () => {
  it('a super user connects the identity provider; a student signs in with campus credentials', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin');
    await admin.waitForURL(STAFF_HOME);
    adminToken = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'admin', password: DEMO_PASSWORD }))
      .accessToken;
    await admin.goto('/#/admin/single-sign-on');
    await admin.getByRole('heading', { name: 'Single Sign-On', level: 1 }).waitFor();
    await admin.getByRole('radio', { name: 'OpenID Connect' }).check();
    const redirectUri = await admin.getByLabel('Redirect URI').inputValue();
    expect(redirectUri).toMatch(/\/api\/auth\/sso\/callback$/);
    idp = await startOidcIdp([redirectUri]);

    // A provider that does not answer is refused on its field before anyone is sent there.
    await admin.getByLabel('Issuer URL').fill('http://127.0.0.1:9/');
    await admin.getByLabel('Client ID').fill(idp.clientId);
    await admin.getByLabel('Client secret').fill(idp.clientSecret);
    // Whatever an earlier journey left in the settings, students may sign in this way.
    await admin.getByRole('group', { name: 'Kinds of accounts' }).getByRole('checkbox', { name: 'Students' }).check();
    await admin.getByLabel('Single sign-on is on').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The identity provider could not be reached at this address').waitFor();
    await admin.getByLabel('Issuer URL').fill(idp.issuer);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The single sign-on settings were saved.').waitFor();
    await admin.getByText('A secret is saved. Leave blank to keep it.').waitFor();
    await screenshot(admin, 'single-sign-on-settings');

    const settings = await api<Record<string, unknown>>('GET', '/api/institution/settings', adminToken);
    await api('PUT', '/api/institution/settings', adminToken, { ...settings, showCampusIdLoginBtn: true });
    await admin.context().close();

    const student = await newPage(browser);
    await student.goto('/#/login/student');
    const button = student.getByRole('link', { name: String(settings.loginButtonText) });
    await button.waitFor();
    await screenshot(student, 'single-sign-on-login-button');
    await button.click();
    // At the identity provider (its own development login page): the campus user name.
    await student.locator('input[name="login"]').waitFor();
    await student.locator('input[name="login"]').fill('student');
    await student.locator('input[name="password"]').fill('anything');
    await student.locator('button[type="submit"]').click();
    await student.locator('button[type="submit"]').waitFor();
    await student.locator('button[type="submit"]').click();
    // Back at the portal, signed in, on the student's own pages; the one-time code is gone from the address.
    await student.waitForURL((u) => u.hash.startsWith('#/student'), { timeout: 30_000 });
    expect(student.url()).not.toMatch(/sso\/[A-Za-z0-9_-]{20,}/);
    await student.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(student, 'single-sign-on-student-home');
    await student.context().close();

    // Someone the office does not know is told so on the login page; nothing is created for them.
    const stranger = await newPage(browser);
    await stranger.goto('/#/login/student');
    await stranger.getByRole('link', { name: String(settings.loginButtonText) }).click();
    await stranger.locator('input[name="login"]').fill('walk.in.visitor');
    await stranger.locator('input[name="password"]').fill('anything');
    await stranger.locator('button[type="submit"]').click();
    await stranger.locator('button[type="submit"]').waitFor();
    await stranger.locator('button[type="submit"]').click();
    await stranger.getByText('Your campus sign-in worked, but no account here is linked to it.').waitFor({ timeout: 30_000 });
    await screenshot(stranger, 'single-sign-on-not-linked');
    await stranger.context().close();
  });
});
