import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot } from '../browser.js';
import { confirmDecision, journeySteps, signedInPage } from '../journey-helpers.js';
import { batchAndImportLog } from '../sevis-log-helpers.js';

/**
 * A Dependent Information Update about a dependent SEVIS has (docs/product/students-requests.md#what-approval-does,
 * docs/sevis-rules.md#every-change-a-screen-makes-raises-its-event): the student chooses their spouse from the
 * dependents on record, shown with his SEVIS ID, and gives only what changes; the office sees which dependent,
 * approves; the record waits with a Dependent Edit, and the batch names the spouse by his SEVIS ID
 * (Create-UpdateStudent 6.55 Dependent/Edit/@dependentSevisID, required).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const STUDENT_SEVIS_ID = 'N0031234567';
const SPOUSE = 'Arjun Sharma (spouse, SEVIS ID N0031234568)';
const CITY = 'Nashik';
const step = journeySteps('sevis-dependent-journey');

let requestId = '';
let profileId = '';

describe('a Dependent Information Update changes the spouse SEVIS has, by his SEVIS ID', () => {
  it('the student chooses the spouse on record and gives the birth city that changed', async () => {
    const page = await signedInPage(browser, 'student');
    await step(page, '1-request', async () => {
      await page.waitForURL(/#\/student\/student-service-menu\//);
      await page.getByLabel('Start Dependent Information Update').click();
      await page.waitForURL(/#\/student\/request-create-wizard\//);
      await page.getByRole('combobox', { name: /^Dependent/ }).click();
      await page.getByRole('option', { name: 'Add a new dependent' }).waitFor();
      await page.getByRole('option', { name: SPOUSE }).click();
      // Each field says what the record holds; an empty one keeps it.
      await page.getByText('On your record: Pune').waitFor();
      await page.getByRole('textbox', { name: 'Birth city' }).fill(CITY);
      await screenshot(page, 'sevis-dependent-journey-1-spouse-chosen');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.waitForURL(/#\/student\/request-edit-wizard\/.*step=1/);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(SPOUSE).waitFor();
      await page.getByRole('button', { name: 'Submit request' }).click();
      await confirmDecision(page, 'Submit request');
      await page.waitForURL(/#\/student\/student-service-menu\//);
      await page.getByText('Your request was submitted.', { exact: false }).first().waitFor();
    });
    const [r] = await query<{ id: string; profile_id: string }>(
      `select r.id, r.profile_id from requests r join request_types t on t.id = r.request_type_id
       where t.code = 'dependent_info_update' and r.data->>'dependent_birth_city' = $1 order by r.created_at desc limit 1`,
      [CITY],
    );
    requestId = r!.id;
    profileId = r!.profile_id;
  });

  it('the office reads which dependent and approves: the record waits with a Dependent Edit carrying his SEVIS ID', async () => {
    expect(requestId).not.toBe('');
    const page = await signedInPage(browser, 'admin');
    await step(page, '2-approve', async () => {
      await page.goto(`/#/isss/request/${requestId}`);
      await page.getByText(SPOUSE).waitFor();
      await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }).click();
      await confirmDecision(page, 'Approve');
      await page.getByText('Approved. The requester was told.').waitFor();
      await page.goto(`/#/isss/student-profile/${profileId}`);
      await page.getByRole('tab', { name: 'SEVIS Updates' }).click();
      const edit = page
        .getByRole('table', { name: 'SEVIS updates' })
        .getByRole('row')
        .filter({ hasText: 'Dependent SEVIS ID: N0031234568' });
      await edit.getByText('Dependent / Edit').waitFor();
      await edit.getByText('Pending', { exact: true }).waitFor();
      await screenshot(page, 'sevis-dependent-journey-2-pending');
    });
  });

  it('the batch names the spouse by his SEVIS ID; the imported log makes the update succeeded', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '3-batch-and-log', async () => {
      const found = await batchAndImportLog(
        page,
        STUDENT_SEVIS_ID,
        (body) => body.includes('<Dependent>') && body.includes(`<BirthCity>${CITY}</BirthCity>`),
        (name) => screenshot(page, `sevis-dependent-journey-3-${name}`),
      );
      const record = found.xml.slice(found.xml.indexOf(`requestID="${found.requestId}"`));
      expect(record).toMatch(/<Edit [^>]*dependentSevisID="N0031234568"/);
      await page.goto(`/#/isss/student-profile/${profileId}`);
      await page.getByRole('tab', { name: 'SEVIS Updates' }).click();
      const edit = page
        .getByRole('table', { name: 'SEVIS updates' })
        .getByRole('row')
        .filter({ hasText: 'Dependent SEVIS ID: N0031234568' });
      await edit.getByText('Succeeded', { exact: true }).waitFor();
      await screenshot(page, 'sevis-dependent-journey-3-succeeded');
    });
  });
});
