import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launch, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { journeyPage } from '../journey-helpers.js';

/*
 * Lists say who, notices open what they are about, the sign-in pages, one status vocabulary
 * (docs/product/requests.md#who-a-request-is-about, notifications.md#what-a-notice-opens, auth.md#login-pages,
 * statuses.md). Each page state is checked with axe (wcag2a, wcag2aa: no serious or critical violation)
 * at 1280×800 and at 390×844.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { width: 1280, height: 800, tag: 'wide' },
  { width: 390, height: 844, tag: 'phone' },
] as const;

/** axe at both sizes on what the page shows now (or inside `include`), with a screenshot of each. */
async function checkBothSizes(page: Page, name: string, include?: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
    const axe = await (include ? builder.include(include) : builder).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${name} ${size.tag}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
      [],
    );
    await screenshot(page, `lists-${name}-${size.tag}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The API as the demo user, for what the journey needs set up (a request the student starts and submits). */
async function api(userName: string) {
  const session = await (
    await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password: DEMO_PASSWORD, ...(userName === 'student' ? { portal: 'student' } : {}) }),
    })
  ).json();
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const res = await fetch(
      `${baseUrl()}${path}`,
      body === undefined
        ? { method, headers: auth }
        : { method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

describe('lists say who and notices open what they are about', () => {
  let requestId = '';
  let requestNumber = 0;

  it("a student's submitted request reaches the officer's bell; the notice is a link that opens the request", async () => {
    const asStudent = await api('student');
    const types = await asStudent<{ id: string; code: string }[]>('GET', '/api/requests/startable-types');
    // A demographic update asks nothing it must have: it is submitted as it stands.
    const type = types.find((t) => t.code === 'demographic_update')!;
    const created = await asStudent<{ id: string; number: number }>('POST', '/api/requests', { requestTypeId: type.id });
    await asStudent('POST', `/api/requests/${created.id}/submit`);
    requestId = created.id;
    requestNumber = created.number;

    const page = await journeyPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(/#\/(admin|isss)\//);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const notice = panel.getByRole('link', { name: new RegExp(`#${requestNumber}`) });
    await notice.waitFor();
    // The words wrap beside the buttons, never under them, at either size.
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(300);
      const row = notice.locator('xpath=ancestor::li[1]');
      const text = (await notice.boundingBox())!;
      const actions = (await row.locator('[data-notification-actions]').boundingBox())!;
      expect(text.x + text.width, `${size.tag}: the text ends before the buttons begin`).toBeLessThanOrEqual(actions.x + 0.5);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkBothSizes(page, 'bell', '[role="dialog"]');
    await notice.click();
    await page.waitForURL(new RegExp(`#/isss/request/${requestId}$`));
    await page.getByRole('heading', { name: new RegExp(`Request #${requestNumber}`) }).waitFor();
    // The page names the student the request is about.
    await page.getByText('Priya Sharma', { exact: false }).first().waitFor();
    await checkBothSizes(page, 'request-from-notice');
    await page.context().close();
  });

  it("the Student Request List holds students' requests, each naming the student; the scholar cases are on the Scholar Dashboard", async () => {
    const page = await journeyPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(/#\/(admin|isss)\//);
    await page.goto('/#/isss/students-request-list');
    await page.getByRole('tab', { name: 'All' }).click();
    const table = page.getByRole('table', { name: 'Requests' });
    const row = table.getByRole('row', { name: new RegExp(`#${requestNumber}`) });
    await row.waitFor();
    expect(await table.getByRole('columnheader', { name: /Student/ }).count()).toBe(1);
    await row.getByText('Priya Sharma').waitFor();
    await row.getByText('Submitted', { exact: true }).waitFor();
    // The demo's scholar cases (H-1B, J-1, sponsorship requests) are not students' requests.
    expect(await table.getByText(/H-1B|J-1 Application|Sponsorship Request/).count()).toBe(0);
    await checkBothSizes(page, 'student-request-list');
    await page.context().close();
  });

  it("the department's Requests name the scholar of each sponsorship request, in the dashboard's words", async () => {
    const page = await journeyPage(browser);
    await signIn(page, 'dept');
    await page.waitForURL(/#\/scholar\/deptDashboard/);
    await page.goto('/#/scholar/requests');
    const table = page.getByRole('table', { name: 'My requests' });
    const gonzalez = table.getByRole('row', { name: /Maria Gonzalez/ });
    await gonzalez.waitFor();
    await gonzalez.getByText('With the office', { exact: true }).waitFor();
    // Not the request's own word for it.
    expect(await gonzalez.getByText('Submitted', { exact: true }).count()).toBe(0);
    await checkBothSizes(page, 'department-requests');
    // The row opens the case.
    await gonzalez.getByRole('link', { name: /^#\d+$/ }).click();
    await page.waitForURL(/#\/scholar\/editscholarapplication\//);
    await page.context().close();
  });

  it('a name not in the chosen Student List title is offered over all students', async () => {
    const page = await journeyPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/students-list?filters=title:active;q:volkov');
    await page.getByText('1 student matches “volkov” in All students.').waitFor();
    await checkBothSizes(page, 'student-list-search-all');
    await page.getByRole('button', { name: 'Search all students' }).click();
    await page.getByRole('link', { name: 'Volkov, Dmitri' }).waitFor();
    await page.context().close();
  });

  it('the sign-in pages: the institution above SCHOLAR and STUDENT, each with its welcome, linked to each other', async () => {
    const page = await journeyPage(browser);
    await page.goto('/#/login');
    await page.getByRole('heading', { name: 'SCHOLAR', level: 1 }).waitFor();
    await page.locator('.login-brand').getByText('Demo University').waitFor();
    await page.getByText('Welcome to the Scholar Module').waitFor();
    await checkBothSizes(page, 'login-scholar');
    await page.getByRole('link', { name: 'Go to the student sign-in' }).click();
    await page.getByRole('heading', { name: 'STUDENT', level: 1 }).waitFor();
    await page.getByText('Welcome to the Student Portal').waitFor();
    await checkBothSizes(page, 'login-student');
    await page.getByRole('link', { name: 'Go to the scholar and staff sign-in' }).click();
    await page.getByRole('heading', { name: 'SCHOLAR', level: 1 }).waitFor();
    await page.context().close();
  });
});
