import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { keepPdf } from '../pdf.js';
import { api } from '../sevis-log-helpers.js';

// docs/product/messages.md#email-communications: an officer narrows the Student List to a tag, hands it to
// Email Communications, writes one message with merge tags, previews a copy, sends it and follows it in
// the log to each recipient's outcome; the copy is in Sent Email (docs/product/messages.md#sent-email) and on
// the record (docs/product/messages.md#message-center); then
// the same rows get one letter each and a combined PDF (docs/product/letters.md#many-at-once).
let browser: Browser;
const RUN = randomUUID().slice(0, 6);
const TAG = `comm-${RUN}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface TStudent {
  id: string;
  first: string;
  last: string;
  email: string;
}

/** The Student List's "All students", narrowed to this run's tag. */
async function openTaggedList(page: Page): Promise<void> {
  await page.goto('/#/isss/students-list');
  await page.getByRole('heading', { name: 'Student List' }).waitFor();
  await page.getByRole('combobox', { name: /^List\b/ }).click();
  await page.getByRole('option', { name: /^All students/ }).click();
  // The list shows the title before the filter is typed: a filter set in the same moment would start from the old title.
  await page
    .getByRole('combobox', { name: /^List\b/ })
    .getByText(/^All students/)
    .waitFor();
  const tag = page.getByRole('textbox', { name: 'Tag', exact: true });
  await tag.fill(TAG);
  await tag.press('Enter');
  await page.getByText('All students — 3 students match your search and filters').waitFor();
}

/** Picks a tag in the merge-tag picker, found by its key, as the office would search for it. */
async function pickTag(page: Page, key: string): Promise<void> {
  const picker = page.getByRole('dialog', { name: 'Insert a merge tag' });
  await picker.getByLabel('Search merge tags').fill(key);
  await picker.getByRole('button', { name: new RegExp(`\\{\\{${key.replace('.', '\\.')}\\}\\}`) }).click();
  await picker.waitFor({ state: 'detached' });
}

describe('Email Communications and letters for many', () => {
  it('an officer e-mails a tagged group from the Student List, follows the send, finds a copy in Sent Email and on the record, and writes them letters', async () => {
    const [officer] = await query<{ institution_id: string }>(
      `select institution_id from users where user_name = 'officer' order by created_at limit 1`,
    );
    const people = [
      { first: 'Łukasz', last: `Nguyễn${RUN}`, email: `lukasz.${RUN}@example.edu` },
      { first: 'Thảo', last: `Kowalczyk${RUN}`, email: `thao.${RUN}@example.edu` },
      // No address: skipped by the mass e-mail, with the reason; a letter is still written.
      { first: 'Zoë', last: `Øster${RUN}`, email: '' },
    ];
    const students: TStudent[] = [];
    for (const s of people) {
      const [row] = await query<{ id: string }>(
        `insert into student_profiles (institution_id, campus_site_id, first_name, last_name, email, visa_type, sevis_status, current_stage, tags)
         values ($1, (select id from campus_sites where institution_id = $1 and name = 'Main Campus'), $2, $3, $4, 'F-1', 'Active', 'continuing', array[$5]::text[])
         returning id`,
        [officer!.institution_id, s.first, s.last, s.email, TAG],
      );
      students.push({ id: row!.id, ...s });
    }
    const [lukasz, thao, zoe] = students as [TStudent, TStudent, TStudent];
    const letterName = `Enrolment for the group ${RUN}`;
    const token = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'officer', password: DEMO_PASSWORD }))
      .accessToken;
    await api('POST', '/api/letter-templates', token, {
      name: letterName,
      recordKind: 'student',
      body: [
        { type: 'heading', runs: [{ text: 'Enrolment verification' }] },
        {
          type: 'paragraph',
          runs: [{ text: 'This letter confirms that ' }, { text: '{{student.fullName}}', bold: true }, { text: ' is enrolled.' }],
        },
      ],
      signerName: 'Jordan Lee',
      signerTitle: 'Designated School Official',
      defaultVisibility: 'office',
    });

    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);

    // The Student List, narrowed to the group, hands its title and filter to Email Communications.
    await openTaggedList(page);
    for (const s of students) await page.getByRole('link', { name: `${s.last}, ${s.first}` }).waitFor();
    await page.getByRole('link', { name: 'Send e-mail to this list' }).click();
    await page.getByRole('heading', { name: 'Email Communications' }).waitFor();
    expect(page.url()).toContain(`tag=${TAG}`);
    await expect.poll(() => page.getByRole('combobox', { name: /^List title/ }).textContent()).toBe('All students (All)');
    expect(await page.getByRole('textbox', { name: 'Tag', exact: true }).inputValue()).toBe(TAG);

    // Subject and message, each with the recipient's first name from the merge-tag picker.
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await subject.fill(`Your enrolment ${RUN}, `);
    await page.getByRole('button', { name: 'Insert tag', exact: true }).click();
    await pickTag(page, 'student.firstName');
    expect(await subject.inputValue()).toBe(`Your enrolment ${RUN}, {{student.firstName}}`);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.click();
    await message.pressSequentially('Dear ');
    await page.getByRole('button', { name: 'Insert merge tag' }).click();
    await pickTag(page, 'student.firstName');
    await message.press('End');
    await message.pressSequentially(',');
    await message.press('Enter');
    await message.pressSequentially('Please confirm your U.S. address by Friday.');
    await expect.poll(() => message.textContent()).toBe('Dear {{student.firstName}},Please confirm your U.S. address by Friday.');

    // Who it reaches: three records, the one with no address to be skipped, saying why.
    await page.getByRole('button', { name: 'Check recipients' }).click();
    await page.getByText('3 records match; 1 will be skipped').waitFor();
    const sample = page.getByRole('table', { name: 'First recipients' });
    await sample
      .getByRole('row', { name: new RegExp(zoe.last) })
      .getByText('No e-mail address on the record.')
      .waitFor();
    await sample
      .getByRole('row', { name: new RegExp(lukasz.last) })
      .getByRole('button', { name: 'Preview message' })
      .click();
    const preview = page.getByRole('dialog', { name: `Your enrolment ${RUN}, Łukasz` });
    await preview.waitFor();
    await preview.locator('iframe').contentFrame().getByText('Dear Łukasz,').waitFor();
    expect(await preview.locator('iframe').contentFrame().locator('body').innerText()).not.toContain('{{');
    await screenshot(page, 'communications-preview');
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });
    await screenshot(page, 'communications-compose');

    await page.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this e-mail now?' });
    await confirm.getByText('It goes to 2 recipients').waitFor();
    await confirm.getByRole('button', { name: 'Send', exact: true }).click();

    // The send opens in the log, and its counts move until every recipient is settled.
    const details = page.getByRole('dialog', { name: `Your enrolment ${RUN}, {{student.firstName}}` });
    await details.waitFor();
    await details.getByText('2 sent · 0 failed · 1 skipped · 0 waiting').waitFor({ timeout: 60_000 });
    await details.getByText('Done', { exact: true }).waitFor();
    const recipients = details.getByRole('table', { name: 'Recipients' });
    await recipients
      .getByRole('row', { name: new RegExp(`${zoe.first} ${zoe.last}.*Skipped.*No e-mail address on the record\\.`) })
      .waitFor();
    for (const s of [lukasz, thao]) {
      await recipients.getByRole('row', { name: new RegExp(`${s.first} ${s.last} ${s.email.replace(/\./g, '\\.')} Sent`) }).waitFor();
    }
    await screenshot(page, 'communications-recipients');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
    const logRow = page.getByRole('table', { name: 'Mass e-mails' }).getByRole('row', { name: new RegExp(`Your enrolment ${RUN}`) });
    await logRow.getByText('Done', { exact: true }).waitFor();
    await logRow.getByText('2 sent · 0 failed · 1 skipped · 0 waiting').waitFor();
    await screenshot(page, 'communications-log');

    // Each copy is in Sent Email with its own subject filled in.
    await page.goto('/#/isss/sent-email');
    await page.getByRole('heading', { name: 'Sent Email' }).waitFor();
    await page.getByLabel('Search').fill(thao.email);
    const sent = page.getByRole('button', { name: `Your enrolment ${RUN}, Thảo` });
    await sent.waitFor();
    // The other copy is on the unfiltered first page too: only the search takes it away.
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`^Your enrolment ${RUN}`) }).count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'communications-sent-email-list');
    await sent.click();
    const mail = page.getByRole('dialog');
    await mail.getByText(thao.email, { exact: true }).waitFor();
    await mail.getByText('Dear Thảo,').waitFor();
    await mail.getByRole('link', { name: /Student record:/ }).waitFor();
    await screenshot(page, 'communications-sent-email');
    await mail.getByRole('button', { name: 'Close' }).click();

    // And on the student's record, whose E-mails tab lists what was sent to them.
    await page.goto(`/#/isss/student-profile/${thao.id}?tab=messages`);
    await page
      .getByRole('table', { name: 'E-mails about this record' })
      .getByRole('button', { name: `Your enrolment ${RUN}, Thảo` })
      .waitFor();
    await screenshot(page, 'communications-record-emails');

    // The same group, chosen in the list, gets one letter each and one PDF of them all.
    await openTaggedList(page);
    for (const s of students) await page.getByRole('checkbox', { name: `Choose ${s.first} ${s.last}` }).check();
    const chosen = page.getByRole('region', { name: 'Chosen students' });
    await chosen.getByText('3 chosen').waitFor();
    await chosen.getByRole('button', { name: 'Generate letters (3)' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate letters' });
    await generate.getByLabel('Letter template').click();
    await page.getByRole('option', { name: letterName }).click();
    await screenshot(page, 'communications-generate-letters');
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await generate.getByRole('button', { name: 'Generate', exact: true }).click();
    const file = await download;
    await page.getByText('3 letters were filed on their records.').waitFor();
    const { text, pageImage } = keepPdf(fs.readFileSync(await file.path()), 'communications-letters');
    for (const s of students) expect(text).toContain(`This letter confirms that ${s.first} ${s.last} is enrolled`);
    expect(fs.existsSync(pageImage)).toBe(true);
    const [filed] = await query<{ n: string }>(
      `select count(*) as n from attachments where profile_id = any($1::uuid[]) and description = $2`,
      [students.map((s) => s.id), `Letter: ${letterName}`],
    );
    expect(Number(filed!.n)).toBe(3);
    await page.close();
  });
});
