import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, screenshot, signIn, STAFF_HOME } from '../browser.js';
import {
  anyMailMatching as mailMatching,
  choose,
  confirmDecision,
  expectMessage,
  journeyPage,
  journeySteps,
  pdf,
} from '../journey-helpers.js';

/**
 * One scholar followed from the department's sponsorship request to an H-1B case the office moves through two
 * phases (docs/product/scholars-department.md, scholars-office.md, scholars-portal.md). The department admin
 * (Physics) first saves without a hiring authority and sees the message on that field, then saves, invites
 * the scholar and sends the request to the office; the office processes it as H-1B from Review Sponsorship
 * Request; the scholar sets a password from the e-mailed link, lands on 'H-1B Request', fills the
 * application, uploads the template's required document and submits to ISSS; the office moves the case
 * through two phases with notes and a reference number; the department sees the phase and status but not the
 * H-1B Information tab while Account Settings keep it hidden from departments.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A new scholar per attempt (a retried first step must not meet its own request). */
let RUN = '';
let FIRST = 'Lena';
let LAST = '';
let EMAIL = '';
function newScholar(): void {
  RUN = Date.now().toString(36);
  FIRST = 'Lena';
  LAST = `Novak-${RUN}`;
  EMAIL = `lena.novak.${RUN}@example.edu`;
}
const PASSWORD = 'Scholar-start-2026';
const HIRING_AUTHORITY_MESSAGE = 'Saving a scholar needs a hiring authority name.';
/** The machine running the journeys is shared and slow at times: waits are generous but bounded. */
const WAIT = 30_000;
/** A step is many page actions; on a busy machine it may take longer than vitest's default for one test. */
const STEP_TIMEOUT = 150_000;

const freshPage = () => journeyPage(browser);
const step = journeySteps('scholar-journey');

/** The value of a fact in a description list (a dt with this label, its dd). */
async function fact(scope: Locator, label: string): Promise<string> {
  const dt = scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) })
    .first();
  return (
    (await dt
      .locator('xpath=following-sibling::dd[1]')
      .textContent({ timeout: 2_000 })
      .catch(() => '')) ?? ''
  ).trim();
}

async function office(): Promise<Page> {
  const page = await freshPage();
  await signIn(page, 'admin');
  await page.waitForURL(STAFF_HOME);
  return page;
}

async function department(): Promise<Page> {
  const page = await freshPage();
  await signIn(page, 'dept');
  await page.waitForURL(/#\/scholar\/deptDashboard/);
  return page;
}

/** A full-page screenshot from the top (a scrolled page would draw the fixed app bar mid-page). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `scholar-journey-${name}`);
}

/** Shared between the steps: one scholar and one case followed through. */
let applicationId = '';

describe('a scholar from the sponsorship request to an H-1B case in its second phase', () => {
  it(
    'the department admin creates a sponsorship request (refused without a hiring authority), invites the scholar and sends it to the office',
    async () => {
      newScholar();
      const page = await department();
      await step(page, '1-sponsorship', async () => {
        // The page's own button (the docked menu has an entry of the same name).
        await page.getByRole('main').getByRole('link', { name: 'New Sponsorship Request' }).click();
        await page.waitForURL(/#\/scholar\/createscholar$/);
        await page.getByRole('heading', { name: 'New Sponsorship Request', level: 1 }).waitFor();
        const form = page.getByRole('form', { name: 'Sponsorship request' });
        await form.getByRole('textbox', { name: 'First name' }).fill(FIRST);
        await form.getByRole('textbox', { name: 'Last name' }).fill(LAST);
        await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(EMAIL);
        await choose(page, form.getByRole('combobox', { name: 'Proposed status' }), 'H-1B');
        await form.getByRole('textbox', { name: 'Position' }).fill('Postdoctoral Research Associate');
        await form.getByRole('textbox', { name: 'Proposed start date' }).fill('09/01/2027');
        await form.getByRole('textbox', { name: 'Proposed end date' }).fill('08/31/2030');

        // Without a hiring authority: refused, the message on that field, nothing typed is lost.
        const hiring = form.getByRole('textbox', { name: 'Hiring authority name' });
        await form.getByRole('button', { name: 'Save as draft' }).click();
        await expectMessage(hiring, HIRING_AUTHORITY_MESSAGE);
        await expect.poll(() => hiring.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(page.url()).toMatch(/#\/scholar\/createscholar$/);
        expect(await form.getByRole('textbox', { name: 'Last name' }).inputValue()).toBe(LAST);
        expect(await form.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe(EMAIL);
        expect(await form.getByRole('textbox', { name: 'Proposed start date' }).inputValue()).toBe('09/01/2027');
        await shot(page, '1-hiring-authority-message');

        // With it: saved as a draft, the case opens.
        await hiring.fill('Prof. Maria Keller');
        await form.getByRole('textbox', { name: 'Hiring authority e-mail' }).fill('m.keller@demo.example.edu');
        await form.getByRole('button', { name: 'Save as draft' }).click();
        await page.waitForURL(/#\/scholar\/editscholarapplication\/[0-9a-f-]{36}$/);
        applicationId = page.url().split('/').pop()!;
        await page.getByRole('heading', { name: 'Review Sponsorship Request', level: 1 }).waitFor();
        await page.getByText(`${FIRST} ${LAST} · H-1B · Department of Physics`).waitFor();
        await page.getByText('The scholar has not been invited to the portal yet.', { exact: false }).waitFor();

        // Invite the scholar: an e-mail with a set-up link.
        await page.getByRole('button', { name: 'Invite the scholar' }).click();
        await confirmDecision(page, 'Invite');
        await page.getByText(`Invitation sent to ${EMAIL}.`).waitFor();
        await page.getByText(`The scholar was invited (${EMAIL}) and has not set a password yet.`, { exact: false }).waitFor();
        await mailMatching(EMAIL, /set up your account$/);

        // Send it: without an approval workflow it goes straight to the office.
        await page.getByRole('button', { name: 'Send for approval' }).click();
        const confirm = page.getByRole('dialog', { name: 'Send for approval?' });
        await confirm.getByText('The request goes to the international office.', { exact: false }).waitFor();
        await confirm.getByRole('button', { name: 'Send' }).click();
        await page.getByText('Sent to the international office.').waitFor();
        await confirm.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Send for approval' }).waitFor({ state: 'detached' });
        await shot(page, '1-sent-to-office');
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'the office asks for the passport page in the H-1B template, finds the new request on the scholar dashboard and processes it as H-1B',
    async () => {
      expect(applicationId).not.toBe('');
      const page = await office();
      await step(page, '2-process', async () => {
        // Templates for H-1B and O-1: the H-1B application's document checklist gets the (required) passport page.
        await page.goto('/#/admin/scholar-templates');
        await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'H-1B', exact: true }).click();
        const documents = page.getByRole('combobox', { name: 'Documents' });
        // The template's chips are drawn with its editor: look for the passport page only once it is open.
        await documents.waitFor();
        if (!(await page.getByRole('button', { name: /^Passport identity page/ }).count())) {
          await documents.click();
          await page.getByRole('option', { name: 'Passport identity page (required)', exact: true }).click();
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: 'Save H-1B template' }).click();
          await page.getByText('H-1B template saved.', { exact: false }).waitFor();
        }
        await shot(page, '2-h1b-template');

        // The scholar dashboard: the request is there, searched by name, not processed yet.
        await page.goto('/#/admin/dashboard');
        await page.getByRole('heading', { name: 'International Scholar and Employee Admin', level: 1 }).waitFor();
        await page.getByRole('searchbox', { name: 'Search' }).fill(RUN);
        await page.waitForURL(new RegExp(`q:${RUN}`));
        const table = page.getByRole('table', { name: /^All — 1 case match/ });
        const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `${LAST}, ${FIRST}` }) });
        await row.getByRole('cell', { name: 'Department of Physics' }).waitFor();
        await row.getByText('Proposed: H-1B').waitFor();
        await row.getByRole('cell', { name: 'Sponsorship Request', exact: true }).waitFor();
        await shot(page, '2-dashboard');
        // The export of what the dashboard shows runs as a job; the page downloads its workbook when it is done.
        const [workbook] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export to Excel' }).click(),
        ]);
        expect(workbook.suggestedFilename()).toMatch(/^Scholar_Export_\d{1,2}_\d{1,2}_\d{4}\.xlsx$/);
        expect(
          fs
            .readFileSync(await workbook.path())
            .subarray(0, 2)
            .toString('latin1'),
        ).toBe('PK');
        await expect.poll(() => page.getByRole('button', { name: 'Export to Excel' }).isEnabled()).toBe(true);
        // An unprocessed request's row opens Review Sponsorship Request directly.
        await row.getByRole('link', { name: `${LAST}, ${FIRST}` }).click();

        // Review Sponsorship Request: what the department asked for, then "Process as" H-1B.
        await page.waitForURL(new RegExp(`#/admin/reviewrequest/${applicationId}$`));
        await page.getByRole('heading', { name: 'Review Sponsorship Request', level: 1 }).waitFor();
        await page.getByText('Prof. Maria Keller').first().waitFor();
        await page.getByText('Postdoctoral Research Associate').first().waitFor();
        const processAs = page.getByRole('region', { name: 'Process as' });
        await processAs.getByRole('radio', { name: 'H-1B', exact: true }).check();
        expect(await processAs.getByRole('textbox', { name: 'Start date' }).inputValue()).toBe('09/01/2027');
        expect(await processAs.getByRole('textbox', { name: 'End date' }).inputValue()).toBe('08/31/2030');
        await processAs
          .getByRole('textbox', { name: 'Notes for the status history' })
          .fill('Cap-exempt H-1B; the department confirmed the funding.');
        await shot(page, '2-review-request');
        await processAs.getByRole('button', { name: 'Process as H-1B' }).click();
        // Asked first, naming the scholar, the visa type and the dates.
        await page
          .getByRole('dialog', { name: 'Process as H-1B' })
          .getByText(`Process ${FIRST} ${LAST}'s sponsorship request as H-1B, 09/01/2027 to 08/31/2030?`)
          .waitFor();
        await shot(page, '2-process-as-confirmation');
        await confirmDecision(page, 'Process as H-1B');
        await page.getByText(`${FIRST} ${LAST}: processed as H-1B. The scholar and the department were told.`).waitFor();
        await page.waitForURL(new RegExp(`#/admin/scholar-profile/${applicationId}\\?tab=processing$`));
        const phase = page.getByRole('region', { name: 'Phase and status' });
        await expect.poll(() => fact(phase, 'Phase'), { timeout: WAIT }).toBe('Application');
        expect(await fact(phase, 'Visa type')).toBe('H-1B');
        await shot(page, '2-processed');
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'the scholar sets a password from the e-mailed link, lands on H-1B Request, fills the application, uploads the passport page and submits to ISSS',
    async () => {
      expect(applicationId).not.toBe('');
      const mail = await mailMatching(EMAIL, /set up your account$/);
      const link = /(https?:\/\/\S+#\/login\/pass-reset\/\S+)/.exec(mail.text_body)?.[1];
      expect(link, mail.text_body).toBeTruthy();
      const page = await freshPage();
      await step(page, '3-application', async () => {
        await page.goto(link!);
        await page.getByRole('heading', { name: 'Set your password', level: 1 }).waitFor();
        await page.getByText(EMAIL, { exact: true }).waitFor();
        await page.getByRole('textbox', { name: 'New password' }).fill(PASSWORD);
        await page.getByRole('textbox', { name: 'Repeat password' }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Set password' }).click();
        await page.waitForURL(/#\/login$/);

        // Signed in, the scholar lands on the page of the processed state.
        await signIn(page, EMAIL, PASSWORD);
        await page.waitForURL(/#\/scholar\/edith1application$/);
        await page.getByRole('heading', { name: 'H-1B Request', level: 1 }).waitFor();
        await page.getByText(`${FIRST} ${LAST} · H-1B application · Department of Physics`).waitFor();
        const tabs = page.getByRole('tablist', { name: 'Application sections' });
        const panel = page.getByRole('tabpanel');
        const open = async (name: string) => {
          await tabs.getByRole('tab', { name, exact: true }).click();
          await panel.getByRole('heading', { name, level: 2 }).waitFor();
        };

        // Countries are chosen from the office's list: type to find, then pick the country (its ISO code is stored).
        const country = async (label: string) => {
          await panel.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) }).fill('Czech Republic');
          await page
            .getByRole('option', { name: /czech republic/i })
            .first()
            .click();
        };

        // Beneficiary: the name and e-mail come from the sponsorship request.
        await open('Beneficiary');
        expect(await panel.getByRole('textbox', { name: 'First (given) name' }).inputValue()).toBe(FIRST);
        expect(await panel.getByRole('textbox', { name: 'Last (family) name' }).inputValue()).toBe(LAST);
        expect(await panel.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(EMAIL);
        await panel.getByRole('textbox', { name: 'Date of birth' }).fill('04/12/1990');
        await country('Country of birth');
        await country('Country of citizenship');
        await panel.getByRole('textbox', { name: 'Phone' }).fill('+420 601 555 010');
        await shot(page, '3-beneficiary');

        await open('Address abroad');
        await panel.getByRole('textbox', { name: 'Foreign street address' }).fill('Vinohradska 12');
        await panel.getByRole('textbox', { name: 'Foreign city' }).fill('Prague');
        await panel.getByRole('textbox', { name: 'Foreign postal code' }).fill('120 00');
        await country('Foreign country');

        // Education: highest education is one of the nine options, verbatim.
        await open('Education');
        await panel.getByRole('combobox', { name: 'Highest education' }).click();
        const options = await page.getByRole('listbox').getByRole('option').allTextContents();
        expect(options).toEqual([
          'Not selected',
          "Associate's degree",
          "Bachelor's degree",
          'Doctorate degree',
          'High School Graduate Diploma or the equivalent',
          "Master's degree",
          'No Diploma',
          'One or more years of college with no degree',
          'Professional degree',
          'Some college credit but less than 1 year',
        ]);
        await page.getByRole('option', { name: 'Doctorate degree', exact: true }).click();
        await page.getByRole('listbox').waitFor({ state: 'detached' });
        await panel.getByRole('textbox', { name: 'Date of highest degree' }).fill('06/30/2022');
        await panel.getByRole('textbox', { name: 'Field of study' }).fill('Condensed matter physics');

        // Immigration history: one period of stay, dates MM/DD/YYYY (a To before the From is refused on the field).
        await open('Immigration history');
        const periods = panel.getByRole('region', { name: /^Periods of stay in the U\.S\./ });
        await periods.getByRole('button', { name: 'Add period' }).click();
        await periods.getByRole('textbox', { name: 'Name on the record' }).fill(`${FIRST} ${LAST}`);
        await periods.getByRole('textbox', { name: 'Status / visa' }).fill('J-1');
        const from = periods.getByRole('textbox', { name: 'From', exact: true });
        const to = periods.getByRole('textbox', { name: 'To', exact: true });
        await from.fill('09/01/2022');
        await to.fill('08/31/2021');
        await to.blur();
        await expectMessage(to, 'The "to" date must be after the "from" date.');
        await to.fill('08/31/2024');
        expect(await from.inputValue()).toBe('09/01/2022');
        await shot(page, '3-immigration-history');

        await open('Dependents');
        await panel
          .getByRole('radiogroup', { name: /^Will family members/ })
          .getByRole('radio', { name: 'No' })
          .check();

        await open('Petition information');
        for (const q of [
          /^Were you counted against the H-1B cap/,
          /^Has an I-140 been approved/,
          /^Will you work in the Commonwealth/,
          /^Will you work off-site/,
          /^Are you a current employee/,
        ]) {
          await panel.getByRole('radiogroup', { name: q }).getByRole('radio', { name: 'No' }).check();
        }
        await panel
          .getByRole('radiogroup', { name: /^Are you in the U\.S\. now/ })
          .getByRole('radio', { name: 'No' })
          .check();

        await open('Actual wages');
        const wages = panel.getByRole('region', { name: /^Actual wages/ });
        await wages.getByRole('button', { name: 'Add wage' }).click();
        await wages.getByRole('textbox', { name: 'Name' }).fill('Postdoctoral Research Associate');
        await wages.getByRole('textbox', { name: 'Wages' }).fill('$65,000 per year');

        await open('Travel document');
        await choose(page, panel.getByRole('combobox', { name: 'Travel document' }), 'Passport');
        await panel.getByRole('textbox', { name: 'Document number' }).fill('CZ4471902');
        await panel.getByRole('textbox', { name: 'Issue date' }).fill('03/15/2021');
        await panel.getByRole('textbox', { name: 'Expiry date' }).fill('03/14/2031');

        await page.getByRole('button', { name: 'Save draft' }).click();
        await page.getByText('Your draft was saved.').waitFor();

        // The document checklist of the H-1B template: the passport page is asked for.
        await open('Documents');
        const slot = panel.getByRole('region', { name: 'Requested documents' });
        await slot.getByText('Passport identity page', { exact: true }).waitFor();
        await slot.getByText('Missing', { exact: true }).waitFor();
        const chooser = page.waitForEvent('filechooser');
        await slot.getByRole('button', { name: /^Upload Passport identity page/ }).click();
        await (await chooser).setFiles(pdf('passport.pdf'));
        await slot.getByText('Uploaded', { exact: true }).waitFor();
        await panel.getByRole('table', { name: 'Documents' }).getByText('passport.pdf').waitFor();
        await shot(page, '3-documents');

        await page.getByRole('button', { name: 'Submit to ISSS' }).click();
        await confirmDecision(page, 'Submit to ISSS');
        await page
          .getByRole('status')
          .filter({ has: page.getByText('Submitted to ISSS', { exact: true }) })
          .getByText('Your application was submitted to ISSS on', { exact: false })
          .waitFor();
        await page.getByRole('button', { name: 'Submit to ISSS' }).waitFor({ state: 'detached' });
        await shot(page, '3-submitted');
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'the office moves the case through two phases (notes, a receipt number) and the status history shows both',
    async () => {
      expect(applicationId).not.toBe('');
      const page = await office();
      await step(page, '4-phases', async () => {
        await page.goto(`/#/admin/scholar-profile/${applicationId}?tab=processing`);
        await page.getByRole('heading', { name: `${LAST}, ${FIRST}`, level: 1 }).waitFor();
        await page.getByText('The scholar submitted the application; it is locked while the office reviews it.').waitFor();
        const phase = page.getByRole('region', { name: 'Phase and status' });
        await expect.poll(() => fact(phase, 'Phase'), { timeout: WAIT }).toBe('ISSS Review');
        expect(await fact(phase, 'Application')).toBe('Submitted to the office');
        expect(await fact(phase, 'Locked for the scholar')).toBe('Yes');

        // The office's H-1B information (what departments may see when Account Settings allow it).
        await page.getByRole('tab', { name: 'H-1B Information' }).click();
        await page.getByRole('textbox', { name: 'LCA case number' }).fill('I-200-27001-123456');
        await page.getByRole('textbox', { name: 'SOC code' }).fill('19-2012');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.getByText('H-1B information saved.').waitFor();

        const change = async (to: { phase: string; status: string; notes: string; referenceNumber?: string; referenceDate?: string }) => {
          await page.getByRole('tab', { name: 'Processing' }).click();
          await page.getByRole('button', { name: 'Change phase or status' }).click();
          const dialog = page.getByRole('dialog', { name: 'Change phase and status' });
          await choose(page, dialog.getByRole('combobox', { name: 'Phase' }), to.phase);
          await choose(page, dialog.getByRole('combobox', { name: 'Status' }), to.status);
          if (to.referenceNumber) await dialog.getByRole('textbox', { name: 'Reference number' }).fill(to.referenceNumber);
          if (to.referenceDate) await dialog.getByRole('textbox', { name: 'Reference date' }).fill(to.referenceDate);
          await dialog.getByRole('textbox', { name: 'Notes' }).fill(to.notes);
          await shot(page, `4-change-to-${to.phase.toLowerCase().replace(/\W+/g, '-')}`);
          await dialog.getByRole('button', { name: 'Save the change' }).click();
          await page.getByText(`${FIRST} ${LAST}: ${to.phase} · ${to.status}.`).waitFor();
          await dialog.waitFor({ state: 'detached' });
          await expect.poll(() => fact(phase, 'Phase'), { timeout: WAIT }).toBe(to.phase);
          expect(await fact(phase, 'Status')).toBe(to.status);
        };
        await change({ phase: 'Petition Preparation', status: 'In Progress', notes: 'LCA certified; preparing the I-129.' });
        await change({
          phase: 'Filed',
          status: 'Pending',
          referenceNumber: 'EAC2790012345',
          referenceDate: '11/20/2026',
          notes: 'Filed with USCIS (regular processing).',
        });

        // Request/Petition Status: both changes, newest first, with the notes and the receipt number.
        await page.getByRole('tab', { name: 'Request/Petition Status' }).click();
        const history = page.getByRole('table', { name: 'Status history' });
        const filed = history.getByRole('row').filter({ hasText: 'Filed' }).filter({ hasText: 'EAC2790012345' });
        await filed.getByText('Filed with USCIS (regular processing).').waitFor();
        await filed.getByText('EAC2790012345 (11/20/2026)').waitFor();
        const preparation = history.getByRole('row').filter({ hasText: 'Petition Preparation' });
        await preparation.getByText('LCA certified; preparing the I-129.').waitFor();
        await preparation.getByRole('cell', { name: 'In Progress', exact: true }).waitFor();
        const phases = await history.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.children[1]?.textContent?.trim() ?? ''));
        expect(phases.indexOf('Filed')).toBeLessThan(phases.indexOf('Petition Preparation'));
        expect(phases).toContain('ISSS Review');
        await shot(page, '4-status-history');
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'the department sees the phase and status of the case but no H-1B Information tab while Account Settings keep it from departments',
    async () => {
      expect(applicationId).not.toBe('');
      const page = await department();
      await step(page, '5-department', async () => {
        await page.getByRole('searchbox', { name: 'Search' }).fill(RUN);
        await page.waitForURL(new RegExp(`q:${RUN}`));
        const row = page.getByRole('table', { name: 'Scholars of the department' }).getByRole('row').filter({ hasText: EMAIL });
        await row.getByText('Account set up').waitFor();
        await shot(page, '5-department-dashboard');
        await row.getByRole('link', { name: `${LAST}, ${FIRST}` }).click();
        await page.waitForURL(new RegExp(`#/scholar/editscholarapplication/${applicationId}$`));
        await page.getByRole('heading', { name: 'Review Sponsorship Request', level: 1 }).waitFor();
        const tabs = page.getByRole('tablist', { name: 'Sponsorship request' });
        await tabs.getByRole('tab', { name: 'Status', exact: true }).click();
        const panel = page.getByRole('tabpanel');
        await expect.poll(() => fact(panel, 'Phase'), { timeout: WAIT }).toBe('Filed');
        expect(await fact(panel, 'Office status')).toBe('Pending');
        expect(await fact(panel, 'Processed as')).toBe('H-1B');
        const history = panel.getByRole('table', { name: 'Status history' });
        await history.getByRole('row').filter({ hasText: 'Filed' }).getByText('EAC2790012345').waitFor();
        await history
          .getByRole('row')
          .filter({ hasText: 'Petition Preparation' })
          .getByRole('cell', { name: 'In Progress', exact: true })
          .waitFor();
        // The office's H-1B information is not theirs to see (the server leaves it out too).
        expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Department', 'Status', 'Documents', 'History Log']);
        await shot(page, '5-department-status');
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'once the office allows it in Account Settings, the department sees the H-1B Information tab (and not after it is turned off again)',
    async () => {
      expect(applicationId).not.toBe('');
      const setVisible = async (on: boolean) => {
        const admin = await office();
        await step(admin, `6-settings-${on ? 'on' : 'off'}`, async () => {
          await admin.goto('/#/admin/account-settings');
          await admin.getByRole('heading', { name: 'Account Settings for H-1B and O-1', level: 1 }).waitFor();
          const box = admin.getByRole('checkbox', { name: 'Departments see the H-1B Information tab' });
          if ((await box.isChecked()) !== on) {
            await box.setChecked(on);
            await admin.getByRole('button', { name: 'Save settings' }).click();
            await admin.getByText('Account settings saved.').waitFor();
          }
          if (on) await shot(admin, '6-account-settings');
        });
      };
      await setVisible(true);
      try {
        const page = await department();
        await step(page, '6-department-sees', async () => {
          await page.goto(`/#/scholar/editscholarapplication/${applicationId}`);
          const tabs = page.getByRole('tablist', { name: 'Sponsorship request' });
          await tabs.getByRole('tab', { name: 'H-1B Information' }).click();
          const panel = page.getByRole('tabpanel');
          await panel.getByText('I-200-27001-123456', { exact: true }).waitFor();
          await panel.getByText('19-2012', { exact: true }).waitFor();
          await shot(page, '6-department-h1b-information');
        });
      } finally {
        await setVisible(false);
      }
      const again = await department();
      await step(again, '6-department-hidden-again', async () => {
        await again.goto(`/#/scholar/editscholarapplication/${applicationId}`);
        const tabs = again.getByRole('tablist', { name: 'Sponsorship request' });
        await tabs.getByRole('tab', { name: 'Status', exact: true }).waitFor();
        expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Department', 'Status', 'Documents', 'History Log']);
      });
    },
    STEP_TIMEOUT,
  );
});
