/**
 * SEVIS Permissions (docs/product/sevis-settings.md#sevis-permissions): who sends a campus site's
 * batches is named by a second person. The demo officer (Main Campus) finds the rules on the page, is
 * never offered as their own sender, may not touch the super user's entries, and is told why when they
 * try; the super user names the officer DSO of Main Campus, which the officer may give up but not change.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sevisApi } from '@meridian/domain';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

const S = sevisApi.SEVIS_SENDER_MSG;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openPermissions(user: string): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, user);
  await page.waitForURL(STAFF_HOME);
  await page.goto('/#/isss/sevis-permissions');
  await page.getByRole('table', { name: 'DSOs and AROs' }).waitFor();
  return page;
}

const rowOf = (page: Page, name: string, kind: string) =>
  page.getByRole('table', { name: 'DSOs and AROs' }).getByRole('row').filter({ hasText: name }).filter({ hasText: kind });

describe('SEVIS Permissions', () => {
  it("an officer is not offered as their own sender and may not change the super user's entry: the page says why", async () => {
    const page = await openPermissions('officer');
    await page.getByText('you cannot add or change your own entry', { exact: false }).waitFor();
    // The officer manages Main Campus only: it is the form's campus site from the start.
    await page.getByRole('combobox', { name: 'Campus site' }).getByText('Main Campus').waitFor();
    await page.getByRole('combobox', { name: 'Staff member' }).click();
    const offered = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(offered.some((o) => o.includes('Olivia Officer'))).toBe(false);
    expect(offered.some((o) => o.includes('Avery Admin'))).toBe(true);
    await page.keyboard.press('Escape');
    // The super user's entries: locked, with the reason under the buttons.
    const adminDso = rowOf(page, 'Avery Admin', 'DSO (F-1 batches)');
    expect(await adminDso.getByRole('button', { name: /^Change the SEVIS user id/ }).isDisabled()).toBe(true);
    expect(await adminDso.getByRole('button', { name: /^Remove/ }).isDisabled()).toBe(true);
    await adminDso.getByText(S.superUserEntry).waitFor();
    // Trying anyway (the form takes any staff member offered): the server refuses and the form says so.
    await choose(page, page.getByRole('combobox', { name: 'Staff member' }), 'Avery Admin (admin@demo.example.edu)');
    await page.getByRole('textbox', { name: 'SEVIS user id' }).fill('HIJACKED01');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText(S.superUserEntry).waitFor();
    await screenshot(page, 'sevis-permissions-officer');
    const [entry] = await query<{ sevis_user_id: string }>(
      `select s.sevis_user_id from sevis_senders s join users u on u.id = s.user_id join campus_sites c on c.id = s.campus_site_id
        where u.user_name = 'admin' and s.kind = 'DSO' and c.code = 'MAIN'`,
    );
    expect(entry?.sevis_user_id).toBe('DEMOPDSO01');
    await page.context().close();
  });

  it('the super user names the officer DSO of Main Campus; the officer may give it up but not change it', async () => {
    const admin = await openPermissions('admin');
    await choose(admin, admin.getByRole('combobox', { name: 'Campus site' }), 'Main Campus');
    await choose(admin, admin.getByRole('combobox', { name: 'Staff member' }), 'Olivia Officer (officer@demo.example.edu)');
    await admin.getByRole('textbox', { name: 'SEVIS user id' }).fill('OFFICER001');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Olivia Officer may send F-1 batches of Main Campus.').waitFor();
    await rowOf(admin, 'Olivia Officer', 'DSO (F-1 batches)').getByText('OFFICER001').waitFor();
    await admin.context().close();

    const officer = await openPermissions('officer');
    const own = rowOf(officer, 'Olivia Officer', 'DSO (F-1 batches)');
    await own.getByText(S.ownEntry).waitFor();
    expect(await own.getByRole('button', { name: /^Change the SEVIS user id/ }).isDisabled()).toBe(true);
    await own.getByRole('button', { name: /^Remove/ }).click();
    await officer.getByRole('dialog', { name: 'Remove permission' }).getByRole('button', { name: 'Remove' }).click();
    await officer.getByText('Permission removed.').waitFor();
    await own.waitFor({ state: 'detached' });
    await officer.context().close();
  });
});
