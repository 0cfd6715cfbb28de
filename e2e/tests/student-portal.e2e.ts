import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, query, screenshot, signIn } from '../browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** An invited F-1 student with a portal account and one dependent, written behind the API. */
async function invitedStudent(): Promise<{ userName: string; profileId: string }> {
  const userName = `e2e.portal.${Date.now()}`;
  await query(
    `insert into users (institution_id, user_name, email, first_name, last_name, role, password_hash, password_changed_at, campus_site_id)
     select institution_id, $1, $2, 'Nia', 'Okafor', 'ISSSstudent', password_hash, now(), campus_site_id from users where user_name = 'student' order by created_at limit 1`,
    [userName, `${userName}@example.edu`],
  );
  const [p] = await query<{ id: string }>(
    `insert into student_profiles (institution_id, user_id, campus_site_id, first_name, last_name, email, visa_type, sevis_status, current_stage)
     select institution_id, id, campus_site_id, 'Nia', 'Okafor', email, 'F-1', 'Initial', 'invited' from users where user_name = $1 returning id`,
    [userName],
  );
  await query(
    `insert into student_dependents (institution_id, profile_id, first_name, last_name, relationship_to_principal_cd)
     select institution_id, id, 'Tobi', 'Okafor', '01' from student_profiles where id = $1`,
    [p!.id],
  );
  return { userName, profileId: p!.id };
}

describe('Student portal by stage', () => {
  it('an invited student walks the welcome wizard (messages on each field, progress kept on reload), then pre-arrival with a file per dependent', async () => {
    const { userName, profileId } = await invitedStudent();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'));
    fs.writeFileSync(path.join(dir, 'passport.pdf'), PDF);

    const page = await newPage(browser);
    await signIn(page, userName, undefined, 'student');
    await page.waitForURL(/#\/student\/welcome-wizard/);
    await page.getByRole('heading', { name: 'Welcome', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'https://www.ice.gov/sevis/students' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Contact details: Next refuses with the message on each question; a "No" needs its explanation.
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please complete this step: see the messages below.').waitFor();
    await expect.poll(() => page.getByText('Required field').count()).toBe(3);
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('textbox').first().fill('Please use nia.okafor@example.org');
    await page.getByLabel(/mobile phone/).fill('+234 803 555 0100');
    await page.getByLabel(/Emergency contact/).fill('Ada Okafor, +234 803 555 0199');
    await page.getByRole('button', { name: 'Next' }).click();

    // Passport: missing until a file is uploaded.
    await page.getByRole('heading', { name: 'Your passport' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please upload Passport identity page.').waitFor();
    await page.locator('input[type=file]').first().setInputFiles(path.join(dir, 'passport.pdf'));
    await page.getByRole('button', { name: 'passport.pdf', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Reloading keeps the progress: the confirmation step, every item done.
    await page.getByRole('heading', { name: 'Confirm and finish' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Confirm and finish' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Your checklist' }).getByText('Done').count()).toBe(4);
    await page.getByRole('button', { name: 'Finish', exact: true }).click();

    // Pre-arrival: Submit shows the server's message on each item, including the dependent's file.
    await page.waitForURL(/#\/student\/student-pre-arrival/);
    await page.getByRole('button', { name: 'Submit and continue' }).click();
    await page.getByText('Please upload Dependent passport identity page for Tobi Okafor.').first().waitFor();
    await page.getByText('Please upload Financial documents.').first().waitFor();
    await page.getByLabel(/Expected arrival date/).fill('08/10/2026');
    await page.locator('input[type=file]').nth(0).setInputFiles(path.join(dir, 'passport.pdf'));
    await page.getByRole('list', { name: 'Files for Financial documents' }).waitFor();
    await page.locator('input[type=file]').nth(1).setInputFiles(path.join(dir, 'passport.pdf'));
    await page.getByRole('list', { name: 'Files for Dependent passport identity page for Tobi Okafor' }).waitFor();
    await screenshot(page, 'student-portal-pre-arrival');
    await page.getByRole('button', { name: 'Submit and continue' }).click();
    await page.waitForURL(/#\/student\/student-check-in/);
    await page.getByRole('heading', { name: 'Check-In', level: 1 }).waitFor();

    const [row] = await query<{ current_stage: string }>('select current_stage from student_profiles where id = $1', [profileId]);
    expect(row!.current_stage).toBe('check_in');
    const events = await query<{ action: string }>(
      "select action from audit_events where entity_type = 'student_profile' and entity_id = $1 and action = 'student.stage-completed'",
      [profileId],
    );
    expect(events).toHaveLength(2);
  });

  it('an officer adds a J-1 only step and sees it in the preview for J-1 students only', async () => {
    await query("delete from welcome_wizard_steps where title = 'Your program sponsor'");
    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(/#\/(admin|isss)\//);
    await page.goto('/#/isss/welcome-wizard-configurations/create');
    await page.getByLabel('Title').fill('Your program sponsor');
    await page.getByLabel('Text').fill('Your sponsor is listed on your DS-2019.\n\nSee https://j1visa.state.gov for the rules.');
    await page.getByLabel('Visa type').click();
    await page.getByRole('option', { name: 'J-1 students only' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/welcome-wizard-configurations$/);
    await page.getByRole('link', { name: 'Your program sponsor' }).waitFor();

    await page.getByRole('link', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Welcome Wizard Preview' }).waitFor();
    await page.getByRole('button', { name: 'Welcome', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Your program sponsor' }).count()).toBe(0);
    await page.getByRole('button', { name: 'J-1' }).click();
    await page.getByRole('button', { name: 'Your program sponsor' }).waitFor();
    await screenshot(page, 'welcome-wizard-preview-j1');
    await query("delete from welcome_wizard_steps where title = 'Your program sponsor'");
  });
});
