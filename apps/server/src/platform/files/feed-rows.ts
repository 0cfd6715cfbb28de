import { AppError } from '../errors/app-error.js';

/**
 * The reading of a campus system's feed, as a file or as JSON rows (docs/product/active-student-import.md,
 * docs/product/scholar-hr-updates.md): all or nothing, every problem refusing the whole feed on its row and
 * column. Each feed brings its own header, checks and messages (its rule file in the domain package).
 */

/** One problem on one cell of a feed: its row (a file's row number, the header being 1; a JSON row's position from 1). */
interface TIssue<F extends string> {
  row: number;
  field: F | '_header';
  message: string;
}

/** A row of the file: its number as the spreadsheet shows it (the header is 1) and its cells. */
interface TFileRow {
  rowNo: number;
  cells: string[];
}

/** A feed row as checked: its number, its values, and the values fine to read that the record would not take. */
export interface TCheckedFeedRow<R, N> {
  rowNo: number;
  row: R;
  notes: N;
}

/** A checked feed: its rows, and the header cells of a file it does not read. */
export interface TCheckedFeed<R, N> {
  rows: TCheckedFeedRow<R, N>[];
  ignored: string[];
}

/** What a feed is: its fields, its limit, its messages and its checks; `C` is what a row is checked against. */
export interface TFeedSpec<F extends string, R, N, C> {
  fields: readonly F[];
  maxRows: number;
  msg: { noRows: string; tooManyRows: string };
  /** The message of a refusal with this many problems. */
  refusedMessage: (count: number) => string;
  /** Whether a row's problems are listed by column too (else in the order they were found). */
  byColumn: boolean;
  mapHeader: (header: string[]) => { fields: (F | null)[]; ignored: string[]; issues: TIssue<F>[] };
  checkRow: (cells: Partial<Record<F, string>>, rowNo: number, against: C) => { row: R | null; issues: TIssue<F>[]; notes: N };
  findDuplicates: (rows: { rowNo: number; row: R }[]) => TIssue<F>[];
  describeIssue: (i: TIssue<F>) => string;
  /** Reads an upload into rows of text (the first is the header), at most `maxRows`, telling how many were read so far. */
  readFile: (fileName: string, data: Buffer, maxRows: number, onRow: (read: number) => void) => Promise<TFileRow[]>;
}

/** How many problems a refusal lists (the count says how many there are in all). */
const LISTED = 100;

/**
 * The refusal of a feed with problems (all or nothing: nothing is stored). A file's problems are listed on
 * its file field, each naming its row and column; a JSON push's are on rows.<index>.<field>.
 */
function refused<F extends string, R, N, C>(spec: TFeedSpec<F, R, N, C>, issues: TIssue<F>[], kind: 'file' | 'json'): AppError {
  const col = (f: string) => (spec.fields as readonly string[]).indexOf(f);
  const sorted = [...issues].sort((a, b) => a.row - b.row || (spec.byColumn ? col(a.field) - col(b.field) : 0));
  const message = spec.refusedMessage(sorted.length);
  if (kind === 'file') {
    const lines = sorted.slice(0, LISTED).map(spec.describeIssue);
    if (sorted.length > LISTED) lines.push(`…and ${(sorted.length - LISTED).toLocaleString('en-US')} more.`);
    return new AppError(400, 'VALIDATION', message, { file: lines });
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const i of sorted.slice(0, LISTED)) {
    const key = i.field === '_header' ? 'rows' : `rows.${i.row - 1}.${i.field}`;
    (fieldErrors[key] ??= []).push(i.message);
  }
  return new AppError(400, 'VALIDATION', `${message} ${spec.describeIssue(sorted[0]!)}`, fieldErrors);
}

/** Checks the cells (by field) of each row, then the feed as a whole (a key given twice). */
function checkRows<F extends string, R, N, C>(
  spec: TFeedSpec<F, R, N, C>,
  input: { rowNo: number; cells: Partial<Record<F, string>> }[],
  against: C,
) {
  const issues: TIssue<F>[] = [];
  const rows: TCheckedFeedRow<R, N>[] = [];
  for (const { rowNo, cells } of input) {
    const checked = spec.checkRow(cells, rowNo, against);
    if (checked.row) rows.push({ rowNo, row: checked.row, notes: checked.notes });
    else issues.push(...checked.issues);
  }
  issues.push(...spec.findDuplicates(rows));
  return { rows, issues };
}

/**
 * Reads an uploaded feed (CSV or XLSX, as a stream: at most `maxRows` rows are kept) and checks it: its header
 * in any order and case, then every row. Problems refuse the whole file, each on its row and column.
 */
export async function readFeedFileRows<F extends string, R, N, C>(
  spec: TFeedSpec<F, R, N, C>,
  fileName: string,
  data: Buffer,
  against: C,
  onRow: (read: number) => void,
): Promise<TCheckedFeed<R, N>> {
  const fileRows = await spec.readFile(fileName, data, spec.maxRows + 2, (read) => onRow(Math.max(0, read - 1)));
  const [header, ...body] = fileRows;
  const fail = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });
  if (!header || body.length === 0) throw fail(spec.msg.noRows);
  if (body.length > spec.maxRows) throw fail(spec.msg.tooManyRows);
  const { fields, ignored, issues } = spec.mapHeader(header.cells);
  if (issues.length) throw refused(spec, issues, 'file');
  const checked = checkRows(
    spec,
    body.map(({ rowNo, cells }) => {
      const byField: Partial<Record<F, string>> = {};
      fields.forEach((f, i) => {
        if (f) byField[f] = cells[i] ?? '';
      });
      return { rowNo, cells: byField };
    }),
    against,
  );
  if (checked.issues.length) throw refused(spec, checked.issues, 'file');
  return { rows: checked.rows, ignored };
}

/**
 * Checks the rows a campus system pushed as JSON, with the same rules as a file's cells (a number is read as
 * its text, null or absent as "not given"). Problems refuse the whole push, each on rows.<index>.<field>.
 */
export function readFeedJsonRows<F extends string, R, N, C>(
  spec: TFeedSpec<F, R, N, C>,
  input: readonly Partial<Record<F, string | number | null | undefined>>[],
  against: C,
): TCheckedFeed<R, N> {
  const cells = input.map((r, i) => {
    const byField: Partial<Record<F, string>> = {};
    for (const f of spec.fields) {
      const v = r[f];
      if (v !== null && v !== undefined) byField[f] = String(v);
    }
    return { rowNo: i + 1, cells: byField };
  });
  const checked = checkRows(spec, cells, against);
  if (checked.issues.length) throw refused(spec, checked.issues, 'json');
  return { rows: checked.rows, ignored: [] };
}
