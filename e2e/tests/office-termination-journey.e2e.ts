import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot } from '../browser.js';
import { choose, confirmDecision, expectMessage, journeySteps, signedInPage } from '../journey-helpers.js';

/**
 * The office's own request and a student's request about several dependents (docs/product/students-requests.md#the-offices-own-requests,
 * #several-dependents): the officer starts a Terminate SEVIS Record for a student without a portal account from the
 * record, fills in its form (SEVIS's reason; other remarks with 16, SEVIS S1059), submits and approves it; the record is
 * Terminated with its SEVIS update waiting. The student lists their dependents, one row each, with what happens to each.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('office-termination-journey');
const RUN = Date.now().toString().slice(-9);
let profileId = '';

/** An active F-1 record at Main Campus that SEVIS knows, without a portal account (set up directly). */
async function activeStudent(): Promise<string> {
  const [inst] = await query<{ id: string }>(
    `select institution_id as id from users where user_name = 'admin' order by created_at limit 1`,
  );
  const [site] = await query<{ id: number }>(`select id from campus_sites where institution_id = $1 and name = 'Main Campus'`, [inst!.id]);
  const [p] = await query<{ id: string }>(
    `insert into student_profiles (institution_id, campus_site_id, sevis_id, first_name, last_name, email, visa_type, sevis_status,
       current_stage, education_level, birth_date, birth_country_cd, citizenship_country_cd, program_start_date, program_end_date)
     values ($1, $2, $3, 'Ines', $4, $5, 'F-1', 'Active', 'continuing', '05', '1998-03-04', 'BR', 'BR', '2025-08-20', '2027-05-15')
     returning id`,
    [inst!.id, site!.id, `N2${RUN}`, `Costa${RUN}`, `ines.${RUN}@example.edu`],
  );
  return p!.id;
}

describe('the office terminates a record through its own request', () => {
  it('starts it from the record, fills in the form, submits and approves it: the record is Terminated', async () => {
    profileId ||= await activeStudent();
    const page: Page = await signedInPage(browser, 'admin');
    await step(page, '1-terminate', async () => {
      await page.goto(`/#/isss/student-profile/${profileId}`);
      await page.getByRole('heading', { name: /Costa/, level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'Requests' }).click();
      await page.getByRole('button', { name: 'Start a request for this student' }).click();
      const dialog = page.getByRole('dialog');
      await choose(page, dialog.getByRole('combobox', { name: 'Request type' }), 'Terminate SEVIS Record');
      await dialog.getByText(/you fill in its form and submit it/).waitFor();
      await screenshot(page, 'office-termination-journey-1-start');
      await confirmDecision(page, 'Start request');
      await page.waitForURL(/#\/isss\/office-request\//);
      await page.getByRole('heading', { name: /Terminate SEVIS Record/ }).waitFor();
      // SEVIS Table 13's 16 needs other remarks (SEVIS S1059): the field says so on submit.
      await choose(page, page.getByRole('combobox', { name: 'Reason (SEVIS)' }), 'Otherwise failing to maintain status (16)');
      await page.getByRole('button', { name: 'Submit request' }).click();
      await expectMessage(page.getByRole('textbox', { name: 'Other remarks (SEVIS)' }), 'Required field');
      await screenshot(page, 'office-termination-journey-1-form');
      await page.getByRole('textbox', { name: 'Other remarks (SEVIS)' }).fill('Did not attend any class this term.');
      await page.getByRole('button', { name: 'Submit request' }).click();
      await confirmDecision(page, 'Submit request');
      await page.waitForURL(/#\/isss\/request\//);
      await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }).click();
      await page
        .getByRole('dialog')
        .getByText(/SEVIS status becomes Terminated/)
        .waitFor();
      await confirmDecision(page, 'Approve');
      await page.getByText('Approved', { exact: true }).first().waitFor();
      await screenshot(page, 'office-termination-journey-1-approved');
    });
    const [p] = await query<{ sevis_status: string }>('select sevis_status from student_profiles where id = $1', [profileId]);
    expect(p!.sevis_status).toBe('Terminated');
    const events = await query<{ e: string }>(
      `select event_type || '/' || action as e from sevis_pending_events where profile_id = $1 and status = 'pending'`,
      [profileId],
    );
    expect(events.map((x) => x.e)).toEqual(['Status/Terminate']);
  });
});

describe('a student lists several dependents in one request', () => {
  it('adds rows, each asking what its change needs', async () => {
    const page = await signedInPage(browser, 'student');
    await step(page, '2-several-dependents', async () => {
      // The service menu offers it among the personal information services.
      const service = page.getByRole('listitem').filter({ hasText: 'Several Dependents' });
      await service
        .getByRole('button', { name: 'Start' })
        .or(service.getByRole('link', { name: 'Start' }))
        .click();
      await page.getByRole('heading', { name: 'Several Dependents' }).waitFor();
      await page.getByRole('button', { name: 'Add a dependent' }).click();
      await choose(page, page.getByRole('combobox', { name: 'What changes' }), 'End the status of a dependent on my record');
      await page.getByRole('combobox', { name: 'Dependent on your record' }).waitFor();
      await page.getByRole('button', { name: 'Add another dependent' }).click();
      await choose(page, page.getByRole('combobox', { name: 'What changes' }).nth(1), 'Add a new spouse or child');
      await page.getByRole('textbox', { name: 'Given name' }).waitFor();
      await screenshot(page, 'office-termination-journey-2-rows');
    });
  });
});
