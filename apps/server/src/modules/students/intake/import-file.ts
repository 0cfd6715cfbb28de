import ExcelJS from 'exceljs';
import { parseCsv } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';

export const IMPORT_FILE_MSG = {
  type: 'Upload a CSV file (.csv) or an Excel workbook (.xlsx); the content of this file does not match its name.',
  unreadable: 'The workbook could not be read. Save it again as .xlsx or as CSV (UTF-8) and upload it again.',
  noSheet: 'The workbook has no worksheet.',
} as const;

const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The kind of an upload from its name and its first bytes (both must agree). */
export function sniffImportFile(fileName: string, data: Buffer): 'csv' | 'xlsx' {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const isZip = data.length >= 4 && ZIP_MAGIC.every((b, i) => data[i] === b);
  if (ext === 'xlsx' && isZip) return 'xlsx';
  // Text: no NUL byte in the first 8 KB (binary files nearly always have one; UTF-16 too).
  if ((ext === 'csv' || ext === 'txt') && !isZip && !data.subarray(0, 8192).includes(0)) return 'csv';
  throw fileError(IMPORT_FILE_MSG.type);
}

/** CSV bytes as text: UTF-8 (with or without BOM), else Windows-1252, which Excel writes for "CSV". */
function decodeCsv(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One worksheet cell as the text a person sees (dates MM/DD/YYYY, formulas by their result). */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return `${pad(v.getUTCMonth() + 1)}/${pad(v.getUTCDate())}/${v.getUTCFullYear()}`;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText(v.result ?? null);
    if ('error' in v) return '';
  }
  return '';
}

/** A row of the file: its number as the spreadsheet shows it (the header is 1) and its cells. */
export interface TFileRow {
  rowNo: number;
  cells: string[];
}

/** The first worksheet of an XLSX file as rows of text (wholly empty rows skipped, numbers kept). */
async function readXlsx(data: Buffer): Promise<TFileRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fileError(IMPORT_FILE_MSG.unreadable);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw fileError(IMPORT_FILE_MSG.noSheet);
  const rows: TFileRow[] = [];
  const width = ws.columnCount;
  ws.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c += 1) cells.push(cellText(row.getCell(c).value).trim());
    while (cells.length && cells[cells.length - 1] === '') cells.pop();
    if (cells.length) rows.push({ rowNo: row.number, cells });
  });
  return rows;
}

/** Reads an upload into rows of text (the first is the header); CSV rows are numbered by record. */
export async function readImportFile(fileName: string, data: Buffer): Promise<TFileRow[]> {
  const kind = sniffImportFile(fileName, data);
  if (kind === 'xlsx') return readXlsx(data);
  return parseCsv(decodeCsv(data)).map((cells, i) => ({ rowNo: i + 1, cells }));
}
