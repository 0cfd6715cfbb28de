import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserTimeZone, latestMail, launch, newPage, query, screenshot, signIn, DEMO_PASSWORD, STAFF_HOME } from '../browser.js';

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
    // Staff of a campus site land on My work in the student area.
    ['admin', 'scholar', STAFF_HOME],
    ['officer', 'scholar', STAFF_HOME],
    ['assistant', 'scholar', STAFF_HOME],
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

  it("an advisor's right password is a failed sign-in from a browser that is not theirs; once their own (after a password link), they are told they have no access", async () => {
    // An unrecognised browser: the right password answers as a wrong one, so it confirms nothing to a guesser.
    const page = await newPage(browser);
    await signIn(page, 'advisor');
    await page.getByText('Username password combination not found.').waitFor();
    // The real advisor resets the password by e-mail in this browser, which makes it theirs...
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel(/e-?mail/i).fill('advisor@demo.example.edu');
    await page.getByRole('button', { name: /reset password/i }).click();
    await page.getByText(/If an account matches that e-mail/).waitFor();
    const mail = await latestMail('advisor@demo.example.edu');
    const link = /(http\S+#\/login\/pass-reset\/[A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
    expect(link, mail.text_body).toBeTruthy();
    await page.goto(link!);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /update|save|reset|set/i }).click();
    await page.getByText(/Your password has been updated/).waitFor();
    await page.waitForURL(/#\/login$/, { timeout: 10_000 });
    // ...and there the right password is told the verbatim role message.
    await signIn(page, 'advisor');
    await page.getByText("Your records says that you don't have permissions to access this resource.").waitFor();
    expect(page.url()).toMatch(/#\/login$/);
    await page.context().close();
  });

  it('while sign-ins to an account are slowed down, the owner signs in with an e-mailed link, and that browser then with the password', async () => {
    // A staff member of their own, so nobody else's sign-ins are slowed down by this journey.
    const admin = await (
      await fetch(`${baseUrl()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: DEMO_PASSWORD }),
      })
    ).json();
    const auth = { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' };
    const userName = `slowed.${Date.now().toString(36)}`;
    const email = `${userName}@staff.example.edu`;
    const invited = await fetch(`${baseUrl()}/api/staff`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ userName, email, firstName: 'Sloane', lastName: 'Owner', permissions: {} }),
    });
    expect(invited.status).toBe(200);
    const token = /#\/login\/pass-reset\/([A-Za-z0-9_-]+)/.exec((await latestMail(email)).text_body)![1];
    const set = await fetch(`${baseUrl()}/api/auth/password-links/use`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'Copper-Kettle-58', confirmPassword: 'Copper-Kettle-58' }),
    });
    expect(set.status).toBe(200);

    const page = await newPage(browser);
    for (let i = 0; i < 5; i++) {
      await signIn(page, userName, 'Not-the-password-9');
      await page.getByText('Username password combination not found.').waitFor();
    }
    await signIn(page, userName, 'Copper-Kettle-58');
    await page.getByText('Too many sign-in attempts. Please wait a few minutes and try again.').waitFor();
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByText(/a sign-in link has been sent to its e-mail address/).waitFor();
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Demo University: your sign-in link');
    const link = /(http\S+#\/login\/sign-in\/[A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
    expect(link, mail.text_body).toBeTruthy();
    await page.goto(link!);
    // The token leaves the address as soon as the page has it; opening the link alone signs nobody in.
    await page.waitForURL((u) => !u.hash.includes(link!.split('/').pop()!));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/admin\/dashboard$/, { timeout: 15_000 });
    // The link works once.
    const again = await newPage(browser);
    await again.goto(link!);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByText('This sign-in link is invalid or has expired. Please request a new one.').waitFor();
    await again.context().close();
    // The guesser tries again (their pair's wait starts anew): another browser is held, this one is the owner's.
    await query('update login_throttle set last_failure_at = now() where key like $1', [`pair:${userName.toLowerCase()}|ip:%`]);
    const other = await newPage(browser);
    await signIn(other, userName, 'Copper-Kettle-58');
    await other.getByText('Too many sign-in attempts. Please wait a few minutes and try again.').waitFor();
    await other.context().close();
    await page.evaluate(() => sessionStorage.clear());
    await signIn(page, userName, 'Copper-Kettle-58');
    await page.waitForURL(/#\/admin\/dashboard$/, { timeout: 15_000 });
    await page.context().close();
  });

  it('someone signed out who opens a page of the portal signs in and is taken to that page', async () => {
    const page = await newPage(browser);
    await page.goto('/#/isss/students-list');
    await page.waitForURL(/#\/login\?next=%2Fisss%2Fstudents-list$/);
    await page.getByLabel('User name').fill('officer');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(/#\/isss\/students-list/);
    await page.getByRole('heading', { name: 'Student List', level: 1 }).waitFor();
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
      await page.waitForURL(STAFF_HOME, { timeout: 15_000 });
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
