import fs from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { J1_COHORT_FILE_MSG, J1_COHORT_MAX_PARTICIPANTS } from '@meridian/domain';
import { readJ1CohortRows } from './j1-cohort-file.js';

/**
 * The participants file reader of the J-1 cohort page (docs/product/students-records.md#j-1-cohort): CSV and
 * XLSX read as a stream, the row limit applied while reading (the row after the limit stops it).
 */
const HEADER = [
  'Last name',
  'First name',
  'Middle name',
  'E-mail',
  'Birth date',
  'Gender',
  'Birth city',
  'Birth country',
  'Citizenship country',
  'Permanent residence country',
];
const cells = (i: number) => [`Tanaka ${i}`, 'Aiko', '', `aiko${i}@example.org`, '04/12/2004', 'F', 'Osaka', 'JP', 'JP', 'JP'];
const csvOf = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => cells(i))].map((r) => r.join(',')).join('\r\n');

/** A stream of `data` in pieces of `size` bytes. */
const streamOf = (data: Buffer | string, size = 1024) => {
  const buf = Buffer.from(data);
  return Readable.from(
    (function* () {
      for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
    })(),
  );
};

async function xlsxOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Participants');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** ExcelJS's temporary files of this process (the tmp package's names). */
const spooled = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`));

const fileErrorOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x as { statusCode: number; fieldErrors: Record<string, string[]> },
  );
  expect(e, 'an error').not.toBeNull();
  return { status: e!.statusCode, file: e!.fieldErrors.file };
};

describe('readJ1CohortRows: CSV', () => {
  it('reads the rows under the header, in small pieces, numbered as the spreadsheet shows them (empty lines skipped but counted)', async () => {
    const csv = `\uFEFF${HEADER.join(',')}\r\n${cells(1).join(',')}\r\n\r\n,,,,,,,,,\r\n"Smith Jones","Ann ""Annie""",,ann@example.org,2004-01-31,female,"Rio,\r\nde Janeiro",br,BR,BR\r\n`;
    const rows = await readJ1CohortRows('cohort.csv', streamOf(csv, 3));
    expect(rows.map((r) => r.rowNo)).toEqual([2, 5]);
    expect(rows[0]!.values).toMatchObject({ lastName: 'Tanaka 1', birthDate: '2004-04-12', gender: 'F', citizenshipCountryCode: 'JP' });
    expect(rows[1]!.values).toMatchObject({
      firstName: 'Ann "Annie"',
      birthDate: '2004-01-31',
      gender: 'F',
      birthCity: 'Rio,\r\nde Janeiro',
      birthCountryCode: 'BR',
      programStartDate: '',
    });
  });

  it('reads a Windows-1252 file (Excel’s "CSV") as such', async () => {
    const latin = Buffer.concat([
      Buffer.from(`${HEADER.join(',')}\r\nJos`),
      Buffer.from([0xe9]),
      Buffer.from(`,Ana,,a@example.org,04/12/2004,F,Sao Paulo,BR,BR,BR\r\n`),
    ]);
    const [row] = await readJ1CohortRows('cohort.csv', streamOf(latin, 8));
    expect(row!.values.lastName).toBe('José');
  });

  it(`takes ${J1_COHORT_MAX_PARTICIPANTS} rows and refuses ${J1_COHORT_MAX_PARTICIPANTS + 1}`, async () => {
    expect(await readJ1CohortRows('cohort.csv', streamOf(csvOf(J1_COHORT_MAX_PARTICIPANTS)))).toHaveLength(J1_COHORT_MAX_PARTICIPANTS);
    expect(await fileErrorOf(readJ1CohortRows('cohort.csv', streamOf(csvOf(J1_COHORT_MAX_PARTICIPANTS + 1))))).toEqual({
      status: 400,
      file: [J1_COHORT_FILE_MSG.tooManyRows],
    });
  });

  it('stops reading at the row after the limit: an endless file is read no further, and the stream is left to be drained', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 1;
        this.push(produced === 1 ? `${HEADER.join(',')}\r\n` : `${cells(produced).join(',')}\r\n`);
      },
    });
    expect(await fileErrorOf(readJ1CohortRows('endless.csv', endless, 10))).toEqual({
      status: 400,
      file: [J1_COHORT_FILE_MSG.tooManyRows],
    });
    // The header and eleven rows, plus what the stream buffered ahead (its high-water mark): nowhere near endless.
    expect(produced).toBeLessThan(1000);
    expect(endless.destroyed).toBe(false);
  });

  it('refuses a header without a required column, a file without rows, and a file whose content is not its name', async () => {
    const missing = await fileErrorOf(readJ1CohortRows('cohort.csv', streamOf('Last name,First name,Notes\r\nTanaka,Aiko,x\r\n')));
    expect(missing.file).toEqual([
      J1_COHORT_FILE_MSG.unknownColumn('Notes'),
      J1_COHORT_FILE_MSG.missingColumn('E-mail'),
      J1_COHORT_FILE_MSG.missingColumn('Birth date'),
      J1_COHORT_FILE_MSG.missingColumn('Gender'),
      J1_COHORT_FILE_MSG.missingColumn('Birth city'),
      J1_COHORT_FILE_MSG.missingColumn('Birth country'),
      J1_COHORT_FILE_MSG.missingColumn('Citizenship country'),
      J1_COHORT_FILE_MSG.missingColumn('Permanent residence country'),
    ]);
    expect((await fileErrorOf(readJ1CohortRows('cohort.csv', streamOf(`${HEADER.join(',')}\r\n\r\n`)))).file).toEqual([
      J1_COHORT_FILE_MSG.empty,
    ]);
    expect((await fileErrorOf(readJ1CohortRows('cohort.csv', streamOf('')))).file).toEqual([J1_COHORT_FILE_MSG.empty]);
    expect((await fileErrorOf(readJ1CohortRows('cohort.csv', streamOf(await xlsxOf([HEADER]))))).file).toEqual([J1_COHORT_FILE_MSG.type]);
    expect((await fileErrorOf(readJ1CohortRows('cohort.pdf', streamOf(csvOf(1))))).file).toEqual([J1_COHORT_FILE_MSG.type]);
    expect((await fileErrorOf(readJ1CohortRows('cohort.csv', streamOf(Buffer.from([0x41, 0x00, 0x42]))))).file).toEqual([
      J1_COHORT_FILE_MSG.type,
    ]);
  });
});

describe('readJ1CohortRows: XLSX', () => {
  it('reads the first worksheet as a stream: dates as calendar days, numbers and shared strings as text, rows numbered by the sheet', async () => {
    const data = await xlsxOf([
      HEADER,
      cells(1).map((c, i) => (i === 4 ? new Date(Date.UTC(2004, 3, 12)) : c)),
      [],
      ['Smith Jones', { richText: [{ text: 'An' }, { text: 'n' }] }, '', 'ann@example.org', '01/31/2004', 'm', 'Lima', 'pe', 'PE', 'PE'],
    ]);
    const rows = await readJ1CohortRows('cohort.xlsx', streamOf(data, 512));
    expect(rows.map((r) => r.rowNo)).toEqual([2, 4]);
    expect(rows[0]!.values).toMatchObject({ lastName: 'Tanaka 1', birthDate: '2004-04-12', gender: 'F' });
    expect(rows[1]!.values).toMatchObject({ firstName: 'Ann', birthDate: '2004-01-31', gender: 'M', birthCountryCode: 'PE' });
  });

  it(`takes ${J1_COHORT_MAX_PARTICIPANTS} rows and refuses ${J1_COHORT_MAX_PARTICIPANTS + 1}; no row past the limit is kept, and ExcelJS's spool files are gone`, async () => {
    const sheet = (n: number) => xlsxOf([HEADER, ...Array.from({ length: n }, (_, i) => cells(i))]);
    expect(await readJ1CohortRows('cohort.xlsx', streamOf(await sheet(J1_COHORT_MAX_PARTICIPANTS)))).toHaveLength(
      J1_COHORT_MAX_PARTICIPANTS,
    );
    expect((await fileErrorOf(readJ1CohortRows('cohort.xlsx', streamOf(await sheet(J1_COHORT_MAX_PARTICIPANTS + 1))))).file).toEqual([
      J1_COHORT_FILE_MSG.tooManyRows,
    ]);
    expect((await fileErrorOf(readJ1CohortRows('cohort.xlsx', streamOf(await sheet(5000))))).file).toEqual([
      J1_COHORT_FILE_MSG.tooManyRows,
    ]);
    // ExcelJS spools a worksheet stored before its shared strings to a temporary file and removes it (soon) after reading it.
    await vi.waitFor(() => expect(spooled()).toEqual([]), { timeout: 5000 });
  });

  it('takes the participants from the first worksheet only', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Participants').addRows([HEADER, cells(1)]);
    wb.addWorksheet('Notes').addRows([['Arrival briefing on Monday'], ...Array.from({ length: 900 }, (_, i) => [`note ${i}`])]);
    const rows = await readJ1CohortRows('cohort.xlsx', streamOf(Buffer.from(await wb.xlsx.writeBuffer())));
    expect(rows.map((r) => r.values.lastName)).toEqual(['Tanaka 1']);
  });

  it('refuses a damaged workbook and CSV text named .xlsx', async () => {
    const data = await xlsxOf([HEADER, cells(1)]);
    expect((await fileErrorOf(readJ1CohortRows('cohort.xlsx', streamOf(data.subarray(0, 200))))).file).toEqual([
      J1_COHORT_FILE_MSG.unreadable,
    ]);
    expect((await fileErrorOf(readJ1CohortRows('cohort.xlsx', streamOf(csvOf(1))))).file).toEqual([J1_COHORT_FILE_MSG.type]);
    await vi.waitFor(() => expect(spooled()).toEqual([]), { timeout: 5000 });
  });
});
