import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { api } from '../sevis-log-helpers.js';
import { startSamlIdp, type TSamlIdp } from '../../apps/server/test/idp/saml-idp.js';

// docs/product/single-sign-on.md#saml-20: an office connects its SAML identity provider in the admin area
// from the provider's metadata file, and a student signs in through it from the student login page. The
// provider is a SAML identity provider started here with keys of its own.
let browser: Browser;
let idp: TSamlIdp;
let adminToken = '';

beforeAll(async () => {
  browser = await launch();
  idp = await startSamlIdp();
});
afterAll(async () => {
  // Leave the demo as it was for the journeys after this one: single sign-on off, no campus button.
  if (adminToken) {
    const sso = await api<{ kind: string; allowedRoles: string[]; saml: { idpEntityId: string; attributes: Record<string, string> } }>(
      'GET',
      '/api/auth/sso/config',
      adminToken,
    );
    if (sso.kind === 'saml' && sso.saml.idpEntityId)
      await api('PUT', '/api/auth/sso/config', adminToken, {
        kind: 'saml',
        enabled: false,
        allowedRoles: sso.allowedRoles,
        attributes: sso.saml.attributes,
      }).catch(() => {});
    const settings = await api<Record<string, unknown>>('GET', '/api/institution/settings', adminToken);
    await api('PUT', '/api/institution/settings', adminToken, { ...settings, showCampusIdLoginBtn: false });
  }
  await idp?.close();
  await browser?.close();
});

describe('SAML single sign-on', () => {
  it('a super user connects the SAML provider from its metadata; a student signs in with campus credentials', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin');
    await admin.waitForURL(STAFF_HOME);
    adminToken = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'admin', password: DEMO_PASSWORD }))
      .accessToken;
    await admin.goto('/#/admin/single-sign-on');
    await admin.getByRole('heading', { name: 'Single Sign-On', level: 1 }).waitFor();
    await admin.getByRole('radio', { name: 'SAML 2.0' }).check();
    const acs = await admin.getByLabel('Assertion consumer service').inputValue();
    expect(acs).toMatch(/\/api\/auth\/saml\/acs$/);

    // Something that is not an identity provider's metadata is refused on its field.
    await admin.getByLabel('Metadata address').fill('');
    await admin.getByLabel('Or paste the metadata').fill('<EntityDescriptor entityID="nothing"/>');
    await admin.getByRole('group', { name: 'Kinds of accounts' }).getByRole('checkbox', { name: 'Students' }).check();
    await admin.getByLabel('Single sign-on is on').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('This is not SAML metadata of an identity provider').first().waitFor();

    // The metadata file the identity team sent.
    await admin.locator('input[type="file"]').setInputFiles({
      name: 'campus-idp-metadata.xml',
      mimeType: 'application/samlmetadata+xml',
      buffer: Buffer.from(idp.metadata()),
    });
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The single sign-on settings were saved.').waitFor();
    await admin.getByText(`Connected to ${idp.entityId}`, { exact: false }).waitFor();
    await screenshot(admin, 'saml-sign-on-settings');

    const settings = await api<Record<string, unknown>>('GET', '/api/institution/settings', adminToken);
    await api('PUT', '/api/institution/settings', adminToken, { ...settings, showCampusIdLoginBtn: true });
    await admin.context().close();

    const student = await newPage(browser);
    await student.goto('/#/login/student');
    const button = student.getByRole('link', { name: String(settings.loginButtonText) });
    await button.waitFor();
    await button.click();
    // At the campus identity provider: the campus user name, then its signed answer is posted back.
    await student.getByLabel('Campus user name').fill('student');
    await screenshot(student, 'saml-sign-on-campus-page');
    await student.getByRole('button', { name: 'Sign in at the campus' }).click();
    await student.waitForURL((u) => u.hash.startsWith('#/student'), { timeout: 30_000 });
    expect(student.url()).not.toMatch(/sso\/[A-Za-z0-9_-]{20,}/);
    await student.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(student, 'saml-sign-on-student-home');
    await student.context().close();

    // Someone the office does not know is told so on the login page; nothing is created for them.
    const stranger = await newPage(browser);
    await stranger.goto('/#/login/student');
    await stranger.getByRole('link', { name: String(settings.loginButtonText) }).click();
    await stranger.getByLabel('Campus user name').fill('walk.in.visitor');
    await stranger.getByRole('button', { name: 'Sign in at the campus' }).click();
    await stranger.getByText('Your campus sign-in worked, but no account here is linked to it.').waitFor({ timeout: 30_000 });
    await stranger.context().close();
  });
});
