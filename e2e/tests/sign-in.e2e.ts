import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserTimeZone, launch, newPage, query, screenshot, signIn, DEMO_PASSWORD } from '../browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in', () => {
  it("the browser runs in the process's time zone (CI's Los Angeles pass reaches Chromium too)", async () => {
    const page = await newPage(browser);
    await page.goto('/#/login');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const expected = browserTimeZone();
    if (expected) expect(zone).toBe(expected);
    await page.context().close();
  });

  const landings: Array<[string, 'scholar' | 'student', RegExp]> = [
    ['admin', 'scholar', /#\/admin\/dashboard$/],
    ['officer', 'scholar', /#\/admin\/dashboard$/],
    ['assistant', 'scholar', /#\/admin\/dashboard$/],
    ['dept', 'scholar', /#\/scholar\/deptDashboard$/],
    ['scholar', 'scholar', /#\/scholar\/edith1application$/],
    ['student', 'student', /#\/student\/student-service-menu\/[0-9a-f-]{36}$/],
  ];
  for (const [user, area, landing] of landings) {
    it(`${user} lands on their home page`, async () => {
      const page = await newPage(browser);
      await signIn(page, user, DEMO_PASSWORD, area);
      await page.waitForURL(landing, { timeout: 15_000 });
      // The landing page shows its content: a redirect loop or an error page would not.
      await page.locator('#main-content').waitFor();
      await page.context().close();
    });
  }

  it('the student lands on their own profile id', async () => {
    const [row] = await query<{ id: string }>(
      `select p.id from student_profiles p join users u on u.id = p.user_id where u.user_name = 'student'`,
    );
    const page = await newPage(browser);
    await signIn(page, 'student', DEMO_PASSWORD, 'student');
    await page.waitForURL(new RegExp(`student-service-menu/${row!.id}$`), { timeout: 15_000 });
    await page.context().close();
  });

  it('an advisor is told they have no access, then sent back to the login page', async () => {
    const page = await newPage(browser);
    await signIn(page, 'advisor');
    await page.getByText("Your records says that you don't have permissions to access this resource.").waitFor();
    await page.waitForURL(/#\/login$/, { timeout: 10_000 });
    await page.context().close();
  });

  it('a wrong password shows the verbatim message and keeps the user name', async () => {
    const page = await newPage(browser);
    await signIn(page, 'officer', 'Not-the-password-9');
    await page.getByText('Username password combination not found.').waitFor();
    expect(await page.getByLabel('User name').inputValue()).toBe('officer');
    expect(page.url()).toMatch(/#\/login$/);
    await page.context().close();
  });

  it('empty fields show the required-field messages', async () => {
    const page = await newPage(browser);
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByText('Please enter your user name').waitFor();
    await page.getByText('Please enter your password').waitFor();
    await page.context().close();
  });
});

describe('the login page', () => {
  it('is in the institution colours, accessible, and follows a settings change without a rebuild', async () => {
    const page = await newPage(browser);
    await page.goto('/#/login');
    const login = page.getByRole('button', { name: 'LOGIN' });
    await login.waitFor();
    await page.getByText('Welcome to the Scholar Module').waitFor();
    expect(await login.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 121, 107)');
    await screenshot(page, 'login-page');

    // The skip link is the first thing a keyboard reaches, and it moves focus to the main content.
    const firstTabbable = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
      return el?.textContent?.trim() ?? '';
    });
    expect(firstTabbable).toMatch(/skip to main content/i);
    await page.getByRole('link', { name: /skip to main content/i }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // A super user changes the colours and texts through the API the Site Settings page uses.
    const session = await (
      await fetch(`${baseUrl()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: DEMO_PASSWORD }),
      })
    ).json();
    const auth = { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' };
    const settings = await (await fetch(`${baseUrl()}/api/institution/settings`, { headers: auth })).json();
    const changed = { ...settings, primaryColor: '#7b1fa2', loginWelcomeText: 'Welcome to the Demo ISSS Portal' };
    const put = await fetch(`${baseUrl()}/api/institution/settings`, { method: 'PUT', headers: auth, body: JSON.stringify(changed) });
    expect(put.status).toBe(200);
    try {
      await page.reload();
      await page.getByText('Welcome to the Demo ISSS Portal').waitFor();
      expect(await page.getByRole('button', { name: 'LOGIN' }).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        'rgb(123, 31, 162)',
      );
      await screenshot(page, 'login-page-rebranded');
    } finally {
      await fetch(`${baseUrl()}/api/institution/settings`, { method: 'PUT', headers: auth, body: JSON.stringify(settings) });
    }
    await page.context().close();
  });
});

describe('the Student Request List', () => {
  it("opens for an assistant only when NewStudentUIEnabled is '1', else goes to the Student List; officers always", async () => {
    const session = await (
      await fetch(`${baseUrl()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: DEMO_PASSWORD }),
      })
    ).json();
    const auth = { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' };
    const settings = await (await fetch(`${baseUrl()}/api/institution/settings`, { headers: auth })).json();
    const open = async (user: string) => {
      const page = await newPage(browser);
      await signIn(page, user);
      await page.waitForURL(/#\/admin\/dashboard$/, { timeout: 15_000 });
      await page.goto('/#/isss/students-request-list');
      return page;
    };
    const assistantOn = await open('assistant');
    await settle(assistantOn);
    expect(assistantOn.url()).toMatch(/#\/isss\/students-request-list(\?|$)/);
    await assistantOn.context().close();
    const put = await fetch(`${baseUrl()}/api/institution/settings`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ ...settings, NewStudentUIEnabled: '0' }),
    });
    expect(put.status).toBe(200);
    try {
      const assistant = await open('assistant');
      await assistant.waitForURL(/#\/isss\/students-list(\?|$)/, { timeout: 10_000 });
      await assistant.context().close();
      const officer = await open('officer');
      await settle(officer);
      expect(officer.url()).toMatch(/#\/isss\/students-request-list(\?|$)/);
      await officer.context().close();
    } finally {
      await fetch(`${baseUrl()}/api/institution/settings`, { method: 'PUT', headers: auth, body: JSON.stringify(settings) });
    }
  });
});

/** Waits until the page has shown its content (the loading bars gone), so a redirect would have happened. */
async function settle(page: Page): Promise<void> {
  await page.locator('#main-content').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}
