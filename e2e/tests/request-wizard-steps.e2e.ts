import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot } from '../browser.js';
import { choose, expectMessage, journeySteps, signedInPage } from '../journey-helpers.js';
import { officeDay } from '../request-helpers.js';

/**
 * A request wizard checks each step before it is left (docs/product/students-requests.md#the-request-wizard):
 * the student's Registration Request asks for the current session and whether it is the last one; the
 * next session's start is required only when it is not (a condition that used to surface only on submit,
 * three steps later). Going on with a field missing keeps the draft, stays on the step and says which
 * fields need what, on them, with the first one focused. Every state is checked with axe at both sizes.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('request-wizard-steps');
/** A date `offset` days from the office's today, as the date field takes it typed (MMDDYYYY). */
const typed = (offset: number) => {
  const iso = officeDay(offset);
  return `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
};

describe('a request wizard checks each step before the next', () => {
  it('the Registration Request stays on its fields until they are answered, the conditional one included', async () => {
    const page = await signedInPage(browser, 'student');
    await step(page, '1-registration', async () => {
      await page.waitForURL(/#\/student\/student-service-menu\//);
      await page.getByLabel('Start Registration Request').click();
      await page.waitForURL(/#\/student\/request-create-wizard\//);
      // Every requirement is marked before anything is tried.
      const start = page.getByRole('textbox', { name: /^Current session start date/ });
      expect(await start.getAttribute('required')).not.toBeNull();

      // Going on with nothing: the draft is kept, the step stays, each field says what it needs.
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.waitForURL(/#\/student\/request-edit-wizard\/[0-9a-f-]+\?step=0&check=1$/);
      await page.getByRole('alert').filter({ hasText: '3 fields on this step need attention before you go on' }).waitFor();
      const startField = page.getByRole('textbox', { name: /^Current session start date/ });
      await expectMessage(startField, 'Required field');
      // The date's format hint stays beside its message.
      await expectMessage(startField, 'MM/DD/YYYY');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-current_session_start_date');
      await screenshot(page, 'request-wizard-steps-1-missing');
      const requestId = /request-edit-wizard\/([0-9a-f-]+)/.exec(page.url())![1]!;
      const [draft] = await query<{ status: string }>('select status from requests where id = $1', [requestId]);
      expect(draft!.status).toBe('draft');

      // Not the last session: the next session's start is now required, and Next says so here.
      await startField.fill(typed(-20));
      await page.getByRole('textbox', { name: /^Current session end date/ }).fill(typed(100));
      await choose(page, page.getByRole('combobox', { name: /^Is this your last session/ }), 'No');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('alert').filter({ hasText: 'One field on this step needs attention before you go on' }).waitFor();
      const next = page.getByRole('textbox', { name: /^Next session start date/ });
      await expectMessage(next, 'Required field');
      expect(page.url()).toMatch(/step=0/);
      await screenshot(page, 'request-wizard-steps-2-conditional');

      await next.fill(typed(130));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/#\/student\/request-edit-wizard\/[0-9a-f-]+\?step=1$/);
      expect(await page.getByRole('alert').filter({ hasText: 'needs attention' }).count()).toBe(0);
    });
  });
});
