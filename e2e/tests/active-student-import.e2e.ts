import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDED, launch, query, screenshot, signIn } from '../browser.js';
import { journeyPage, journeySteps } from '../journey-helpers.js';

/**
 * Active Student Import (docs/product/active-student-import.md): the Main Campus officer uploads the SIS
 * enrolment feed; a file with bad cells is refused with each row and column named; a good one is compared
 * with the records, side by side; the officer leaves one change out, applies the other, and the record
 * changes with its SEVIS update queued.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('active-student-import');
const file = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });

describe('active student import: the SIS feed compared and applied', () => {
  it('refuses a bad feed row by row, compares a good one side by side, and applies what the officer keeps', async () => {
    const main = await query<{ id: string; sevis_id: string; last_name: string }>(
      `select p.id, p.sevis_id, p.last_name from student_profiles p join campus_sites c on c.id = p.campus_site_id
        where c.code = 'MAIN' and p.sevis_id is not null and p.sevis_status = 'Active' and p.user_id is null order by p.sevis_id limit 2`,
    );
    const [med] = await query<{ sevis_id: string }>(
      `select p.sevis_id from student_profiles p join campus_sites c on c.id = p.campus_site_id
        where c.code = 'MED' and p.sevis_id is not null order by p.sevis_id limit 1`,
    );
    expect(main).toHaveLength(2);
    const [first, second] = main as [(typeof main)[0], (typeof main)[0]];
    const page = await journeyPage(browser);
    await signIn(page, 'officer');
    await page.waitForURL(LANDED);

    await step(page, '1-refused', async () => {
      await page.goto('/#/isss/active-student-import-list');
      await page.getByRole('heading', { name: 'Active Student Import' }).waitFor();
      await page
        .locator('input[type="file"]')
        .setInputFiles(file('bad.csv', ['SEVIS ID,Credits,Expected completion date', `${first.sevis_id},12,13/01/2027`, ',9,']));
      await page.getByText('Nothing was stored: the feed has 2 problems.', { exact: false }).waitFor();
      const problems = page.getByRole('list', { name: 'Problems in the feed' });
      await problems.getByText('Row 2, Expected completion date: Enter a date as MM/DD/YYYY (or YYYY-MM-DD).').waitFor();
      await problems.getByText('Row 3, SEVIS ID: Give the SEVIS ID or the campus ID', { exact: false }).waitFor();
      await screenshot(page, 'active-student-import-1-refused');
    });

    const page2 = await journeyPage(browser);
    await signIn(page2, 'officer');
    await page2.waitForURL(LANDED);
    await step(page2, '2-compare-and-apply', async () => {
      const p = page2;
      await p.goto('/#/isss/my-work');
      // The officer finds it under Actions.
      const menu = p.getByRole('navigation', { name: 'International Student Admin menu' });
      const link = menu.getByRole('link', { name: 'Active Student Import' });
      if (!(await link.isVisible())) await menu.getByRole('button', { name: 'Actions' }).click();
      await link.click();
      await p.getByRole('heading', { name: 'Active Student Import' }).waitFor();
      await p
        .locator('input[type="file"]')
        .setInputFiles(
          file('sis-spring.csv', [
            'Family Name,sevis id,Enrolment Status,Credit Hours,Expected Graduation Date',
            `Journeyname,${first.sevis_id},Full-time,12,12/15/2028`,
            `${second.last_name},${second.sevis_id},Part-time,6,`,
            `Nobody,N0088888888,Full-time,12,`,
            `Elsewhere,${med!.sevis_id},Full-time,12,`,
          ]),
        );
      await p.waitForURL(/#\/isss\/active-student-import-list\/[0-9a-f-]+/);
      await p.getByRole('heading', { name: 'Active Student Import: sis-spring.csv' }).waitFor();
      await p.getByRole('tab', { name: 'Changes (2)' }).waitFor();
      await p.getByRole('tab', { name: 'Not found in Meridian (1)' }).waitFor();
      await p.getByRole('tab', { name: 'Not your campus site (1)' }).waitFor();
      await p.getByText(`Family name: ${first.last_name} → Journeyname`, { exact: false }).waitFor();
      await p.getByRole('button', { name: 'Show row 2 side by side' }).click();
      await p.getByRole('table', { name: 'Row 2: the record and the feed side by side' }).waitFor();
      await screenshot(p, 'active-student-import-2-compared');

      // The second student's change is left out.
      await p.getByRole('checkbox', { name: 'Select row 3' }).check();
      await p.getByRole('button', { name: 'Leave out selected (1)' }).click();
      await p.getByText('1 row left out.').waitFor();
      await p.getByText('Left out', { exact: true }).waitFor();
      await p.getByRole('button', { name: 'Apply 1 change', exact: true }).click();
      await p.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
      await p.getByText(/1 record updated, \d SEVIS updates queued\./).waitFor();
      await p.getByText('Applied', { exact: true }).first().waitFor();
      await screenshot(p, 'active-student-import-3-applied');

      await p.getByRole('tab', { name: 'Not your campus site (1)' }).click();
      await p.getByText('The student record is at a campus site you do not work for.').waitFor();
      await screenshot(p, 'active-student-import-4-not-yours');
    });
    const [after] = await query<{ last_name: string; end: string }>(
      "select last_name, to_char(program_end_date, 'YYYY-MM-DD') as end from student_profiles where id = $1",
      [first.id],
    );
    expect(after).toEqual({ last_name: 'Journeyname', end: '2028-12-15' });
    const events = await query<{ e: string }>(
      "select event_type || '/' || action as e from sevis_pending_events where profile_id = $1 and status = 'pending' order by 1",
      [first.id],
    );
    expect(events.map((x) => x.e)).toEqual(expect.arrayContaining(['PersonalInfo/Edit', 'Program/Extension']));
  });
});
