import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CsvRowReader } from '@meridian/domain';
import { AppError } from '../errors/app-error.js';

/**
 * Rows of an uploaded CSV or XLSX file, read as a stream (docs/product/operations.md#uploads): the
 * file is never parsed whole, and the caller's row limit applies while reading, so a large or crafted
 * workbook costs neither the memory of its whole model nor the time of rows nobody will keep.
 */

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** How much of the start decides whether a CSV is text (binary files nearly always hold a NUL byte early). */
const SNIFF_BYTES = 8192;

export type TSheetKind = 'csv' | 'xlsx';
/** Why a file could not be read as rows; the caller words it for its own page. */
export type TSheetProblem = 'type' | 'unreadable' | 'noSheet';

export class SheetReadError extends Error {
  constructor(readonly problem: TSheetProblem) {
    super(`spreadsheet: ${problem}`);
    this.name = 'SheetReadError';
  }
}

/** One row as a person sees it: its number in the file (the first is 1) and its cells as text. */
export type TSheetRow = { rowNo: number; cells: string[] };
/** What to do after a row: go on, or stop reading (the row limit is reached). */
export type TRowVerdict = 'more' | 'stop';

export interface TSheetOptions {
  /** How a date cell of a workbook reads (its calendar day, from its parts). */
  dateText: (year: number, month: number, day: number) => string;
}

/** The start of a stream (at least `bytes`, or all of a shorter one) and the whole stream again from its first byte. */
async function peek(chunks: AsyncIterator<Buffer>, bytes: number): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const taken: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    taken.push(chunk);
    size += chunk.length;
  }
  async function* all(): AsyncGenerator<Buffer> {
    try {
      yield* taken;
      if (ended) return;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Stopped early (row limit) or done: let go of the stream (not destroyed, so the rest can be drained).
      await chunks.return?.();
    }
  }
  return { head: Buffer.concat(taken), all: all() };
}

/** Where an incomplete UTF-8 sequence at the end of `buf` starts (buf.length when it ends complete). */
function completeUtf8End(buf: Buffer): number {
  for (let back = 1; back <= Math.min(3, buf.length); back += 1) {
    const b = buf[buf.length - back]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? buf.length - back : buf.length;
  }
  return buf.length;
}

/**
 * CSV rows from bytes as they come: UTF-8 (with or without BOM); a file that is not UTF-8 is read as
 * Windows-1252 (Excel's "CSV") from the piece where that shows. Rows are numbered by record.
 */
async function readCsv(chunks: AsyncIterable<Buffer>, onRow: (row: TSheetRow) => TRowVerdict): Promise<void> {
  const csv = new CsvRowReader();
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const windows1252 = new TextDecoder('windows-1252');
  let isUtf8 = true;
  // The start of a character split between two pieces, kept for the next one.
  let carry: Buffer = Buffer.alloc(0);
  let rowNo = 0;
  let stopped = false;
  const take = (list: string[][]) => {
    for (const cells of list) {
      if (stopped) return;
      if (onRow({ rowNo: (rowNo += 1), cells }) === 'stop') stopped = true;
    }
  };
  const decode = (bytes: Buffer): string => {
    if (!isUtf8) return windows1252.decode(bytes);
    try {
      return utf8.decode(bytes);
    } catch {
      isUtf8 = false;
      return windows1252.decode(bytes);
    }
  };
  for await (const chunk of chunks) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const end = isUtf8 ? completeUtf8End(bytes) : bytes.length;
    carry = Buffer.from(bytes.subarray(end));
    take(csv.push(decode(bytes.subarray(0, end))));
    if (stopped) return;
  }
  if (carry.length) take(csv.push(decode(carry)));
  take(csv.end());
}

/** A worksheet cell as the text a person sees (dates by their calendar parts, formulas by their result). */
function cellText(v: ExcelJS.CellValue, o: TSheetOptions): string {
  if (v === null || v === undefined) return '';
  // The workbook's dates are calendar days: ExcelJS gives them as midnight UTC.
  if (v instanceof Date) return o.dateText(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate());
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText(v.result ?? null, o);
  }
  return '';
}

/**
 * The first worksheet of an XLSX file, with ExcelJS's streaming reader: zip entries are unpacked as they
 * arrive and rows handed over one at a time. A worksheet stored before its shared strings (as Excel and
 * ExcelJS write them) is first spooled to a temporary file by ExcelJS, removed only when its rows are
 * read to the end: so once the caller says stop, the remaining rows are still read but dropped unseen.
 */
async function readXlsx(chunks: AsyncIterable<Buffer>, onRow: (row: TSheetRow) => TRowVerdict, o: TSheetOptions): Promise<void> {
  const source = Readable.from(chunks);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles say which numbers are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  let stopped = false;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet) {
        // Only the first worksheet is read; the rest are drained so ExcelJS removes their spool files.
        if (sheets > 1 || stopped) continue;
        const values = Array.isArray(row.values) ? row.values : [];
        const cells: string[] = [];
        // row.values is 1-based (index 0 empty), sparse where cells are empty.
        for (let c = 1; c < values.length; c += 1) cells.push(cellText(values[c], o).trim());
        while (cells.length && cells[cells.length - 1] === '') cells.pop();
        if (onRow({ rowNo: row.number, cells }) === 'stop') stopped = true;
      }
    }
  } catch (e) {
    // Ours, or the caller's own refusal thrown from onRow, pass through as they are.
    if (e instanceof SheetReadError || e instanceof AppError) throw e;
    throw new SheetReadError('unreadable');
  } finally {
    source.unpipe();
    source.destroy();
  }
  if (!sheets) throw new SheetReadError('noSheet');
}

/** The file's extension when it names a spreadsheet this reader takes (throws SheetReadError('type') otherwise). */
function sheetExtension(fileName: string): 'xlsx' | 'csv' | 'txt' {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (ext !== 'xlsx' && ext !== 'csv' && ext !== 'txt') throw new SheetReadError('type');
  return ext;
}

/**
 * What a file is, from its name and its first bytes (at least the first 8 KB, or all of a shorter
 * file): an XLSX is a zip named .xlsx, a CSV is text named .csv or .txt. Throws SheetReadError('type')
 * when name and content disagree, so an upload kept for later reading can be refused at once.
 */
export function sheetKindOf(fileName: string, head: Buffer): TSheetKind {
  const ext = sheetExtension(fileName);
  const isZip = head.length >= 4 && ZIP_MAGIC.every((b, i) => head[i] === b);
  if (ext === 'xlsx' && isZip) return 'xlsx';
  if (ext === 'xlsx' || isZip || head.includes(0)) throw new SheetReadError('type');
  return 'csv';
}

/**
 * Reads a CSV or XLSX file (as its name says and its first bytes agree) row by row into `onRow`, which
 * returns 'stop' once it has what it will keep. Accepts a stream (an upload as it arrives) or bytes
 * already received. Throws SheetReadError for a file of the wrong kind or that cannot be read.
 */
export async function readSheetRows(
  fileName: string,
  input: Readable | Buffer,
  onRow: (row: TSheetRow) => TRowVerdict,
  options: TSheetOptions,
): Promise<TSheetKind> {
  // The name alone may already be wrong: refused before a byte is read.
  sheetExtension(fileName);
  const stream = Buffer.isBuffer(input) ? Readable.from([input]) : input;
  const { head, all } = await peek(stream.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>, SNIFF_BYTES);
  const kind = sheetKindOf(fileName, head);
  if (kind === 'xlsx') await readXlsx(all, onRow, options);
  else await readCsv(all, onRow);
  return kind;
}
