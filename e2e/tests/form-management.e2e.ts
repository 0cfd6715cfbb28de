import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TYPES = [
  'Single selection (drop-down)',
  'Multiple selection (check boxes)',
  'Rating 1 to 5',
  'Short answer',
  'Field (text or number)',
  'Essay (long answer)',
  'Yes or No',
  'Yes or No, explain if Yes',
  'Yes or No, explain if No',
  'Date (MM/DD/YYYY)',
];

describe('Form Management', () => {
  it('an officer builds a questionnaire with every item type, previews its completeness messages, finds it in the list and retires it', async () => {
    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/admin/form-management');
    await page.getByRole('table', { name: 'Questionnaires' }).getByText('Employment details').waitFor();

    await page.getByRole('link', { name: 'New questionnaire' }).click();
    await page.getByRole('button', { name: 'Save questionnaire' }).click();
    await page.getByText('Required field').first().waitFor();
    const name = `Every type ${Date.now()}`;
    await page.getByLabel('Name', { exact: false }).first().fill(name);
    await page.getByRole('button', { name: 'Add section' }).click();
    for (const [i, type] of TYPES.entries()) {
      await page.getByRole('button', { name: /Add question to/ }).click();
      await page.getByRole('menuitem', { name: type, exact: true }).click();
      await page.getByLabel('Question text').nth(i).fill(`About ${type}`);
      await page.getByLabel('Answer required').nth(i).check();
    }
    await page.getByRole('button', { name: 'Save questionnaire' }).click();
    await page.waitForURL(/#\/admin\/form-management\/[0-9a-f-]{36}$/);
    await page.getByText('Version 1 · Active · 10 questions').waitFor();

    // The person answering sees each rule's message on its field.
    await page.getByRole('tab', { name: /Preview/ }).click();
    await page
      .getByRole('group', { name: /About Yes or No, explain if Yes/ })
      .getByLabel('Yes', { exact: true })
      .check();
    await page.getByLabel(/About Date/).fill('13452020');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Select at least one option.').waitFor();
    await page.getByText('Please explain your answer.').waitFor();
    await page.getByText('Invalid date').waitFor();
    await expect.poll(() => page.getByText('Required field').count()).toBeGreaterThan(3);
    await screenshot(page, 'form-management-preview');

    // The list filters in the address.
    await page.goto('/#/admin/form-management');
    await page.getByLabel('Search').fill(name);
    await page.waitForURL(/filters=.*keywords:/);
    await page.getByRole('table', { name: 'Questionnaires' }).getByText('Employment details').waitFor({ state: 'detached' });
    await page.getByRole('link', { name }).click();

    await page.getByRole('button', { name: 'Retire' }).click();
    await page.getByRole('dialog', { name: 'Retire questionnaire' }).getByRole('button', { name: 'Retire' }).click();
    await page.getByText(/Version 1 · Retired/).waitFor();
    await page.goto(`/#/admin/form-management?filters=bRetired:1;keywords:${encodeURIComponent(name)}`);
    await page.getByRole('link', { name }).waitFor();
    await page.context().close();
  });

  it('an assistant can read questionnaires but not change them', async () => {
    const page = await newPage(browser);
    await signIn(page, 'assistant');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/admin/form-management');
    await page.getByRole('link', { name: 'Employment details' }).click();
    await page.getByText('only super users and officers change it').waitFor();
    expect(await page.getByRole('button', { name: 'Save questionnaire' }).count()).toBe(0);
    await page.context().close();
  });
});
