import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Staff Management', () => {
  it('a super user invites an assistant, who sets a password from the e-mail and signs in; deactivation signs them out', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin');
    await admin.waitForURL(STAFF_HOME);
    await admin.goto('/#/admin/staff-management');
    await admin.getByRole('table', { name: 'Staff members' }).getByText('officer@demo.example.edu').waitFor();
    expect(await admin.title()).toMatch(/^Demo University/);

    // Filters live in the address and are applied by the server.
    await admin.getByLabel('Search').fill('olivia');
    await admin.waitForURL(/filters=.*q:olivia/);
    await admin.getByRole('table', { name: 'Staff members' }).getByText('assistant@demo.example.edu').waitFor({ state: 'detached' });
    await admin.getByRole('table', { name: 'Staff members' }).getByText('officer@demo.example.edu').waitFor();
    await admin.getByLabel('Search').fill('');

    await admin.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Required field').first().waitFor();
    await dialog.getByLabel('First name').fill('Rosa');
    await dialog.getByLabel('Last name').fill('Lindqvist');
    await dialog.getByLabel('E-mail').fill('rosa.lindqvist@demo.example.edu');
    await dialog.getByLabel('User name').fill('admin');
    await dialog.getByLabel('Assistant', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // The server's answer lands on the field that caused it.
    await dialog.getByText('This user name is already in use.').waitFor();
    await dialog.getByLabel('User name').fill('rlindqvist');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('table', { name: 'Staff members' }).getByText('rosa.lindqvist@demo.example.edu').waitFor();
    await screenshot(admin, 'staff-management');

    const mail = await latestMail('rosa.lindqvist@demo.example.edu');
    const link = /(http\S+#\/login\/pass-reset\/[A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
    expect(link, mail.text_body).toBeTruthy();

    const rosa = await newPage(browser);
    await rosa.goto(link!);
    await rosa.locator('input[name="password"]').fill('Lantern-field-73');
    await rosa.locator('input[name="confirmPassword"]').fill('Lantern-field-73');
    await rosa.getByRole('button', { name: /update|save|set/i }).click();
    await rosa.getByText(/Your password has been updated/).waitFor();
    await rosa.waitForURL(/#\/login$/, { timeout: 10_000 });
    await signIn(rosa, 'rlindqvist', 'Lantern-field-73');
    await rosa.waitForURL(/#\/admin\/dashboard$/);

    // Deactivation ends Rosa's session on the server: her token stops working at once.
    const token = await rosa.evaluate(() => JSON.parse(sessionStorage.getItem('meridian.session') ?? '{}').accessToken as string);
    expect((await rosa.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await rosa.context().close();
    await admin.reload();
    const row = admin.getByRole('row').filter({ hasText: 'rosa.lindqvist@demo.example.edu' });
    await row.getByText('Active', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Deactivate Rosa Lindqvist' }).click();
    await admin.getByRole('dialog', { name: 'Deactivate staff member' }).getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByText('Rosa Lindqvist was deactivated.').waitFor();
    expect((await admin.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    await admin.context().close();
  });

  it('an officer sees the staff list but may not grant what they do not hold', async () => {
    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/admin/staff-management');
    await page.getByRole('table', { name: 'Staff members' }).getByText('admin@demo.example.edu').waitFor();
    // The super user is beyond an officer's reach: view only, no deactivate.
    expect(await page.getByRole('button', { name: 'Deactivate Avery Admin' }).count()).toBe(0);
    await page.context().close();
  });

  it('a department user cannot open Staff Management', async () => {
    const page = await newPage(browser);
    await signIn(page, 'dept');
    await page.waitForURL(/#\/scholar\/deptDashboard$/);
    await page.goto('/#/admin/staff-management');
    await page.waitForURL((u) => !u.hash.includes('staff-management'));
    expect(await page.getByRole('table', { name: 'Staff members' }).count()).toBe(0);
    await page.context().close();
  });
});
