import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheetRows, SheetReadError, type TSheetRow } from './spreadsheet-rows.js';

// docs/product/operations.md#uploads: rows are read as a stream and the caller's limit stops the reading.
const usDate = { dateText: (y: number, m: number, d: number) => `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}` };

async function workbook(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Students');
  ws.addRow(['Last name', 'First name', 'Birth date']);
  for (let i = 1; i <= rows; i++) ws.addRow([`Nguyen${i}`, 'An', new Date(Date.UTC(2004, 1, 29))]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const collect = async (name: string, data: Buffer, stopAfter = Infinity) => {
  const seen: TSheetRow[] = [];
  const kind = await readSheetRows(name, data, (r) => (seen.push(r), seen.length >= stopAfter ? 'stop' : 'more'), usDate);
  return { kind, seen };
};

describe('reading spreadsheet rows as a stream', () => {
  it('reads a workbook row by row, dates by their calendar day (a leap day stays Feb 29)', async () => {
    const { kind, seen } = await collect('students.xlsx', await workbook(3));
    expect(kind).toBe('xlsx');
    expect(seen).toHaveLength(4);
    expect(seen[1]).toEqual({ rowNo: 2, cells: ['Nguyen1', 'An', '02/29/2004'] });
  });

  it('hands over no row after the caller says stop, in a workbook of 5 000 rows and in a CSV', async () => {
    expect((await collect('big.xlsx', await workbook(5000), 11)).seen).toHaveLength(11);
    const csv = Buffer.from(['a,b', ...Array.from({ length: 5000 }, (_, i) => `x${i},y`)].join('\n'));
    const { kind, seen } = await collect('big.csv', csv, 11);
    expect(kind).toBe('csv');
    expect(seen).toHaveLength(11);
    expect(seen[10]).toEqual({ rowNo: 11, cells: ['x9', 'y'] });
  });

  it('refuses a file whose content does not match its name, or a workbook that cannot be read', async () => {
    const problem = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof SheetReadError ? e.problem : String(e)),
      );
    expect(await problem(collect('students.xlsx', Buffer.from('a,b\n1,2')))).toBe('type');
    expect(await problem(collect('students.csv', await workbook(1)))).toBe('type');
    expect(await problem(collect('students.pdf', Buffer.from('%PDF-1.4')))).toBe('type');
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect(await problem(collect('students.xlsx', broken))).toBe('unreadable');
  });
});
