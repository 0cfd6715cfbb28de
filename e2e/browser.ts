import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP, expectAccessible, trackPage } from './a11y.js';

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
export const DEMO_PASSWORD = 'Meridian-demo-1';
/**
 * Where the demo office staff (the super user, the officer and the assistant, each of a campus site) land
 * after signing in: My work, the student area's home (docs/product/shells.md#where-staff-land).
 */
export const STAFF_HOME = /#\/isss\/my-work$/;

/**
 * After LOGIN the app passes through `#/` (Loading...) before it goes on to the user's home; a journey
 * that navigates elsewhere must wait for that home, or the redirect can land after its own navigation.
 */
export const LANDED = (u: URL): boolean => !u.hash.startsWith('#/login') && u.hash !== '#/' && u.hash !== '';

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromium'),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The browser's time zone is the process's (TZ): CI's first pass runs in America/Los_Angeles so a date
 * that slips a day through `new Date()` in the browser shows there too. Chromium is told explicitly,
 * since it does not always read TZ itself; an unset or unusable TZ leaves Chromium's default.
 */
export function browserTimeZone(tz = process.env.TZ): string | undefined {
  if (!tz) return undefined;
  return tz === 'UTC' || Intl.supportedValuesOf('timeZone').includes(tz) ? tz : undefined;
}

/**
 * A page at a desk's 1280×800 in a fresh browser context, watched by the accessibility checks
 * (e2e/a11y.ts): each state it is in is checked at this size and at a phone's before it is left.
 */
export async function newPage(browser: Browser): Promise<Page> {
  const timezoneId = browserTimeZone();
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { ...DESKTOP },
    ...(timezoneId ? { timezoneId } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  trackPage(page);
  return page;
}

/**
 * Keeps a screenshot of the page (`<name>.png` at its size, `<name>-phone.png` or `-desktop.png` at the other) after
 * checking the state's accessibility at both sizes; `{ check: false }` only for the picture of a failure.
 */
export async function screenshot(page: Page, name: string, { check = true }: { check?: boolean } = {}): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  if (check) await expectAccessible(page, name, { screenshotAs: name });
  else await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Owner access to the server's database: to read the recorded e-mails. */
export async function query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]> {
  const c = new pg.Client({ connectionString: inject('databaseUrl') });
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** The newest e-mail to an address, waiting briefly for it to be recorded. */
export async function latestMail(to: string): Promise<{ subject: string; text_body: string }> {
  for (let i = 0; i < 50; i++) {
    const rows = await query<{ subject: string; text_body: string }>(
      'select subject, text_body from outbox where lower(to_address) = lower($1) order by created_at desc limit 1',
      [to],
    );
    if (rows[0]) return rows[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to}`);
}

export async function signIn(
  page: Page,
  userName: string,
  password = DEMO_PASSWORD,
  area: 'scholar' | 'student' = 'scholar',
): Promise<void> {
  await page.goto(area === 'student' ? '/#/login/student' : '/#/login');
  await page.getByLabel('User name').waitFor();
  await expectAccessible(page, `the ${area} sign-in page`);
  await page.getByLabel('User name').fill(userName);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}
