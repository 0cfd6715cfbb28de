import type { Writable } from 'node:stream';
import { EMPLOYMENT_FLAGS, PROCESSED_STATE_LABELS, SCHOLAR_PHASES, SCHOLAR_STATUSES, textOf } from '@meridian/domain';
import { datedXlsxName, safeCell, XlsxSheetWriter } from '../../../platform/files/xlsx-writer.js';

/*
 * The export workbook itself: its columns, its cells from a row of the export's select, and the
 * streaming writer. No database and no request here: the export worker (export-worker.ts) loads only
 * this and pg.
 */

/** The two exports of the Scholar Dashboard. */
export type TExportKind = 'scholars' | 'opt';

/** A column of an export sheet: name, key, width (docs/product/scholars-reports.md#exports). */
export interface TExportColumn {
  name: string;
  key: string;
  width: number;
}

const SCHOLAR_COLUMNS: TExportColumn[] = [
  { name: 'Last Name', key: 'lastName', width: 20 },
  { name: 'First Name', key: 'firstName', width: 20 },
  { name: 'Email', key: 'email', width: 34 },
  { name: 'Department', key: 'department', width: 30 },
  { name: 'Proposed Status', key: 'proposedStatus', width: 16 },
  { name: 'Visa Type', key: 'processedState', width: 18 },
  { name: 'Phase', key: 'phase', width: 20 },
  { name: 'Status', key: 'status', width: 20 },
  { name: 'Position', key: 'position', width: 26 },
  { name: 'Hiring Authority', key: 'hiringAuthorityName', width: 24 },
  { name: 'Proposed Start Date', key: 'proposedStartDate', width: 14 },
  { name: 'Proposed End Date', key: 'proposedEndDate', width: 14 },
  { name: 'Start Date', key: 'processedStartDate', width: 14 },
  { name: 'End Date', key: 'processedEndDate', width: 14 },
  { name: 'Premium Processing', key: 'premiumProcessFlag', width: 12 },
  { name: 'Last Updated', key: 'updatedAt', width: 14 },
];
const OPT_COLUMNS: TExportColumn[] = [
  { name: 'Last Name', key: 'lastName', width: 20 },
  { name: 'First Name', key: 'firstName', width: 20 },
  { name: 'Email', key: 'email', width: 34 },
  { name: 'Department', key: 'department', width: 30 },
  { name: 'Phase', key: 'phase', width: 20 },
  { name: 'Status', key: 'status', width: 20 },
  { name: 'Employer', key: 'employerName', width: 28 },
  { name: 'Job Title', key: 'jobTitle', width: 24 },
  { name: 'Start Date', key: 'processedStartDate', width: 14 },
  { name: 'End Date', key: 'processedEndDate', width: 14 },
  ...EMPLOYMENT_FLAGS.map((f) => ({ name: f.label, key: f.key, width: 12 })),
];

/** The columns of an export's sheet, in order. */
export const exportColumns = (kind: TExportKind): TExportColumn[] => (kind === 'opt' ? OPT_COLUMNS : SCHOLAR_COLUMNS);

/** Scholar_Export_{month}_{day}_{year}.xlsx / OPT_{month}_{day}_{year}.xlsx for a date (docs/product/scholars-reports.md#exports). */
export const exportFileName = (kind: TExportKind, today: string): string => datedXlsxName(kind === 'opt' ? 'OPT' : 'Scholar_Export', today);
/** The export workbook's sheet name. */
export const exportSheetName = (kind: TExportKind) => (kind === 'opt' ? 'OPT' : 'Scholars');

const yesNo = (v: unknown) => (v === true || v === 'true' || v === 1 || v === '1' || v === 'Y' || v === 'yes' ? 'Yes' : 'No');
const phaseLabel = new Map<string, string>(SCHOLAR_PHASES.map((p) => [p.code, p.label]));
const statusLabel = new Map<string, string>(SCHOLAR_STATUSES.map((x) => [x.code, x.label]));

type TRow = Record<string, unknown>;
const text = textOf;
const employment = (r: TRow) => (r.employment ?? {}) as TRow;

/** Each column's text from one database row of the export's select (already text, dates MM/DD/YYYY). */
const CELL: Record<string, (r: TRow) => string> = {
  lastName: (r) => text(r.last_name),
  firstName: (r) => text(r.first_name),
  email: (r) => text(r.email),
  department: (r) => text(r.department),
  phase: (r) => phaseLabel.get(text(r.phase)) ?? text(r.phase),
  status: (r) => statusLabel.get(text(r.status)) ?? text(r.status),
  processedStartDate: (r) => text(r.processed_start),
  processedEndDate: (r) => text(r.processed_end),
  proposedStatus: (r) => text(r.proposed_status),
  processedState: (r) => PROCESSED_STATE_LABELS[text(r.processed_state)] ?? text(r.processed_state),
  position: (r) => text(r.position),
  hiringAuthorityName: (r) => text(r.hiring_authority),
  proposedStartDate: (r) => text(r.proposed_start),
  proposedEndDate: (r) => text(r.proposed_end),
  premiumProcessFlag: (r) => yesNo(r.premium),
  updatedAt: (r) => text(r.updated),
  employerName: (r) => text(employment(r).employerName ?? employment(r).employer),
  jobTitle: (r) => text(employment(r).jobTitle ?? employment(r).title),
  ...Object.fromEntries(EMPLOYMENT_FLAGS.map((f) => [f.key, (r: TRow) => yesNo(employment(r)[f.key])])),
};
/** The cell functions of each sheet, in column order (one array per row, no object in between: 100 000 rows). */
const CELLS: Record<TExportKind, ((r: TRow) => string)[]> = {
  scholars: SCHOLAR_COLUMNS.map((c) => CELL[c.key] ?? (() => '')),
  opt: OPT_COLUMNS.map((c) => CELL[c.key] ?? (() => '')),
};

/** A sheet row from one database row of the export's select: every column's text, in order, formula-safe. */
export function exportRowValues(kind: TExportKind, r: TRow): string[] {
  const cells = CELLS[kind];
  const values = new Array<string>(cells.length);
  for (let i = 0; i < cells.length; i++) values[i] = safeCell(cells[i]!(r));
  return values;
}

/** What the export worker (export-worker.ts) is given: its connection, the tenant, the select, the sheet. */
export interface TExportWorkerInput {
  connectionString: string;
  institutionId: string;
  sql: string;
  params: unknown[];
  kind: TExportKind;
  batch: number;
}
/** What it tells the server's thread: the workbook's bytes, rows written, and the end. */
export type TExportWorkerMessage =
  { type: 'chunk'; bytes: ArrayBuffer } | { type: 'progress'; done: number } | { type: 'done'; rows: number };
/** Chunks of the workbook the worker sends before it waits for the server's thread to take them. */
export const CHUNKS_IN_FLIGHT = 8;

/** Rows of the export's select, a batch at a time (an empty batch: no more). */
export type TRowBatches = () => Promise<Record<string, unknown>[]>;

/**
 * Writes the export workbook into `out` a batch of rows at a time (platform/files/xlsx-writer.ts): the
 * sheet's XML of each batch goes through deflate into `out` before the next batch is read, so memory
 * holds about one batch whatever the number of rows, and `out`'s own pace (the server's thread taking
 * the chunks) holds the writer back. `out` is ended with the workbook. Answers the number of rows written.
 */
export async function writeExportWorkbook(
  kind: TExportKind,
  next: TRowBatches,
  out: Writable,
  onBatch: (rowsWritten: number) => void = () => {},
): Promise<number> {
  const sheet = new XlsxSheetWriter(out, {
    sheetName: exportSheetName(kind),
    columns: exportColumns(kind).map((c) => ({ header: c.name, width: c.width })),
    creator: 'Meridian',
  });
  await sheet.start();
  let n = 0;
  for (;;) {
    const rows = await next();
    await sheet.addRows(rows.map((r) => exportRowValues(kind, r)));
    n += rows.length;
    onBatch(n);
    if (rows.length === 0) break;
  }
  await sheet.finish();
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(resolve);
  });
  return n;
}
