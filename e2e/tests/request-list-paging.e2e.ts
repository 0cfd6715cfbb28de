import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOLAR_PROGRAM_TYPES } from '@meridian/domain';
import { launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';

/** The scholar cases' request types, which the office works on the Scholar Dashboard, not in this list. */
const SCHOLAR_CASE_CODES = Object.values(SCHOLAR_PROGRAM_TYPES)
  .map((c) => `'${c}'`)
  .join(', ');

/**
 * The staff request list pages from where the reader is (docs/product/ui.md#paging-long-lists): Next
 * continues after the last row shown, Previous goes back, the address keeps the page, and a reload of
 * that address shows the same rows.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // Enough completed requests for three pages of ten: copies of one of the demo's requests, made a
  // department's own program extension (the scholar area's Requests leaves out the scholar cases,
  // docs/product/requests.md#request-lists).
  await query(`
    insert into requests
    select (jsonb_populate_record(null::requests, to_jsonb(r) || jsonb_build_object(
      'id', gen_random_uuid(), 'number', m.top + g, 'status', 'completed',
      'request_type_id', (select t.id from request_types t where t.code = 'program_extension' and t.institution_id = r.institution_id),
      'submitted_at', timestamptz '2026-03-01 23:30:00-05' + make_interval(days => g % 7),
      'updated_at', timestamptz '2026-03-02 23:30:00-05' + make_interval(days => g % 7)))).*
    from requests r
    cross join (select max(number) as top from requests) m
    cross join generate_series(1, 24) g
    where r.id = (select id from requests order by number limit 1)`);
});
afterAll(async () => {
  await browser?.close();
});

describe('staff request list paging', () => {
  it('moves page by page with Next and Previous, says where it is, and keeps the page in the address', async () => {
    const page = await newPage(browser);
    await signIn(page, 'admin');
    await page.waitForURL(STAFF_HOME);
    await page.goto('/#/admin/requests?filters=status:completed;pageSize:10');
    const table = page.getByRole('table', { name: 'Requests' });
    // The rows once the list has loaded (the previous page stays on screen, under a loading bar, until then).
    const numbers = async () => {
      await page.getByRole('progressbar').waitFor({ state: 'detached' });
      return (await table.getByRole('rowheader').allTextContents()).map((s) => s.trim());
    };
    const total = Number(
      (
        await query<{ n: string }>(
          `select count(*) as n from requests r join request_types t on t.id = r.request_type_id
            where r.status = 'completed' and r.profile_id is null and t.code not in (${SCHOLAR_CASE_CODES})
              and r.institution_id = (select institution_id from requests order by number limit 1)`,
        )
      )[0]!.n,
    );
    expect(total).toBeGreaterThanOrEqual(24);
    await page.getByText(`1–10 of ${total}`).waitFor();
    const first = await numbers();
    expect(first).toHaveLength(10);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText(`11–20 of ${total}`).waitFor();
    await page.waitForURL(/page(%3A|:)2/);
    // The rows are drawn a moment after the list answers: wait for the new ones.
    await expect.poll(async () => (await numbers())[0] !== first[0], { timeout: 10_000 }).toBe(true);
    const second = await numbers();
    expect(second).toHaveLength(10);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await screenshot(page, 'request-list-page-2');

    // The address opens the same page again.
    await page.reload();
    await page.getByText(`11–20 of ${total}`).waitFor();
    await expect.poll(numbers, { timeout: 10_000 }).toEqual(second);

    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await page.getByText(`1–10 of ${total}`).waitFor();
    await expect.poll(numbers, { timeout: 10_000 }).toEqual(first);
    await page.context().close();
  });
});
