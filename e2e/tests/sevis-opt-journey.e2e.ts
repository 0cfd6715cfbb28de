import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot } from '../browser.js';
import { confirmDecision, journeySteps, signedInPage } from '../journey-helpers.js';
import { batchAndImportLog } from '../sevis-log-helpers.js';

/**
 * An OPT recommendation reaches SEVIS (docs/product/students-requests.md#what-approval-does,
 * docs/sevis-rules.md#every-change-a-screen-makes-raises-its-event): the student asks for post-completion
 * OPT, full time (SEVIS Table 6); the office approves it; the Batch Manager's batch carries SEVIS's
 * OPTEmployment Add with FullPartTimeIndicator 01; SEVIS's transaction log is imported; the record shows
 * the OPT as recommended and the update as succeeded.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SEVIS_ID = 'N0031234567';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const typed = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
/** One OPT period per attempt, a year long, so a retried journey finds its own. */
const START = day(200 + (Date.now() % 50));
const END = day(200 + (Date.now() % 50) + 364);
const step = journeySteps('sevis-opt-journey');

let requestId = '';
let profileId = '';

describe('an OPT request, full or part time, goes to SEVIS and comes back recommended', () => {
  it('the student asks for post-completion OPT and must say full or part time', async () => {
    const page = await signedInPage(browser, 'student');
    await step(page, '1-request', async () => {
      await page.waitForURL(/#\/student\/student-service-menu\//);
      await page.getByLabel('Post-completion OPT: Optional Practical Training (OPT)').click();
      await page.waitForURL(/#\/student\/post-opt\/create\//);
      await page.getByLabel('Requested start date').fill(typed(START));
      await page.getByLabel('Requested end date').fill(typed(END));
      await page.getByLabel('E-mail').fill('priya.sharma@example.edu');
      await page.getByLabel('I do not have a phone').check();
      // Without full or part time the request does not go: the field says so (SEVIS Table 6).
      await page.getByRole('button', { name: 'Submit request' }).click();
      await page.getByRole('alert').filter({ hasText: 'Not submitted yet.' }).waitFor();
      // The message keeps the field's help beside it: the hours OPT counts as full time.
      expect(await page.locator('#field-opt_full_or_part_time-helper-text').textContent()).toBe(
        'Required field — Full time is 20 hours a week or more, part time less than 20.',
      );
      await screenshot(page, 'sevis-opt-journey-1-full-or-part-time-required');
      await page.getByRole('combobox', { name: 'Full or part time' }).click();
      await page.getByRole('option', { name: /^Full time/ }).click();
      await page.getByRole('button', { name: 'Submit request' }).click();
      await confirmDecision(page, 'Submit request');
      await page.waitForURL(/#\/student\/student-service-menu\//);
      await page.getByText('Your request was submitted.', { exact: false }).first().waitFor();
    });
    const [r] = await query<{ id: string; profile_id: string }>(
      `select r.id, r.profile_id from requests r join request_types t on t.id = r.request_type_id
       where t.code = 'opt_request' and r.data->>'requested_start_date' = $1 order by r.created_at desc limit 1`,
      [START],
    );
    requestId = r!.id;
    profileId = r!.profile_id;
  });

  it('the office approves (recommends) it: the record has a pending OPTEmployment update with full time', async () => {
    expect(requestId).not.toBe('');
    const page = await signedInPage(browser, 'admin');
    await step(page, '2-approve', async () => {
      await page.goto(`/#/isss/request/${requestId}`);
      // Full or part time in the words of the office's list (docs/product/lookups.md).
      await page.getByText('Full time', { exact: true }).first().waitFor();
      await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }).click();
      await confirmDecision(page, 'Approve');
      await page.getByText('Approved. The requester was told.').waitFor();
      await page.goto(`/#/isss/student-profile/${profileId}`);
      await page.getByRole('tab', { name: 'SEVIS Updates' }).click();
      const opt = page
        .getByRole('table', { name: 'SEVIS updates' })
        .getByRole('row')
        .filter({ hasText: `Requested start: ${mdy(START)}` });
      await opt.getByText('OPTEmployment / Request').waitFor();
      await opt.getByText('Pending', { exact: true }).waitFor();
      await opt.getByText('Full or part time: Full time', { exact: false }).waitFor();
      await screenshot(page, 'sevis-opt-journey-2-pending');
    });
  });

  it('the batch carries OPTEmployment Add with FullPartTimeIndicator 01; the imported log makes the OPT recommended in SEVIS', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '3-batch-and-log', async () => {
      const found = await batchAndImportLog(
        page,
        SEVIS_ID,
        (body) => body.includes('<OPTEmployment>') && body.includes(`<StartDate>${START}</StartDate>`),
        (name) => screenshot(page, `sevis-opt-journey-3-${name}`),
      );
      const record = found.xml.slice(found.xml.indexOf(`requestID="${found.requestId}"`));
      expect(record).toMatch(/<FullPartTimeIndicator>01<\/FullPartTimeIndicator>/);
      expect(record).toMatch(/<CompletionType>02<\/CompletionType>/);

      await page.goto(`/#/isss/student-profile/${profileId}`);
      await page.getByRole('tab', { name: 'SEVIS Updates' }).click();
      const opt = page
        .getByRole('table', { name: 'SEVIS updates' })
        .getByRole('row')
        .filter({ hasText: `Requested start: ${mdy(START)}` });
      await opt.getByText('Succeeded', { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Employment' }).click();
      const row = page
        .getByRole('table', { name: 'Employment' })
        .getByRole('row')
        .filter({ hasText: mdy(START) });
      await row.getByText('Recommended', { exact: true }).waitFor();
      await row.getByText('Full time', { exact: true }).waitFor();
      await screenshot(page, 'sevis-opt-journey-3-recommended');
    });
  });
});
