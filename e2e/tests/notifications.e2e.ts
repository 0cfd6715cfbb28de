import AxeBuilder from '@axe-core/playwright';
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

const REQUEST_ID = '6f1b8a52-3c1e-4d7a-9a43-2b5f0c9e7d11';

/** Notifications for the demo student, written as the server would (owner SQL). */
async function seedStudentNotifications(): Promise<void> {
  const [student] = await query<{ id: string; institution_id: string }>(
    `select id, institution_id from users where user_name = 'student' order by created_at limit 1`,
  );
  await query('delete from notifications where user_id = $1', [student!.id]);
  const add = (text: string, ago: string, requestId: string | null = null) =>
    query(
      `insert into notifications (institution_id, user_id, text, type_name, request_id, created_at) values ($1, $2, $3, 'request.test', $4, now() - $5::interval)`,
      [student!.institution_id, student!.id, text, requestId, ago],
    );
  for (let i = 1; i <= 8; i++) await add(`Older update ${i}`, `5 days ${i} minutes`);
  await add('Your CPT request was assigned', '1 day');
  await add('A document was rejected', '2 minutes');
  await add('New comment on request #1042', '1 minute', REQUEST_ID);
  await add('Your request was submitted', '30 seconds');
}

describe('The notification bell', () => {
  it("a student sees unread counts, days, See More, marks a day and all read, hides one, and opens a request's notification", async () => {
    const page = await newPage(browser);
    const [student] = await query<{ id: string }>(`select id from users where user_name = 'student' order by created_at limit 1`);
    await query('delete from notifications where user_id = $1', [student!.id]);
    await signIn(page, 'student', undefined, 'student');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByText('No new notification available.').waitFor();
    await page.getByRole('button', { name: 'Close notifications' }).click();

    await seedStudentNotifications();
    // Opening the panel asks again at once (besides the 300000 ms poll).
    await page.getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('12 unread of 12').waitFor();
    await panel.getByRole('list', { name: 'Today' }).waitFor();
    await panel.getByRole('list', { name: 'Yesterday' }).waitFor();
    // Days and times are the office's (the demo institution is in America/Chicago), whatever the browser's zone.
    await panel
      .getByRole('list', { name: 'Today' })
      .getByText(/^\d{2}:\d{2} C[SD]T$/)
      .first()
      .waitFor();
    await expect.poll(() => panel.getByText(/^Older update/).count()).toBe(6);
    await panel.getByRole('button', { name: 'See More' }).click();
    await panel.getByText('Older update 8').waitFor();
    expect(await panel.getByRole('button', { name: 'See More' }).count()).toBe(0);

    await panel.getByRole('list', { name: 'Yesterday' }).getByRole('button', { name: 'Mark day as read' }).click();
    await panel.getByText('11 unread of 12').waitFor();
    await panel.getByRole('button', { name: 'Hide: A document was rejected' }).click();
    await panel.getByText('10 unread of 11').waitFor();
    await panel.getByRole('button', { name: 'Mark as read: Your request was submitted' }).click();
    await panel.getByText('9 unread of 11').waitFor();
    await screenshot(page, 'notifications-panel');
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await panel.getByText('0 unread of 11').waitFor();

    await panel.getByText('New comment on request #1042', { exact: true }).click();
    await page.waitForURL(new RegExp(`#/student/request-edit/${REQUEST_ID}$`));
    await page.getByRole('button', { name: 'Notifications' }).waitFor();
  });

  it('scholars have no bell', async () => {
    const page = await newPage(browser);
    await signIn(page, 'scholar');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);
  });
});
