// The students module's active-student import (docs/product/active-student-import.md): the campus SIS's
// enrolment feed, uploaded as a file or pushed as JSON with an integration token, compared with the student
// records, then applied in chunks (resumable) with the SEVIS updates a staff edit would queue.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ACTIVE_IMPORT_FIELDS, ACTIVE_IMPORT_MAX_ROWS, type TActiveImportField } from '../../rules/active-student-import.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';

const T = ['students'];

/** How each feed row compares with the student records. */
export const ACTIVE_IMPORT_CLASSES = ['changed', 'unchanged', 'not_found', 'absent', 'conflict', 'not_yours'] as const;
export type TActiveImportClass = (typeof ACTIVE_IMPORT_CLASSES)[number];
export const ACTIVE_IMPORT_CLASS_LABELS: Record<TActiveImportClass, string> = {
  changed: 'Changes',
  unchanged: 'Unchanged',
  not_found: 'Not found in Meridian',
  absent: 'Active in Meridian, not in the feed',
  conflict: 'Needs a look',
  not_yours: 'Not your campus site',
};
export const ACTIVE_IMPORT_STATUSES = ['compared', 'applied', 'discarded'] as const;
export const ACTIVE_IMPORT_OUTCOMES = ['applied', 'skipped', 'failed'] as const;

export const ACTIVE_IMPORT_MSG_API = {
  fileRequired: 'Choose the enrolment feed exported from the student information system (CSV or XLSX).',
  discarded: 'This import was discarded: upload the feed again to compare it anew.',
  fileRefused: (n: number) =>
    `Nothing was stored: the feed has ${n === 1 ? 'a problem' : `${n.toLocaleString('en-US')} problems`}. Correct ${n === 1 ? 'it' : 'them'} and send the feed again.`,
  rowsRequired: 'Send at least one student row.',
  tooManyRows: `Send at most ${ACTIVE_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows at a time; split the feed by campus site.`,
  unknownField: `Unknown field. The fields are: ${ACTIVE_IMPORT_FIELDS.join(', ')}.`,
  selectRows: 'Select at least one row.',
} as const;

/** The kind of the job that reads a feed and compares it (its result is a TActiveImportSummary). */
export const ACTIVE_IMPORT_COMPARE_JOB = 'students.active-import.compare';
/** The kind of the job that applies a comparison (its result is a TActiveImportApplyOutput). */
export const ACTIVE_IMPORT_APPLY_JOB = 'students.active-import.apply';

export const ZActiveImportSummary = z.object({
  id: z.uuid(),
  /** file: uploaded on the page; api: pushed by a campus system with an integration token. */
  source: z.enum(['file', 'api']),
  fileName: z.string(),
  status: z.enum(ACTIVE_IMPORT_STATUSES),
  /** Rows of the feed (records absent from it are counted under counts.absent only). */
  rowCount: z.number().int(),
  counts: z.record(z.enum(ACTIVE_IMPORT_CLASSES), z.number().int()),
  /** Rows with changes the officer left out of the apply. */
  excluded: z.number().int(),
  /** Rows with changes still to apply (not excluded, not applied, skipped or failed). */
  pending: z.number().int(),
  applied: z.number().int(),
  /** Rows not applied because the record changed since the comparison, or left the officer's campus sites. */
  skipped: z.number().int(),
  failed: z.number().int(),
  /** SEVIS updates the applied changes queued (as a staff edit of the record would). */
  sevisUpdates: z.number().int(),
  /** Header cells of the file the import does not read. */
  ignoredColumns: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  appliedBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
});
export type TActiveImportSummary = z.infer<typeof ZActiveImportSummary>;

/** One field of a row side by side: the record's value at the comparison and the feed's (null: not given). */
export const ZActiveImportField = z.object({
  field: z.string(),
  label: z.string(),
  /** ISO dates, enrolment status codes, numbers as text. */
  record: z.string().nullable(),
  feed: z.string().nullable(),
  isChanged: z.boolean(),
});
export const ZActiveImportRow = z.object({
  id: z.uuid(),
  /** The feed's row (a file's row number, the header being 1; a JSON row's position); null for a record absent from the feed. */
  rowNo: z.number().int().nullable(),
  class: z.enum(ACTIVE_IMPORT_CLASSES),
  /** The matched record, when the caller may open it. */
  profileId: z.string().nullable(),
  matchedBy: z.enum(['sevis', 'campus']).nullable(),
  name: z.string(),
  sevisId: z.string(),
  campusId: z.string(),
  /** Why the row needs a look, or is not the caller's. */
  message: z.string(),
  excluded: z.boolean(),
  outcome: z.enum(ACTIVE_IMPORT_OUTCOMES).nullable(),
  outcomeMessage: z.string(),
  fields: z.array(ZActiveImportField),
});
export type TActiveImportRow = z.infer<typeof ZActiveImportRow>;

export const ZActiveImportParams = z.object({ importId: z.uuid({ error: MSG.notFound }) });
export const ZActiveImportListQuery = ZPageQuery;
export const ZActiveImportRowsQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  class: z.enum(['all', ...ACTIVE_IMPORT_CLASSES]).default('all'),
  /** Only rows where this field changes. */
  field: z.enum(ACTIVE_IMPORT_FIELDS).optional(),
  /** Part of a name, SEVIS ID, campus ID or e-mail. */
  q: z.string().trim().max(100).optional(),
});
export type TActiveImportRowsQuery = z.input<typeof ZActiveImportRowsQuery>;

export const ZActiveImportExclusionInput = z.object({
  rowIds: z
    .array(z.uuid({ error: MSG.notFound }))
    .min(1, ACTIVE_IMPORT_MSG_API.selectRows)
    .max(1000, 'Select at most 1,000 rows at a time.'),
  /** true: leave the rows out of the apply; false: take them in again. */
  excluded: z.boolean(),
});
export type TActiveImportExclusionInput = z.infer<typeof ZActiveImportExclusionInput>;
export const ZActiveImportExclusionOutput = z.object({ updated: z.number().int(), import: ZActiveImportSummary });

export const ZActiveImportApplyOutput = z.object({
  import: ZActiveImportSummary,
  /** What this apply did (an apply run again after a finished one does nothing: 0). */
  applied: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  sevisUpdates: z.number().int(),
});
export type TActiveImportApplyOutput = z.infer<typeof ZActiveImportApplyOutput>;

/** A value of the JSON push: text, a number (credits), or null / absent for "not given". */
const ZFeedValue = z.union([z.string().max(200, MSG.invalidLength), z.number()]).nullish();
export const ZActiveStudentFeedRow = z.strictObject(
  Object.fromEntries(ACTIVE_IMPORT_FIELDS.map((f) => [f, ZFeedValue])) as Record<TActiveImportField, typeof ZFeedValue>,
  { error: (iss) => (iss.code === 'unrecognized_keys' ? ACTIVE_IMPORT_MSG_API.unknownField : undefined) },
);
export const ZActiveStudentFeedInput = z.object({
  rows: z
    .array(ZActiveStudentFeedRow)
    .min(1, ACTIVE_IMPORT_MSG_API.rowsRequired)
    .max(ACTIVE_IMPORT_MAX_ROWS, ACTIVE_IMPORT_MSG_API.tooManyRows),
});
export type TActiveStudentFeedInput = z.input<typeof ZActiveStudentFeedInput>;

export const uploadActiveStudentImport = defineRoute({
  method: 'POST',
  path: '/api/active-student-imports',
  access: 'students.import.active',
  tags: T,
  summary:
    "Upload the SIS enrolment feed (multipart, field 'file', CSV or XLSX): 202 with the job that checks every row and compares the feed with the student records; its result is a ZActiveImportSummary",
  response: ZJob,
});
export const pushActiveStudents = defineRoute({
  method: 'POST',
  path: '/api/integrations/active-students',
  access: 'students.import.active',
  tags: T,
  summary:
    "The campus SIS pushes its enrolment feed as JSON rows (an integration token with the students:write scope, acting for its issuer): a row's problems answer 400 at once, on rows.<index>.<field>; otherwise 202 with the job that compares the feed (its result is a ZActiveImportSummary). Nothing changes until an officer applies the comparison",
  body: ZActiveStudentFeedInput,
  response: ZJob,
});
export const listActiveStudentImports = defineRoute({
  method: 'GET',
  path: '/api/active-student-imports',
  access: 'students.import.active',
  tags: T,
  summary: 'History of active-student imports (the caller’s own; a super user’s: all), newest first',
  query: ZActiveImportListQuery,
  response: ZPage(ZActiveImportSummary),
});
export const getActiveStudentImport = defineRoute({
  method: 'GET',
  path: '/api/active-student-imports/:importId',
  access: 'students.import.active',
  tags: T,
  summary: 'One import: counts per comparison class, exclusions and what was applied',
  params: ZActiveImportParams,
  response: ZActiveImportSummary,
});
export const listActiveStudentImportRows = defineRoute({
  method: 'GET',
  path: '/api/active-student-imports/:importId/rows',
  access: 'students.import.active',
  tags: T,
  summary: 'The rows of an import side by side with the records (paged, filtered by class, changed field and search on the server)',
  params: ZActiveImportParams,
  query: ZActiveImportRowsQuery,
  response: ZPage(ZActiveImportRow),
});
export const excludeActiveStudentImportRows = defineRoute({
  method: 'POST',
  path: '/api/active-student-imports/:importId/exclusions',
  access: 'students.import.active',
  tags: T,
  summary: 'Leave rows with changes out of the apply, or take them in again (rows already applied are left as they are)',
  params: ZActiveImportParams,
  body: ZActiveImportExclusionInput,
  response: ZActiveImportExclusionOutput,
});
export const applyActiveStudentImport = defineRoute({
  method: 'POST',
  path: '/api/active-student-imports/:importId/apply',
  access: 'students.import.active',
  tags: T,
  summary:
    'Apply the changes not excluded, in chunks (resumable; a row is never applied twice), raising the SEVIS updates a staff edit would: 202 with the job, whose result is a ZActiveImportApplyOutput',
  params: ZActiveImportParams,
  response: ZJob,
});
export const discardActiveStudentImport = defineRoute({
  method: 'POST',
  path: '/api/active-student-imports/:importId/discard',
  access: 'students.import.active',
  tags: T,
  summary: 'Discard an import: its stored rows are erased, nothing more is applied from it',
  params: ZActiveImportParams,
  response: ZActiveImportSummary,
});
