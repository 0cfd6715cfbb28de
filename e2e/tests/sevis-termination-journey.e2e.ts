import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { journeyPage, journeySteps } from '../journey-helpers.js';
import { batchAndImportLog } from '../sevis-log-helpers.js';

/**
 * Terminating a record reaches SEVIS (docs/product/students-records.md#sevis-status): the officer sets
 * the record to Terminated and must choose SEVIS's reason (SEVIS Table 13); the batch carries
 * Status/Terminate with that reason; SEVIS's transaction log is imported; the record shows the
 * termination succeeded in SEVIS.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('sevis-termination-journey');
const RUN = Date.now().toString().slice(-9);
const SEVIS_ID = `N1${RUN}`;
let profileId = '';

/** An active F-1 record at Main Campus that SEVIS knows (set up directly: creating records is another journey's subject). */
async function activeStudent(): Promise<string> {
  const [inst] = await query<{ id: string }>(
    `select institution_id as id from users where user_name = 'admin' order by created_at limit 1`,
  );
  const [site] = await query<{ id: number }>(`select id from campus_sites where institution_id = $1 and name = 'Main Campus'`, [inst!.id]);
  const [p] = await query<{ id: string }>(
    `insert into student_profiles (institution_id, campus_site_id, sevis_id, first_name, last_name, email, visa_type, sevis_status,
       current_stage, education_level, birth_date, birth_country_cd, citizenship_country_cd, program_start_date, program_end_date)
     values ($1, $2, $3, 'Tomas', $4, $5, 'F-1', 'Active', 'continuing', '03', '1998-03-04', 'BR', 'BR', '2025-08-20', '2027-05-15')
     returning id`,
    [inst!.id, site!.id, SEVIS_ID, `Ferreira${RUN}`, `tomas.${RUN}@example.edu`],
  );
  return p!.id;
}

async function officer(): Promise<Page> {
  const page = await journeyPage(browser);
  await signIn(page, 'admin');
  await page.waitForURL(STAFF_HOME);
  return page;
}

describe('a terminated record goes to SEVIS with its reason and comes back terminated', () => {
  it('the officer terminates the record choosing the SEVIS reason; the record has a pending Status / Terminate', async () => {
    profileId ||= await activeStudent();
    const page = await officer();
    await step(page, '1-terminate', async () => {
      await page.goto(`/#/isss/student-profile/${profileId}`);
      await page.getByRole('heading', { name: /Ferreira/, level: 1 }).waitFor();
      const section = page.getByRole('region', { name: 'SEVIS record' });
      await section.getByRole('button', { name: /^Edit/ }).click();
      await section.getByRole('combobox', { name: 'SEVIS status' }).click();
      await page.getByRole('option', { name: 'Terminated', exact: true }).click();
      // Saving without the reason: SEVIS needs one, and the field says so.
      await section.getByRole('button', { name: 'Save' }).click();
      await section.getByText('Choose the SEVIS reason').waitFor();
      await screenshot(page, 'sevis-termination-journey-1-reason-required');
      await section.getByRole('combobox', { name: 'SEVIS reason' }).click();
      await page.getByRole('option', { name: 'Failure to enroll (11)', exact: true }).click();
      await section.getByRole('button', { name: 'Save' }).click();
      await page.getByText('SEVIS status: Terminated').waitFor();
      await page.getByRole('tab', { name: 'SEVIS Updates' }).click();
      const term = page.getByRole('table', { name: 'SEVIS updates' }).getByRole('row').filter({ hasText: 'Status / Terminate' });
      await term.getByText('Pending', { exact: true }).waitFor();
      await screenshot(page, 'sevis-termination-journey-1-pending');
    });
  });

  it('the batch carries Status / Terminate with reason 11; the imported log shows the termination succeeded in SEVIS', async () => {
    expect(profileId).not.toBe('');
    const page = await officer();
    await step(page, '2-batch-and-log', async () => {
      const found = await batchAndImportLog(
        page,
        SEVIS_ID,
        (body) => body.includes('<Terminate>'),
        (name) => screenshot(page, `sevis-termination-journey-2-${name}`),
      );
      const record = found.xml.slice(found.xml.indexOf(`requestID="${found.requestId}"`));
      expect(record).toMatch(/<Terminate>\s*<Reason>11<\/Reason>/);
      await page.goto(`/#/isss/student-profile/${profileId}`);
      await page.getByText('SEVIS status: Terminated').waitFor();
      await page.getByRole('tab', { name: 'SEVIS Updates' }).click();
      const term = page.getByRole('table', { name: 'SEVIS updates' }).getByRole('row').filter({ hasText: 'Status / Terminate' });
      await term.getByText('Succeeded', { exact: true }).waitFor();
      await term.getByText('S0000', { exact: false }).waitFor();
      await screenshot(page, 'sevis-termination-journey-2-terminated-in-sevis');
    });
  });
});
