import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { confirmDecision, expectMessage as expectFieldMessage, minimalPdf } from '../journey-helpers.js';

/**
 * The case engine end to end (docs/product/requests.md): staff configure a questionnaire with every item
 * type, a required document, a one-step faculty approval and a request type that uses them; a student fills
 * it in (seeing each completeness message), uploads the document and submits; the faculty advisor approves
 * from the e-mailed link without signing in; staff approve and complete; the student's bell and the History
 * Log tell what happened. One request, followed through its life.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = Date.now().toString(36);
const QUESTIONNAIRE = `Off-campus internship ${RUN}`;
const DOCUMENT = `Offer letter ${RUN}`;
const WORKFLOW = `Advisor recommendation ${RUN}`;
const TYPE = `Internship authorization ${RUN}`;
const CODE = `internship_${RUN}`;
const ADVISOR_EMAIL = 'advisor@demo.example.edu';

interface TItem {
  type: string;
  text: string;
  required: boolean;
  options?: [string, string];
  number?: boolean;
}
/** Every item type, required where a real office would require it (the essay is optional). */
const ITEMS: TItem[] = [
  {
    type: 'Single selection (drop-down)',
    text: 'Which term does the internship start?',
    required: true,
    options: ['Fall 2026', 'Spring 2027'],
  },
  { type: 'Multiple selection (check boxes)', text: 'Where will you work?', required: true, options: ['On site', 'Remotely'] },
  { type: 'Short answer', text: 'Employer name', required: true },
  { type: 'Field (text or number)', text: 'Hours per week', required: true, number: true },
  { type: 'Essay (long answer)', text: 'How does the internship relate to your degree?', required: false },
  { type: 'Yes or No', text: 'Is the position paid?', required: true },
  { type: 'Yes or No, explain if Yes', text: 'Have you worked for this employer before?', required: true },
  { type: 'Yes or No, explain if No', text: 'Is the employer based in the United States?', required: true },
  { type: 'Date (MM/DD/YYYY)', text: 'First day of work', required: true },
  { type: 'Rating 1 to 5', text: 'How sure are you of the offer?', required: true },
];
const q = (i: number) => new RegExp(`^1\\.${i + 1}\\. ${ITEMS[i]!.text.replace(/[?]/g, '\\?')}`);

/** Field messages here come quickly: wait as long as the page's default timeout. */
const expectMessage = (field: Locator, message: string) => expectFieldMessage(field, message, 10_000);

/** The newest e-mail to someone whose subject matches, waiting briefly for it. */
async function mailMatching(to: string, subject: RegExp): Promise<{ subject: string; text_body: string }> {
  for (let i = 0; i < 50; i++) {
    const m = await latestMail(to);
    if (subject.test(m.subject)) return m;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

async function choose(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Closes a multiple-choice list box and waits until it has gone. */
async function closeListbox(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Shared between the steps: one request followed through its life. */
let requestId = '';
let requestNumber = '';

describe('The case engine, one request from configuration to completion', () => {
  it('staff build a questionnaire with every item type in Form Management', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);

    // Form Management: the questionnaire, for students.
    await page.goto('/#/admin/form-management');
    await page.getByRole('link', { name: 'New questionnaire' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(QUESTIONNAIRE);
    await choose(page, page.getByRole('combobox', { name: 'Program type' }), 'Students');
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('textbox', { name: /^Section 1 name/ }).fill('The internship');
    for (const [i, item] of ITEMS.entries()) {
      await page.getByRole('button', { name: 'Add question to The internship' }).click();
      await page.getByRole('menuitem', { name: item.type, exact: true }).click();
      const editor = page.getByRole('group', { name: `Question 1.${i + 1}` });
      await editor.getByLabel('Question text').fill(item.text);
      if (item.required) await editor.getByLabel('Answer required').check();
      if (item.number) await choose(page, editor.getByRole('combobox', { name: 'Data type' }), 'Number');
      if (item.options) {
        await editor.getByLabel('Option 1', { exact: true }).fill(item.options[0]);
        await editor.getByLabel('Option 2', { exact: true }).fill(item.options[1]);
      }
    }
    await page.getByRole('button', { name: 'Save questionnaire' }).click();
    await page.waitForURL(/#\/admin\/form-management\/[0-9a-f-]{36}$/);
    await page.getByText('Version 1 · Active · 10 questions').waitFor();
    await screenshot(page, 'case-1-questionnaire');
    await page.context().close();
  });

  it('staff add a required document, a one-step faculty approval workflow and a request type that uses them, all in the UI', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);

    // Question and Document Manager: a file to upload, required, visible to the student.
    await page.goto('/#/admin/question-document-configuration');
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'New document' }).click();
    const docDialog = page.getByRole('dialog', { name: 'New document' });
    await docDialog.locator('input[name="name"]').fill(DOCUMENT);
    await docDialog.getByLabel('Instructions').fill('The signed offer letter from your employer, as a PDF.');
    await docDialog.getByLabel('Required before submitting').check();
    expect(await docDialog.getByLabel('Visible to the student').isChecked()).toBe(true);
    await docDialog.getByRole('button', { name: 'Save' }).click();
    await docDialog.waitFor({ state: 'detached' });
    const docRow = page.getByRole('row', { name: new RegExp(DOCUMENT) });
    await docRow.getByText('File to upload').waitFor();
    await docRow.getByText('Required', { exact: true }).waitFor();
    await docRow.getByText('Visible to student').waitFor();

    // Approval Workflows: one step, the faculty advisor named on the request.
    await page.goto('/#/admin/approval-workflows');
    await page.getByRole('button', { name: 'New workflow' }).click();
    const wfDialog = page.getByRole('dialog', { name: 'New approval workflow' });
    await wfDialog.getByRole('textbox', { name: /^Name/ }).fill(WORKFLOW);
    await wfDialog.getByRole('textbox', { name: /^Event code/ }).fill('FACULTY_RECOMMENDATION');
    await wfDialog.getByRole('combobox', { name: 'Approver' }).getByText('The faculty advisor named on the request').waitFor();
    await wfDialog.getByLabel('Label (optional)').fill('Faculty advisor');
    await wfDialog.getByRole('button', { name: 'Save' }).click();
    await wfDialog.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Approval workflows' })
      .getByRole('row', { name: new RegExp(WORKFLOW) })
      .getByText('1. Faculty advisor')
      .waitFor();

    // Request Configuration: the new request type, started by students, any visa.
    await page.goto('/#/isss/request-configuration');
    await page.getByRole('link', { name: 'New request type' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(TYPE);
    await page.getByRole('textbox', { name: /^Code/ }).fill(CODE);
    await page.getByRole('textbox', { name: 'Description' }).fill('Authorization to work off campus as part of your program.');
    await choose(page, page.getByRole('combobox', { name: 'Visa type' }), 'All');
    await page.getByRole('checkbox', { name: 'Students' }).check();
    await choose(page, page.getByRole('combobox', { name: 'Questionnaires' }), QUESTIONNAIRE);
    await closeListbox(page);
    await choose(page, page.getByRole('combobox', { name: 'Documents' }), `${DOCUMENT} (required)`);
    await closeListbox(page);
    await choose(page, page.getByRole('combobox', { name: 'Approval workflow' }), WORKFLOW);
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'case-1-request-type');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/#\/isss\/request-configuration$/);
    const typeRow = page.getByRole('table', { name: 'Request types' }).getByRole('row', { name: new RegExp(TYPE) });
    await typeRow.getByText(CODE).waitFor();
    await typeRow.getByText(WORKFLOW).waitFor();
    await typeRow.getByText('Students', { exact: true }).waitFor();
    await page.context().close();
  });

  it('a student starts it, sees every completeness message, fills it in, saves a draft, uploads the document and submits', async () => {
    const page = await newPage(browser);
    await signIn(page, 'student', undefined, 'student');
    await page.waitForURL(/#\/student\/student-service-menu\//);
    await page.getByRole('button', { name: `Start ${TYPE}` }).click();
    await page.waitForURL(/#\/student\/request-edit\/[0-9a-f-]{36}$/);
    requestId = page.url().split('/').pop()!;
    requestNumber = (await page.getByText(/^Request #\d+$/).textContent())!.replace('Request #', '');
    await choose(page, page.getByRole('combobox', { name: 'Faculty advisor' }), 'Alex Advisor');
    await page.getByText('Faculty advisor saved.').waitFor();

    const form = page.getByRole('form', { name: QUESTIONNAIRE });
    const field = (i: number) => form.getByRole(ITEMS[i]!.type.startsWith('Single') ? 'combobox' : 'textbox', { name: q(i) });
    const group = (i: number) => form.getByRole('group', { name: q(i) });

    // Submitting empty: the server's messages, each on its own question, and the missing document named.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(page, 'Submit request');
    const refusal = page.getByRole('alert').filter({ hasText: 'Not submitted yet' });
    await refusal.getByText('9 questions need an answer: see the messages below.').waitFor();
    await refusal.getByText(`Please upload ${DOCUMENT}.`).waitFor();
    await expectMessage(field(0), 'Required field');
    await expectMessage(group(1), 'Select at least one option.');
    await expectMessage(field(2), 'Required field');
    await expectMessage(field(3), 'Required field');
    await expectMessage(group(5), 'Required field');
    await expectMessage(group(6), 'Required field');
    await expectMessage(group(7), 'Required field');
    await expectMessage(field(8), 'Required field');
    await expectMessage(group(9), 'Required field');
    expect(await field(4).getAttribute('aria-invalid')).not.toBe('true');
    await screenshot(page, 'case-2-submitted-empty');

    // Answers that are there but not right: a yes without its explanation, a word for a number, an impossible date.
    await group(6).getByLabel('Yes', { exact: true }).check();
    await group(7).getByLabel('No', { exact: true }).check();
    await field(3).fill('twenty');
    await field(8).fill('13452026');
    expect(await field(8).inputValue()).toBe('13/45/2026');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expectMessage(group(6).getByRole('textbox', { name: /^Please explain/ }), 'Please explain your answer.');
    await expectMessage(group(7).getByRole('textbox', { name: /^Please explain/ }), 'Please explain your answer.');
    await expectMessage(field(3), 'Invalid number');
    await expectMessage(field(8), 'Invalid date');
    await expectMessage(group(1), 'Select at least one option.');
    // The server refuses the saved draft for the same reasons.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(page, 'Submit request');
    await refusal.getByText('9 questions need an answer: see the messages below.').waitFor();
    await screenshot(page, 'case-2-messages');

    // Everything right.
    await choose(page, field(0), 'Fall 2026');
    await group(1).getByLabel('On site').check();
    await group(1).getByLabel('Remotely').check();
    await field(2).fill('Acme Optics');
    await field(3).fill('20');
    await field(4).fill('I will build the optical test bench my thesis needs.');
    await group(5).getByLabel('Yes', { exact: true }).check();
    await group(6)
      .getByRole('textbox', { name: /^Please explain/ })
      .fill('A summer internship in 2025.');
    await group(7)
      .getByRole('textbox', { name: /^Please explain/ })
      .fill('The work is done in Canada for a US parent company.');
    await field(8).fill('09012026');
    await group(9).getByLabel('4', { exact: true }).check();
    await form.getByRole('button', { name: 'Save draft' }).click();
    await form.getByRole('status').getByText('All questions are complete.').waitFor();
    await form.getByRole('button', { name: 'Save draft' }).waitFor();

    // The required document, a real PDF.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: new RegExp(`^Upload ${DOCUMENT}`) }).click(),
    ]);
    await chooser.setFiles({ name: 'offer-letter.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await page.getByText('Uploaded offer-letter.pdf').waitFor();
    await page.getByRole('table', { name: 'Documents' }).getByRole('button', { name: 'offer-letter.pdf', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Submit request' }).click();
    // The confirmation says where it goes: to the faculty advisor first, named (decision 028).
    const ask = page.getByRole('dialog', { name: 'Submit request' });
    await ask.getByText(`Submit your ${TYPE} request #${requestNumber}?`).waitFor();
    await ask
      .getByText('It goes first to its approvers (Faculty advisor): Alex Advisor gets an e-mail with a link to approve it now', {
        exact: false,
      })
      .waitFor();
    await screenshot(page, 'case-2-submit-confirmation');
    await confirmDecision(page, 'Submit request');
    await page.getByText('Your request was submitted.', { exact: false }).waitFor();
    await page
      .getByText('Your request has been submitted and is with its approvers (Faculty advisor); the office decides after them.', {
        exact: false,
      })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Submit request' }).count()).toBe(0);
    await screenshot(page, 'case-2-submitted');
    await page.context().close();
  });

  it('submitting sent it to the faculty advisor at once: the officer finds it in approver review, where approving would be an override', async () => {
    expect(requestId).not.toBe('');
    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/students-request-list');
    await page.getByRole('tab', { name: 'Approver Review' }).click();
    const row = page.getByRole('table', { name: 'Requests' }).getByRole('row', { name: new RegExp(`#${requestNumber}`) });
    await row.getByText('Approver Review', { exact: true }).waitFor();
    await row.getByRole('link', { name: `#${requestNumber}` }).click();
    await page.waitForURL(new RegExp(`#/isss/request/${requestId}$`));
    await page.getByText('This request is locked while it is in approver review.', { exact: false }).waitFor();
    await page.getByRole('list', { name: 'Approvers' }).getByText('Waiting for decision').waitFor();
    await page.getByText('The approvers decide first (Faculty advisor).', { exact: false }).waitFor();
    await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve (override)' }).waitFor();
    await page.context().close();
  });

  it('the faculty advisor opens the e-mailed link without signing in, sees the summary and approves with a comment; the link then no longer works', async () => {
    const mail = await mailMatching(ADVISOR_EMAIL, new RegExp(`approval needed for request #${requestNumber}$`));
    const link = /(https?:\/\/\S+#\/advisor-approval\/\S+)/.exec(mail.text_body)?.[1];
    expect(link, mail.text_body).toBeTruthy();

    const page = await newPage(browser);
    await page.goto(link!);
    await page.waitForURL(/#\/approval-review$/);
    await page.getByRole('heading', { name: `${TYPE} — request #${requestNumber}` }).waitFor();
    await page.getByText('Priya Sharma').waitFor();
    await page.getByText('Your step: 1 of 1 (approver: Alex Advisor)').waitFor();
    expect(await page.getByRole('textbox', { name: q(2) }).inputValue()).toBe('Acme Optics');
    await screenshot(page, 'case-3-approval-page');
    await page.getByLabel('Comment (optional; the office sees it)').fill('A good fit with the thesis work. Recommended.');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').getByText(`You approved request #${requestNumber}.`, { exact: false }).waitFor();
    await page.context().close();

    const again = await newPage(browser);
    await again.goto(link!);
    await again.getByRole('alert').getByText('This approval link has already been used', { exact: false }).waitFor();
    expect(await again.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await screenshot(again, 'case-3-link-used');
    await again.context().close();
  });

  it('the admin sees it back from approver review, approves and completes it', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/students-request-list');
    const row = page.getByRole('table', { name: 'Requests' }).getByRole('row', { name: new RegExp(`#${requestNumber}`) });
    await row.getByText('In Review', { exact: true }).waitFor();
    await row.getByRole('link', { name: `#${requestNumber}` }).click();
    await page.waitForURL(new RegExp(`#/isss/request/${requestId}$`));
    const approvers = page.getByRole('list', { name: 'Approvers' });
    await approvers.getByText('Step 1: Alex Advisor').waitFor();
    await approvers.getByText('Approved', { exact: true }).waitFor();
    await approvers.getByText('A good fit with the thesis work. Recommended.', { exact: false }).waitFor();
    expect(await page.getByText('This request is locked', { exact: false }).count()).toBe(0);
    await screenshot(page, 'case-4-back-from-approver');
    await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('dialog').getByText(`Approve Priya Sharma's ${TYPE} request #${requestNumber}?`).waitFor();
    await confirmDecision(page, 'Approve');
    await page.getByText('Approved. The requester was told.').waitFor();
    await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Complete', exact: true }).click();
    await confirmDecision(page, 'Complete');
    await page.getByText('Completed. The requester was told.').waitFor();
    await page.getByText(`Priya Sharma · Completed`).waitFor();
    await page.context().close();
  });

  it("the student's bell shows the decisions unread, and the History Log shows who did what, in order", async () => {
    const student = await newPage(browser);
    await signIn(student, 'student', undefined, 'student');
    const bell = student.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    await bell.click();
    const panel = student.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText(`Your ${TYPE} request #${requestNumber} was approved.`).waitFor();
    await panel.getByText(`Your ${TYPE} request #${requestNumber} was completed.`).waitFor();
    // Every step on the way reached the requester's bell too.
    await panel
      .getByText(
        `Your ${TYPE} request #${requestNumber} was submitted and sent to its approvers (Faculty advisor), who were e-mailed a link; the office decides after them.`,
      )
      .waitFor();
    await panel.getByText(`Your ${TYPE} request #${requestNumber} finished approver review and is back with the office.`).waitFor();
    await panel.getByRole('button', { name: `Mark as read: Your ${TYPE} request #${requestNumber} was approved.` }).waitFor();
    await screenshot(student, 'case-5-student-bell');
    // Read: the next journeys find the student's bell as quiet as it was.
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await panel.getByText(/^0 unread of \d+$/).waitFor();
    await panel.getByText(`Your ${TYPE} request #${requestNumber} was approved.`).click();
    await student.waitForURL(new RegExp(`#/student/request-edit/${requestId}$`));
    await student.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await student.context().close();

    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto(`/#/isss/request/${requestId}`);
    await page.getByRole('tab', { name: 'History Log' }).click();
    const log = page.getByRole('table', { name: 'History Log' });
    await log.getByRole('cell', { name: 'Completed', exact: true }).waitFor();
    // Newest first on screen; read oldest first.
    const rows = (await log.getByRole('row').allInnerTexts())
      .slice(1)
      .map((r) => r.split('\t').map((c) => c.trim()))
      .reverse();
    const who = (what: string) => rows.findIndex(([, , w]) => w === what);
    const steps: [string, string][] = [
      ['Uploaded offer-letter.pdf', 'Priya Sharma'],
      ['Submitted', 'Priya Sharma'],
      ['Approver review started (on submit)', 'Priya Sharma'],
      ['Approver approved', 'Alex Advisor'],
      ['Approved', 'Avery Admin'],
      ['Completed', 'Avery Admin'],
    ];
    const at = steps.map(([what, person]) => {
      const i = who(what);
      expect(i, `History Log has "${what}": ${JSON.stringify(rows)}`).toBeGreaterThanOrEqual(0);
      expect(rows[i]![1], `who did "${what}"`).toBe(person);
      return i;
    });
    expect(at).toEqual([...at].sort((a, b) => a - b));
    await screenshot(page, 'case-5-history-log');
    await page.context().close();
  });
});
