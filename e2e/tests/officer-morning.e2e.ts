import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launch, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { confirmDecision, journeyPage, journeySteps } from '../journey-helpers.js';
import { advisorApproves, apiToken, CPT, submitDemoCpt } from '../request-helpers.js';
import { api } from '../sevis-log-helpers.js';

/**
 * An officer's morning (docs/product/my-work.md, docs/product/shells.md#where-staff-land,
 * docs/product/requests.md#decisions-are-confirmed, docs/product/sevis-batches.md#fixing-what-did-not-go-through,
 * docs/product/notifications.md): the Main Campus officer signs in and lands in the student area on
 * My work; from its numbers she approves the CPT assigned to her (through its confirmation), fixes the
 * SEVIS update the batch checks held back (the record gets its phone, which replaces the held update with a
 * pending one) and
 * opens the notification of a request a student just submitted. Every click from the sign-in on is
 * counted and written to the journey's report (e2e/artifacts/officer-morning.md); every page state is
 * checked with axe at 1280×800 and 390×844 (e2e/a11y.ts), and the screens are kept at both sizes.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('officer-morning');
const RUN = Date.now().toString(36).toUpperCase();
/** What the batch build says of a Create with no phone at all (SEVIS S1164). */
const NO_PHONE = 'A phone (U.S. or foreign: SEVIS needs one) is missing on the student record.';

/**
 * What waits for the officer this morning: a CPT the advisor recommended, assigned to her by the super
 * user; a new student of Main Campus whose SEVIS Create the batch checks held back (no phone); and a
 * second CPT the student submitted a minute ago (its notification is the officer's newest).
 */
async function morning(): Promise<{ assigned: { id: string; number: number }; fresh: { id: string; number: number }; last: string }> {
  const admin = await apiToken('admin');
  const assigned = await submitDemoCpt(`Lumen Optics ${RUN}`);
  await advisorApproves(assigned.number);
  const [officer] = await query<{ id: string; institution_id: string }>(
    `select id, institution_id from users where user_name = 'officer' order by created_at limit 1`,
  );
  await api('POST', `/api/requests/${assigned.id}/assign`, admin, { userId: officer!.id });

  const last = `Heldphone${RUN}`;
  const [p] = await query<{ id: string }>(
    `insert into student_profiles (institution_id, campus_site_id, first_name, last_name, email, visa_type, sevis_status, current_stage)
     values ($1, (select id from campus_sites where institution_id = $1 and name = 'Main Campus'), 'Nadia', $2, $3, 'F-1', 'Initial', 'continuing')
     returning id`,
    [officer!.institution_id, last, `${last.toLowerCase()}@example.edu`],
  );
  await query(
    `insert into sevis_pending_events (institution_id, profile_id, event_type, action, status, message)
     values ($1, $2, 'Create', 'Create', 'held', $3)`,
    [officer!.institution_id, p!.id, NO_PHONE],
  );
  const fresh = await submitDemoCpt(`Prism Labs ${RUN}`);
  return { assigned, fresh, last };
}

describe("An officer's morning: My work, a decision, a held SEVIS update, a notification", () => {
  it('takes a counted number of clicks from the sign-in, every state accessible at both sizes', async () => {
    const { assigned, fresh, last } = await morning();
    const page = await journeyPage(browser);
    const clicks: { what: string; where: string }[] = [];
    const click = async (what: string, target: Locator) => {
      clicks.push({ what, where: new URL(page.url()).hash || '/' });
      await target.click();
    };
    const menu = (p: Page) => p.getByRole('navigation', { name: 'International Student Admin menu' });

    await step(page, 'morning', async () => {
      // 1. Sign in: the officer lands in the student area, on My work, with the menu docked beside it.
      await signIn(page, 'officer');
      clicks.push({ what: 'LOGIN', where: '#/login' });
      await page.waitForURL(STAFF_HOME);
      await page.getByRole('heading', { level: 1, name: 'My work' }).waitFor();
      expect(await menu(page).getByRole('link', { name: 'My work' }).getAttribute('aria-current')).toBe('page');
      expect(
        await page.getByRole('navigation', { name: 'Area' }).getByRole('link', { name: 'Students' }).getAttribute('aria-current'),
      ).toBe('page');
      await page.getByRole('link', { name: /^Assigned to you, open\s*[1-9]/ }).waitFor();
      await page.getByRole('link', { name: /^Held back by the batch checks\s*[1-9]/ }).waitFor();
      await screenshot(page, 'officer-morning-1-my-work');

      // 2. The CPT assigned to her: from its number to the list, to the request, approved through its confirmation.
      await click('Assigned to you, open', page.getByRole('link', { name: /^Assigned to you, open/ }));
      await page.waitForURL(/#\/isss\/students-request-list\?filters=/);
      const requests = page.getByRole('table', { name: 'Requests' });
      const row = requests.getByRole('row').filter({ hasText: `#${assigned.number}` });
      await row.getByText('Priya Sharma').first().waitFor();
      await screenshot(page, 'officer-morning-2-assigned');
      await click(`request #${assigned.number}`, row.getByRole('link').first());
      await page.waitForURL(new RegExp(`#/isss/request/${assigned.id}$`));
      await page.getByRole('list', { name: 'Approvers' }).getByText('Approved', { exact: true }).waitFor();
      await click('Approve', page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }));
      const dialog = page.getByRole('dialog', { name: `Approve: request #${assigned.number}` });
      await dialog.getByText(`Approve Priya Sharma's ${CPT} request #${assigned.number}?`).waitFor();
      await dialog.getByText('Priya Sharma is told by e-mail.').waitFor();
      await screenshot(page, 'officer-morning-3-confirm');
      clicks.push({ what: 'Approve (confirm)', where: new URL(page.url()).hash });
      await confirmDecision(page, 'Approve');
      await page.getByText('Approved. The requester was told.').waitFor();
      await page.getByText('Priya Sharma · Approved').waitFor();
      expect((await query<{ status: string }>('select status from requests where id = $1', [assigned.id]))[0]!.status).toBe('approved');

      // 3. The SEVIS update held back: from My work to System Errors, to the record; the phone added, the update sent again.
      await click('My work (menu)', menu(page).getByRole('link', { name: 'My work' }));
      await page.waitForURL(STAFF_HOME);
      await click('Held back by the batch checks', page.getByRole('link', { name: /^Held back by the batch checks/ }));
      await page.waitForURL(/#\/isss\/system-errors\?filters=status:held$/);
      const errors = page.getByRole('table', { name: 'System errors' });
      const held = errors.getByRole('row').filter({ hasText: last });
      await held.getByText(NO_PHONE).waitFor();
      await screenshot(page, 'officer-morning-4-held');
      await click(`${last}, Nadia`, held.getByRole('link', { name: new RegExp(last) }));
      await page.waitForURL(/#\/isss\/student-profile\/[0-9a-f-]+\?tab=sevis$/);
      await click('Profile (tab)', page.getByRole('tab', { name: 'Profile' }));
      const contact = page.getByRole('region', { name: 'Contact and addresses' });
      await click('Edit (Contact and addresses)', contact.getByRole('button', { name: /^Edit/ }));
      await contact.getByRole('textbox', { name: 'Phone', exact: true }).fill('2175550123');
      await screenshot(page, 'officer-morning-5-phone');
      await click('Save', contact.getByRole('button', { name: 'Save' }));
      await contact.getByText('(217) 555-0123').waitFor();
      // Correcting the record is the fix: the held Create is replaced by a pending one, built from the record as it now stands.
      await page.getByText('1 SEVIS update waiting for the next batch.').waitFor();
      await click('SEVIS Updates (tab)', page.getByRole('tab', { name: 'SEVIS Updates' }));
      const updates = page.getByRole('row').filter({ hasText: 'Create' });
      await updates.filter({ hasText: 'Superseded (never sent)' }).waitFor();
      await updates.filter({ hasText: 'Pending' }).getByRole('button', { name: 'Cancel the Create update' }).waitFor();
      await screenshot(page, 'officer-morning-6-fixed');
      expect(
        (
          await query<{ status: string }>(
            `select e.status from sevis_pending_events e join student_profiles p on p.id = e.profile_id where p.last_name = $1 order by e.created_at, e.status`,
            [last],
          )
        ).map((e) => e.status),
      ).toEqual(expect.arrayContaining(['pending', 'superseded']));

      // 4. The newest notification: the CPT the student just submitted, opened from the bell.
      await click('Notifications', page.getByRole('button', { name: 'Notifications' }));
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      const note = panel.getByText(new RegExp(`submitted ${CPT.replace(/[()]/g, '\\$&')} request #${fresh.number}\\b`));
      await note.first().waitFor();
      await screenshot(page, 'officer-morning-7-notifications');
      await click(`notification of request #${fresh.number}`, note.first());
      await page.waitForURL(new RegExp(`#/isss/request/${fresh.id}$`));
      await page.getByText(`Prism Labs ${RUN}`).first().waitFor();
      await screenshot(page, 'officer-morning-8-request');
    });

    // The journey's report: every click from the sign-in on, and where it was made.
    const report = [
      "# An officer's morning, counted in clicks",
      '',
      `${clicks.length} clicks from the sign-in to the last page (typing not counted).`,
      '',
      '| # | click | on |',
      '| --- | --- | --- |',
      ...clicks.map((c, i) => `| ${i + 1} | ${c.what} | \`${c.where}\` |`),
      '',
    ].join('\n');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'officer-morning.md'), report);
    console.log(report);
    // Sign in 1; the assigned CPT approved 4; the held update fixed 7; the notification 2.
    expect(clicks.map((c) => c.what)).toHaveLength(14);
  });
});
