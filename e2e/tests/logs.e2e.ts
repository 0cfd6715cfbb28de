import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/logs.md: the office filters its Logs, opens an entry to see what changed, exports them, and
// finds on a student record who opened it.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TAG = `e2e-logs-${Date.now().toString(36)}`;

describe('Logs', () => {
  it('filters, opens an entry, exports; the record shows its disclosures', async () => {
    const [admin] = await query<{ id: string; institution_id: string; first_name: string; last_name: string }>(
      `select id, institution_id, first_name, last_name from users where user_name = 'admin' order by created_at limit 1`,
    );
    await query(
      `insert into audit_events (institution_id, actor_user_id, entity_type, entity_id, action, before, after, ip, at)
       values ($1, $2, 'user', $3, 'staff.permissions.updated', '{"isOfficer":false}', '{"isOfficer":true}', '198.51.100.4', now() - interval '1 minute'),
              ($1, null, 'user', $4, 'auth.login.failed', null, null, '198.51.100.5', now())`,
      [admin!.institution_id, admin!.id, `${TAG}-a`, `${TAG}-b`],
    );

    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/logs');
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    await page.getByLabel('Search').fill(TAG);
    // The search is applied by the server once it is in the address.
    await page.waitForURL(new RegExp(TAG));
    const table = page.getByRole('table', { name: 'Logs' });
    await table.getByText(`${TAG}-b`).waitFor();
    await table.getByText(`${TAG}-a`).waitFor();
    // The newest events are on the unfiltered first page too: wait for the filtered list (a header and two rows).
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(3);
    expect(await table.getByRole('button', { name: 'Sign-in failed' }).count()).toBe(1);
    expect(await table.getByText('System').count()).toBe(1);

    await page.getByRole('combobox', { name: 'Log type' }).click();
    await page.getByRole('option', { name: 'Permissions' }).click();
    await table.getByRole('button', { name: 'Sign-in failed' }).waitFor({ state: 'detached' });
    await screenshot(page, 'logs-list');

    await table.getByRole('button', { name: 'Changed staff permissions' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('198.51.100.4').waitFor();
    await dialog.getByRole('region', { name: 'After' }).getByText('"isOfficer": true').waitFor();
    await screenshot(page, 'logs-entry');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A range that ends before it starts is refused by the server, and told on the date it names.
    await page.getByLabel('From', { exact: true }).fill('03/10/2026');
    await page.getByLabel('From', { exact: true }).press('Enter');
    await page.getByLabel('To', { exact: true }).fill('03/01/2026');
    await page.getByLabel('To', { exact: true }).press('Enter');
    await page.getByText('The end date must be on or after the start date.').waitFor();
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).press('Enter');
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('From', { exact: true }).press('Enter');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^Logs_\d{1,2}_\d{1,2}_\d{4}\.xlsx$/);

    const [student] = await query<{ id: string }>(
      `select id from student_profiles where institution_id = $1 and visa_type = 'F-1' order by last_name limit 1`,
      [admin!.institution_id],
    );
    await page.goto(`/#/isss/student-profile/${student!.id}`);
    await page.getByRole('tab', { name: 'Disclosures' }).click();
    await page
      .getByRole('table', { name: 'Disclosures of this record' })
      .getByRole('rowheader', { name: new RegExp(`${admin!.first_name} ${admin!.last_name}`) })
      .first()
      .waitFor();
    await screenshot(page, 'record-disclosures');
    await page.close();
  });
});
