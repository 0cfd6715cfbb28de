import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, launch, newPage, signIn, STAFF_HOME } from '../browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('forgot and reset password', () => {
  it('works end to end through the recorded e-mail', async () => {
    const page = await newPage(browser);
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/#\/login\/reset$/);
    await page.getByLabel(/e-?mail/i).fill('not-an-email');
    await page.getByRole('button', { name: /reset password/i }).click();
    await page.getByText('Please enter a valid email').waitFor();
    await page.getByLabel(/e-?mail/i).fill('assistant@demo.example.edu');
    await page.getByRole('button', { name: /reset password/i }).click();
    await page.getByText(/If an account matches that e-mail/).waitFor();

    const mail = await latestMail('assistant@demo.example.edu');
    const link = /(http\S+#\/login\/pass-reset\/[A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
    expect(link, mail.text_body).toBeTruthy();

    const reset = await newPage(browser);
    await reset.goto(link!);
    // The token leaves the address as soon as the page has it.
    await reset.waitForURL((u) => !u.hash.includes(link!.split('/').pop()!));
    const password = reset.locator('input[name="password"]');
    await password.waitFor();
    await password.fill('short');
    await reset.locator('input[name="confirmPassword"]').fill('different');
    await reset.locator('input[name="confirmPassword"]').blur();
    await reset.getByText('Password should be at least 8 characters').waitFor();
    await password.fill('Harbour-lights-42');
    await reset.getByText('Passwords should match').waitFor();
    await reset.locator('input[name="confirmPassword"]').fill('Harbour-lights-42');
    await reset.getByRole('button', { name: /update|save|reset|set/i }).click();
    await reset.getByText(/Your password has been updated/).waitFor();
    await reset.waitForURL(/#\/login$/, { timeout: 10_000 });

    // The link is single use.
    const again = await newPage(browser);
    await again.goto(link!);
    await again.getByText(/invalid or has expired/).waitFor();

    await signIn(again, 'assistant', 'Harbour-lights-42');
    await again.waitForURL(STAFF_HOME, { timeout: 15_000 });
    for (const p of [page, reset, again]) await p.context().close();
  });
});
