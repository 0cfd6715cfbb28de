import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/messages.md#automated-e-mail: an officer limits a reminder to F-1 records, changes its lead
// times, and finds the change kept after a reload.
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // Leave the demo as it was for the journeys after this one: the defaults.
  await query(`delete from automated_email_settings where event_key = 'student.programEndApproaching'`).catch(() => {});
  await browser?.close();
});

describe('Automated e-mail', () => {
  it('an officer turns the program-end reminder off for J-1, changes its lead days, reloads and sees it kept', async () => {
    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);
    await page.goto(`${baseUrl()}/#/isss/automated-email-config`);
    await page.getByRole('heading', { name: 'Automated E-mail', level: 1 }).waitFor();

    const row = page.getByRole('region', { name: 'Program end approaching' });
    await row.getByRole('checkbox', { name: 'J-1' }).uncheck();
    // A lead time out of range is refused on its field.
    await row.getByLabel('Add days').fill('400');
    await row.getByRole('button', { name: 'Add' }).click();
    await row.getByText('Enter a number of days from 1 to 365.').waitFor();
    await row.locator('.MuiChip-root', { hasText: '60 days' }).locator('.MuiChip-deleteIcon').click();
    await row.getByLabel('Add days').fill('45');
    await row.getByRole('button', { name: 'Add' }).click();
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Program end approaching: The automated e-mail settings were saved.').waitFor();

    await page.reload();
    const again = page.getByRole('region', { name: 'Program end approaching' });
    await again.getByRole('checkbox', { name: 'F-1' }).waitFor();
    expect(await again.getByRole('checkbox', { name: 'F-1' }).isChecked()).toBe(true);
    expect(await again.getByRole('checkbox', { name: 'J-1' }).isChecked()).toBe(false);
    expect(await again.locator('.MuiChip-label').allTextContents()).toEqual(['45 days', '30 days']);
    // Approval links cannot be turned off: the switch is disabled and says why.
    const approval = page.getByRole('region', { name: 'Approval needed' });
    expect(await approval.getByRole('switch').isDisabled()).toBe(true);
    await approval.getByText('Always on: without it approvers never receive their links').waitFor();
    await screenshot(page, 'automated-emails');

    const [saved] = await query<{ visa_types: string[]; lead_days: number[] }>(
      `select visa_types, lead_days from automated_email_settings where event_key = 'student.programEndApproaching'`,
    );
    expect(saved).toEqual({ visa_types: ['F-1'], lead_days: [45, 30] });
  });
});
