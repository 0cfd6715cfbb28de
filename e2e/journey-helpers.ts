import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible, stopChecking } from './a11y.js';
import { latestMail, newPage, query, screenshot, signIn, STAFF_HOME } from './browser.js';

/**
 * Helpers the journeys (student, scholar, SEVIS, case engine) share: a PDF to upload, waiting for a
 * field's message or an e-mail, picking an option, fresh pages and steps that keep a screenshot
 * when they fail.
 */

/** The machine running the journeys is shared and slow at times: waits are generous but bounded. */
export const JOURNEY_WAIT = 30_000;

/** A small valid PDF (one empty US Letter page) with a correct cross-reference table. */
export function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF file to hand to an upload input. */
export const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: minimalPdf() });

/** The message a field announces (its aria-describedby text), waited for. */
export async function expectMessage(field: Locator, message: string, timeout = JOURNEY_WAIT): Promise<void> {
  const end = Date.now() + timeout;
  let last = '';
  while (Date.now() < end) {
    last = await field
      .evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
          .join(' ')
          .trim(),
      )
      .catch(() => '');
    if (last.includes(message)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`expected "${message}" on the field, it says "${last}"`);
}

/** The newest e-mail to someone, once its subject matches, waiting for it. */
export async function newestMailMatching(
  to: string,
  subject: RegExp,
  timeout = JOURNEY_WAIT,
): Promise<{ subject: string; text_body: string }> {
  const end = Date.now() + timeout;
  let last = '';
  while (Date.now() < end) {
    const m = await latestMail(to).catch(() => null);
    if (m && subject.test(m.subject)) return m;
    last = m?.subject ?? '';
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} (the newest: "${last}")`);
}

/** The newest e-mail to someone whose subject matches (later e-mails to them do not hide it), waiting for it. */
export async function anyMailMatching(
  to: string,
  subject: RegExp,
  timeout = JOURNEY_WAIT,
): Promise<{ subject: string; text_body: string }> {
  const end = Date.now() + timeout;
  let seen: string[] = [];
  while (Date.now() < end) {
    const rows = await query<{ subject: string; text_body: string }>(
      'select subject, text_body from outbox where lower(to_address) = lower($1) order by created_at desc',
      [to],
    );
    const m = rows.find((r) => subject.test(r.subject));
    if (m) return m;
    seen = rows.map((r) => r.subject);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} (there are: ${JSON.stringify(seen)})`);
}

/** Picks an option of a MUI select (a combobox opening a listbox) and waits for the list to close. */
export async function choose(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** A page in a fresh browser context, with the journey's generous default wait. */
export async function journeyPage(browser: Browser, wait = JOURNEY_WAIT): Promise<Page> {
  const page = await newPage(browser);
  page.setDefaultTimeout(wait);
  page.setDefaultNavigationTimeout(wait);
  return page;
}

/** A journey page signed in as the demo student (their portal) or the demo admin (on My work, the student area's home). */
export async function signedInPage(browser: Browser, user: 'admin' | 'student'): Promise<Page> {
  const page = await journeyPage(browser);
  if (user === 'student') await signIn(page, 'student', undefined, 'student');
  else {
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
  }
  return page;
}

/**
 * The steps of one journey: each runs its body on a page, checks the accessibility of where it ended
 * (at both sizes, e2e/a11y.ts) and closes the page's context; when it fails, keeps a screenshot
 * `<journey>-FAILED-<name>` of where it stood for whoever reads the failure.
 */
export function journeySteps(journey: string) {
  return async function step(page: Page, name: string, body: () => Promise<void>): Promise<void> {
    try {
      await body();
      await expectAccessible(page, `${journey}-${name} (end of step)`);
    } catch (e) {
      stopChecking(page);
      await screenshot(page, `${journey}-FAILED-${name}`, { check: false }).catch(() => {});
      throw e;
    } finally {
      await page
        .context()
        .close()
        .catch(() => {});
    }
  };
}

/**
 * Confirms a decision in the one confirmation dialog (docs/product/requests.md#decisions-are-confirmed):
 * the dialog holding a button of that name, its button clicked; answers the dialog (gone once the
 * decision is sent, unless the server refused it: then it stays with the refusal).
 */
export async function confirmDecision(page: Page, confirmLabel: string): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: confirmLabel, exact: true }) });
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  return dialog;
}
