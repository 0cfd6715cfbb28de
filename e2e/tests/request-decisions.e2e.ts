import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot } from '../browser.js';
import { confirmDecision, expectMessage, journeySteps, signedInPage } from '../journey-helpers.js';
import { advisorApproves, CPT, submitDemoCpt } from '../request-helpers.js';

/**
 * Decisions that cannot be undone (docs/product/requests.md#decisions-are-confirmed,
 * #approvers-before-the-office; docs/decisions/028-submitting-starts-approver-review.md): a CPT the
 * student submits is with the faculty advisor at once; the office approves it through a confirmation
 * naming the student and what happens to her record, after the advisor, or before them only with an
 * override whose reason the History Log keeps. Each state of the dialog is checked with axe (WCAG 2 A
 * and AA: no serious or critical violation) at 1280×800 and 390×844.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('request-decisions');
const RUN = Date.now().toString(36).toUpperCase();
const REASON = 'Prof. Advisor is on leave until June and confirmed the internship by phone.';

/** axe on what is on screen now, at the journey's size and on a phone; a screenshot of each. */
async function checkBothSizes(page: Page, name: string): Promise<void> {
  for (const [w, h, tag] of [
    [1280, 800, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    await screenshot(page, `request-decisions-${name}-${tag}`);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${name} at ${w}x${h}`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('decisions are confirmed; the office approves after the approvers or overrides with a reason', () => {
  it('before the advisor has decided, Approve is an override: the reason is required, and the History Log keeps it', async () => {
    const r = await submitDemoCpt(`Lumen Optics ${RUN}`);
    const page = await signedInPage(browser, 'admin');
    await step(page, '1-override', async () => {
      await page.goto(`/#/isss/request/${r.id}`);
      await page.getByText('The approvers decide first (Faculty advisor).', { exact: false }).waitFor();
      await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve (override)' }).click();
      const dialog = page.getByRole('dialog', { name: `Approve with override: request #${r.number}` });
      await dialog.getByText(`Approve Priya Sharma's ${CPT} request #${r.number}?`).waitFor();
      await dialog
        .getByText("The CPT authorization is added to Priya Sharma's record and a SEVIS update (CPT employment) is queued.")
        .waitFor();
      await dialog.getByText('The approvers still asked are no longer needed: their links stop working.').waitFor();
      await dialog.getByText('Priya Sharma is told by e-mail.').waitFor();
      await checkBothSizes(page, '1-override-dialog');

      // Without a reason nothing is sent: the field says why.
      await dialog.getByRole('button', { name: 'Approve with override' }).click();
      const reason = dialog.getByRole('textbox', { name: /^Reason for approving before the approvers/ });
      await expectMessage(reason, 'Please give the reason for approving before the approvers have decided.');
      expect((await query<{ status: string }>('select status from requests where id = $1', [r.id]))[0]!.status).toBe('adv_review');
      await checkBothSizes(page, '1-override-reason-required');

      await reason.fill(REASON);
      await confirmDecision(page, 'Approve with override');
      await page.getByText('Approved. The requester was told.').waitFor();
      await page.getByText('Priya Sharma · Approved').waitFor();
      await page.getByRole('list', { name: 'Approvers' }).getByText('No longer needed').waitFor();

      await page.getByRole('tab', { name: 'History Log' }).click();
      const row = page
        .getByRole('table', { name: 'History Log' })
        .getByRole('row')
        .filter({ hasText: 'Approved without the approvers (override)' });
      await row.getByText(`Override reason: ${REASON}`, { exact: false }).waitFor();
      await row.getByText('Avery Admin').waitFor();
      await checkBothSizes(page, '1-override-history');
    });
  });

  it('after the advisor, the officer approves through the confirmation with a comment the student reads', async () => {
    const r = await submitDemoCpt(`Prism Labs ${RUN}`);
    await advisorApproves(r.number);
    const page = await signedInPage(browser, 'admin');
    await step(page, '2-approve', async () => {
      await page.goto(`/#/isss/request/${r.id}`);
      await page.getByRole('list', { name: 'Approvers' }).getByText('Approved', { exact: true }).waitFor();
      await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Approve: request #${r.number}` });
      await dialog.getByText(`Approve Priya Sharma's ${CPT} request #${r.number}?`).waitFor();
      expect(await dialog.getByRole('textbox', { name: /^Reason for approving/ }).count()).toBe(0);
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await query<{ status: string }>('select status from requests where id = $1', [r.id]))[0]!.status).toBe('in_review');

      await page.getByRole('group', { name: 'Request actions' }).getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Approved: bring your offer letter on Monday.');
      await checkBothSizes(page, '2-approve-dialog');
      await confirmDecision(page, 'Approve');
      await page.getByText('Approved. The requester was told.').waitFor();
      await page.getByText('Priya Sharma · Approved').waitFor();
      const [mail] = await query<{ text_body: string }>(
        `select text_body from outbox where lower(to_address) = 'student@demo.example.edu' and text_body like $1 order by created_at desc limit 1`,
        [`%#${r.number} was approved%`],
      );
      expect(mail!.text_body).toContain('Comment from the office:\nApproved: bring your offer letter on Monday.');
    });
  });
});
