// Convert from Legacy for scholars (docs/product/convert-from-legacy.md): a legacy system's export of scholars,
// its columns matched on the page, checked whole and converted in one transaction (all rows or none).
// Multipart: the file (field "file") after the fields "columns" (JSON: Meridian column key -> the file's
// header) and "dateFormat".
import { z } from 'zod';
import { ZLegacyFileColumns } from '../../rules/legacy-convert.js';
import { defineRoute } from '../define.js';

const T = ['scholars'];

export const ZLegacyIssue = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

/** The check of a whole file: what would be created, and every problem (nothing is created while any remains). */
export const ZScholarLegacyPreview = z.object({
  fileName: z.string(),
  rowCount: z.number().int(),
  /** Problems of the matching, on the Meridian column they name. */
  mappingIssues: z.array(z.object({ field: z.string(), message: z.string() })),
  /** Problems of the rows (at most 1000 listed; errorCount counts them all). */
  issues: z.array(ZLegacyIssue),
  errorCount: z.number().int(),
  rowsWithErrors: z.number().int(),
  /** The rows as they would be converted (the first 50), for the officer to read before converting. */
  ready: z.array(
    z.object({
      row: z.number().int(),
      name: z.string(),
      email: z.string(),
      employeeId: z.string(),
      department: z.string(),
      visa: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      phase: z.string(),
    }),
  ),
  readyCount: z.number().int(),
  /** How many converted cases would be closed because their end date has passed. */
  closedCount: z.number().int(),
});
export type TScholarLegacyPreview = z.infer<typeof ZScholarLegacyPreview>;

export const ZScholarLegacyResult = z.object({ fileName: z.string(), created: z.number().int(), closed: z.number().int() });
export type TScholarLegacyResult = z.infer<typeof ZScholarLegacyResult>;

export const readScholarLegacyColumns = defineRoute({
  method: 'POST',
  path: '/api/scholar-legacy-conversions/columns',
  access: 'scholars.import',
  tags: T,
  summary: 'Read the header and first rows of a legacy export of scholars (multipart, field "file"), with a first column matching',
  response: ZLegacyFileColumns,
});
export const previewScholarLegacyConversion = defineRoute({
  method: 'POST',
  path: '/api/scholar-legacy-conversions/preview',
  access: 'scholars.import',
  tags: T,
  summary: 'Check every row of a legacy export of scholars with a column matching; nothing is created',
  response: ZScholarLegacyPreview,
});
export const commitScholarLegacyConversion = defineRoute({
  method: 'POST',
  path: '/api/scholar-legacy-conversions',
  access: 'scholars.import',
  tags: T,
  summary: 'Create the scholars and cases of a legacy export in one transaction: all rows, or none when any row has a problem (400)',
  response: ZScholarLegacyResult,
});
