import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/two-step-sign-in.md: a staff member turns on an authenticator app, then signs in with it,
// and with a recovery code when the phone is not at hand.
let browser: Browser;
const userName = `mfa.officer.${Date.now().toString(36)}`;
const heldUserName = `mfa.held.${Date.now().toString(36)}`;

/** The demo office's "Office staff must use two-step sign-in" (docs/product/two-step-sign-in.md#required-for-office-staff). */
const requireStaffTwoStep = (on: boolean) =>
  query(
    `insert into two_step_policies (institution_id, staff_required)
     select institution_id, $1 from users where user_name = 'admin' limit 1
     on conflict (institution_id) do update set staff_required = excluded.staff_required, updated_at = now()`,
    [on],
  );

beforeAll(async () => {
  browser = await launch();
  // A staff member of the demo institution with the demo password (as if their invitation had been used).
  await query(
    `insert into users (institution_id, user_name, email, first_name, last_name, role, password_hash, password_changed_at, staff_permissions)
     select institution_id, $1, $1 || '@demo.example.edu', 'Maya', 'Factor', 'isssAdmin', password_hash, now(),
            '{"isOfficer": true, "officerSites": []}'::jsonb
     from users where user_name = 'admin' limit 1`,
    [userName],
  );
  await query(
    `insert into users (institution_id, user_name, email, first_name, last_name, role, password_hash, password_changed_at, staff_permissions)
     select institution_id, $1, $1 || '@demo.example.edu', 'Hana', 'Held', 'isssAdmin', password_hash, now(),
            '{"isOfficer": true, "officerSites": []}'::jsonb
     from users where user_name = 'admin' limit 1`,
    [heldUserName],
  );
});
afterAll(async () => {
  // Other journeys sign staff in with passwords alone.
  await requireStaffTwoStep(false);
  await browser?.close();
});

/** What the app on the phone shows for this key, `ahead` steps from now. */
const appCode = (key: string, ahead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

async function logOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/#\/security-logout/);
  await page.goto('/#/login');
}

describe('Two-step sign-in', () => {
  it('an officer turns on an authenticator app, signs in with its code, and once with a recovery code', async () => {
    const page = await newPage(browser);
    await signIn(page, userName);
    await page.waitForURL(STAFF_HOME);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code to add this portal to an authenticator app' }).waitFor();
    const key = await page.getByLabel('Key, to type in instead').inputValue();
    await page.getByLabel('6-digit code').fill('12345');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('The code is 6 digits.').waitFor();
    await screenshot(page, 'two-step-set-up');
    await page.getByLabel('6-digit code').fill(appCode(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = (await codes.first().textContent())!.trim();
    await screenshot(page, 'two-step-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 of 10 recovery codes left.').waitFor();
    await logOut(page);

    // The password alone no longer opens the portal.
    await signIn(page, userName);
    await page.getByRole('form', { name: 'Two-step sign-in' }).waitFor();
    await page.getByLabel('Code from your authenticator app').fill('000000' === appCode(key, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right.').waitFor();
    await screenshot(page, 'two-step-sign-in-code');
    await page.getByLabel('Code from your authenticator app').fill(appCode(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(STAFF_HOME);
    await logOut(page);

    // The phone is at home: a recovery code, once.
    await signIn(page, userName);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recovery.toLowerCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/admin/two-step-sign-in');
    await page.getByText('9 of 10 recovery codes left.').waitFor();
    await page.context().close();
  });
});

describe('Office staff must use two-step sign-in', () => {
  it('a staff member without it is sent to set it up after the password; an old second step is confirmed before an export', async () => {
    await requireStaffTwoStep(true);
    try {
      const page = await newPage(browser);
      await signIn(page, heldUserName);
      // Straight to setting it up, with why.
      await page.waitForURL(/#\/admin\/two-step-sign-in$/);
      await page
        .getByRole('alert')
        .filter({ hasText: 'Set up two-step sign-in to continue. Your office requires it for staff.' })
        .waitFor();
      await screenshot(page, 'two-step-required');
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const key = await page.getByLabel('Key, to type in instead').inputValue();
      await page.getByLabel('6-digit code').fill(appCode(key));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
      await page.getByRole('button', { name: 'I have saved them, continue' }).click();
      await page.waitForURL(STAFF_HOME);

      // Twenty minutes later (the server's session cache holds an answer 3 s): the export asks to confirm it's you.
      await query(
        `update sessions set second_step_at = now() - interval '20 minutes' where user_id = (select id from users where user_name = $1)`,
        [heldUserName],
      );
      await page.waitForTimeout(3_500);
      await page.goto('/#/admin/dashboard');
      await page.getByRole('heading', { name: 'International Scholar and Employee Admin', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Export to Excel' }).click();
      const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
      await dialog.waitFor();
      const field = dialog.getByLabel('Code from your authenticator app');
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(page, 'two-step-confirm-its-you');
      await field.fill(appCode(key, 1));
      const [workbook] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Confirm' }).click()]);
      expect(workbook.suggestedFilename()).toMatch(/^Scholar_Export_\d{1,2}_\d{1,2}_\d{4}\.xlsx$/);
      await page.context().close();
    } finally {
      await requireStaffTwoStep(false);
    }
  });
});
