import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../a11y.js';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/field-configuration.md: an administrator hides a field of a student request form from students
// (Configuration › Field and Tag Configuration › Fields), and the student no longer sees it in that form.

let browser: Browser;
const FIELD = 'Course for which you earn credit';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // Put the form back as it is declared, whatever happened above (a retry starts from the same form).
  await query(`delete from field_settings where form_key = 'cpt_request' and field_name = 'cpt_course'`);
  await browser?.close();
});

describe('Field configuration', () => {
  it('an administrator hides a field of the CPT form from students; the student’s CPT form no longer asks for it', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin');
    await admin.waitForURL(STAFF_HOME);
    await admin.goto('/#/isss/field-tag-configuration');
    // The address opens the Tags, as it always has; the Fields are the first tab.
    await admin.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    await admin.getByRole('tab', { name: 'Fields' }).click();
    await admin.getByRole('heading', { name: 'Fields', level: 1 }).waitFor();
    await admin.getByLabel('Form').click();
    await admin.getByRole('option', { name: 'Curricular Practical Training (CPT)' }).click();
    const table = admin.getByRole('table', { name: 'Fields of Curricular Practical Training (CPT)' });
    const row = table.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: new RegExp(`^${FIELD}`) }) });
    await row.getByRole('cell', { name: 'Shown' }).first().waitFor();
    // A field SEVIS needs says so in the table.
    await table.getByRole('row').filter({ hasText: 'Employer name' }).getByText('SEVIS needs it').waitFor();
    await expectAccessible(admin, 'the Fields tab');

    await row.getByRole('button', { name: `Edit ${FIELD}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Edit “${FIELD}”` });
    await dialog
      .getByRole('radiogroup', { name: /^Students/ })
      .getByRole('radio', { name: 'Hidden' })
      .check();
    await dialog.getByLabel('Help').fill('Only for courses that give credit.');
    await expectAccessible(admin, 'the field dialog');
    await screenshot(admin, 'field-configuration-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(`${FIELD}: saved.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'Hidden' }).waitFor();
    // Focus is back on the row's Edit button.
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Edit ${FIELD}`);
    await screenshot(admin, 'field-configuration');
    await admin.context().close();

    const student = await newPage(browser);
    await signIn(student, 'student', undefined, 'student');
    await student.waitForURL(/#\/student\/student-service-menu\//);
    await student.getByRole('link', { name: 'Start Curricular Practical Training (CPT)' }).click();
    await student.waitForURL(/#\/student\/cpt-request\//);
    await student.getByLabel('Employer name').waitFor();
    await student.getByRole('heading', { name: 'Dates and hours' }).waitFor();
    await student.getByLabel('Hours per week').waitFor();
    expect(await student.getByLabel(FIELD).count()).toBe(0);
    await screenshot(student, 'field-configuration-student-cpt');
    await student.context().close();

    // The administrator puts the field back: it is asked again.
    const again = await newPage(browser);
    await signIn(again, 'admin');
    await again.waitForURL(STAFF_HOME);
    await again.goto('/#/isss/field-tag-configuration?tab=fields&form=cpt_request');
    const back = again
      .getByRole('table', { name: 'Fields of Curricular Practical Training (CPT)' })
      .getByRole('row')
      .filter({ has: again.getByRole('rowheader', { name: new RegExp(`^${FIELD}`) }) });
    await back.getByRole('button', { name: `Reset ${FIELD}` }).click();
    const confirm = again.getByRole('dialog', { name: `Reset “${FIELD}”` });
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await again.getByText(`${FIELD}: back as the form declares it.`).waitFor();
    await back.getByRole('cell', { name: 'Hidden' }).waitFor({ state: 'detached' });
    expect(await again.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Edit ${FIELD}`);
    await again.context().close();
  });
});
