import {
  applyColumnMapping,
  distinctHeaders,
  LEGACY_MSG,
  legacyDateText,
  suggestColumnMapping,
  ZColumnMapping,
  ZLegacyDateFormat,
  type TColumnMapping,
  type TLegacyDateFormat,
  type TLegacyFileColumns,
  type TLegacyTarget,
  type TMappingIssue,
} from '@meridian/domain';
import { AppError, badRequest } from '../../../platform/errors/app-error.js';
import { readImportFile, type TFileRow } from './import-file.js';
import { uploadName } from '../../../platform/files/upload-name.js';

/**
 * Convert from Legacy (docs/product/convert-from-legacy.md): reading a legacy system's export whose columns
 * the office matches to Meridian's on the page. Students go through the batch upload with the matching;
 * scholars through their own conversion (scholars module); both read the file and the matching here.
 */

/** The matching sent with a legacy export: the multipart fields "columns" (JSON) and "dateFormat". */
export interface TLegacyMatching {
  columns: TColumnMapping;
  dateFormat: TLegacyDateFormat;
}

/** The matching of an upload's fields, or null when the upload has none (a plain batch upload). */
export function legacyMatchingOf(fields: Record<string, string>): TLegacyMatching | null {
  if (fields.columns === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fields.columns);
  } catch {
    parsed = null;
  }
  const columns = ZColumnMapping.safeParse(parsed);
  if (!columns.success) throw new AppError(400, 'VALIDATION', LEGACY_MSG.mapping, { columns: [LEGACY_MSG.mapping] });
  const dateFormat = ZLegacyDateFormat.safeParse(fields.dateFormat ?? 'MM/DD/YYYY');
  if (!dateFormat.success) throw new AppError(400, 'VALIDATION', LEGACY_MSG.dateFormat, { dateFormat: [LEGACY_MSG.dateFormat] });
  return { columns: columns.data, dateFormat: dateFormat.data };
}

/** A matching's problems as a refusal (400), each on its Meridian column ("columns.<key>"). */
export function refuseMapping(issues: readonly TMappingIssue[]): never {
  const fieldErrors: Record<string, string[]> = {};
  for (const i of issues) (fieldErrors[`columns.${i.field}`] ??= []).push(i.message);
  throw badRequest(issues[0]!.message, fieldErrors);
}

const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });

/**
 * What a legacy export holds, for the matching step: its header (repeated or empty names told apart), its
 * first five rows, how many rows it has (read up to `maxRows` + 1, so "more than the limit" shows), and a
 * first matching to `targets`.
 */
export async function readLegacyFileColumns(
  file: { fileName: string; data: Buffer },
  targets: readonly TLegacyTarget[],
  maxRows: number,
): Promise<TLegacyFileColumns> {
  const rows = await readImportFile(file.fileName, file.data, maxRows + 2);
  if (rows.length === 0) throw fileError('The file is empty: it needs a header row and one row per record.');
  const [header, ...body] = rows;
  const headers = distinctHeaders(header!.cells);
  return {
    fileName: uploadName(file.fileName),
    headers,
    sample: body.slice(0, 5).map((r) => headers.map((_, i) => (r.cells[i] ?? '').trim())),
    rowCount: body.length,
    suggested: suggestColumnMapping(headers, targets),
  };
}

/**
 * The rows of a legacy export as the matching reads them: each row's cells by Meridian key (dates turned
 * to MM/DD/YYYY from the file's format), with its row number under '_row'; and the matching's problems.
 */
export function mapLegacyRows(
  header: TFileRow,
  body: readonly TFileRow[],
  matching: TLegacyMatching,
  targets: readonly TLegacyTarget[],
  isDate: (key: string) => boolean,
): { keys: string[]; rows: Record<string, string>[]; issues: TMappingIssue[] } {
  const { keys, issues } = applyColumnMapping(header.cells, matching.columns, targets);
  const rows = body.map(({ rowNo, cells }) => {
    const stored: Record<string, string> = { _row: String(rowNo) };
    keys.forEach((key, i) => {
      if (!key) return;
      const cell = (cells[i] ?? '').trim();
      stored[key] = isDate(key) ? legacyDateText(cell, matching.dateFormat) : cell;
    });
    return stored;
  });
  return { keys, rows, issues };
}
