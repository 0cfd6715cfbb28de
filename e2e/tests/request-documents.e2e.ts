import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { confirmDecision } from '../journey-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A student request type asking for one required upload, and a draft of it by the demo student. */
async function draftWithRequiredDocument(): Promise<string> {
  const [inst] = await query<{ id: string }>(
    `select institution_id as id from users where user_name = 'student' order by created_at limit 1`,
  );
  const [doc] = await query<{ id: string }>(
    `insert into custom_documents (institution_id, name, instructions, document_type, is_required) values ($1, 'Offer letter', 'The signed offer letter from your employer.', 'file_upload', true) returning id`,
    [inst!.id],
  );
  const [type] = await query<{ id: string }>(
    `insert into request_types (institution_id, code, name, starters, document_ids) values ($1, $2, 'Employment documents', '{student}', $3::uuid[]) returning id`,
    [inst!.id, `e2e_documents_${Date.now()}`, [doc!.id]],
  );
  const login = (await (
    await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'student', password: DEMO_PASSWORD }),
    })
  ).json()) as { accessToken: string };
  const res = await fetch(`${baseUrl()}/api/requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requestTypeId: type!.id }),
  });
  return ((await res.json()) as { id: string }).id;
}

describe('Request documents', () => {
  it('a student uploads the required document (a disguised file is refused) and submits; the officer combines it into a PDF, then rejects it; the student is told', async () => {
    const requestId = await draftWithRequiredDocument();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'));
    fs.writeFileSync(path.join(dir, 'offer.pdf'), PDF);
    fs.writeFileSync(path.join(dir, 'disguised.pdf'), PNG);

    const student = await newPage(browser);
    await signIn(student, 'student', undefined, 'student');
    await student.waitForURL(/#\/student\//);
    await student.goto(`/#/student/request-edit/${requestId}`);
    await student.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(student, 'Submit request');
    await student.getByText('Please upload Offer letter.').first().waitFor();

    const zone = student.locator('input[type=file]').first();
    await zone.setInputFiles(path.join(dir, 'disguised.pdf'));
    await student.getByRole('alert').filter({ hasText: 'This file type is not allowed.' }).waitFor();
    await zone.setInputFiles(path.join(dir, 'offer.pdf'));
    await student.getByRole('button', { name: 'offer.pdf', exact: true }).waitFor();
    await student.getByText('Missing', { exact: true }).waitFor({ state: 'detached' });
    await student.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(student, 'Submit request');
    await student.getByText('Your request has been submitted and is with the office.').waitFor();

    const officer = await newPage(browser);
    await signIn(officer, 'officer');
    await officer.waitForURL(STAFF_HOME);
    await officer.goto(`/#/isss/request/${requestId}`);
    await officer.getByRole('tab', { name: 'Documents' }).click();
    // Combining runs as a job on the server; the tab follows it and downloads the PDF when it is done.
    await officer.getByRole('checkbox', { name: 'Select offer.pdf' }).check();
    const [combined] = await Promise.all([officer.waitForEvent('download'), officer.getByRole('button', { name: 'Combined PDF' }).click()]);
    expect(combined.suggestedFilename()).toBe('combined-documents.pdf');
    expect(
      fs
        .readFileSync(await combined.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await officer.getByRole('progressbar', { name: 'Combining the documents' }).waitFor({ state: 'detached' });
    await expect.poll(() => officer.getByRole('button', { name: 'Combined PDF' }).isEnabled()).toBe(true);
    await officer.getByRole('button', { name: 'Reject offer.pdf' }).click();
    await officer
      .getByRole('dialog', { name: 'Reject offer.pdf' })
      .getByLabel(/Reason/)
      .fill('The letter is not signed.');
    await officer.getByRole('dialog', { name: 'Reject offer.pdf' }).getByRole('button', { name: 'Reject' }).click();
    // The reason shows on the document once the dialog (which still holds it as typed) has closed.
    await officer.getByRole('dialog', { name: 'Reject offer.pdf' }).waitFor({ state: 'detached' });
    await officer.locator('#main-content').getByText('The letter is not signed.').waitFor();
    await screenshot(officer, 'request-documents-staff');

    await student.reload();
    await student.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    await student
      .getByRole('dialog', { name: 'Notifications' })
      .getByText('Your document "offer.pdf" was rejected: The letter is not signed.')
      .waitFor();
    await expect.poll(() => student.getByText('Missing', { exact: true }).count()).toBe(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
