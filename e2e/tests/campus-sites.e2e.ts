import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/people.md#campus-sites: a super user adds a campus site, is told on the field when its code is
// taken, renames and deactivates it, cannot delete a site in use, deletes an unused one, and opens a site's
// SEVIS settings.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CODE = `E2E-${Date.now().toString(36).toUpperCase()}`;

describe('Campus Sites', () => {
  it('adds, renames, deactivates and deletes a site; a site in use is not deleted', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/campus-sites');
    await page.getByRole('heading', { name: 'Campus Sites', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Campus sites' });
    await table.getByRole('rowheader', { name: 'Main Campus' }).waitFor();

    // A code another site has is refused on the field.
    await page.getByRole('button', { name: 'Add campus site' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add campus site' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Journey Campus ${CODE}`);
    await dialog.getByRole('textbox', { name: 'Code' }).fill('main');
    await dialog.getByRole('button', { name: 'Add campus site' }).click();
    await dialog.getByText('A campus site with this code already exists.').waitFor();
    await dialog.getByRole('textbox', { name: 'Code' }).fill(CODE);
    await dialog.getByRole('button', { name: 'Add campus site' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('rowheader', { name: `Journey Campus ${CODE}` }).waitFor();
    await screenshot(page, 'campus-sites-list');

    await table.getByRole('button', { name: `Edit Journey Campus ${CODE}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit Journey Campus ${CODE}` });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Journey Annex ${CODE}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('rowheader', { name: `Journey Annex ${CODE}` }).waitFor();

    await table.getByRole('button', { name: `Deactivate Journey Annex ${CODE}` }).click();
    await page.getByRole('dialog', { name: 'Deactivate campus site' }).getByRole('button', { name: 'Deactivate' }).click();
    await table.getByRole('button', { name: `Reactivate Journey Annex ${CODE}` }).waitFor();

    // Main Campus has records: the server's refusal is shown in the dialog.
    await table.getByRole('button', { name: 'Delete Main Campus' }).click();
    const refuse = page.getByRole('dialog', { name: 'Delete campus site' });
    await refuse.getByRole('button', { name: 'Delete' }).click();
    await refuse
      .getByRole('alert')
      .getByText(/Main Campus cannot be deleted, as it is in use by \d+ student records/)
      .waitFor();
    await screenshot(page, 'campus-sites-delete-refused');
    await refuse.getByRole('button', { name: 'Cancel' }).click();

    await table.getByRole('button', { name: `Delete Journey Annex ${CODE}` }).click();
    await page.getByRole('dialog', { name: 'Delete campus site' }).getByRole('button', { name: 'Delete' }).click();
    await table.getByRole('rowheader', { name: `Journey Annex ${CODE}` }).waitFor({ state: 'detached' });
    // The row's buttons are gone with it: once the dialog has closed, focus is back on the page's own action.
    await page.getByRole('dialog', { name: 'Delete campus site' }).waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Add campus site');

    // Each site links to its SEVIS settings.
    await table.getByRole('link', { name: 'SEVIS Settings of Main Campus' }).click();
    await page.getByRole('heading', { name: 'SEVIS Settings', level: 1 }).waitFor();
    await page.getByText('Showing the SEVIS settings of Main Campus only.').waitFor();
    await page.close();
  });
});
