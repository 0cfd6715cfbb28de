import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { journeyPage, journeySteps } from '../journey-helpers.js';

/**
 * An officer's start of the day (docs/product/my-work.md, docs/product/shells.md#where-staff-land): the
 * Main Campus officer signs in and lands on My work in the student area, with the menu docked beside the
 * page at 1280 px; each number opens its list, which shows as many rows as the number said; the menu and
 * the area switch take one click each. The clicks are counted and reported. On a phone the same page,
 * with the menu as a drawer. axe (WCAG 2 A and AA) finds nothing serious on any page visited.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('my-work');
const RUN = Date.now().toString().slice(-8);

/** A SEVIS update of a Main Campus student held back by the batch checks, and one of a Medical Campus student. */
async function heldUpdates(): Promise<void> {
  const [inst] = await query<{ id: string }>(
    `select institution_id as id from users where user_name = 'officer' order by created_at limit 1`,
  );
  for (const [site, last] of [
    ['Main Campus', `Heldmain${RUN}`],
    ['Medical Campus', `Heldmed${RUN}`],
  ] as const) {
    const [p] = await query<{ id: string }>(
      `insert into student_profiles (institution_id, campus_site_id, first_name, last_name, email, visa_type, sevis_status, current_stage)
       values ($1, (select id from campus_sites where institution_id = $1 and name = $2), 'Ines', $3, $4, 'F-1', 'Initial', 'continuing')
       returning id`,
      [inst!.id, site, last, `${last.toLowerCase()}@example.edu`],
    );
    await query(
      `insert into sevis_pending_events (institution_id, profile_id, event_type, action, status, message)
       values ($1, $2, 'Create', 'Create', 'held', 'SEVIS needs a U.S. or a foreign phone for a Create: add one to the record.')`,
      [inst!.id, p!.id],
    );
  }
}

async function noSeriousViolations(page: Page, where: string): Promise<void> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The number a My work row shows (the link's last word). */
async function countOf(page: Page, label: string): Promise<number> {
  const link = page.getByRole('link', { name: new RegExp(`^${label}\\s*[\\d,]+\\+?$`) });
  const text = (await link.textContent()) ?? '';
  return Number(/([\d,]+)\+?$/.exec(text.trim())![1]!.replace(/,/g, ''));
}

describe('My work: the officer lands in the student area and follows a count to its list', () => {
  it('at 1280 px: lands on My work beside the docked menu, a number opens its list with as many rows, one click each way', async () => {
    await heldUpdates();
    const page = await journeyPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    const clicks: string[] = [];
    const click = async (what: string, target: ReturnType<Page['getByRole']>) => {
      clicks.push(what);
      await target.click();
    };
    await step(page, '1-land', async () => {
      await signIn(page, 'officer');
      clicks.push('LOGIN');
      await page.waitForURL(STAFF_HOME);
      await page.getByRole('heading', { level: 1, name: 'My work' }).waitFor();
      await page.getByRole('link', { name: /^Held back by the batch checks/ }).waitFor();
      // The menu is docked: every page one click away, without opening anything first.
      const menu = page.getByRole('navigation', { name: 'International Student Admin menu' });
      expect(await menu.isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: 'My work' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('button', { name: 'Hide menu' }).getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
      // Requests sit with the work, not under Configuration; the areas are side by side in the bar.
      expect(await menu.getByRole('link', { name: 'Student Request List' }).isVisible()).toBe(true);
      const areas = page.getByRole('navigation', { name: 'Area' });
      expect(await areas.getByRole('link', { name: 'Students' }).getAttribute('aria-current')).toBe('page');
      await screenshot(page, 'my-work-1280');
      await noSeriousViolations(page, 'My work 1280');

      // Main Campus's held update is counted for the officer; Medical Campus's is not (the list shows the same).
      const held = await countOf(page, 'Held back by the batch checks');
      expect(held).toBeGreaterThanOrEqual(1);
      await click('Held back by the batch checks', page.getByRole('link', { name: /^Held back by the batch checks/ }));
      await page.waitForURL(/#\/isss\/system-errors\?filters=status:held$/);
      const errors = page.getByRole('table', { name: 'System errors' });
      await errors.getByRole('link', { name: new RegExp(`Heldmain${RUN}`) }).waitFor();
      await page.getByText(new RegExp(`^1–${Math.min(held, 25)} of ${held}$`)).waitFor();
      expect(await errors.getByRole('link', { name: new RegExp(`Heldmed${RUN}`) }).count()).toBe(0);
      await noSeriousViolations(page, 'System Errors, held back');

      // Back to My work from the docked menu, and on to the new requests nobody has taken.
      await click(
        'My work (menu)',
        page.getByRole('navigation', { name: 'International Student Admin menu' }).getByRole('link', { name: 'My work' }),
      );
      await page.waitForURL(STAFF_HOME);
      const unassigned = await countOf(page, 'New, not yet assigned');
      await click('New, not yet assigned', page.getByRole('link', { name: /^New, not yet assigned/ }));
      await page.waitForURL(/#\/isss\/students-request-list\?filters=status:submitted%2Cin_review;assigned:unassigned$/);
      const requests = page.getByRole('table', { name: 'Requests' });
      if (unassigned === 0) await requests.getByText(/No requests/).waitFor();
      else await page.getByText(new RegExp(`^1–${Math.min(unassigned, 25)} of ${unassigned}$`)).waitFor();
      expect(await requests.getByRole('rowheader').count()).toBe(Math.min(unassigned, 25));

      // The other area in one visible click, and back to this area's home.
      await click('Scholars (bar)', page.getByRole('navigation', { name: 'Area' }).getByRole('link', { name: 'Scholars' }));
      await page.waitForURL(/#\/admin\/dashboard$/);
      await page.getByRole('heading', { level: 1, name: 'International Scholar and Employee Admin' }).waitFor();
      await click('Students (bar)', page.getByRole('navigation', { name: 'Area' }).getByRole('link', { name: 'Students' }));
      await page.waitForURL(STAFF_HOME);
      await page.getByRole('heading', { level: 1, name: 'My work' }).waitFor();
    });
    // The journey's report: every click from the sign-in on.
    console.log(`[my-work] ${clicks.length} clicks: ${clicks.join(' → ')}`);
    expect(clicks).toHaveLength(6);
  });

  it('on a phone: the same counts, the menu a drawer, the other area one click away in the bar', async () => {
    const page = await journeyPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await step(page, '2-phone', async () => {
      await signIn(page, 'officer');
      await page.waitForURL(STAFF_HOME);
      await page.getByRole('link', { name: /^Held back by the batch checks/ }).waitFor();
      expect(await page.getByRole('navigation', { name: 'International Student Admin menu' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Switch to Scholar Admin' }).isVisible()).toBe(true);
      await screenshot(page, 'my-work-390');
      await noSeriousViolations(page, 'My work 390');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'International Student Admin menu' });
      await menu.getByRole('link', { name: 'Student Request List' }).click();
      await page.waitForURL(/#\/isss\/students-request-list/);
      // The drawer closes on a choice.
      await menu.waitFor({ state: 'hidden' });
    });
  });
});
