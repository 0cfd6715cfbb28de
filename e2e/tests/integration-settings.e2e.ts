import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@meridian/domain';
import { baseUrl, launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** What a campus system gets for one call with a token (docs/product/integration-tokens.md). */
async function asSystem(token: string, url: string): Promise<number> {
  const res = await fetch(new URL(url, baseUrl()), { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

describe('Integration Settings', () => {
  it('a super user creates a token for the SIS, copies it once, sees its calls, and revokes it', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin');
    await admin.waitForURL(STAFF_HOME);
    await admin.goto('/#/admin/dashboard');
    await admin
      .getByRole('link', { name: /Integration Settings/ })
      .first()
      .click();
    await admin.waitForURL(/#\/admin\/integration-settings$/);
    await admin.getByRole('heading', { name: 'Integration Settings', level: 1 }).waitFor();

    await admin.getByRole('button', { name: 'Create token' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create an integration token' });
    await dialog.getByRole('button', { name: 'Create token' }).click();
    // Each requirement is named on its field before anything is sent.
    await dialog.getByText('Enter a name for the token.').waitFor();
    await dialog.getByText('Choose at least one scope.').waitFor();
    await dialog.getByLabel('Name').fill('SIS nightly feed');
    await dialog.getByRole('checkbox', { name: /Read student records/ }).check();
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await screenshot(admin, 'integration-token-create');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = admin.getByRole('dialog', { name: 'Token "SIS nightly feed" created' });
    await shown.getByText('It will not be shown again').waitFor();
    const token = await shown.getByLabel('Token').inputValue();
    expect(token).toMatch(/^mrd_it_[A-Za-z0-9_-]{43}$/);
    await screenshot(admin, 'integration-token-shown-once');
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    // The campus system reads students with it, and nothing else.
    expect(await asSystem(token, '/api/students?page=1&pageSize=5')).toBe(200);
    expect(await asSystem(token, '/api/scholars/dashboard')).toBe(403);

    const table = admin.getByRole('table', { name: 'Integration tokens' });
    const row = table.getByRole('row', { name: /SIS nightly feed/ });
    await admin.reload();
    await row.getByText('Active').waitFor();
    await row.getByText(`ends in …${token.slice(-4)}`).waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Read student records');
    // The secret is never on the page again.
    expect(await admin.content()).not.toContain(token);
    // On a phone the page does not scroll sideways: the table scrolls within its own box.
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await screenshot(admin, 'integration-settings');

    await row.getByRole('button', { name: 'Calls of SIS nightly feed' }).click();
    const calls = admin.getByRole('dialog', { name: 'Calls of "SIS nightly feed"' });
    await calls.getByText('GET /api/students').waitFor();
    await calls.getByText('Refused: outside its scopes').waitFor();
    await screenshot(admin, 'integration-token-calls');
    await calls.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Revoke SIS nightly feed' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Revoke integration token' });
    await confirm.getByText('Its next call is refused').waitFor();
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Revoked', { exact: false }).first().waitFor();
    expect(await asSystem(token, '/api/students?page=1&pageSize=5')).toBe(401);
    await admin.context().close();
  });

  it('an assistant has no Integration Settings in the menu and is refused the page', async () => {
    const assistant = await newPage(browser);
    await signIn(assistant, 'assistant');
    await assistant.waitForURL(STAFF_HOME);
    await assistant.goto('/#/admin/dashboard');
    await assistant.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await assistant.getByRole('link', { name: /Integration Settings/ }).count()).toBe(0);
    await assistant.goto('/#/admin/integration-settings');
    await assistant.getByText(MSG.noAccessPage).waitFor();
    await assistant.context().close();
  });
});
