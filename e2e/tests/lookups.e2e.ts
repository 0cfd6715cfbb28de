import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/lookups.md: a super user finds a value of a long list (searched on the server), adds a major of the
// office's own with its CIP code, and retires a state; the student's Contact Information Update stops offering it.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CODE = `E2E-${Date.now().toString(36).toUpperCase()}`.slice(0, 20);

describe('Lookups', () => {
  it('searches a long list, adds the office’s own value, retires a state that forms then no longer offer', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/lookups');
    await page.getByRole('heading', { name: 'Lookups', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Code lists' }).getByRole('link', { name: 'Countries of birth' }).waitFor();
    await screenshot(page, 'lookups-lists');
    await page.getByRole('link', { name: 'Subject fields (CIP codes)' }).click();
    await page.getByRole('heading', { name: 'Subject fields (CIP codes)', level: 1 }).waitFor();
    const values = page.getByRole('table', { name: 'Subject fields (CIP codes): values' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('11.0701');
    await values.getByRole('rowheader', { name: 'Computer Science', exact: true }).waitFor();

    // The office's own majors, each with the CIP code SEVIS is sent.
    await page.goto('/#/isss/lookups/local-majors');
    await page.getByRole('heading', { name: 'Majors and minors: the office’s names', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add value' }).click();
    const dialog = page.getByRole('dialog', { name: /^Add a value to/ });
    await dialog.getByRole('textbox', { name: 'Code' }).fill(CODE);
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Computer Science, B.S.');
    await dialog.getByRole('button', { name: 'Add value' }).click();
    await dialog.getByText('Enter the CIP code.').waitFor();
    await dialog.getByRole('combobox', { name: 'CIP code' }).fill('11.0701');
    await page.getByRole('option', { name: 'Computer Science (11.0701)' }).click();
    await dialog.getByRole('button', { name: 'Add value' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: /values$/ })
      .getByRole('rowheader', { name: /Computer Science, B\.S\./ })
      .waitFor();
    await screenshot(page, 'lookups-local-majors');

    // Vermont retired: no longer offered from today.
    await page.goto('/#/isss/lookups/us-states');
    await page.getByRole('heading', { name: 'U.S. states and territories', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Vermont');
    const states = page.getByRole('table', { name: 'U.S. states and territories: values' });
    await states.getByRole('button', { name: 'Retire Vermont' }).click();
    await page.getByRole('dialog', { name: 'Retire value' }).getByRole('button', { name: 'Retire' }).click();
    await states.getByRole('button', { name: 'Offer Vermont again' }).waitFor();
    await screenshot(page, 'lookups-state-retired');
    await page.close();

    const [type] = await query<{ id: string }>("select id from request_types where code = 'contact_info_update' limit 1");
    const student = await newPage(browser);
    await signIn(student, 'student', undefined, 'student');
    await student.waitForURL(/#\/student\//);
    await student.goto(`/#/student/request-create/${type!.id}`);
    await student.getByRole('button', { name: 'Start request' }).click();
    await student.getByRole('combobox', { name: 'State' }).click();
    await student.getByRole('option', { name: 'New Hampshire (NH)' }).waitFor();
    if (await student.getByRole('option', { name: 'Vermont (VT)' }).count()) throw new Error('a retired state is still offered');
    await screenshot(student, 'lookups-state-not-offered');
    await student.close();
  });
});
