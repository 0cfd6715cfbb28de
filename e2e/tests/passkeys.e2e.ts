import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { api } from '../sevis-log-helpers.js';
import { startOidcIdp, type TOidcIdp } from '../../apps/server/test/idp/oidc-idp.js';

// docs/product/two-step-sign-in.md#passkeys: a staff member adds a passkey (a virtual authenticator in
// Chromium, through the DevTools protocol), signs in with it after the password, and after single
// sign-on when the campus provider did not ask for a second factor.
let browser: Browser;
let idp: TOidcIdp | null = null;
let adminToken = '';
// The test provider gives accounts ending in .pwdonly a password-only sign-in (amr without mfa).
const userName = `pk.officer.${Date.now().toString(36)}.pwdonly`;

beforeAll(async () => {
  browser = await launch();
  await query(
    `insert into users (institution_id, user_name, email, first_name, last_name, role, password_hash, password_changed_at, staff_permissions)
     select institution_id, $1, 'pk.' || $2 || '@demo.example.edu', 'Priya', 'Key', 'isssAdmin', password_hash, now(),
            '{"isOfficer": true, "officerSites": []}'::jsonb
     from users where user_name = 'admin' limit 1`,
    [userName, Date.now().toString(36)],
  );
  adminToken = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'admin', password: DEMO_PASSWORD }))
    .accessToken;
});
afterAll(async () => {
  if (adminToken) {
    const sso = await api<Record<string, unknown>>('GET', '/api/auth/sso/config', adminToken);
    if (sso.hasClientSecret)
      await api('PUT', '/api/auth/sso/config', adminToken, {
        kind: 'oidc',
        enabled: false,
        issuer: sso.issuer,
        clientId: sso.clientId,
        clientSecret: '',
        scopes: sso.scopes,
        matchClaim: sso.matchClaim,
        allowedRoles: sso.allowedRoles,
      }).catch(() => {});
    const settings = await api<Record<string, unknown>>('GET', '/api/institution/settings', adminToken);
    await api('PUT', '/api/institution/settings', adminToken, { ...settings, showCampusIdLoginBtn: false });
  }
  await idp?.close();
  await browser?.close();
});

/** A platform authenticator with a fingerprint already enrolled: it answers every WebAuthn call at once. */
async function withVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/#\/security-logout/);
  await page.goto('/#/login');
}

describe('Passkeys', () => {
  it('an officer adds a passkey and signs in with it, after the password and after campus single sign-on', async () => {
    const page = await newPage(browser);
    await withVirtualAuthenticator(page);
    await signIn(page, userName);
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/admin/two-step-sign-in');
    await page.getByRole('heading', { name: 'Passkeys', level: 2 }).waitFor();
    await page.getByLabel('Passkey name').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    // The first second step comes with the recovery codes.
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('list', { name: 'Your passkeys' }).getByText('Work laptop').waitFor();
    await screenshot(page, 'passkeys');
    await logOut(page);

    await signIn(page, userName);
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    await screenshot(page, 'passkey-second-step');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(STAFF_HOME);
    await logOut(page);

    // Campus single sign-on with a password alone at the provider: the portal asks for the passkey too.
    idp = await startOidcIdp([`${new URL(page.url()).origin}/api/auth/sso/callback`]);
    await api('PUT', '/api/auth/sso/config', adminToken, {
      kind: 'oidc',
      enabled: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scopes: 'openid profile email',
      matchClaim: 'preferred_username',
      allowedRoles: ['isssAdmin'],
    });
    const settings = await api<Record<string, unknown>>('GET', '/api/institution/settings', adminToken);
    await api('PUT', '/api/institution/settings', adminToken, { ...settings, showCampusIdLoginBtn: true });
    // A fresh load of the login page reads the changed settings.
    await page.goto('/#/login');
    await page.reload();
    await page.getByRole('link', { name: String(settings.loginButtonText) }).click();
    await page.locator('input[name="login"]').fill(userName);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').waitFor();
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor({ timeout: 30_000 });
    expect(page.url()).not.toMatch(/sso\/[A-Za-z0-9_-]{20,}/);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(STAFF_HOME);
    await page.context().close();
  });
});
