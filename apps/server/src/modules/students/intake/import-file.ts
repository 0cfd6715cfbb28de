import { AppError } from '../../../platform/errors/app-error.js';
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
