import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn, STAFF_HOME } from '../browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('logout', () => {
  it('ends the session; the back button does not reveal a protected page', async () => {
    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME, { timeout: 15_000 });
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('meridian.session') ?? '{}').accessToken as string);
    expect(token).toBeTruthy();
    // A second page in the history, so that "back" has a protected page to return to.
    await page.goto('/#/admin/staff-management');
    await page
      .getByRole('heading', { name: /Staff Management/ })
      .first()
      .waitFor();

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // The security-logout page (docs/product/auth.md#signing-out): signed out, with advice for shared computers.
    await page.waitForURL(/#\/security-logout/);
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    await page.getByText('close every window of this browser', { exact: false }).waitFor();
    await page.goBack();
    // The guard sends the visitor back to the login page; the staff list never shows.
    await page.waitForURL(/#\/login/);
    await page.getByRole('button', { name: 'LOGIN' }).waitFor();
    expect(await page.getByRole('heading', { name: /Staff Management/ }).count()).toBe(0);
    expect(await page.getByText('officer@demo.example.edu').count()).toBe(0);

    // The server ended the session too: the old token no longer works.
    const res = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await page.context().close();
  });
});
