import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, fieldError } from '../../../platform/errors/app-error.js';
import { readSheetRows, SheetReadError, sheetKindOf } from '../../../platform/files/spreadsheet-rows.js';

export const IMPORT_FILE_MSG = {
  type: 'Upload a CSV file (.csv) or an Excel workbook (.xlsx); the content of this file does not match its name.',
  unreadable: 'The workbook could not be read. Save it again as .xlsx or as CSV (UTF-8) and upload it again.',
  noSheet: 'The workbook has no worksheet.',
} as const;

const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });

const pad = (n: number) => String(n).padStart(2, '0');

/** A row of the file: its number as the spreadsheet shows it (the header is 1) and its cells. */
export interface TFileRow {
  rowNo: number;
  cells: string[];
}

/**
 * Reads an upload (CSV or XLSX, as its name says and its first bytes agree) into rows of text (the first is the header), wholly empty rows skipped, as a stream
 * (docs/product/operations.md#uploads): at most `maxRows` rows are kept and the reading stops there,
 * so a workbook of a million rows costs what `maxRows` rows cost. Dates read MM/DD/YYYY.
 */
export async function readImportFile(
  fileName: string,
  data: Buffer,
  maxRows = Number.POSITIVE_INFINITY,
  /** Told how many rows were read so far (progress). */
  onRow: (read: number) => void = () => {},
): Promise<TFileRow[]> {
  const rows: TFileRow[] = [];
  try {
    await readSheetRows(
      fileName,
      data,
      ({ rowNo, cells }) => {
        if (!cells.some((c) => c.trim() !== '')) return 'more';
        rows.push({ rowNo, cells });
        onRow(rows.length);
        return rows.length >= maxRows ? 'stop' : 'more';
      },
      { dateText: (y, m, d) => `${pad(m)}/${pad(d)}/${y}` },
    );
  } catch (e) {
    if (e instanceof SheetReadError) throw fileError(IMPORT_FILE_MSG[e.problem]);
    throw e;
  }
  return rows;
}

/** Refuses at once, before the upload is kept for reading, a file whose content does not match its name. */
export function checkImportFileType(fileName: string, data: Buffer): void {
  try {
    sheetKindOf(fileName, data);
  } catch (e) {
    if (e instanceof SheetReadError) throw fileError(IMPORT_FILE_MSG[e.problem]);
    throw e;
  }
}

/**
 * The one file part named 'file' of a multipart upload of a spreadsheet, at most `maxBytes` (the batch upload,
 * the active-student import); `required` is what a request without one is told, on the file field.
 */
export async function readImportUpload(
  req: FastifyRequest,
  maxBytes: number,
  required: string,
): Promise<{ fileName: string; data: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw fieldError('file', required);
  const fields: Record<string, string> = {};
  const tooLarge = `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; split it into several files.`;
  let file: { fileName: string; data: Buffer } | null = null;
  try {
    // Text fields (a legacy export's column matching) come before the file.
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 20_000 } })) {
      if (part.type === 'file' && part.fieldname === 'file') file = { fileName: part.filename ?? '', data: await part.toBuffer() };
      else if (part.type === 'file') await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'TOO_LARGE', tooLarge, { file: [tooLarge] });
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Upload one file at a time.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The upload has too many fields.');
    throw badRequest('The upload could not be read.');
  }
  if (!file || file.data.length === 0) throw fieldError('file', required);
  return { ...file, fields };
}
