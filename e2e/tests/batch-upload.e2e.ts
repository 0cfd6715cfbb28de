import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMPORT_COLUMNS } from '@meridian/domain';
import { launch, query, screenshot } from '../browser.js';
import { journeySteps, signedInPage } from '../journey-helpers.js';

/**
 * Batch upload of students (docs/product/students-intake.md#batch-upload): the officer drops a CSV, the
 * server checks every row as a job the page follows with a progress bar, the preview opens, and the
 * import (another job) creates every record at once. A page reloaded while the import runs picks the
 * job up again and shows its outcome.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const step = journeySteps('batch-upload');
/** Names of letters only, new on each attempt. */
const TAG = Date.now()
  .toString(26)
  .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);

/** The columns this office's file has: the required ones and the education level (none of what SEVIS needs besides). */
const COLUMNS = [...IMPORT_COLUMNS.filter((c) => c.isRequired).map((c) => c.key), 'education_level'];
const letters = (i: number) =>
  String(i)
    .split('')
    .map((d) => 'abcdefghij'[Number(d)])
    .join('');

function csv(n: number): Buffer {
  const lines = Array.from({ length: n }, (_, i) => {
    const row: Record<string, string> = {
      first_name: `Mei ${letters(i)}`,
      last_name: `Upload ${TAG}`,
      email: `mei${i}.${TAG}@example.org`,
      birth_date: '03/09/2004',
      citizenship: 'CN',
      visa_type: 'F-1',
      campus_site: 'MAIN',
      program_start_date: '08/20/2027',
      program_end_date: '05/15/2031',
      education_level: '02',
    };
    return COLUMNS.map((k) => row[k] ?? '').join(',');
  });
  return Buffer.from([COLUMNS.join(','), ...lines].join('\r\n'));
}

const countImported = async () =>
  Number((await query<{ n: string }>('select count(*) as n from student_profiles where last_name = $1', [`Upload ${TAG}`]))[0]!.n);

describe('batch upload: a file checked and imported as jobs the page follows', () => {
  it('checks the rows with a progress bar, opens the preview, and imports them all; a reload during the import picks it up', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '1-upload-and-import', async () => {
      const n = 3000;
      await page.goto('/#/isss/batch-upload-list');
      await page.getByRole('heading', { name: 'Batch Upload' }).waitFor();
      await page.locator('input[type="file"]').setInputFiles({ name: 'fall.csv', mimeType: 'text/csv', buffer: csv(n) });
      // The rows are checked on the server: the page follows the job, then opens the preview.
      await page.waitForURL(/#\/isss\/batch-upload-list\/[0-9a-f-]+$/);
      await page.getByText('Every row passed the checks.', { exact: false }).waitFor();
      await screenshot(page, 'batch-upload-1-preview');
      // The rows create SEVIS records but the file has none of what SEVIS needs for an I-20: the preview says
      // so on each cell, in the batch build's words, and the import is still offered.
      await page.getByText('What SEVIS will need', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'SEVIS needs more' }).click();
      const needs = page.getByRole('list', { name: 'What SEVIS needs, by column' });
      await needs.getByText(`U.S. phone: ${n.toLocaleString('en-US')} rows (the file has no such column)`).waitFor();
      await needs.getByText(`Tuition and fees: ${n.toLocaleString('en-US')} rows`, { exact: false }).waitFor();
      await page.getByRole('columnheader', { name: 'SEVIS needs (columns not in the file)' }).waitFor();
      await screenshot(page, 'batch-upload-1b-sevis-needs');
      await page.getByRole('button', { name: 'All rows' }).click();
      const importId = /([0-9a-f-]{36})$/.exec(page.url())![1]!;

      // The import waits behind another import of the institution (its lock, held here) for as long as this
      // journey needs to reload the page while it runs.
      const other = new pg.Client({ connectionString: inject('databaseUrl') });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(
          "select pg_advisory_xact_lock(hashtext(institution_id::text || ':student-import')) from student_imports where id = $1",
          [importId],
        );
        await page.getByRole('button', { name: `Import ${n.toLocaleString('en-US')} students` }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
        await page.getByRole('progressbar', { name: 'Importing students' }).waitFor();
        // A reload while the import runs finds its job again and follows it.
        await page.reload();
        await page.getByRole('heading', { name: 'fall.csv' }).waitFor();
        await page.getByRole('progressbar', { name: 'Importing students' }).waitFor();
        await page.getByText('Waiting for another import to finish').waitFor();
        await screenshot(page, 'batch-upload-2-importing');
        expect(await countImported()).toBe(0);
      } finally {
        await other.query('rollback').catch(() => {});
        await other.end();
      }
      await page.getByText(`${n.toLocaleString('en-US')} student records were created in stage Invited`, { exact: false }).waitFor();
      await page.getByText(`${n.toLocaleString('en-US')} of them held until the record has what SEVIS needs`, { exact: false }).waitFor();
      await screenshot(page, 'batch-upload-3-imported');
      expect(await countImported()).toBe(n);
    });
  });

  it('a file with a problem in its header row ends the check with the message under the drop zone', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '2-refused', async () => {
      await page.goto('/#/isss/batch-upload-list');
      await page.getByRole('heading', { name: 'Batch Upload' }).waitFor();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('first_name\r\n') });
      await page.getByText('The file has no student rows', { exact: false }).waitFor();
      await screenshot(page, 'batch-upload-4-refused');
    });
  });
});
