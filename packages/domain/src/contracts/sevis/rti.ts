// SEVIS module contracts: the RTI slice (docs/product/sevis-rti.md): upload a list exported from SEVIS RTI
// (CSV or XLSX), compare it with our records field by field (ours vs RTI), update all or selected records,
// add the records we lack, and the history of imports.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, MAX_SERIAL_ID, ZPage, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';

const T = ['sevis'];

/** The fields an RTI list is compared on, in the order the comparison shows them, with their labels. */
export const RTI_FIELDS = [
  { key: 'lastName', label: 'Surname' },
  { key: 'firstName', label: 'Given name' },
  { key: 'middleName', label: 'Middle name' },
  { key: 'birthDate', label: 'Date of birth' },
  { key: 'gender', label: 'Gender' },
  { key: 'citizenshipCountryCode', label: 'Country of citizenship' },
  { key: 'birthCountryCode', label: 'Country of birth' },
  { key: 'email', label: 'Email' },
  { key: 'visaType', label: 'Visa type' },
  { key: 'sevisStatus', label: 'SEVIS status' },
  { key: 'educationLevel', label: 'Education level' },
  { key: 'major1Code', label: 'Major' },
  { key: 'programStartDate', label: 'Program start date' },
  { key: 'programEndDate', label: 'Program end date' },
  { key: 'evCategoryCode', label: 'EV category' },
] as const;
export type TRtiField = (typeof RTI_FIELDS)[number]['key'];

/** The column headers RTI writes (and near spellings), normalised lower case, by our field. */
export const RTI_HEADERS: Record<string, TRtiField | 'sevisId'> = {
  'sevis id': 'sevisId',
  'sevis #': 'sevisId',
  'sevis number': 'sevisId',
  'surname/primary name': 'lastName',
  surname: 'lastName',
  'last name': 'lastName',
  'primary name': 'lastName',
  'family name': 'lastName',
  'given name': 'firstName',
  'first name': 'firstName',
  'middle name': 'middleName',
  'date of birth': 'birthDate',
  'birth date': 'birthDate',
  dob: 'birthDate',
  gender: 'gender',
  sex: 'gender',
  'country of citizenship': 'citizenshipCountryCode',
  citizenship: 'citizenshipCountryCode',
  'country of birth': 'birthCountryCode',
  'birth country': 'birthCountryCode',
  email: 'email',
  'email address': 'email',
  'e-mail': 'email',
  'visa type': 'visaType',
  'class of admission': 'visaType',
  visa: 'visaType',
  status: 'sevisStatus',
  'sevis status': 'sevisStatus',
  'record status': 'sevisStatus',
  'education level': 'educationLevel',
  'level of education': 'educationLevel',
  major: 'major1Code',
  'primary major': 'major1Code',
  'major 1': 'major1Code',
  'major code': 'major1Code',
  'program start date': 'programStartDate',
  'start date': 'programStartDate',
  'program end date': 'programEndDate',
  'end date': 'programEndDate',
  category: 'evCategoryCode',
  'program category': 'evCategoryCode',
  'ev category': 'evCategoryCode',
};

export const RTI_MSG = {
  fileRequired: 'Choose the list exported from SEVIS RTI (CSV or XLSX).',
  noSevisColumn: "The file has no 'SEVIS ID' column: export the list from RTI with its SEVIS IDs.",
  noRows: 'The file has no student rows under its header.',
  badSevisId: 'Not a SEVIS ID: it is N followed by 10 digits.',
  duplicateInFile: 'This SEVIS ID appears on an earlier row of the file.',
  outOfReach: 'A record with this SEVIS ID is on a campus site you do not reach.',
  notPreview: 'This import was discarded; upload the list again.',
  siteRequired: 'Choose the campus site new records go to.',
} as const;

export const RTI_ROW_STATES = ['unchanged', 'changed', 'new', 'error'] as const;
export const RTI_IMPORT_STATUSES = ['preview', 'applied', 'discarded'] as const;

export const ZRtiImportParams = z.object({ importId: z.uuid({ error: MSG.notFound }) });

export const ZRtiImportSummary = z.object({
  id: z.uuid(),
  fileName: z.string(),
  kind: z.string(),
  status: z.enum(RTI_IMPORT_STATUSES),
  rowCount: z.number().int(),
  changedCount: z.number().int(),
  newCount: z.number().int(),
  errorCount: z.number().int(),
  updatedCount: z.number().int(),
  insertedCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
});
export type TRtiImportSummary = z.infer<typeof ZRtiImportSummary>;

export const ZRtiRow = z.object({
  id: z.uuid(),
  rowNumber: z.number().int(),
  sevisId: z.string(),
  profileId: z.string().nullable(),
  /** Our record's name (matched rows) or the RTI name (new rows). */
  name: z.string(),
  state: z.enum(RTI_ROW_STATES),
  message: z.string(),
  /** Side by side: each compared field, ours and RTI's (ours is '' for a new record). */
  fields: z.array(z.object({ key: z.string(), label: z.string(), ours: z.string(), rti: z.string(), isDifferent: z.boolean() })),
  appliedAction: z.string().nullable(),
});
export type TRtiRow = z.infer<typeof ZRtiRow>;

export const ZRtiImportDetailQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  state: z.enum(['all', ...RTI_ROW_STATES]).default('all'),
});
export const ZRtiImportDetail = z.object({
  import: ZRtiImportSummary,
  rows: z.array(ZRtiRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TRtiImportDetail = z.infer<typeof ZRtiImportDetail>;

export const ZRtiApplyInput = z.object({
  /** The rows to apply; empty means every changed and new row not yet applied. */
  rowIds: z.array(z.uuid()).max(5000).default([]),
  /** Add the records we lack (rows in state new). */
  insertNew: z.boolean().default(true),
  /** Where new records go (a campus site the caller reaches); required when new rows are applied. */
  campusSiteId: z.number().int().min(1).max(MAX_SERIAL_ID, 'You cannot add students to this campus site.').nullable().default(null),
});
export type TRtiApplyInput = z.input<typeof ZRtiApplyInput>;
export const ZRtiApplyOutput = z.object({
  import: ZRtiImportSummary,
  updated: z.number().int(),
  inserted: z.number().int(),
  /** Rows that could not be applied, with the reason on the row. */
  failed: z.number().int(),
  /** SEVIS updates the change would have queued and that were not, because SEVIS already has these values. */
  suppressedEvents: z.number().int(),
});
export type TRtiApplyOutput = z.infer<typeof ZRtiApplyOutput>;

/** The kind of the job that reads an RTI list into a comparison (its result is a TRtiImportSummary). */
export const UPLOAD_RTI_IMPORT_JOB = 'sevis.upload-rti-import';
/** The kind of the job that applies an RTI comparison (its result is a TRtiApplyOutput). */
export const APPLY_RTI_IMPORT_JOB = 'sevis.apply-rti-import';

export const uploadRtiImport = defineRoute({
  method: 'POST',
  path: '/api/sevis/rti-imports',
  access: 'sevis.import',
  tags: T,
  summary:
    'Starts reading a list exported from SEVIS RTI (multipart, field "file", CSV or XLSX): each row is matched by SEVIS ID and compared with our record. 202 with the job, whose result is a ZRtiImportSummary',
  response: ZJob,
});
export const listRtiImports = defineRoute({
  method: 'GET',
  path: '/api/sevis/rti-imports',
  access: 'sevis.import',
  tags: T,
  summary: 'History of RTI imports (newest first; super users see every import, officers their own)',
  query: ZPageQuery,
  response: ZPage(ZRtiImportSummary),
});
export const getRtiImport = defineRoute({
  method: 'GET',
  path: '/api/sevis/rti-imports/:importId',
  access: 'sevis.import',
  tags: T,
  summary: 'One RTI import: its rows side by side with our records (paged, by state)',
  params: ZRtiImportParams,
  query: ZRtiImportDetailQuery,
  response: ZRtiImportDetail,
});
export const applyRtiImport = defineRoute({
  method: 'POST',
  path: '/api/sevis/rti-imports/:importId/apply',
  access: 'sevis.import',
  tags: T,
  summary:
    "Starts updating the selected (or all) records with RTI's values and adding the records we lack; no SEVIS update is queued for what SEVIS already has. 202 with the job, whose result is a ZRtiApplyOutput",
  params: ZRtiImportParams,
  body: ZRtiApplyInput,
  response: ZJob,
});
export const discardRtiImport = defineRoute({
  method: 'POST',
  path: '/api/sevis/rti-imports/:importId/discard',
  access: 'sevis.import',
  tags: T,
  summary: 'Discard an RTI import (nothing more is applied from it)',
  params: ZRtiImportParams,
  response: ZRtiImportSummary,
});
