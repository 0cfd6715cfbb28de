import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { columnLetters, XlsxSheetWriter } from './xlsx-writer.js';

/** Writes a workbook into memory: the columns, then the rows in batches of `batch`. */
async function workbook(columns: string[], rows: string[][], batch = 500, out: Writable = new PassThrough()): Promise<Buffer> {
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  const w = new XlsxSheetWriter(out, {
    sheetName: 'Scholars',
    columns: columns.map((header, i) => ({ header, width: i ? 20 : undefined })),
    creator: 'Meridian',
  });
  await w.start();
  for (let i = 0; i < rows.length; i += batch) await w.addRows(rows.slice(i, i + batch));
  await w.finish();
  out.end();
  return Buffer.concat(parts);
}

describe('the streaming XLSX writer', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('is read back cell for cell by exceljs and by SheetJS: headers, widths, text that looks like XML, formulas kept as text', async () => {
    const rows = [
      ['O’Brien & <Sons> "Ltd"', '', ' leading and trailing spaces '],
      ['\'=HYPERLINK("x")', 'Zoë Ångström 李雷 🎓', 'line one\nline two'],
      ['tab\there', 'a\u0001b\u001fc', 'x'],
    ];
    const buf = await workbook(['Last name', 'E-mail', 'Notes'], rows);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Scholars')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Last name', 'E-mail', 'Notes']);
    expect(ws.getCell('A2').value).toBe('O’Brien & <Sons> "Ltd"');
    expect(ws.getCell('C2').value).toBe(' leading and trailing spaces ');
    expect(ws.getCell('A3').value).toBe('\'=HYPERLINK("x")');
    expect(ws.getCell('B3').value).toBe('Zoë Ångström 李雷 🎓');
    expect(ws.getCell('C3').value).toBe('line one\nline two');
    // Characters XML cannot hold are dropped, the rest of the text kept.
    expect(ws.getCell('B4').value).toBe('abc');
    expect(ws.getColumn(2).width).toBe(20);

    const sheet = XLSX.read(buf, { type: 'buffer' }).Sheets.Scholars!;
    expect(XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: null })).toEqual([
      ['Last name', 'E-mail', 'Notes'],
      ['O’Brien & <Sons> "Ltd"', '', ' leading and trailing spaces '],
      ['\'=HYPERLINK("x")', 'Zoë Ångström 李雷 🎓', 'line one\nline two'],
      ['tab\there', 'abc', 'x'],
    ]);
    // Nothing is a formula.
    expect(Object.values(sheet).some((c: { f?: string }) => c && typeof c === 'object' && 'f' in c)).toBe(false);
  });

  it('streams 20 000 rows of 30 columns into a writer that takes its bytes slowly, and every row comes back in order', async () => {
    const columns = Array.from({ length: 30 }, (_, i) => `Column ${i + 1}`);
    const rows = Array.from({ length: 20_000 }, (_, r) => columns.map((_, c) => `r${r}c${c}`));
    // A destination with a small buffer: the writer must wait for it, never pile bytes up.
    const parts: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _e, done) {
        parts.push(chunk);
        setImmediate(done);
      },
    });
    const w = new XlsxSheetWriter(slow, { sheetName: 'Big', columns: columns.map((header) => ({ header })), creator: 'Meridian' });
    await w.start();
    for (let i = 0; i < rows.length; i += 500) await w.addRows(rows.slice(i, i + 500));
    await w.finish();
    await new Promise<void>((resolve) => slow.end(resolve));
    const buf = Buffer.concat(parts);

    const back = XLSX.utils.sheet_to_json<string[]>(XLSX.read(buf, { type: 'buffer' }).Sheets.Big!, { header: 1 });
    expect(back).toHaveLength(20_001);
    expect(back[1]![0]).toBe('r0c0');
    expect(back[20_000]![29]).toBe('r19999c29');
    // exceljs's streaming reader (as uploads are read) walks the same rows.
    let seen = 0;
    let last: unknown[] = [];
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(new PassThrough().end(buf), {})) {
      for await (const row of sheet) {
        seen++;
        last = row.values as unknown[];
      }
    }
    expect(seen).toBe(20_001);
    expect(last[30]).toBe('r19999c29');
  });
});
