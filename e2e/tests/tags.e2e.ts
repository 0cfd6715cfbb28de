import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from '../a11y.js';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/students-records.md#tags: the office tags the students it chose on the Student List, then
// renames the tag on every record from Configuration › Tags.

let browser: Browser;
const RUN = Date.now().toString(36).replace(/[0-9]/g, '');
const FIRST_TAG = `Fall cohort ${RUN}`;
const RENAMED = `Fall intake ${RUN}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Tags', () => {
  it('tags the chosen students, then renames the tag on every record', async () => {
    const [admin] = await query<{ institution_id: string }>(`select institution_id from users where user_name = 'admin' limit 1`);
    const people = [
      { first: 'Amara', last: `Tagwell${RUN}` },
      { first: 'Bao', last: `Tagwell${RUN}` },
    ];
    for (const s of people)
      await query(
        `insert into student_profiles (institution_id, campus_site_id, first_name, last_name, email, visa_type, sevis_status, current_stage)
         values ($1, (select id from campus_sites where institution_id = $1 and name = 'Main Campus'), $2, $3, '', 'F-1', 'Active', 'continuing')`,
        [admin!.institution_id, s.first, s.last],
      );

    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto(`/#/isss/students-list?filters=q:${encodeURIComponent(`tagwell${RUN}`)}`);
    for (const s of people) await page.getByRole('checkbox', { name: `Choose ${s.first} ${s.last}` }).check();
    const chosen = page.getByRole('region', { name: 'Chosen students' });
    await chosen.getByText('2 chosen').waitFor();
    await chosen.getByRole('button', { name: 'Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tag the chosen students' });
    const add = dialog.getByRole('combobox', { name: 'Add tags' });
    await add.fill(FIRST_TAG);
    await add.press('Enter');
    await expectAccessible(page, 'the Tag dialog of the Student List');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Tags changed on 2 records.').waitFor();

    await page.goto('/#/isss/field-tag-configuration');
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    const row = page.getByRole('table', { name: 'Tags' }).getByRole('row').filter({ hasText: FIRST_TAG });
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    await screenshot(page, 'tags-page');
    await row.getByRole('button', { name: `Rename ${FIRST_TAG}` }).click();
    const rename = page.getByRole('dialog', { name: `Rename “${FIRST_TAG}”` });
    await rename.getByLabel('New name').fill(RENAMED);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Renamed on 2 records.').waitFor();
    await page.getByRole('table', { name: 'Tags' }).getByRole('row').filter({ hasText: RENAMED }).waitFor();

    // The tag leads to its Student List.
    await page.getByRole('link', { name: RENAMED }).click();
    await page.getByRole('heading', { name: 'Student List' }).waitFor();
    for (const s of people) await page.getByRole('checkbox', { name: `Choose ${s.first} ${s.last}` }).waitFor();
    await page.context().close();
  });
});
