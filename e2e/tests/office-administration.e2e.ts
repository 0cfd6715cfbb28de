import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../a11y.js';
import { DEMO_PASSWORD, LANDED, launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { api } from '../sevis-log-helpers.js';

/**
 * Running the office without a developer (docs/product/people.md#campus-sites, lookups.md, field-configuration.md,
 * site-pages.md, active-student-import.md, logs.md): the super user adds a campus site, a major of the office's own and a
 * tag, hides a field of the CPT form from students and publishes a page for continuing students; the demo student reads
 * the page and no longer sees the field; the Main Campus officer brings in the SIS's enrolment feed, compares it and
 * applies it; the Logs show each of those steps, by whom. At the end the super user puts the field back, and the form
 * asks for it again.
 */

let browser: Browser;
let adminToken = '';
let sitePageId = '';
const RUN = Date.now().toString(36).toUpperCase();
const SITE = `Harbor Campus ${RUN}`;
const MAJOR = `Marine Biology ${RUN}`;
const TAG = `Spring arrivals ${RUN.replace(/[0-9]/g, '')}`;
const FIELD = 'Course for which you earn credit';
const SLUG = `orientation-${RUN.toLowerCase()}`;

beforeAll(async () => {
  browser = await launch();
  adminToken = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'admin', password: DEMO_PASSWORD }))
    .accessToken;
});
afterAll(async () => {
  // The demo as the journeys after this one expect it: the CPT form as declared, no extra page for students.
  await query(`delete from field_settings where form_key = 'cpt_request' and field_name = 'cpt_course'`);
  if (sitePageId) await api('DELETE', `/api/site-pages/${sitePageId}`, adminToken).catch(() => {});
  await browser?.close();
});

async function staff(userName: 'admin' | 'officer'): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, userName);
  await page.waitForURL(userName === 'admin' ? STAFF_HOME : LANDED);
  return page;
}

describe('Office administration', () => {
  it('the office sets up a site, a code, a tag, a field and a page; students see it; the SIS feed is applied; the Logs tell it all', async () => {
    const [student] = await query<{ first_name: string; last_name: string }>(
      `select p.first_name, p.last_name from student_profiles p join users u on u.id = p.user_id where u.user_name = 'student' limit 1`,
    );
    const [admin] = await query<{ name: string }>(
      `select first_name || ' ' || last_name as name from users where user_name = 'admin' limit 1`,
    );
    const [officer] = await query<{ name: string }>(
      `select first_name || ' ' || last_name as name from users where user_name = 'officer' limit 1`,
    );

    const page = await staff('admin');

    // 1. A campus site.
    await page.goto('/#/isss/campus-sites');
    await page.getByRole('button', { name: 'Add campus site' }).click();
    const siteDialog = page.getByRole('dialog', { name: 'Add campus site' });
    await siteDialog.getByRole('textbox', { name: 'Name' }).fill(SITE);
    await siteDialog.getByRole('textbox', { name: 'Code' }).fill(`HB-${RUN}`.slice(0, 20));
    await siteDialog.getByRole('button', { name: 'Add campus site' }).click();
    await siteDialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Campus sites' }).getByRole('rowheader', { name: SITE }).waitFor();

    // 2. A major of the office's own, with the CIP code SEVIS is sent.
    await page.goto('/#/isss/lookups/local-majors');
    await page.getByRole('button', { name: 'Add value' }).click();
    const valueDialog = page.getByRole('dialog', { name: /^Add a value to/ });
    await valueDialog.getByRole('textbox', { name: 'Code' }).fill(`MB-${RUN}`.slice(0, 20));
    await valueDialog.getByRole('textbox', { name: 'Label' }).fill(MAJOR);
    await valueDialog.getByRole('combobox', { name: 'CIP code' }).fill('26.1302');
    await page.getByRole('option', { name: /\(26\.1302\)$/ }).click();
    await valueDialog.getByRole('button', { name: 'Add value' }).click();
    await valueDialog.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: /values$/ })
      .getByRole('rowheader', { name: new RegExp(MAJOR) })
      .waitFor();

    // 3. A tag, on the demo student, from the Student List.
    await page.goto(`/#/isss/students-list?filters=q:${encodeURIComponent(student!.last_name)}`);
    await page.getByRole('checkbox', { name: `Choose ${student!.first_name} ${student!.last_name}` }).check();
    const chosen = page.getByRole('region', { name: 'Chosen students' });
    await chosen.getByRole('button', { name: 'Tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Tag the chosen students' });
    const addTag = tagDialog.getByRole('combobox', { name: 'Add tags' });
    await addTag.fill(TAG);
    await addTag.press('Enter');
    await tagDialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Tags changed on 1 record.').waitFor();

    // 4. A field of the CPT form hidden from students.
    await page.goto('/#/isss/field-tag-configuration?tab=fields&form=cpt_request');
    const fields = page.getByRole('table', { name: 'Fields of Curricular Practical Training (CPT)' });
    const row = fields.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${FIELD}`) }) });
    await row.getByRole('cell', { name: 'Shown' }).first().waitFor();
    // A field SEVIS needs says so in the table.
    await fields.getByRole('row').filter({ hasText: 'Employer name' }).getByText('SEVIS needs it').waitFor();
    await expectAccessible(page, 'the Fields tab');
    await row.getByRole('button', { name: `Edit ${FIELD}` }).click();
    const fieldDialog = page.getByRole('dialog', { name: `Edit “${FIELD}”` });
    await fieldDialog
      .getByRole('radiogroup', { name: /^Students/ })
      .getByRole('radio', { name: 'Hidden' })
      .check();
    await fieldDialog.getByLabel('Help').fill('Only for courses that give credit.');
    await expectAccessible(page, 'the field dialog');
    await fieldDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${FIELD}: saved.`).waitFor();
    await fieldDialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'Hidden' }).waitFor();
    // Focus is back on the row's Edit button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Edit ${FIELD}`);
    await screenshot(page, 'office-administration-1-field-hidden');

    // 5. A page for continuing students, saved as a draft and then published.
    await page.goto('/#/isss/site-builder/new');
    await page.getByRole('textbox', { name: 'Title in this list' }).fill(`Orientation ${RUN}`);
    await page.getByRole('textbox', { name: 'Address' }).fill(SLUG);
    await page.getByRole('combobox', { name: 'Stages' }).click();
    await page.getByRole('option', { name: 'Continuing' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Heading readers see' }).fill(`Spring orientation ${RUN}`);
    const editor = page.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await page.keyboard.type('Orientation starts on Monday at nine in the Union ballroom.');
    await expect.poll(() => editor.innerText()).toContain('Union ballroom');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/#\/isss\/site-builder\/[0-9a-f-]{36}$/);
    sitePageId = /site-builder\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    await page.context().close();

    // The student reads the page, and the CPT form no longer asks for the hidden field.
    const student1 = await newPage(browser);
    await signIn(student1, 'student', undefined, 'student');
    await student1.waitForURL(/#\/student\/student-service-menu\//);
    await student1
      .getByRole('region', { name: 'Information from the office' })
      .getByRole('link', { name: `Spring orientation ${RUN}` })
      .click();
    await student1.getByRole('heading', { level: 1, name: `Spring orientation ${RUN}` }).waitFor();
    await student1.frameLocator(`iframe[title="Spring orientation ${RUN}"]`).getByText('Union ballroom').waitFor();
    await screenshot(student1, 'office-administration-2-student-page');
    await student1.goBack();
    await student1.waitForURL(/#\/student\/student-service-menu\//);
    await student1.getByRole('link', { name: 'Start Curricular Practical Training (CPT)' }).click();
    await student1.waitForURL(/#\/student\/cpt-request\//);
    await student1.getByLabel('Employer name').waitFor();
    await student1.getByLabel('Hours per week').waitFor();
    expect(await student1.getByLabel(FIELD).count()).toBe(0);
    await screenshot(student1, 'office-administration-3-student-cpt');
    await student1.context().close();

    // The Main Campus officer brings in the SIS's enrolment feed, compares it and applies it.
    const [record] = await query<{ id: string; sevis_id: string }>(
      `select p.id, p.sevis_id from student_profiles p join campus_sites c on c.id = p.campus_site_id
        where c.code = 'MAIN' and p.sevis_id is not null and p.sevis_status = 'Active' and p.user_id is null
        order by p.sevis_id desc limit 1`,
    );
    const sis = await staff('officer');
    await sis.goto('/#/isss/active-student-import-list');
    await sis.getByRole('heading', { name: 'Active Student Import' }).waitFor();
    await sis.locator('input[type="file"]').setInputFiles({
      name: 'sis-term.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['SEVIS ID,Enrollment Status,Credits', `${record!.sevis_id},Part-time,7.5`].join('\r\n')),
    });
    await sis.waitForURL(/#\/isss\/active-student-import-list\/[0-9a-f-]+/);
    await sis.getByRole('heading', { name: 'Active Student Import: sis-term.csv' }).waitFor();
    await sis.getByRole('tab', { name: 'Changes (1)' }).waitFor();
    await sis.getByRole('button', { name: 'Show row 2 side by side' }).click();
    await sis.getByRole('table', { name: 'Row 2: the record and the feed side by side' }).waitFor();
    await screenshot(sis, 'office-administration-4-compared');
    await sis.getByRole('button', { name: 'Apply 1 change', exact: true }).click();
    await sis.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await sis.getByText(/1 record updated/).waitFor();
    await sis.context().close();
    const [enrolment] = await query<{ status: string; credits: string }>(
      `select status, credits::text as credits from student_enrollments where profile_id = $1`,
      [record!.id],
    );
    expect(enrolment?.credits).toBe('7.50');
    expect(enrolment?.status).toMatch(/part/i);

    // The Logs tell each step, and who took it.
    const logs = await staff('admin');
    await logs.goto(`/#/isss/logs?filters=logType:configuration;actor:${encodeURIComponent(admin!.name)}`);
    const table = logs.getByRole('table', { name: 'Logs' });
    for (const label of [
      'Added a campus site',
      'Added a value to a code list',
      'Changed the settings of a form field',
      'Published a site page',
    ])
      await table.getByRole('button', { name: label }).first().waitFor();
    await screenshot(logs, 'office-administration-5-logs-configuration');
    await logs.goto(`/#/isss/logs?filters=logType:records;actor:${encodeURIComponent(admin!.name)}`);
    await table.getByRole('button', { name: 'Changed a student record’s tags' }).first().waitFor();
    await logs.goto(`/#/isss/logs?filters=logType:imports;actor:${encodeURIComponent(officer!.name)}`);
    await table.getByRole('button', { name: 'Compared an active-student feed' }).first().waitFor();
    await table.getByRole('button', { name: 'Applied an active-student feed' }).first().waitFor();
    await screenshot(logs, 'office-administration-6-logs-imports');

    // The super user puts the field back: the form asks for it again.
    await logs.goto('/#/isss/field-tag-configuration?tab=fields&form=cpt_request');
    const back = logs
      .getByRole('table', { name: 'Fields of Curricular Practical Training (CPT)' })
      .getByRole('row')
      .filter({ has: logs.getByRole('rowheader', { name: new RegExp(`^${FIELD}`) }) });
    await back.getByRole('button', { name: `Reset ${FIELD}` }).click();
    await logs
      .getByRole('dialog', { name: `Reset “${FIELD}”` })
      .getByRole('button', { name: 'Reset' })
      .click();
    await logs.getByText(`${FIELD}: back as the form declares it.`).waitFor();
    await back.getByRole('cell', { name: 'Hidden' }).waitFor({ state: 'detached' });
    expect(await logs.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Edit ${FIELD}`);
    await logs.context().close();
  });
});
