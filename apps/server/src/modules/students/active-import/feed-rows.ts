import {
  ACTIVE_IMPORT_FIELDS,
  ACTIVE_IMPORT_MAX_ROWS,
  ACTIVE_IMPORT_MSG,
  checkActiveImportRow,
  describeActiveImportIssue,
  findActiveImportDuplicates,
  mapActiveImportHeader,
  studentsApi,
  type TActiveImportField,
  type TActiveImportIssue,
  type TActiveImportRow,
} from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { readImportFile } from '../intake/import-file.js';

/** A feed row as checked: its number, its values, and what SEVIS would not take of them. */
export interface TFeedRow {
  rowNo: number;
  row: TActiveImportRow;
  notes: Partial<Record<TActiveImportField, string>>;
}

/** A checked feed: its rows, and the header cells of a file it does not read. */
export interface TFeed {
  rows: TFeedRow[];
  ignored: string[];
}

/** How many problems a refusal lists (the count says how many there are in all). */
const LISTED = 100;

/**
 * The refusal of a feed with problems (all or nothing: nothing is stored). A file's problems are listed on
 * its file field, each naming its row and column; a JSON push's are on rows.<index>.<field>.
 */
function refused(issues: TActiveImportIssue[], kind: 'file' | 'json'): AppError {
  const sorted = [...issues].sort((a, b) => a.row - b.row);
  const message = studentsApi.ACTIVE_IMPORT_MSG_API.fileRefused(sorted.length);
  if (kind === 'file') {
    const lines = sorted.slice(0, LISTED).map(describeActiveImportIssue);
    if (sorted.length > LISTED) lines.push(`…and ${(sorted.length - LISTED).toLocaleString('en-US')} more.`);
    return new AppError(400, 'VALIDATION', message, { file: lines });
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const i of sorted.slice(0, LISTED)) {
    const key = i.field === '_header' ? 'rows' : `rows.${i.row - 1}.${i.field}`;
    (fieldErrors[key] ??= []).push(i.message);
  }
  return new AppError(400, 'VALIDATION', `${message} ${describeActiveImportIssue(sorted[0]!)}`, fieldErrors);
}

/** Checks the cells (by field) of each row, then the feed as a whole (a SEVIS ID or campus ID given twice). */
function checkRows(input: { rowNo: number; cells: Partial<Record<TActiveImportField, string>> }[], sites: ReadonlySet<string>) {
  const issues: TActiveImportIssue[] = [];
  const rows: TFeedRow[] = [];
  for (const { rowNo, cells } of input) {
    const checked = checkActiveImportRow(cells, rowNo, sites);
    if (checked.row) rows.push({ rowNo, row: checked.row, notes: checked.notes });
    else issues.push(...checked.issues);
  }
  issues.push(...findActiveImportDuplicates(rows));
  return { rows, issues };
}

/**
 * Reads an uploaded feed (CSV or XLSX, as a stream: at most ACTIVE_IMPORT_MAX_ROWS rows are kept) and checks
 * it: its header in any order and case, then every row. Problems refuse the whole file, each on its row and column.
 */
export async function readFeedFile(
  fileName: string,
  data: Buffer,
  sites: ReadonlySet<string>,
  onRow: (read: number) => void = () => {},
): Promise<TFeed> {
  const fileRows = await readImportFile(fileName, data, ACTIVE_IMPORT_MAX_ROWS + 2, (read) => onRow(Math.max(0, read - 1)));
  const [header, ...body] = fileRows;
  const fail = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });
  if (!header || body.length === 0) throw fail(ACTIVE_IMPORT_MSG.noRows);
  if (body.length > ACTIVE_IMPORT_MAX_ROWS) throw fail(ACTIVE_IMPORT_MSG.tooManyRows);
  const { fields, ignored, issues } = mapActiveImportHeader(header.cells);
  if (issues.length) throw refused(issues, 'file');
  const checked = checkRows(
    body.map(({ rowNo, cells }) => {
      const byField: Partial<Record<TActiveImportField, string>> = {};
      fields.forEach((f, i) => {
        if (f) byField[f] = cells[i] ?? '';
      });
      return { rowNo, cells: byField };
    }),
    sites,
  );
  if (checked.issues.length) throw refused(checked.issues, 'file');
  return { rows: checked.rows, ignored };
}

/**
 * Checks the rows a campus system pushed as JSON, with the same rules as a file's cells (a number is read
 * as its text, null or absent as "not given"). Problems refuse the whole push, each on rows.<index>.<field>.
 */
export function readFeedJson(input: studentsApi.TActiveStudentFeedInput['rows'], sites: ReadonlySet<string>): TFeed {
  const cells = input.map((r, i) => {
    const byField: Partial<Record<TActiveImportField, string>> = {};
    for (const f of ACTIVE_IMPORT_FIELDS) {
      const v = r[f];
      if (v !== null && v !== undefined) byField[f] = String(v);
    }
    return { rowNo: i + 1, cells: byField };
  });
  const checked = checkRows(cells, sites);
  if (checked.issues.length) throw refused(checked.issues, 'json');
  return { rows: checked.rows, ignored: [] };
}
