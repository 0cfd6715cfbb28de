import {
  checkHrFeedRow,
  describeHrFeedIssue,
  findHrFeedDuplicates,
  HR_FEED_FIELDS,
  HR_FEED_MAX_ROWS,
  HR_FEED_MSG,
  mapHrFeedHeader,
  scholarsApi,
  type THrComparedField,
  type THrFeedField,
  type THrFeedIssue,
  type THrFeedRow,
} from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { readImportFile } from '../../students/index.js';

/** A feed row as checked: its number, its values, and what the case would not take of them. */
export interface THrCheckedRow {
  rowNo: number;
  row: THrFeedRow;
  notes: Partial<Record<THrComparedField, string>>;
}

/** A checked feed: its rows, and the header cells of a file it does not read. */
export interface THrFeed {
  rows: THrCheckedRow[];
  ignored: string[];
}

/** How many problems a refusal lists (the count says how many there are in all). */
const LISTED = 100;

/** The refusal of a feed with problems (nothing is stored): a file's on its file field, a JSON push's on rows.<index>.<field>. */
function refused(issues: THrFeedIssue[], kind: 'file' | 'json'): AppError {
  const col = (f: string) => (HR_FEED_FIELDS as readonly string[]).indexOf(f);
  const sorted = [...issues].sort((a, b) => a.row - b.row || col(a.field) - col(b.field));
  const message = scholarsApi.HR_UPDATES_MSG.fileRefused(sorted.length);
  if (kind === 'file') {
    const lines = sorted.slice(0, LISTED).map(describeHrFeedIssue);
    if (sorted.length > LISTED) lines.push(`…and ${(sorted.length - LISTED).toLocaleString('en-US')} more.`);
    return new AppError(400, 'VALIDATION', message, { file: lines });
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const i of sorted.slice(0, LISTED)) {
    const key = i.field === '_header' ? 'rows' : `rows.${i.row - 1}.${i.field}`;
    (fieldErrors[key] ??= []).push(i.message);
  }
  return new AppError(400, 'VALIDATION', `${message} ${describeHrFeedIssue(sorted[0]!)}`, fieldErrors);
}

/** Checks each row's cells, then the feed as a whole (an employee ID given twice). */
function checkRows(input: { rowNo: number; cells: Partial<Record<THrFeedField, string>> }[], departments: ReadonlyMap<string, string>) {
  const issues: THrFeedIssue[] = [];
  const rows: THrCheckedRow[] = [];
  for (const { rowNo, cells } of input) {
    const checked = checkHrFeedRow(cells, rowNo, departments);
    if (checked.row) rows.push({ rowNo, row: checked.row, notes: checked.notes });
    else issues.push(...checked.issues);
  }
  issues.push(...findHrFeedDuplicates(rows));
  return { rows, issues };
}

/**
 * Reads an uploaded feed (CSV or XLSX, as a stream: at most HR_FEED_MAX_ROWS rows are kept) and checks it: its
 * header in any order and case, then every row. Problems refuse the whole file, each on its row and column.
 */
export async function readHrFeedFile(
  fileName: string,
  data: Buffer,
  departments: ReadonlyMap<string, string>,
  onRow: (read: number) => void = () => {},
): Promise<THrFeed> {
  const fileRows = await readImportFile(fileName, data, HR_FEED_MAX_ROWS + 2, (read) => onRow(Math.max(0, read - 1)));
  const [header, ...body] = fileRows;
  const fail = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });
  if (!header || body.length === 0) throw fail(HR_FEED_MSG.noRows);
  if (body.length > HR_FEED_MAX_ROWS) throw fail(HR_FEED_MSG.tooManyRows);
  const { fields, ignored, issues } = mapHrFeedHeader(header.cells);
  if (issues.length) throw refused(issues, 'file');
  const checked = checkRows(
    body.map(({ rowNo, cells }) => {
      const byField: Partial<Record<THrFeedField, string>> = {};
      fields.forEach((f, i) => {
        if (f) byField[f] = cells[i] ?? '';
      });
      return { rowNo, cells: byField };
    }),
    departments,
  );
  if (checked.issues.length) throw refused(checked.issues, 'file');
  return { rows: checked.rows, ignored };
}

/** Checks the rows HR pushed as JSON with the same rules as a file's cells (a number read as its text, null as "not given"). */
export function readHrFeedJson(input: scholarsApi.THrFeedInput['rows'], departments: ReadonlyMap<string, string>): THrFeed {
  const cells = input.map((r, i) => {
    const byField: Partial<Record<THrFeedField, string>> = {};
    for (const f of HR_FEED_FIELDS) {
      const v = r[f];
      if (v !== null && v !== undefined) byField[f] = String(v);
    }
    return { rowNo: i + 1, cells: byField };
  });
  const checked = checkRows(cells, departments);
  if (checked.issues.length) throw refused(checked.issues, 'json');
  return { rows: checked.rows, ignored: [] };
}
