import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

// docs/product/messages.md#sent-email: the office searches the log of sent e-mail, opens one to see what was
// sent and what the mail server answered, and finds the same messages on the exchange visitor's Message Center.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TAG = `E2E-${Date.now().toString(36)}`;

describe('Sent Email', () => {
  it('lists, searches and opens messages safely; the record shows its own', async () => {
    const [p] = await query<{ id: string; institution_id: string; email: string }>(
      `select p.id, p.institution_id, p.email from student_profiles p where p.visa_type = 'J-1' and p.email <> '' order by p.last_name limit 1`,
    );
    const html = `<p>Dear student,</p><p>Your <b>I-20</b> is ready.</p><script>parent.document.body.innerHTML = 'owned'</script>`;
    await query(
      `insert into outbox (institution_id, to_address, subject, text_body, html_body, purpose, status, profile_id, sent_at, smtp_response, created_at)
       values ($1, $2, $3, 'Dear student,\n\nYour I-20 is ready.', $4, 'request.approved', 'sent', $5, now(), '250 2.0.0 OK queued', now() - interval '1 hour'),
              ($1, $2, $6, 'Please report your address.', null, 'address.reminder', 'failed', $5, null, '550 5.1.1 mailbox unknown', now())`,
      [p!.institution_id, p!.email, `${TAG} Your I-20 is ready`, html, p!.id, `${TAG} Report your address`],
    );

    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/isss/sent-email');
    await page.getByRole('heading', { name: 'Sent Email' }).waitFor();
    await page.getByLabel('Search').fill(TAG);
    // The newest message is on the unfiltered first page too: the older one shows the search has applied.
    await page.getByRole('button', { name: `${TAG} Your I-20 is ready` }).waitFor();
    expect(await page.getByRole('button', { name: `${TAG} Report your address` }).count()).toBe(1);
    expect(await page.getByRole('button', { name: new RegExp(`^${TAG} `) }).count()).toBe(2);
    await screenshot(page, 'sent-email-list');

    await page.getByRole('button', { name: `${TAG} Report your address` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('550 5.1.1').waitFor();
    await dialog.getByRole('link', { name: /Student record:/ }).waitFor();
    await screenshot(page, 'sent-email-failed');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: `${TAG} Your I-20 is ready` }).click();
    await dialog.getByRole('tab', { name: 'HTML' }).click();
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await frame.contentFrame().getByText('is ready').waitFor();
    // The message's script never ran: the page is still the page.
    expect(await page.locator('body').innerText()).not.toContain('owned');
    await screenshot(page, 'sent-email-html');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/#/isss/student-profile/${p!.id}?tab=messages`);
    await page.getByRole('heading', { name: /E-mails about this record/ }).waitFor();
    await page
      .getByRole('table', { name: 'E-mails about this record' })
      .getByRole('button', { name: `${TAG} Report your address` })
      .waitFor();
    await screenshot(page, 'message-center');
    await page.close();
  });
});
