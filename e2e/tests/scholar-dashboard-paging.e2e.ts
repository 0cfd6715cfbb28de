import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

/**
 * The Scholar Dashboard pages from where the reader is (docs/product/ui.md#paging-long-lists): Next
 * continues after the last case shown, Previous goes back, the address keeps the page, and a reload of
 * that address shows the same cases.
 */

let browser: Browser;
const TAG = `Pgx${Date.now().toString(36)}`;
beforeAll(async () => {
  browser = await launch();
  // Enough closed cases of one keyword for three pages of ten, several updated at the same moment.
  await query(
    `with inst as (select institution_id as id from users where user_name = 'admin' limit 1),
          d as (select id from departments where institution_id = (select id from inst) order by code limit 1),
          s as (
            insert into scholars (institution_id, department_id, first_name, last_name, email)
            select (select id from inst), (select id from d), 'Page' || g, $1::text, lower($1::text) || g || '@example.org'
              from generate_series(1, 24) g
            returning id, department_id, first_name)
     insert into scholar_applications (institution_id, scholar_id, department_id, proposed_status, phase, status, updated_at)
     select (select id from inst), s.id, s.department_id, 'J-1', 'closed', 'completed',
            timestamptz '2026-03-02 12:00:00+00' + make_interval(days => substr(s.first_name, 5)::int % 7)
       from s`,
    [TAG],
  );
});
afterAll(async () => {
  await browser?.close();
});

describe('scholar dashboard paging', () => {
  it('moves page by page with Next and Previous, says where it is, and keeps the page in the address', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto(`/#/admin/dashboard?filters=tab:closed;q:${TAG};pageSize:10`);
    const table = page.getByRole('table', { name: /^Closed — 24 cases match/ });
    // The cases once the list has loaded (the previous page stays on screen, under a loading bar, until then;
    // the pager's line may change a moment before the new rows are drawn, so callers wait for the rows).
    const names = async () => {
      await page.getByRole('progressbar').waitFor({ state: 'detached' });
      return (await table.getByRole('rowheader').allTextContents()).map((s) => s.trim());
    };
    await page.getByText('1–10 of 24').waitFor();
    const first = await names();
    expect(first).toHaveLength(10);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('11–20 of 24').waitFor();
    await page.waitForURL(/page(%3A|:)2/);
    await expect.poll(async () => (await names()).some((n) => first.includes(n)), { timeout: 10_000 }).toBe(false);
    const second = await names();
    expect(second).toHaveLength(10);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await screenshot(page, 'scholar-dashboard-page-2');

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('21–24 of 24').waitFor();
    await expect.poll(async () => (await names()).length, { timeout: 10_000 }).toBe(4);
    const third = await names();
    expect(new Set([...first, ...second, ...third]).size).toBe(24);

    // The address opens the same page again.
    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await page.getByText('11–20 of 24').waitFor();
    await page.reload();
    await page.getByText('11–20 of 24').waitFor();
    await expect.poll(names, { timeout: 10_000 }).toEqual(second);

    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await page.getByText('1–10 of 24').waitFor();
    await expect.poll(names, { timeout: 10_000 }).toEqual(first);
    await page.context().close();
  });

  it('on a phone shows the page’s heading at once and folds the filters under a button, open when one is set', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    // The scholar dashboard opened afresh, as a bookmark or a reload does: its preview, then the page.
    await page.goto('/#/admin/dashboard');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'International Scholar and Employee Admin' }).waitFor();
    const filters = page.getByRole('button', { name: 'Filters' });
    await filters.waitFor();
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Department').count()).toBe(0);
    // The first cases are on the first screen, not below seven filters.
    await page.getByRole('table').getByRole('rowheader').first().waitFor();
    expect((await page.getByRole('table').getByRole('rowheader').first().boundingBox())!.y).toBeLessThan(844);
    await screenshot(page, 'scholar-dashboard-phone');
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Department').waitFor();

    await page.goto(`/#/admin/dashboard?filters=tab:all;status:pending`);
    await page.reload();
    const open = page.getByRole('button', { name: 'Filters (1)' });
    await open.waitFor();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Status').waitFor();
    await page.context().close();
  });
});
