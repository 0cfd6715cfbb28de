import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { contentApi } from '@meridian/domain';
import { DEMO_PASSWORD, launch, newPage, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { api } from '../sevis-log-helpers.js';

// docs/product/site-pages.md: a super user writes a page for continuing students in the editor, previews it,
// saves the draft (readers see nothing yet) and publishes it; the demo student (continuing, F-1) finds it on
// their service menu and reads it, its link kept and nothing else.
let browser: Browser;
let token = '';
let pageId = '';
const SLUG = `library-hours-${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launch();
  token = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'admin', password: DEMO_PASSWORD })).accessToken;
});
afterAll(async () => {
  // Leave the demo as it was for the journeys after this one.
  if (pageId) await api('DELETE', `/api/site-pages/${pageId}`, token).catch(() => {});
  await browser?.close();
});

describe('Site Pages', () => {
  it('a super user writes and publishes a page; a continuing student reads it', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/site-builder');
    await page
      .getByRole('table', { name: 'Site pages, in the order readers see them' })
      .getByText('Welcome to campus (every student)')
      .waitFor();
    await page.getByRole('link', { name: 'New page' }).click();
    await page.getByRole('toolbar', { name: 'Text: formatting' }).waitFor();

    await page.getByRole('textbox', { name: 'Title in this list' }).fill('Library hours (continuing)');
    await page.getByRole('textbox', { name: 'Address' }).fill(SLUG);
    await page.getByRole('combobox', { name: 'Stages' }).click();
    await page.getByRole('option', { name: 'Continuing' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Heading readers see' }).fill('Library hours this term');
    const editor = page.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await page.keyboard.type('The library is open every day until midnight.');
    await expect.poll(() => editor.innerText()).toContain('until midnight');

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.frameLocator('iframe[title="Preview of Library hours this term"]').getByText('until midnight').waitFor();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/#\/isss\/site-builder\/[0-9a-f-]{36}$/);
    pageId = /site-builder\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const studentToken = (
      await api<{ accessToken: string }>('POST', '/api/auth/login', null, {
        userName: 'student',
        password: DEMO_PASSWORD,
        portal: 'student',
      })
    ).accessToken;
    const before = await api<contentApi.TMySitePages>('GET', '/api/site-pages/mine', studentToken);
    expect(before.items.map((i) => i.slug)).not.toContain(SLUG);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    await screenshot(page, 'site-pages-editor');

    const student = await newPage(browser);
    await signIn(student, 'student', DEMO_PASSWORD, 'student');
    const section = student.getByRole('region', { name: 'Information from the office' });
    await section.getByRole('link', { name: 'Library hours this term' }).click();
    await student.waitForURL(new RegExp(`#/student/pages/${SLUG}$`));
    await student.getByRole('heading', { level: 1, name: 'Library hours this term' }).waitFor();
    await student.frameLocator('iframe[title="Library hours this term"]').getByText('until midnight').waitFor();
    await screenshot(student, 'site-pages-student');
  });
});
