import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from '../a11y.js';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/people.md#scholar-area-permission: the office closes or narrows a staff member's scholar area
// on the Staff Management page, and the portal holds them to it.

let browser: Browser;
const stamp = Date.now().toString(36);
const userName = `sa.officer.${stamp}`;
const email = `sa.officer.${stamp}@demo.example.edu`;

beforeAll(async () => {
  browser = await launch();
  // An officer of every campus site, their profile saved before the scholar area could be narrowed.
  await query(
    `insert into users (institution_id, user_name, email, first_name, last_name, role, password_hash, password_changed_at, staff_permissions)
     select institution_id, $1, $2, 'Sasha', 'Areaclose${stamp.replace(/[0-9]/g, '')}', 'isssAdmin', password_hash, now(),
            '{"isOfficer": true, "officerSites": []}'::jsonb
     from users where user_name = 'admin' limit 1`,
    [userName, email],
  );
});
afterAll(async () => {
  await browser?.close();
});

describe('Scholar-area permission', () => {
  it('a super user closes an officer’s scholar area; the officer is kept out of the scholar dashboard but keeps the student area', async () => {
    const officer = await newPage(browser);
    await signIn(officer, userName);
    await officer.waitForURL(STAFF_HOME);
    // Open by default: the scholar dashboard's list.
    await officer.goto('/#/admin/dashboard');
    await officer.getByRole('button', { name: 'Export to Excel' }).waitFor();

    const admin = await newPage(browser);
    await signIn(admin, 'admin');
    await admin.waitForURL(STAFF_HOME);
    await admin.goto('/#/admin/staff-management');
    await admin.getByLabel('Search').fill(userName);
    await admin.getByRole('table', { name: 'Staff members' }).getByText(email).waitFor();
    await admin.getByRole('button', { name: /^Edit permissions of Sasha/ }).click();
    const dialog = admin.getByRole('dialog');
    const area = dialog.getByRole('group', { name: 'Scholar case actions' });
    await area.waitFor();
    await area.getByLabel(/^Export/).uncheck();
    await screenshot(admin, 'scholar-area-editor');
    await expectAccessible(admin, 'the staff dialog with its scholar area');
    await dialog.getByRole('button', { name: 'Save permissions' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('table', { name: 'Staff members' }).getByText('Scholar area: view, edit, process').waitFor();

    // Without export: the dashboard has no export buttons (and the server refuses the export).
    await officer.reload();
    await officer.getByRole('heading', { level: 1 }).waitFor();
    await officer.getByRole('table').first().waitFor();
    if ((await officer.getByRole('button', { name: 'Export to Excel' }).count()) !== 0) throw new Error('the export button is still shown');

    // Closed: the scholar area says so, and its menu has no dashboard.
    await admin.getByRole('button', { name: /^Edit permissions of Sasha/ }).click();
    await dialog
      .getByRole('group', { name: 'Scholar case actions' })
      .getByLabel(/^View cases/)
      .uncheck();
    await dialog.getByRole('button', { name: 'Save permissions' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('table', { name: 'Staff members' }).getByText('No scholar area').waitFor();

    await officer.reload();
    await officer.getByText('You do not have permissions to access this area.').first().waitFor();
    await screenshot(officer, 'scholar-area-closed');
    // The student area is theirs as before.
    await officer.goto('/#/isss/students-list');
    await officer.getByRole('heading', { name: 'Student List' }).waitFor();
    await admin.context().close();
    await officer.context().close();
  });
});
