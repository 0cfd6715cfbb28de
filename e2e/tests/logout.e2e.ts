import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn } from '../browser.js';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe('logout', () => {
  it('ends the session; the back button does not reveal a protected page', async () => {
    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(/#\/admin\/dashboard$/, { timeout: 15_000 });
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('meridian.session') ?? '{}').accessToken as string);
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: /more|account|options/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/#\/login/);
    await page.goBack();
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/#\/login/);
    expect(await page.getByRole('heading', { name: /International Scholar and Employee Admin/ }).count()).toBe(0);

    // The server ended the session too: the old token no longer works.
    const res = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await page.context().close();
  });
});
