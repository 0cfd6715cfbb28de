import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, launch, newPage, screenshot, signIn } from '../browser.js';

/**
 * Issue 5, "Must show": one scholar followed from the department's sponsorship request to an H-1B
 * case the office moves through two phases. The department admin (Physics) first saves without a
 * hiring authority and sees the message on that field, then saves, invites the scholar and sends the
 * request to the office; the office processes it as H-1B from Review Sponsorship Request; the scholar
 * sets a password from the e-mailed link, lands on 'H-1B Request', fills the application, uploads the
 * template's required document and submits to ISSS; the office moves the case through two phases with
 * notes and a reference number; the department sees the phase and status but not the H-1B
 * Information tab while Account Settings keep it hidden from departments.
 */

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

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

/** A small valid PDF (one empty US Letter page) with a correct cross-reference table. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: minimalPdf() });

/** The message a field announces (its aria-describedby text), waited for. */
async function expectMessage(field: Locator, message: string): Promise<void> {
  const end = Date.now() + WAIT;
  let last = '';
  while (Date.now() < end) {
    last = await field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/)
      .map((id) => (id ? document.getElementById(id)?.textContent ?? '' : '')).join(' ').trim()).catch(() => '');
    if (last.includes(message)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`expected "${message}" on the field, it says "${last}"`);
}

/** The newest e-mail to someone whose subject matches, waiting for it. */
async function mailMatching(to: string, subject: RegExp): Promise<{ subject: string; text_body: string }> {
  const end = Date.now() + WAIT;
  let last = '';
  while (Date.now() < end) {
    const m = await latestMail(to).catch(() => null);
    if (m && subject.test(m.subject)) return m;
    last = m?.subject ?? '';
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} (the newest: "${last}")`);
}

/** Picks an option of a MUI select (a combobox opening a listbox). */
async function choose(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** A page in a fresh browser context, with the journey's generous default wait. */
async function freshPage(): Promise<Page> {
  const page = await newPage(browser);
  page.setDefaultTimeout(WAIT);
  page.setDefaultNavigationTimeout(WAIT);
  return page;
}

async function office(): Promise<Page> {
  const page = await freshPage();
  await signIn(page, 'admin');
  await page.waitForURL(/#\/admin\/dashboard$/);
  return page;
}

async function department(): Promise<Page> {
  const page = await freshPage();
  await signIn(page, 'dept');
  await page.waitForURL(/#\/scholar\/deptDashboard/);
  return page;
}

/** Runs one step; when it fails, keeps a screenshot of where it stood for whoever reads the failure. */
async function step(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    await screenshot(page, `scholar-journey-FAILED-${name}`).catch(() => {});
    throw e;
  } finally {
    await page.context().close().catch(() => {});
  }
}

/** Shared between the steps: one scholar and one case followed through. */
let applicationId = '';

describe('Issue 5: a scholar from the sponsorship request to an H-1B case in its second phase', () => {
  it('the department admin creates a sponsorship request (refused without a hiring authority), invites the scholar and sends it to the office', async () => {
    newScholar();
    const page = await department();
    await step(page, '1-sponsorship', async () => {
      await page.getByRole('link', { name: 'New Sponsorship Request' }).click();
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
      await screenshot(page, 'scholar-journey-1-hiring-authority-message');

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
      await page.getByText(`Invitation sent to ${EMAIL}.`).waitFor();
      await page.getByText(`The scholar was invited (${EMAIL}) and has not set a password yet.`, { exact: false }).waitFor();
      await mailMatching(EMAIL, /set up your account$/);

      // Send it: without an approval workflow it goes straight to the office.
      await page.getByRole('button', { name: 'Send for approval' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send for approval?' });
      await confirm.getByText('The request goes to the international office.', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Sent to the international office.').waitFor();
      await page.getByRole('button', { name: 'Send for approval' }).waitFor({ state: 'detached' });
      await screenshot(page, 'scholar-journey-1-sent-to-office');
    });
  });
});
