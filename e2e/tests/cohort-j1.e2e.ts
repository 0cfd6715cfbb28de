import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot } from '../browser.js';
import { choose, expectMessage, journeySteps, signedInPage } from '../journey-helpers.js';

/**
 * A J-1 cohort created at once (docs/product/students-records.md#j-1-cohort): the officer opens Actions ›
 * New J-1 Cohort, enters the program they share once, fills in two participants in the table and creates
 * them; the page lists both records with links to their profiles and says their SEVIS Creates go in the
 * next exchange-visitor batch.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('cohort-j1');
/** Surnames of letters only (SEVIS S2244), new on each attempt. */
const TAG = Date.now()
  .toString(26)
  .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
const PEOPLE = [
  {
    last: `Cohort ${TAG}`,
    first: 'Aiko',
    email: `aiko.${TAG}@example.org`,
    birth: '04/12/2004',
    gender: 'F',
    city: 'Osaka',
    country: 'JP',
  },
  {
    last: `Cohort ${TAG}`,
    first: 'Kenji',
    email: `kenji.${TAG}@example.org`,
    birth: '09/30/2003',
    gender: 'M',
    city: 'Kyoto',
    country: 'JP',
  },
];

describe('a J-1 cohort: two participants entered in the table become two records with their SEVIS Creates', () => {
  it('fills the shared program and two rows, creates them, and sees both listed with links to their profiles', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '1-create', async () => {
      await page.goto('/#/isss/dashboard');
      // Actions › New J-1 Cohort, beside New Exchange Visitor (J-1): the menu is docked beside the page at 1280 px.
      // The menu's own links: the home page may also offer the office's recent actions as cards.
      const menu = page.getByRole('navigation', { name: 'International Student Admin menu' });
      await menu.getByRole('link', { name: 'New Exchange Visitor (J-1)' }).waitFor();
      await menu.getByRole('link', { name: 'New J-1 Cohort' }).click();
      await page.waitForURL(/#\/isss\/create-cohort-j1$/);
      await page.getByRole('heading', { name: 'New J-1 cohort' }).waitFor();

      const program = page.getByRole('region', { name: 'Program' });
      await choose(page, program.getByRole('combobox', { name: /Campus site/ }), 'Main Campus');
      await choose(page, program.getByRole('combobox', { name: /Exchange visitor category/ }), /\(1F\)$/);
      await program.getByLabel(/Exchange visitor position code/).fill('213');
      await program.getByLabel(/Subject field/).fill('45.0601');
      await program.getByLabel(/Program start/).fill('01/11/2027');
      await program.getByLabel(/Program end/).fill('05/21/2027');
      const site = page.getByRole('region', { name: 'Primary site of activity' });
      await site.getByLabel(/Site of activity name/).fill('International Exchange Office');
      await site.getByLabel(/Street/).fill('1 University Ave');
      await site.getByLabel(/^City/).fill('Springfield');
      await site.getByLabel(/^State/).fill('IL');
      await site.getByLabel(/ZIP code/).fill('62701');
      const funding = page.getByRole('region', { name: 'Funding on the DS-2019' });
      await choose(page, funding.getByRole('combobox', { name: /Receives U.S. government funds/ }), 'No');
      await funding.getByLabel('Funds from this school').fill('4000');
      await funding.getByLabel('Personal funds').fill('6000');

      for (const [i, p] of PEOPLE.entries()) {
        const row = (label: string) => page.getByLabel(`Row ${i + 1}: ${label}`, { exact: true });
        await row('Last name').fill(p.last);
        await row('First name').fill(p.first);
        await row('E-mail').fill(p.email);
        await row('Birth date').fill(p.birth);
        await row('Gender').selectOption(p.gender);
        await row('Birth city').fill(p.city);
        await row('Birth country').fill(p.country);
        await row('Citizenship country').fill(p.country);
        await row('Permanent residence country').fill(p.country);
      }
      // A name SEVIS refuses (S2244: a hyphen) stops the whole cohort: the row's cell says why, nothing is created.
      await page.getByLabel('Row 2: Last name', { exact: true }).fill(`${PEOPLE[1]!.last}-Sato`);
      await page.getByRole('button', { name: 'Create 2 records' }).click();
      await page.getByText('Nothing was created: correct the fields marked', { exact: false }).waitFor();
      await expectMessage(page.getByLabel('Row 2: Last name', { exact: true }), 'Use only the letters A to Z and single spaces');
      await page.getByRole('alert', { name: 'Rows to correct' }).getByText('Row 2').waitFor();
      await screenshot(page, 'cohort-j1-1-row-refused');
      expect(await query('select 1 from student_profiles where last_name = $1', [PEOPLE[0]!.last])).toEqual([]);

      await page.getByLabel('Row 2: Last name', { exact: true }).fill(PEOPLE[1]!.last);
      await page.getByRole('button', { name: 'Create 2 records' }).click();

      await page.getByRole('heading', { name: 'J-1 cohort created' }).waitFor();
      await page.getByText('2 exchange visitor records were created').waitFor();
      await page.getByText('they will go in the next exchange-visitor batch', { exact: false }).waitFor();
      const created = page.getByRole('table', { name: 'Created records' });
      for (const p of PEOPLE) await created.getByRole('link', { name: `${p.last}, ${p.first}` }).waitFor();
      await screenshot(page, 'cohort-j1-2-created');

      // Both records exist, each with one pending SEVIS Create.
      const rows = await query<{ first_name: string; visa_type: string; creates: string }>(
        `select p.first_name, p.visa_type, count(e.id)::text as creates from student_profiles p
           left join sevis_pending_events e on e.profile_id = p.id and e.event_type = 'Create' and e.status = 'pending'
          where p.last_name = $1 group by p.id order by p.first_name`,
        [PEOPLE[0]!.last],
      );
      expect(rows).toEqual([
        { first_name: 'Aiko', visa_type: 'J-1', creates: '1' },
        { first_name: 'Kenji', visa_type: 'J-1', creates: '1' },
      ]);

      // The link opens the record's profile.
      await created.getByRole('link', { name: `${PEOPLE[1]!.last}, ${PEOPLE[1]!.first}` }).click();
      await page.waitForURL(/#\/isss\/student-profile\/[0-9a-f-]+/);
    });
  });

  it('a participants file is read into the table for review, and nothing is created from it yet', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '2-upload', async () => {
      await page.goto('/#/isss/create-cohort-j1');
      await page.getByRole('heading', { name: 'New J-1 cohort' }).waitFor();
      const csv = [
        'last_name,first_name,email,birth_date,gender,birth_city,birth_country,citizenship_country,permanent_residence_country',
        `File ${TAG},Mei,mei.${TAG}@example.org,01/31/2004,F,Lima,PE,PE,PE`,
      ].join('\r\n');
      await page.locator('input[type="file"]').setInputFiles({ name: 'cohort.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('1 participant read from cohort.csv', { exact: false }).waitFor();
      expect(await page.getByLabel('Row 1: Last name', { exact: true }).inputValue()).toBe(`File ${TAG}`);
      expect(await page.getByLabel('Row 1: Birth date', { exact: true }).inputValue()).toBe('01/31/2004');
      await page.getByRole('button', { name: 'Create 1 record' }).waitFor();
      expect(await query('select 1 from student_profiles where last_name = $1', [`File ${TAG}`])).toEqual([]);
    });
  });
});
