import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot } from '../browser.js';
import { journeySteps, signedInPage } from '../journey-helpers.js';

/**
 * Convert from Legacy (docs/product/convert-from-legacy.md): an officer brings a previous system's export into
 * Meridian. Scholars: the page guesses the columns from the export's own names, the officer fixes the date format,
 * the check lists each problem by row and field and converts nothing; once the file is right every scholar is
 * created at once with a case. Students: the matched export becomes a Batch Upload preview.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('convert-from-legacy');
/** Names of letters only, new on each attempt. */
const TAG = Date.now()
  .toString(26)
  .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);

const HEADER = 'Given Name,Surname,Email Address,DOB,Dept,Visa Status,Appointment Start,Appointment End,Job Title';
const scholars = (third: string) =>
  Buffer.from(
    [
      HEADER,
      `Ana,Legacy ${TAG},ana.${TAG}@legacy.example.edu,28/02/1990,PHYS,H1B,06/01/2025,05/01/2028,Research Associate`,
      `Wei,Legacy ${TAG},wei.${TAG}@legacy.example.edu,14/07/1988,CS,J1,06/01/2020,05/01/2023,Visiting Scholar`,
      third,
    ].join('\r\n'),
  );

describe('Convert from Legacy', () => {
  it('checks a scholar export through the matching, refuses it whole with a problem, then converts every row', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '1-scholars', async () => {
      await page.goto('/#/isss/convert-from-legacy');
      await page.getByRole('heading', { name: 'Convert from Legacy' }).waitFor();
      await page.getByLabel('Scholar records').check();
      const bad = `Olu,Legacy ${TAG},olu.${TAG}@legacy.example.edu,01/01/1985,History,TN,06/01/2025,05/01/2028,Lecturer`;
      await page.locator('input[type="file"]').setInputFiles({ name: 'legacy-scholars.csv', mimeType: 'text/csv', buffer: scholars(bad) });
      await page.getByRole('heading', { name: '2. Match the columns' }).waitFor();
      // The export's own names were matched: Surname, DOB, Job Title.
      expect(await page.locator('#match-last_name').textContent()).toContain('Surname');
      expect(await page.locator('#match-birth_date').textContent()).toContain('DOB');
      await page.getByLabel('Dates in the file are written as').click();
      await page.getByRole('option', { name: 'DD/MM/YYYY' }).click();
      await screenshot(page, 'convert-from-legacy-1-matching');
      await page.getByRole('button', { name: 'Check the rows' }).click();
      await page.getByRole('heading', { name: '3. Check and convert' }).waitFor();
      const problems = page.getByRole('table', { name: 'Problems' });
      await problems.getByRole('row', { name: /4 Department No department has this name or code/ }).waitFor();
      await problems.getByRole('row', { name: /4 Visa type Enter H-1B, O-1, J-1 or F-1 OPT\/STEM\./ }).waitFor();
      expect(await page.getByRole('button', { name: 'Convert' }).isDisabled()).toBe(true);
      await screenshot(page, 'convert-from-legacy-2-problems');

      // The corrected file: both scholars convert, the ended case closed.
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'legacy-scholars.csv', mimeType: 'text/csv', buffer: scholars('').subarray(0, -2) });
      await page.getByRole('heading', { name: '2. Match the columns' }).waitFor();
      await page.getByLabel('Dates in the file are written as').click();
      await page.getByRole('option', { name: 'DD/MM/YYYY' }).click();
      await page.getByRole('button', { name: 'Check the rows' }).click();
      await page.getByText('All 2 scholars can be converted; 1 case has ended and will be converted closed.').waitFor();
      await page.getByRole('button', { name: 'Convert 2 scholars' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Convert' }).click();
      await page.getByText('2 scholars were converted from legacy-scholars.csv (1 case closed).').waitFor();
      await screenshot(page, 'convert-from-legacy-3-converted');
      const made = await query<{ phase: string; processed_state: string }>(
        'select a.phase, a.processed_state from scholar_applications a join scholars s on s.id = a.scholar_id where s.last_name = $1 order by a.phase',
        [`Legacy ${TAG}`],
      );
      expect(made).toEqual([
        { phase: 'active', processed_state: 'H-1B' },
        { phase: 'closed', processed_state: 'J-1' },
      ]);
    });
  });

  it('sends a student export through the batch upload with its matching', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '2-students', async () => {
      await page.goto('/#/isss/convert-from-legacy');
      await page.getByRole('heading', { name: 'Convert from Legacy' }).waitFor();
      const file = Buffer.from(
        [
          'FNAME,LNAME,EMAIL_ADDR,BIRTHDATE,CTZN,VISA,SITE,PGM_START,PGM_END,Notes',
          `Kenji,Legacy ${TAG},kenji.${TAG}@legacy.example.edu,2003-04-12,JP,F-1,MAIN,2027-08-20,2029-05-15,transferred 2019`,
        ].join('\r\n'),
      );
      await page.locator('input[type="file"]').setInputFiles({ name: 'legacy-students.csv', mimeType: 'text/csv', buffer: file });
      await page.getByRole('heading', { name: '2. Match the columns' }).waitFor();
      // ISO dates in the first row: the page reads the file's dates so.
      expect(await page.getByLabel('Dates in the file are written as').textContent()).toContain('YYYY-MM-DD');
      await page.getByRole('button', { name: 'Check the rows' }).click();
      await page.waitForURL(/#\/isss\/batch-upload-list\/[0-9a-f-]+$/);
      await page.getByText('Every row passed the checks.', { exact: false }).waitFor();
      await page.getByRole('heading', { name: 'legacy-students.csv' }).waitFor();
      await screenshot(page, 'convert-from-legacy-4-student-preview');
    });
  });
});
