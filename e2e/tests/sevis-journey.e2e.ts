import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launch, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { confirmDecision, journeyPage, journeySteps } from '../journey-helpers.js';
import { api, batchRecords, successLogFor } from '../sevis-log-helpers.js';

/**
 * An approved CPT request goes to SEVIS and back (docs/product/sevis-batches.md, sevis-results.md): it
 * appears as a pending SEVIS CPTEmployment update (on the student's record and in the Batch Manager); the DSO
 * creates a batch, downloads its XML and marks it sent; SEVIS's transaction log for that batch is imported on
 * Transaction Logs; the student's record shows the update succeeded with SEVIS's code and the batch is
 * Completed.
 *
 * The CPT request is set up through the API as the demo student (the CPT form itself is the student
 * journeys' subject); the DSO approves it in the browser, so the pending update is the server's own.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo student (Priya Sharma, F-1 at Main Campus) and her SEVIS ID. */
const STUDENT = 'student';
const STUDENT_NAME = 'Priya Sharma';
/** How SEVIS pages name her (last name first). */
const STUDENT_LISTED = 'Sharma, Priya';
const SEVIS_ID = 'N0031234567';

/** One employer per attempt, so a retried step finds its own CPT among earlier ones. */
const RUN = Date.now().toString(36);
const EMPLOYER = `Harbor Robotics ${RUN.toUpperCase()}`;

/** The demo office's today (Springfield, America/Chicago: its institution's zone), as the server takes it. */
const OFFICE_TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
const day = (offset: number) => new Date(Date.parse(`${OFFICE_TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const START = day(30);
const END = day(120);

/** The demo student submits a CPT request naming the faculty advisor (what the CPT form sends). */
async function submitCptAsStudent(): Promise<{ id: string; number: number }> {
  const { accessToken } = await api<{ accessToken: string }>('POST', '/api/auth/login', null, {
    userName: STUDENT,
    password: DEMO_PASSWORD,
    portal: 'student',
  });
  const types = await api<{ id: string; code: string }[]>('GET', '/api/requests/startable-types', accessToken);
  const cpt = types.find((t) => t.code === 'cpt_request');
  expect(cpt, JSON.stringify(types.map((t) => t.code))).toBeTruthy();
  const [advisor] = await query<{ id: string }>(`select id from users where user_name = 'advisor' order by created_at limit 1`);
  const r = await api<{ id: string; number: number }>('POST', '/api/requests', accessToken, {
    requestTypeId: cpt!.id,
    advisorUserId: advisor!.id,
  });
  await api('PUT', `/api/requests/${r.id}/data`, accessToken, {
    data: {
      employer_name: EMPLOYER,
      employer_job_title: 'Controls intern',
      supervisor_name: 'Dana Smith',
      supervisor_phone: '6175550100',
      cpt_address_line_1: '1 Main St',
      cpt_city: 'Boston',
      cpt_state: 'MA',
      cpt_postal_code: '02110',
      cpt_start_date: START,
      cpt_end_date: END,
      cpt_full_or_part_time: '02',
      cpt_hours_per_week: '20',
      cpt_employment_comment: 'ENGR 590 requires a supervised internship.',
    },
  });
  await api('POST', `/api/requests/${r.id}/submit`, accessToken);
  // Submitting sent it to the faculty advisor (decision 028): they recommend it through the e-mailed link.
  const [mail] = await query<{ text_body: string }>(
    `select text_body from outbox where purpose = 'approval-link' and text_body like $1 order by created_at desc limit 1`,
    [`%#${r.number}%`],
  );
  const token = /advisor-approval\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  expect(token, `the advisor's link for request #${r.number}`).toBeTruthy();
  await api('POST', '/api/approvals/decide', null, { token, decision: 'approve', comment: 'Part of ENGR 590.' });
  return r;
}

const freshPage = () => journeyPage(browser);
const step = journeySteps('sevis-journey');

async function admin(): Promise<Page> {
  const page = await freshPage();
  await signIn(page, 'admin');
  await page.waitForURL(STAFF_HOME);
  return page;
}

/** Waits for a dialog's fade-in to finish, so its screenshot shows it as the user reads it. */
async function settled(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const end = Date.now() + 3000;
        const check = () => {
          const box = el.closest('.MuiDialog-root')?.querySelector('.MuiDialog-container') ?? el;
          if (getComputedStyle(box).opacity === '1' || Date.now() > end) resolve();
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

/** Shared between the steps: the request, the student record, the batch and its file. */
let requestId = '';
let approved = false;
let createdIds: string[] = [];
let profileId = '';
let batchId = '';
let orgId = '';
let batchXml = '';

describe('an approved CPT goes to SEVIS in a batch and its result comes back to the record', () => {
  it("a DSO approves the student's CPT: the record has a pending CPTEmployment update, and the Batch Manager lists it", async () => {
    // A retried step keeps the request it already submitted (one CPT per journey).
    if (!requestId) requestId = (await submitCptAsStudent()).id;
    const [p] = await query<{ id: string }>(`select p.id from student_profiles p join users u on u.id = p.user_id where u.user_name = $1`, [
      STUDENT,
    ]);
    profileId = p!.id;

    const page = await admin();
    await step(page, '1-pending', async () => {
      await page.goto(`/#/isss/request/${requestId}`);
      await page.getByText(EMPLOYER, { exact: false }).first().waitFor();
      if (!approved) {
        await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }).click();
        await confirmDecision(page, 'Approve');
        await page.getByText('Approved. The requester was told.').waitFor();
        approved = true;
      }
      await page.getByText(`${STUDENT_NAME} · Approved`).waitFor();
      await screenshot(page, 'sevis-journey-1-cpt-approved');

      // The record's SEVIS Updates tab: the CPT waits for the next batch.
      await page.goto(`/#/isss/student-profile/${profileId}`);
      await page.getByRole('heading', { name: /Sharma/, level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'SEVIS Updates' }).click();
      const cpt = page
        .getByRole('table', { name: 'SEVIS updates' })
        .getByRole('row')
        .filter({ hasText: `Employer: ${EMPLOYER}` });
      await cpt.getByText('CPTEmployment / Add').waitFor();
      await cpt.getByText('Pending', { exact: true }).waitFor();
      await cpt.getByText(`Start date: ${mdy(START)}`, { exact: true }).waitFor();
      await screenshot(page, 'sevis-journey-1-record-pending');

      // The Batch Manager: Main Campus F-1 has updates waiting, ours among them.
      await page.goto('/#/isss/batch-manager');
      await page.getByRole('heading', { name: 'Batch Manager', level: 1 }).waitFor();
      const groups = page.getByRole('table', { name: 'Pending updates by OrgID' });
      const main = groups.getByRole('row').filter({ hasText: 'F-1 students' }).filter({ hasText: 'Main Campus' });
      await main.getByRole('button', { name: 'Create batches for Main Campus, F-1 students' }).waitFor();
      // The row's header is the campus site; then Program, OrgID.
      orgId = (await main.getByRole('cell').nth(1).textContent())!.trim();
      expect(orgId).toMatch(/^[A-Z]{3}\d{3}F\d{8}$/);
      await page.getByRole('search', { name: 'Filter pending updates' }).getByLabel('Search').fill(SEVIS_ID);
      const pending = page.getByRole('table', { name: 'Pending updates' });
      await pending
        .getByRole('row')
        .filter({ hasText: 'CPTEmployment' })
        .filter({ has: page.getByRole('link', { name: 'Sharma, Priya' }) })
        .first()
        .waitFor();
      await screenshot(page, 'sevis-journey-1-batch-manager-pending');
    });
  });

  it("the DSO creates the Main Campus F-1 batch and downloads its XML, with the student's SEVIS ID and the CPTEmployment update", async () => {
    expect(orgId).not.toBe('');
    const page = await admin();
    await step(page, '2-batch', async () => {
      await page.goto('/#/isss/batch-manager');
      await page.getByRole('heading', { name: 'Batch Manager', level: 1 }).waitFor();
      // One record per student in a batch: the student's earlier pending update goes in a batch of its own.
      if (!createdIds.length) {
        await page.getByRole('button', { name: 'Create batches for Main Campus, F-1 students' }).click();
        await page.getByRole('dialog', { name: 'Create SEVIS batches' }).getByText(`OrgID ${orgId}`, { exact: false }).waitFor();
        await screenshot(page, 'sevis-journey-2-create-confirmation');
        await confirmDecision(page, 'Create batches');
        const created = page.getByRole('status').filter({ hasText: /batch(es)? created/ });
        await created.waitFor();
        const text = (await created.textContent())!;
        createdIds = /records?: ([^)]+)\)/.exec(text)?.[1]?.split(', ') ?? [];
        expect(createdIds.length, text).toBeGreaterThan(0);
        await screenshot(page, 'sevis-journey-2-batch-created');
      }
      const ids = createdIds;

      // Each new batch is listed as Pending; the one with our update is the one whose file names the student.
      const batches = page.getByRole('table', { name: 'Batches' });
      for (const id of ids) {
        const row = batches
          .getByRole('row')
          .filter({ has: page.getByRole('button', { name: `Show the records of batch ${id} (OrgID ${orgId})` }) });
        await row.getByText('Pending', { exact: true }).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          row.getByRole('button', { name: `Download the XML of batch ${id}` }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`${id}.xml`);
        const xml = fs.readFileSync(await download.path(), 'utf8');
        expect(xml).toContain(`<BatchID>${id}</BatchID>`);
        expect(xml).toContain(`<OrgID>${orgId}</OrgID>`);
        const ours = batchRecords(xml).find(
          (r) => r.attrs.sevisID === SEVIS_ID && r.body.includes('<CPTEmployment') && r.body.includes(EMPLOYER),
        );
        if (ours) {
          batchId = id;
          batchXml = xml;
          expect(ours.body).toContain(`<StartDate>${START}</StartDate>`);
          expect(ours.body).toContain(`<EndDate>${END}</EndDate>`);
        }
      }
      expect(batchId, `no batch file of ${ids.join(', ')} has ${SEVIS_ID}'s CPTEmployment`).not.toBe('');
      expect(batchId).toHaveLength(14);
      await screenshot(page, 'sevis-journey-2-batch-listed');

      // The batch's records: the student's CPT update under the requestID its file carries.
      const cptRequestId = batchRecords(batchXml).find((r) => r.body.includes(EMPLOYER))!.attrs.requestID!;
      await page.getByRole('button', { name: `Show the records of batch ${batchId} (OrgID ${orgId})` }).click();
      const dialog = page.getByRole('dialog', { name: `Batch ${batchId}` });
      const record = dialog
        .getByRole('table', { name: `Records of batch ${batchId}` })
        .getByRole('row')
        .filter({ hasText: cptRequestId });
      await record.getByRole('link', { name: 'Sharma, Priya' }).waitFor();
      await record.getByText('CPTEmployment / Add').waitFor();
      await record.getByText(SEVIS_ID).waitFor();
      await settled(dialog);
      await screenshot(page, 'sevis-journey-2-batch-records');
      await dialog.getByRole('button', { name: 'Close' }).click();
    });
  });

  it('the DSO marks the batch sent after uploading it in SEVIS', async () => {
    expect(batchId).not.toBe('');
    const page = await admin();
    await step(page, '3-sent', async () => {
      await page.goto('/#/isss/batch-manager');
      const row = page
        .getByRole('table', { name: 'Batches' })
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `Show the records of batch ${batchId} (OrgID ${orgId})` }) });
      await row.getByRole('button', { name: `Show the records of batch ${batchId} (OrgID ${orgId})` }).waitFor();
      if (!(await row.getByText('Sent – awaiting results').isVisible())) {
        await row.getByRole('button', { name: `Mark batch ${batchId} sent` }).click();
        const dialog = page.getByRole('dialog', { name: 'Mark the batch sent' });
        await dialog.getByText(new RegExp(`^Have you uploaded batch ${batchId} \\((1 record|\\d+ records)\\) in SEVIS\\?`)).waitFor();
        await settled(dialog);
        await screenshot(page, 'sevis-journey-3-mark-sent-confirm');
        await dialog.getByRole('button', { name: 'Mark sent' }).click();
        await page.getByText(`Batch ${batchId} marked sent.`).waitFor();
      }
      await row.getByText('Sent – awaiting results').waitFor();
      await row.getByText('Uploaded by hand').waitFor();
      await screenshot(page, 'sevis-journey-3-sent');
    });
  });

  it("the office imports SEVIS's transaction log for the batch; the record shows the update succeeded with SEVIS's code and the batch is Completed", async () => {
    expect(batchXml).not.toBe('');
    const ours = batchRecords(batchXml).find((r) => r.attrs.sevisID === SEVIS_ID && r.body.includes(EMPLOYER))!;
    const log = successLogFor(orgId, batchId, batchXml);

    const page = await admin();
    await step(page, '4-results', async () => {
      // From the batch's row in the Batch Manager to Transaction Logs.
      await page.goto('/#/isss/batch-manager');
      await page.getByRole('link', { name: `Import the transaction log of batch ${batchId}` }).click();
      await page.waitForURL(new RegExp(`#/isss/sevis-results\\?batch=${batchId}$`));
      await page.getByRole('heading', { name: 'Transaction Logs', level: 1 }).waitFor();
      await page.getByText(`Import the log SEVIS returned for batch ${batchId}`, { exact: false }).waitFor();
      await screenshot(page, 'sevis-journey-4-transaction-logs');
      const file = { name: 'sevis_transaction_log.xml', mimeType: 'text/xml', buffer: Buffer.from(log, 'utf8') };
      const dropZone = page.getByRole('button', { name: /^Transaction log \(\.xml\) or SEVIS results \(\.zip\)/ });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dropZone.click()]);
      await chooser.setFiles(file);
      await page.getByRole('heading', { name: `Batch ${batchId} (${orgId})` }).waitFor();
      const results = page.getByRole('table', { name: 'Record results' });
      const row = results.getByRole('row').filter({ hasText: ours.attrs.requestID! });
      await row.getByRole('link', { name: STUDENT_LISTED }).waitFor();
      await row.getByText('CPTEmployment', { exact: false }).waitFor();
      await row.getByText('Succeeded', { exact: true }).waitFor();
      await row.getByText('S0000', { exact: true }).waitFor();
      const history = page.getByRole('table', { name: 'Imported transaction logs' });
      await history.getByRole('row').filter({ hasText: batchId }).getByText('sevis_transaction_log.xml').waitFor();
      await screenshot(page, 'sevis-journey-4-log-imported');

      // The same log again changes nothing, and says so.
      const [again] = await Promise.all([page.waitForEvent('filechooser'), dropZone.click()]);
      await again.setFiles(file);
      await page.getByText('This transaction log was imported before; nothing was changed.').waitFor();
      await row.getByText('Succeeded', { exact: true }).waitFor();

      // The student's record: the CPT update succeeded, with SEVIS's code.
      await row.getByRole('link', { name: STUDENT_LISTED }).click();
      await page.waitForURL(new RegExp(`#/isss/student-profile/${profileId}`));
      await page.getByRole('tab', { name: 'SEVIS Updates', selected: true }).waitFor();
      const cpt = page
        .getByRole('table', { name: 'SEVIS updates' })
        .getByRole('row')
        .filter({ hasText: `Employer: ${EMPLOYER}` });
      await cpt.getByText('Succeeded', { exact: true }).waitFor();
      await cpt.getByText('S0000', { exact: false }).waitFor();
      await screenshot(page, 'sevis-journey-4-record-succeeded');

      // The batch is Completed in the Batch Manager.
      await page.goto('/#/isss/batch-manager');
      const batch = page
        .getByRole('table', { name: 'Batches' })
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `Show the records of batch ${batchId} (OrgID ${orgId})` }) });
      await batch.getByText('Completed', { exact: true }).waitFor();
      await screenshot(page, 'sevis-journey-4-batch-completed');
    });
  });
});
