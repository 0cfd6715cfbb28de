import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { keepPdf } from '../pdf.js';
import { api } from '../sevis-log-helpers.js';

// docs/product/letters.md: an officer writes an enrolment letter template, generates it for a student from the
// record's Documents tab, and the PDF is filed there; its text is checked and its first page kept as a picture.
let browser: Browser;
const RUN = randomUUID().slice(0, 6);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Letters', () => {
  it('an officer writes an enrolment letter, generates it for a student and finds it in Documents', async () => {
    const [officer] = await query<{ institution_id: string }>(
      `select institution_id from users where user_name = 'officer' order by created_at limit 1`,
    );
    const last = `Nguyễn${RUN}`;
    const [student] = await query<{ id: string }>(
      `insert into student_profiles (institution_id, campus_site_id, first_name, last_name, email, visa_type, sevis_status, current_stage)
       values ($1, (select id from campus_sites where institution_id = $1 and name = 'Main Campus'), 'Łukasz', $2, $3, 'F-1', 'Active', 'continuing')
       returning id`,
      [officer!.institution_id, last, `lukasz.${RUN}@example.edu`],
    );
    const name = `Enrolment verification ${RUN}`;

    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/letter-template');
    await page.getByRole('heading', { name: 'Letter Templates' }).waitFor();
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByLabel('Body').fill('# Enrolment verification\n\nTo whom it may concern,\n\nThis letter confirms that **');
    // A tag from the picker, inserted where the cursor is.
    await page.getByLabel('Merge tag').click();
    await page.getByRole('option', { name: /^Full name/ }).click();
    await page.getByRole('button', { name: 'Insert tag' }).click();
    await page.getByLabel('Body').press('End');
    await page.getByLabel('Body').pressSequentially('** is enrolled as a full-time student.');
    await page.getByLabel('Office address lines').fill('International Student and Scholar Services\n1 College Road, Springfield');
    await page.getByLabel('Signer name').fill('Jordan Lee');
    await page.getByLabel('Signer title').fill('Designated School Official');
    await page.getByLabel('The person and the office').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Save the template to add a signature image.').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name }).waitFor();
    await screenshot(page, 'letters-template-editor');

    await page.goto(`/#/isss/student-profile/${student!.id}?tab=documents`);
    await page.getByRole('button', { name: 'Generate letter' }).click();
    await page.getByLabel('Letter template').click();
    await page.getByRole('option', { name }).click();
    await screenshot(page, 'letters-generate-dialog');
    await page.getByRole('button', { name: 'Generate and file' }).click();
    const filed = page.getByRole('button', { name: new RegExp(`^Download ${name}`) });
    await filed.waitFor();
    await screenshot(page, 'letters-record-documents');

    const token = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'officer', password: DEMO_PASSWORD }))
      .accessToken;
    const [doc] = await query<{ id: string; is_visible_to_requester: boolean }>(
      `select id, is_visible_to_requester from attachments where profile_id = $1 and description = $2`,
      [student!.id, `Letter: ${name}`],
    );
    expect(doc!.is_visible_to_requester).toBe(true);
    const res = await fetch(`${baseUrl()}/api/attachments/${doc!.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    const { text, pageImage } = keepPdf(pdf, 'letters-enrolment');
    expect(text).toContain(`This letter confirms that Łukasz ${last} is enrolled`);
    expect(text).toContain('Jordan Lee');
    expect(fs.existsSync(pageImage)).toBe(true);
  });

  it("an officer writes a scholar's offer letter from the case's Documents tab; it is filed there", async () => {
    // A demo case the officer processes, at their campus site (docs/product/letters.md#records).
    const [kase] = await query<{ id: string; first_name: string; last_name: string }>(
      `select a.id, s.first_name, s.last_name from scholar_applications a
         join scholars s on s.id = a.scholar_id
         join requests r on r.id = a.sponsorship_request_id
         left join campus_sites c on c.id = coalesce(r.campus_site_id, a.campus_site_id)
       where a.phase = 'isss_review' and s.first_name <> '' and (c.id is null or c.name = 'Main Campus')
       order by a.created_at limit 1`,
    );
    const token = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'officer', password: DEMO_PASSWORD }))
      .accessToken;
    const name = `Offer letter ${RUN}`;
    await api('POST', '/api/letter-templates', token, {
      name,
      recordKind: 'scholarCase',
      body: [
        { type: 'heading', runs: [{ text: 'Offer of employment' }] },
        { type: 'paragraph', runs: [{ text: 'Dear ' }, { text: '{{scholar.fullName}}' }, { text: ', the department welcomes you.' }] },
      ],
      signerName: 'Jordan Lee',
      signerTitle: 'Director',
      defaultVisibility: 'office',
    });

    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);
    await page.goto(`/#/admin/scholar-profile/${kase!.id}`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Generate letter' }).click();
    await page.getByLabel('Letter template').click();
    // Only scholar case templates are offered for a case.
    await page.getByRole('option', { name }).waitFor();
    expect(await page.getByRole('option', { name: /^Enrolment verification/ }).count()).toBe(0);
    await page.getByRole('option', { name }).click();
    await screenshot(page, 'letters-scholar-generate-dialog');
    await page.getByRole('button', { name: 'Generate and file' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText(`Letter: ${name}`).first().waitFor();
    await screenshot(page, 'letters-scholar-documents');

    const [doc] = await query<{ id: string }>(`select id from attachments where description = $1`, [`Letter: ${name}`]);
    const res = await fetch(`${baseUrl()}/api/attachments/${doc!.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    const { text } = keepPdf(Buffer.from(await res.arrayBuffer()), 'letters-scholar-offer');
    expect(text).toContain(`Dear ${kase!.first_name}`);
    expect(text).toContain(kase!.last_name);
    await page.close();
  });
});
