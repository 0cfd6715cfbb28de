import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  CsvRowReader,
  J1_COHORT_FILE_MSG,
  J1_COHORT_MAX_PARTICIPANTS,
  j1CohortHeader,
  j1CohortRowValues,
  type TJ1CohortFileRow,
  type TJ1CohortParticipantField,
} from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';

const fileError = (messages: string[]) => new AppError(400, 'VALIDATION', messages[0]!, { file: messages });

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** How much of the start decides whether a CSV is text (binary files nearly always hold a NUL byte early). */
const SNIFF_BYTES = 8192;

/**
 * Collects the participant rows while a file is read: the first non-empty row is the header, wholly
 * empty rows are skipped, and no row after the limit is kept. `stopAtLimit`: the row after the limit
 * stops the reading with its message at once (CSV); otherwise the rest is read without being kept and the
 * message comes at the end (XLSX, see readXlsx).
 */
class RowCollector {
  private fields: (TJ1CohortParticipantField | null)[] | null = null;
  private tooMany = false;
  readonly rows: TJ1CohortFileRow[] = [];

  constructor(
    private readonly limit: number,
    private readonly stopAtLimit: boolean,
  ) {}

  add(rowNo: number, cells: string[]): void {
    if (this.tooMany || !cells.some((c) => c.trim() !== '')) return;
    if (!this.fields) {
      const header = j1CohortHeader(cells);
      if (header.problems.length) throw fileError(header.problems);
      this.fields = header.fields;
      return;
    }
    if (this.rows.length >= this.limit) {
      if (this.stopAtLimit) throw fileError([J1_COHORT_FILE_MSG.tooManyRows]);
      this.tooMany = true;
      return;
    }
    this.rows.push({ rowNo, values: j1CohortRowValues(this.fields, cells) });
  }

  done(): TJ1CohortFileRow[] {
    if (this.tooMany) throw fileError([J1_COHORT_FILE_MSG.tooManyRows]);
    if (!this.rows.length) throw fileError([J1_COHORT_FILE_MSG.empty]);
    return this.rows;
  }
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
 * CSV text from its bytes as they come: UTF-8 (with or without BOM); a file that is not UTF-8 is read as
 * Windows-1252 (Excel's "CSV") from the piece where that shows. Rows are numbered by line (the header is 1).
 */
async function readCsv(chunks: AsyncIterable<Buffer>, rows: RowCollector): Promise<void> {
  const csv = new CsvRowReader();
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const windows1252 = new TextDecoder('windows-1252');
  let isUtf8 = true;
  // The start of a character split between two pieces, kept for the next one.
  let carry: Buffer = Buffer.alloc(0);
  let rowNo = 0;
  const take = (list: string[][]) => {
    for (const cells of list) rows.add((rowNo += 1), cells);
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
  }
  if (carry.length) take(csv.push(decode(carry)));
  take(csv.end());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A worksheet cell as the text a person sees (dates as YYYY-MM-DD from their calendar parts, formulas by their result). */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  // The workbook's dates are calendar days: ExcelJS gives them as midnight UTC.
  if (v instanceof Date) return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText(v.result ?? null);
  }
  return '';
}

/**
 * The first worksheet of an XLSX file, read as a stream with ExcelJS's streaming reader: the zip entries
 * are unpacked as they arrive and rows are handed over one at a time; none past the limit is kept. A
 * worksheet stored before its shared strings (as Excel and ExcelJS write them) is first spooled to a
 * temporary file by ExcelJS, and that file is removed only when its rows are read to the end: so past the
 * limit the rows are still read (and dropped) rather than the reading being cut off.
 */
async function readXlsx(chunks: AsyncIterable<Buffer>, rows: RowCollector): Promise<void> {
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
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet) {
        // Only the first worksheet holds participants; the others are read to the end so ExcelJS removes their spool files.
        if (sheets > 1) continue;
        const values = Array.isArray(row.values) ? row.values : [];
        const cells: string[] = [];
        // row.values is 1-based (index 0 empty), sparse where cells are empty.
        for (let c = 1; c < values.length; c += 1) cells.push(cellText(values[c]).trim());
        rows.add(row.number, cells);
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw fileError([J1_COHORT_FILE_MSG.unreadable]);
  } finally {
    source.unpipe();
    source.destroy();
  }
  if (!sheets) throw fileError([J1_COHORT_FILE_MSG.noSheet]);
}

/**
 * Reads a participants file (CSV or XLSX, as its name says and its first bytes agree) from a stream into
 * participant rows for review (docs/product/students-records.md#j-1-cohort). The stream is read as it
 * comes and never held whole, and no row after `limit` is kept: a CSV stops at the row after the limit
 * ("more than N rows"), an XLSX says so once its sheet is read. The stream is not destroyed here: the
 * caller may drain what was not read.
 */
export async function readJ1CohortRows(
  fileName: string,
  input: Readable,
  limit: number = J1_COHORT_MAX_PARTICIPANTS,
): Promise<TJ1CohortFileRow[]> {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (ext !== 'xlsx' && ext !== 'csv' && ext !== 'txt') throw fileError([J1_COHORT_FILE_MSG.type]);
  const { head, all } = await peek(input.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>, SNIFF_BYTES);
  const isZip = head.length >= 4 && ZIP_MAGIC.every((b, i) => head[i] === b);
  if (ext === 'xlsx' && isZip) {
    const rows = new RowCollector(limit, false);
    await readXlsx(all, rows);
    return rows.done();
  }
  if (ext === 'xlsx' || isZip || head.includes(0)) throw fileError([J1_COHORT_FILE_MSG.type]);
  const rows = new RowCollector(limit, true);
  await readCsv(all, rows);
  return rows.done();
}
