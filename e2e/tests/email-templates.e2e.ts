import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { messagesApi, requestsApi, studentsApi } from '@meridian/domain';
import { DEMO_PASSWORD, launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { api } from '../sevis-log-helpers.js';

// docs/product/messages.md#e-mail-templates: an officer writes a template with a merge tag in the rich-text
// editor, previews it on a student of their campus site, saves it and sees its first version; a request's
// message previews on a request found by its number.
let browser: Browser;
let token = '';
let templateId = '';

beforeAll(async () => {
  browser = await launch();
  token = (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName: 'officer', password: DEMO_PASSWORD }))
    .accessToken;
});
afterAll(async () => {
  // Leave the demo as it was for the journeys after this one.
  if (templateId) await api('DELETE', `/api/messages/email-templates/${templateId}`, token).catch(() => {});
  await browser?.close();
});

describe('Email Templates', () => {
  it('an officer writes a template with a merge tag, previews it on a student, saves it and sees a version', async () => {
    const students = await api<{ items: studentsApi.TStudentListItem[] }>('GET', '/api/students?title=all&pageSize=1&sort=name', token);
    const student = students.items[0]!;

    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/admin/email-templates');
    await page.getByRole('table', { name: 'Email templates' }).getByText('Request status changed').waitFor();
    await page.getByRole('link', { name: 'New template' }).click();
    // The list stays on screen while the editor's code loads: wait for the editor itself (the list's
    // "Search by name or subject" box would otherwise answer to "Name" and "Subject").
    const subjectBox = page.getByRole('textbox', { name: 'Subject', exact: true });
    await page.getByRole('toolbar', { name: 'Message: formatting' }).waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Welcome to campus');
    await subjectBox.click();
    await page.keyboard.type('Welcome, ');
    await expect.poll(() => subjectBox.inputValue()).toBe('Welcome, ');
    await page.getByRole('button', { name: 'Insert merge tag in subject' }).click();
    await page.getByLabel('Search merge tags').fill('first name');
    await page.getByRole('button', { name: /First name — \{\{student\.firstName\}\}/ }).click();
    await expect.poll(() => subjectBox.inputValue()).toBe('Welcome, {{student.firstName}}');

    const editor = page.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.type('Dear ');
    await page.getByRole('toolbar', { name: 'Message: formatting' }).getByRole('button', { name: 'Insert merge tag' }).click();
    await page.getByLabel('Search merge tags').fill('SEVIS ID');
    await page.getByRole('button', { name: /SEVIS ID — \{\{student\.sevisId\}\}/ }).click();
    await page.keyboard.type(', welcome.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
    await page.keyboard.type('See you at orientation.');
    await expect.poll(() => editor.innerText()).toContain('Dear {{student.sevisId}}, welcome.');

    await page.getByLabel(/Preview on student/).fill(student.lastName);
    await page.getByRole('option', { name: new RegExp(`${student.lastName}, ${student.firstName}`) }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => page.getByTestId('preview-subject').textContent()).toBe(`Welcome, ${student.firstName}`);
    const frame = page.frameLocator('iframe[title="Message preview"]');
    await frame.getByText(`Dear ${student.sevisId ?? ''}, welcome.`).waitFor();
    await frame.locator('strong', { hasText: 'See you at orientation.' }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/#\/admin\/email-templates\/[0-9a-f-]{36}$/);
    templateId = /email-templates\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const versions = page.getByRole('list', { name: 'Versions' });
    await versions.getByText('Version 1: Welcome, {{student.firstName}}').waitFor();

    const saved = await api<messagesApi.TEmailTemplate>('GET', `/api/messages/email-templates/${templateId}`, token);
    expect(saved.bodyHtml).toContain('Dear {{student.sevisId}}, welcome.');
    expect(saved.bodyHtml).toContain('<strong>See you at orientation.</strong>');
    const [row] = await query<{ n: string }>('select count(*)::text as n from email_template_versions where template_id = $1', [
      templateId,
    ]);
    expect(row!.n).toBe('1');
    await screenshot(page, 'email-template-editor');
  });

  it("previews the request-decided message on a request found by its number, in that request's words", async () => {
    const list = await api<{ items: requestsApi.TRequestSummary[] }>('GET', '/api/requests?pageSize=1&sort=number&order=desc', token);
    const request = list.items[0]!;
    const page = await newPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/admin/email-templates/system/request.decided');
    await page.getByRole('toolbar', { name: 'Message: formatting' }).waitFor();
    await page.getByLabel(/Preview on request/).fill(String(request.number));
    await page.getByRole('option', { name: new RegExp(`^#${request.number} `) }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => page.getByTestId('preview-subject').textContent()).toMatch(new RegExp(`^Request #${request.number}: \\S`));
    await page.frameLocator('iframe[title="Message preview"]').getByText(`${request.typeName} request #${request.number}`).waitFor();
    await screenshot(page, 'email-template-preview-request');
    await page.close();
  });
});
