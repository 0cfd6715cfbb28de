import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, screenshot, signIn, STAFF_HOME } from '../browser.js';
import {
  choose,
  confirmDecision,
  expectMessage,
  journeyPage,
  journeySteps,
  newestMailMatching as mailMatching,
  pdf,
} from '../journey-helpers.js';

/**
 * One new student followed through the portal (docs/product/students-intake.md, students-portal.md,
 * students-requests.md). An officer creates the F-1 record and invites the student; the student sets a
 * password from the e-mailed link, walks the welcome wizard, pre-arrival and check-in; as a continuing
 * student they start CPT from the service menu, see the messages of a bad EIN and phone on the fields,
 * correct them, name the faculty advisor and submit; the officer sends it to approver review; the advisor
 * recommends it from the e-mailed link without signing in; a DSO approves; the student is in the CPT list,
 * the record has a pending SEVIS CPTEmployment update and its History Log tells each step.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const FIRST = 'Mateo';
/** A new student per attempt (a retried first step must not meet its own record as a duplicate). */
let RUN = '';
let LAST = '';
let NAME = '';
let EMAIL = '';
function newStudent(): void {
  RUN = Date.now().toString(36);
  // SEVIS S1148: names hold the letters A to Z and spaces only, so the run's stamp is spelt in letters.
  LAST = `Rossi ${RUN.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  NAME = `${LAST}, ${FIRST}`;
  EMAIL = `mateo.rossi.${RUN}@example.edu`;
}
const PASSWORD = 'Portal-start-2026';
const ADVISOR_EMAIL = 'advisor@demo.example.edu';

const freshPage = () => journeyPage(browser);
const step = journeySteps('student-journey');

async function staff(userName: 'officer' | 'admin'): Promise<Page> {
  const page = await freshPage();
  await signIn(page, userName);
  await page.waitForURL(STAFF_HOME);
  return page;
}

/** Shared between the steps: one student and one request followed through. */
let profileId = '';
let requestId = '';
let requestNumber = '';

describe('a student from invitation to an authorized CPT', () => {
  it('an officer creates the F-1 record and invites the student to the portal', async () => {
    newStudent();
    const page = await staff('officer');
    await step(page, '1-invite', async () => {
      await page.goto('/#/isss/student/create');
      await page.getByRole('heading', { name: 'New student (F-1)', level: 1 }).waitFor();
      await page.getByLabel('First name').fill(FIRST);
      await page.getByLabel('Last name').fill(LAST);
      await page.getByLabel('Date of birth').fill('03/14/2002');
      // Countries are SEVIS's, found by name or code (docs/product/lookups.md); the record keeps the ISO code.
      await page.getByLabel('Country of citizenship').fill('Italy');
      await page.getByRole('option', { name: 'Italy (IT)' }).click();
      await page.getByLabel('E-mail').fill(EMAIL);
      await choose(page, page.getByRole('combobox', { name: 'Campus site' }), 'Main Campus');
      await choose(page, page.getByRole('combobox', { name: 'Education level' }), "Master's (05)");
      await page.getByLabel('Program start').fill('08/20/2026');
      await page.getByLabel('Program end').fill('05/15/2028');
      await page.getByRole('button', { name: 'Create record' }).click();
      await page.waitForURL(/#\/isss\/student-profile\/[0-9a-f-]{36}$/);
      profileId = page.url().split('/').pop()!;
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      await page.getByText('Stage: Invited').waitFor();
      await page.getByText('Student record created. A SEVIS Create is queued for the next batch.').waitFor();
      await screenshot(page, 'student-journey-1-record-created');

      // Newly Admitted Students: not invited yet; select and invite.
      await page.goto('/#/isss/newly-admitted-students');
      await page.getByRole('heading', { name: 'Newly Admitted Students', level: 1 }).waitFor();
      // Wait for the list of the search, not just for the row: the unsearched list may already show it,
      // and a search still in flight while the invitation commits answers with the row as it was.
      const searched = page.waitForResponse((r) => r.url().includes('/api/students/newly-admitted?') && r.url().includes(`q=${RUN}`));
      await page.getByLabel('Search').fill(RUN);
      if (!(await searched).ok()) throw new Error('the search failed');
      const row = page.getByRole('table', { name: 'Newly admitted students' }).getByRole('row').filter({ hasText: NAME });
      await row.getByText('Not invited').waitFor();
      await row.getByRole('checkbox', { name: `Select ${NAME}` }).check();
      await page.getByRole('button', { name: 'Invite to portal (1)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Invite to portal' });
      await confirm.getByText('Send a portal invitation to 1 student?', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Send invitations' }).click();
      const results = page.getByRole('dialog', { name: 'Invitations' });
      await results.getByText('1 invitation sent.').waitFor();
      await results.getByRole('list', { name: 'Result per student' }).getByText(`Invitation sent to ${EMAIL}`).waitFor();
      await screenshot(page, 'student-journey-1-invited');
      await results.getByRole('button', { name: 'Close' }).click();
      await row.getByText('Not invited').waitFor({ state: 'detached' });
    });
  });

  it('the student sets a password from the e-mailed link and signs in at the student login', async () => {
    expect(profileId).not.toBe('');
    const mail = await mailMatching(EMAIL, /set up your account$/);
    const link = /(https?:\/\/\S+#\/login\/student\/pass-reset\/\S+)/.exec(mail.text_body)?.[1];
    expect(link, mail.text_body).toBeTruthy();
    const page = await freshPage();
    await step(page, '2-password', async () => {
      await page.goto(link!);
      await page.getByRole('heading', { name: 'Set your password', level: 1 }).waitFor();
      await page.getByText(EMAIL, { exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'New password' }).fill(PASSWORD);
      await page.getByRole('textbox', { name: 'Repeat password' }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL(/#\/login\/student$/);

      await signIn(page, EMAIL, PASSWORD, 'student');
      await page.waitForURL(/#\/student\/welcome-wizard$/);
      await page.getByRole('heading', { name: 'Welcome', level: 2 }).waitFor();
      await screenshot(page, 'student-journey-2-welcome');

      // The welcome wizard: contact details (each required answer asked for), the passport, the confirmation.
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please complete this step: see the messages below.').waitFor();
      await page.getByRole('radio', { name: 'Yes' }).check();
      await page.getByLabel(/mobile phone/).fill('+39 347 555 0100');
      await page.getByLabel(/Emergency contact/).fill('Giulia Rossi, +39 347 555 0199');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Your passport' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please upload Passport identity page.').waitFor();
      await page.locator('input[type=file]').first().setInputFiles(pdf('passport.pdf'));
      await page.getByRole('button', { name: 'passport.pdf', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Confirm and finish' }).waitFor();
      await screenshot(page, 'student-journey-2-wizard-confirm');
      await page.getByRole('button', { name: 'Finish', exact: true }).click();

      // Pre-arrival: the answer and the required document, then on to check-in.
      await page.waitForURL(/#\/student\/student-pre-arrival$/);
      await page.getByRole('heading', { name: 'Pre-Arrival', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Submit and continue' }).click();
      await page.getByText('Please upload Financial documents.').first().waitFor();
      await page.getByLabel(/Expected arrival date/).fill('08/10/2026');
      await page.locator('input[type=file]').first().setInputFiles(pdf('bank-statement.pdf'));
      await page.getByRole('list', { name: 'Files for Financial documents' }).getByText('bank-statement.pdf').waitFor();
      await screenshot(page, 'student-journey-2-pre-arrival');
      await page.getByRole('button', { name: 'Submit and continue' }).click();

      // Check-in: confirm the U.S. address (with the new one) and upload the I-94; then the service menu.
      await page.waitForURL(/#\/student\/student-check-in$/);
      await page.getByRole('heading', { name: 'Check-In', level: 1 }).waitFor();
      await page.getByRole('radio', { name: 'No' }).check();
      await page.getByRole('textbox', { name: /^Please explain/ }).fill('12 Elm St, Apt 3, Boston, MA 02115');
      await page.locator('input[type=file]').first().setInputFiles(pdf('i94.pdf'));
      await page.getByRole('list', { name: 'Files for I-94 arrival record' }).getByText('i94.pdf').waitFor();
      await page.getByText('Everything required is done. Submit to continue.').waitFor();
      await screenshot(page, 'student-journey-2-check-in');
      await page.getByRole('button', { name: 'Submit and continue' }).click();
      await page.waitForURL(/#\/student\/student-service-menu\//);
      await page.getByText('Check-in complete. Welcome! You can now request services from the office.').waitFor();
      await page.getByRole('heading', { name: 'Request a service' }).waitFor();
    });
  });

  it('the student, now continuing, starts CPT from the service menu: a bad EIN and phone show their messages, then it goes in with the faculty advisor named', async () => {
    const page = await freshPage();
    await step(page, '3-cpt', async () => {
      await signIn(page, EMAIL, PASSWORD, 'student');
      await page.waitForURL(/#\/student\/student-service-menu\//);
      await page.getByRole('heading', { name: 'Request a service' }).waitFor();
      await page.getByRole('link', { name: 'Start Curricular Practical Training (CPT)' }).click();
      await page.waitForURL(/#\/student\/cpt-request\//);

      // Bad values: an EIN one digit short and a phone one digit short; each field says what is wrong.
      const ein = page.getByRole('textbox', { name: 'Employer EIN' });
      const phone = page.getByRole('textbox', { name: 'Supervisor phone' });
      await page.getByRole('textbox', { name: 'Employer name' }).fill('Acme Robotics Inc.');
      // Typed with their dashes, nothing cut; the punctuation comes out on leaving the field.
      await ein.pressSequentially('12-345678');
      expect(await ein.inputValue()).toBe('12-345678');
      await page.getByRole('textbox', { name: 'Job title' }).fill('Robotics intern');
      expect(await ein.inputValue()).toBe('12345678');
      await phone.pressSequentially('617-555-010');
      expect(await phone.inputValue()).toBe('617-555-010');
      await page.getByRole('textbox', { name: 'Supervisor name' }).fill('Dana Smith');
      expect(await phone.inputValue()).toBe('617555010');
      await expectMessage(ein, 'Invalid length');
      await expectMessage(phone, 'Invalid phone');
      // Submitting anyway keeps the form and focuses the first field in trouble.
      await page.getByRole('button', { name: 'Submit request' }).click();
      await page.getByRole('alert').filter({ hasText: 'Not submitted yet.' }).waitFor();
      await expectMessage(ein, 'Invalid length');
      await expectMessage(phone, 'Invalid phone');
      await screenshot(page, 'student-journey-3-cpt-messages');

      // Corrected, and the rest of the form filled in.
      // Corrected as an offer letter prints them: accepted with their punctuation, kept as digits.
      await ein.fill('12-3456789');
      await phone.fill('(617) 555-0100');
      await expectMessage(ein, '9 digits, e.g. 12-3456789');
      await expectMessage(phone, '10 digits, e.g. 217-555-0199.');
      await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 Main St');
      await page.getByRole('textbox', { name: 'City' }).fill('Boston');
      await choose(page, page.getByRole('combobox', { name: 'State' }), 'Massachusetts (MA)');
      await page.getByRole('textbox', { name: 'ZIP code' }).fill('02110');
      await page.getByRole('textbox', { name: 'Start date' }).fill('01152027');
      await page.getByRole('textbox', { name: 'End date' }).fill('05142027');
      await choose(page, page.getByRole('combobox', { name: 'Full or part time' }), /^Part time/);
      await page.getByRole('textbox', { name: 'Hours per week' }).fill('20');
      await page
        .getByRole('textbox', { name: 'How is this work part of your curriculum?' })
        .fill('ENGR 590 requires a supervised internship.');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.waitForURL(/#\/student\/cpt-request\/edit\/[0-9a-f-]{36}$/);
      requestId = page.url().split('/').pop()!;

      // The faculty advisor who recommends it.
      await choose(page, page.getByRole('combobox', { name: 'Faculty advisor' }), 'Alex Advisor');
      await page.getByText('Faculty advisor saved.').waitFor();
      await page.getByRole('button', { name: 'Submit request' }).click();
      // Asked first: it goes to the faculty advisor, who gets the e-mail now (decision 028).
      await page
        .getByRole('dialog', { name: 'Submit request' })
        .getByText('It goes first to its approvers (Faculty advisor): Alex Advisor gets an e-mail with a link to approve it now', {
          exact: false,
        })
        .waitFor();
      await confirmDecision(page, 'Submit request');
      await page.waitForURL(/#\/student\/student-service-menu\//);
      await page.getByText('Your request was submitted.', { exact: false }).first().waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Curricular Practical Training (CPT)' });
      await row.getByText('Approver Review', { exact: true }).waitFor();
      requestNumber = (await row
        .getByRole('link', { name: /^#?\d+$/ })
        .first()
        .textContent())!
        .replace('#', '')
        .trim();
      await screenshot(page, 'student-journey-3-cpt-submitted');
    });
  });

  it('submitting sent it to the faculty advisor: the officer finds it in approver review', async () => {
    expect(requestNumber).not.toBe('');
    const page = await staff('officer');
    await step(page, '4-send', async () => {
      await page.goto('/#/isss/students-request-list');
      const row = page.getByRole('table', { name: 'Requests' }).getByRole('row', { name: new RegExp(`#${requestNumber}\\b`) });
      await row.getByText('Approver Review', { exact: true }).waitFor();
      await row.getByRole('link', { name: `#${requestNumber}` }).click();
      await page.waitForURL(new RegExp(`#/isss/request/${requestId}$`));
      await page.getByText('Acme Robotics Inc.', { exact: false }).first().waitFor();
      await page.getByRole('list', { name: 'Approvers' }).getByText('Waiting for decision').waitFor();
      await page.getByText('The approvers decide first (Faculty advisor).', { exact: false }).waitFor();
      await screenshot(page, 'student-journey-4-approver-review');
    });
  });

  it('the faculty advisor opens the e-mailed link without signing in and recommends it', async () => {
    const mail = await mailMatching(ADVISOR_EMAIL, new RegExp(`approval needed for request #${requestNumber}$`));
    const link = /(https?:\/\/\S+#\/advisor-approval\/\S+)/.exec(mail.text_body)?.[1];
    expect(link, mail.text_body).toBeTruthy();
    const page = await freshPage();
    await step(page, '5-advisor', async () => {
      await page.goto(link!);
      await page.waitForURL(/#\/approval-review$/);
      await page.getByRole('heading', { name: `Curricular Practical Training (CPT) — request #${requestNumber}` }).waitFor();
      await page.getByText(`${FIRST} ${LAST}`).first().waitFor();
      await page.getByText('Acme Robotics Inc.', { exact: false }).first().waitFor();
      await screenshot(page, 'student-journey-5-advisor');
      await page.getByLabel('Comment (optional; the office sees it)').fill('The internship is part of ENGR 590. Recommended.');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('status').getByText(`You approved request #${requestNumber}.`, { exact: false }).waitFor();
    });
  });

  it('a DSO approves the request', async () => {
    const page = await staff('admin');
    await step(page, '6-approve', async () => {
      await page.goto(`/#/isss/request/${requestId}`);
      const approvers = page.getByRole('list', { name: 'Approvers' });
      await approvers.getByText('Step 1: Alex Advisor').waitFor();
      await approvers.getByText('Approved', { exact: true }).waitFor();
      await approvers.getByText('The internship is part of ENGR 590. Recommended.', { exact: false }).waitFor();
      await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }).click();
      await confirmDecision(page, 'Approve');
      await page.getByText('Approved. The requester was told.').waitFor();
      await page.getByText(`${FIRST} ${LAST} · Approved`).waitFor();
      await screenshot(page, 'student-journey-6-approved');
    });

    // The student sees it on the service menu, approved.
    const student = await freshPage();
    await step(student, '6-student-sees', async () => {
      await signIn(student, EMAIL, PASSWORD, 'student');
      await student.waitForURL(/#\/student\/student-service-menu\//);
      const row = student.getByRole('row').filter({ hasText: 'Curricular Practical Training (CPT)' });
      await row.getByText('Approved', { exact: true }).waitFor();
    });
  });

  it('the student is in the CPT list; the record has a pending SEVIS CPTEmployment update and a History Log of each step', async () => {
    expect(profileId).not.toBe('');
    const page = await staff('officer');
    await step(page, '7-record', async () => {
      // Student List, the CPT students title, searched by the student's name.
      await page.goto('/#/isss/students-list');
      await page.getByRole('heading', { name: 'Student List', level: 1 }).waitFor();
      // The counts beside the titles say when they were taken, at the office's clock.
      await page.getByText(/^Counts as of \d{2}:\d{2} [A-Z]/).waitFor();
      await choose(page, page.getByRole('combobox', { name: 'List' }), /^CPT students/);
      await page.getByRole('table', { name: /^CPT students — / }).waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill(RUN);
      await page.waitForURL(new RegExp(`q:${RUN}`));
      const list = page.getByRole('table', { name: /^CPT students — 1 student/ });
      const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: NAME }) });
      await row.getByRole('cell', { name: 'Continuing', exact: true }).waitFor();
      await row.getByRole('cell', { name: 'F-1', exact: true }).waitFor();
      await screenshot(page, 'student-journey-7-cpt-list');
      await row.getByRole('link', { name: NAME }).click();

      // The record: continuing, and the CPT waits for the next SEVIS batch.
      await page.waitForURL(new RegExp(`#/isss/student-profile/${profileId}$`));
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      await page.getByText('Stage: Continuing').waitFor();
      await page.getByRole('alert').getByText('2 SEVIS updates waiting for the next batch.').waitFor();
      await page.getByRole('tab', { name: 'SEVIS Updates' }).click();
      const sevis = page.getByRole('table', { name: 'SEVIS updates' });
      const cpt = sevis.getByRole('row').filter({ hasText: 'CPTEmployment / Add' });
      await cpt.getByText('Pending', { exact: true }).waitFor();
      await cpt.getByText('Employer: Acme Robotics Inc.', { exact: true }).waitFor();
      await cpt.getByText('Start date: 01/15/2027', { exact: true }).waitFor();
      await cpt.getByText('End date: 05/14/2027', { exact: true }).waitFor();
      await cpt.getByText('Full or part time: Part time', { exact: true }).waitFor();
      await screenshot(page, 'student-journey-7-sevis-updates');

      // History Log: every step, by whom, in order (newest first on screen, paged by 20).
      await page.getByRole('tab', { name: 'History Log' }).click();
      const log = page.getByRole('table', { name: 'History Log' });
      await log.getByRole('cell', { name: 'CPT authorized', exact: true }).waitFor();
      await screenshot(page, 'student-journey-7-history-log');
      const rows: string[][] = [];
      for (let p = 0; p < 10; p++) {
        const texts = await log
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td,th')].map((td) => (td.textContent ?? '').trim())));
        rows.push(...texts);
        const next = page.getByRole('button', { name: 'Go to next page' });
        if (await next.isDisabled()) break;
        const first = texts[0]?.join('|');
        await next.click();
        await page.waitForFunction((was) => {
          const tr = document.querySelector('table[aria-label="History Log"] tbody tr');
          return !!tr && [...tr.querySelectorAll('td,th')].map((td) => (td.textContent ?? '').trim()).join('|') !== was;
        }, first);
      }
      const oldestFirst = rows.reverse();
      const student = `${FIRST} ${LAST}`;
      const at = (who: string, what: string | RegExp, from = 0): number => {
        const i = oldestFirst.findIndex(
          ([, w, x], n) => n >= from && w === who && (typeof what === 'string' ? x === what : what.test(x ?? '')),
        );
        expect(
          i,
          `History Log has "${String(what)}" by ${who} (after line ${from}): ${JSON.stringify(oldestFirst.map((r) => r.slice(1, 3)))}`,
        ).toBeGreaterThanOrEqual(0);
        return i;
      };
      const created = at('Olivia Officer', 'Record created');
      const invited = at('Olivia Officer', 'Invited to the portal', created);
      const wizardSteps = oldestFirst.filter(([, w, x]) => w === student && x === 'Welcome wizard step completed');
      expect(wizardSteps.map((r) => r[3])).toEqual([
        'Step: Welcome',
        'Step: Your contact details',
        'Step: Your passport',
        'Step: Confirm and finish',
      ]);
      const wizard = at(student, 'Stage completed by the student', invited);
      expect(oldestFirst[wizard]![3]).toBe('Stage: Invited → Pre-arrival');
      const preArrival = at(student, 'Stage completed by the student', wizard + 1);
      expect(oldestFirst[preArrival]![3]).toBe('Stage: Pre-arrival → Check-in');
      const checkIn = at(student, 'Stage completed by the student', preArrival + 1);
      expect(oldestFirst[checkIn]![3]).toBe('Stage: Check-in → Continuing');
      const saved = at(student, 'Request: Form saved', checkIn);
      expect(oldestFirst[saved]![3]).toContain('Employer EIN: — → 123456789');
      const advisor = at(student, 'Request: Request changed', saved);
      expect(oldestFirst[advisor]![3]).toBe('Faculty advisor named');
      const submitted = at(student, 'Request: Submitted', advisor);
      const sent = at(student, 'Request: Approver review started (on submit)', submitted);
      const recommended = at('Alex Advisor', 'Request: Approver approved', sent);
      expect(oldestFirst[recommended]![3]).toContain('Comment: The internship is part of ENGR 590. Recommended.');
      const approved = at('Avery Admin', 'Request: Approved', recommended);
      expect(oldestFirst[approved]![3]).toContain('Status: In Review → Approved');
      const authorized = at('Avery Admin', 'CPT authorized', approved);
      expect(oldestFirst[authorized]![3]).toContain('Acme Robotics Inc.');
      at('Avery Admin', 'SEVIS update queued', approved);
    });
  });
});
