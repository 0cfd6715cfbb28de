import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, query, screenshot, signIn } from '../browser.js';
import { confirmDecision } from '../journey-helpers.js';

let browser: Browser;
let restore: (() => Promise<unknown>) | null = null;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await restore?.();
  await browser?.close();
});

const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** The demo institution's CPT asks for a required offer letter during this journey (put back afterwards; a retry reuses it). */
async function cptAsksForOfferLetter(): Promise<void> {
  const [inst] = await query<{ id: string }>(
    `select institution_id as id from users where user_name = 'student' order by created_at limit 1`,
  );
  const [before] = await query<{ ids: string[] }>(
    `select document_ids::text[] as ids from request_types where institution_id = $1 and code = 'cpt_request'`,
    [inst!.id],
  );
  const [existing] = await query<{ id: string }>(
    `select id from custom_documents where institution_id = $1 and name = 'CPT offer letter'`,
    [inst!.id],
  );
  const doc =
    existing ??
    (
      await query<{ id: string }>(
        `insert into custom_documents (institution_id, name, instructions, document_type, is_required) values ($1, 'CPT offer letter', 'The signed offer letter for the training.', 'file_upload', true) returning id`,
        [inst!.id],
      )
    )[0]!;
  if (before!.ids.includes(doc.id)) return;
  await query(
    `update request_types set document_ids = array_append(document_ids, $2::uuid) where institution_id = $1 and code = 'cpt_request'`,
    [inst!.id, doc.id],
  );
  restore = () =>
    query(`update request_types set document_ids = $2::uuid[] where institution_id = $1 and code = 'cpt_request'`, [inst!.id, before!.ids]);
}

const helper = (page: Page, field: string) => page.locator(`#field-${field}-helper-text`);

describe('Student CPT request', () => {
  it('a continuing F-1 student starts CPT from the service menu, sees the field messages (bad EIN and phone), names the advisor, uploads the offer letter and submits', async () => {
    await cptAsksForOfferLetter();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'));
    fs.writeFileSync(path.join(dir, 'cpt-offer-letter.pdf'), PDF);

    const page = await newPage(browser);
    await signIn(page, 'student', undefined, 'student');
    await page.waitForURL(/#\/student\/student-service-menu\//);
    await page.getByRole('heading', { name: 'Student Portal', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Request a service' }).waitFor();
    await page.getByRole('link', { name: 'Start Curricular Practical Training (CPT)' }).click();
    await page.waitForURL(/#\/student\/cpt-request\//);

    // Bad values: the messages of the domain's rules show on their fields as the student leaves them.
    await page.getByLabel('Employer name').fill('Acme @ Labs');
    await page.getByLabel('Job title').fill('Research intern');
    // The message keeps the field's format hint beside it (docs/product/ui.md#messages-keep-the-hint).
    expect(await helper(page, 'employer_name').textContent()).toBe("Invalid value — Letters, digits, spaces and , . / : ' # & -");
    const ein = page.getByLabel('Employer EIN');
    // Typed as people write it: the dash stays while typing, nothing is cut (docs/product/ui.md#digits-amounts-and-text).
    await ein.pressSequentially('12-34567');
    expect(await ein.inputValue()).toBe('12-34567');
    const phone = page.getByLabel('Supervisor phone');
    await phone.pressSequentially('617-555-010');
    expect(await phone.inputValue()).toBe('617-555-010');
    await page.getByLabel('Supervisor name').fill('Dana Smith');
    // Left, each keeps its digits (7 and 9: one short of each rule) and says so beside its hint.
    expect(await ein.inputValue()).toBe('1234567');
    expect(await phone.inputValue()).toBe('617555010');
    expect(await helper(page, 'supervisor_phone').textContent()).toBe('Invalid phone — 10 digits, e.g. 217-555-0199.');
    expect(await helper(page, 'employer_ein').textContent()).toBe(
      'Invalid length — 9 digits, e.g. 12-3456789 (on the offer letter or a pay slip).',
    );

    // Submitting with them (and the rest empty) keeps the form, says what is wrong and focuses the first field.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('alert').filter({ hasText: 'Not submitted yet.' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-employer_name');
    expect(await helper(page, 'cpt_address_line_1').textContent()).toBe('Required field');
    await screenshot(page, 'student-cpt-messages');

    await page.getByLabel('Employer name').fill('Acme Labs');
    await ein.fill('123456789');
    await phone.fill('6175550100');
    await page.getByLabel('Address line 1').fill('1 Main St');
    await page.getByLabel('City').fill('Boston');
    await page.getByRole('combobox', { name: 'State' }).click();
    // The office's list of U.S. states (docs/product/lookups.md): each by its name and code.
    await page.getByRole('option', { name: 'Massachusetts (MA)', exact: true }).click();
    await page.getByLabel('ZIP code').fill('02110');
    await page.getByLabel('Start date').fill('01152027');
    await page.getByLabel('End date').fill('05142027');
    await page.getByRole('combobox', { name: 'Full or part time' }).click();
    await page.getByRole('option', { name: /^Part time/ }).click();
    await page.getByLabel('Hours per week').fill('20');
    await page.getByLabel('How is this work part of your curriculum?').fill('ENGR 590 requires a supervised internship.');
    expect(await helper(page, 'supervisor_phone').textContent()).toBe('10 digits, e.g. 217-555-0199.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/#\/student\/cpt-request\/edit\//);
    expect(await page.getByLabel('End date').inputValue()).toBe('05/14/2027');
    const number = (await page.getByText(/^Request #\d+$/).textContent())!.replace('Request ', '');

    // The faculty advisor recommends CPT: submitting without one says so on the chooser.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('alert').filter({ hasText: 'Faculty advisor' }).waitFor();
    await page.getByRole('combobox', { name: 'Faculty advisor' }).click();
    await page.getByRole('option').nth(1).click();
    await page.getByText('Faculty advisor saved.').waitFor();

    // The server asks for the required document; uploading it lets the request go.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(page, 'Submit request');
    await page.getByText('Please upload CPT offer letter.').first().waitFor();
    await page.locator('input[type=file]').first().setInputFiles(path.join(dir, 'cpt-offer-letter.pdf'));
    await page.getByRole('button', { name: 'cpt-offer-letter.pdf', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(page, 'Submit request');

    await page.waitForURL(/#\/student\/student-service-menu\//);
    await page.getByText('Your request was submitted.', { exact: false }).first().waitFor();
    const row = page
      .getByRole('table', { name: 'My requests' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: number, exact: true }) });
    await row.getByText('Curricular Practical Training (CPT)').waitFor();
    // Submitting sent it to the faculty advisor at once (decision 028).
    await row.getByText('Approver Review', { exact: true }).waitFor();
    await page
      .getByRole('table', { name: 'My documents' })
      .getByRole('row')
      .filter({ hasText: `${number} Curricular Practical Training (CPT)` })
      .getByText('cpt-offer-letter.pdf')
      .waitFor();
    await screenshot(page, 'student-cpt-submitted');

    // Once submitted it is read-only: the values read as text, the status with it.
    await row.getByRole('link').first().click();
    await page.getByText('With your approvers', { exact: true }).waitFor();
    await page.getByText('Acme Labs', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit request' }).count()).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
