// The students module's intake routes: inviting students to the portal, Newly Admitted Students,
// and the batch upload of student records (CSV / XLSX, previewed, committed all-or-nothing).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZLegacyFileColumns } from '../../rules/legacy-convert.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';

export const ZInviteProfileParams = z.object({ profileId: z.uuid({ error: MSG.notFound }) });

/** What inviting one student did: created the account and sent the link, or sent the link again. */
export const ZInviteResult = z.object({
  profileId: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  email: z.string(),
  outcome: z.enum(['invited', 'resent']),
  invitedAt: z.string(),
});
export type TInviteResult = z.infer<typeof ZInviteResult>;

export const INVITE_BULK_MAX = 200;
export const ZBulkInviteInput = z.object({
  profileIds: z
    .array(z.uuid({ error: MSG.notFound }))
    .min(1, 'Select at least one student.')
    .max(INVITE_BULK_MAX, `Invite at most ${INVITE_BULK_MAX} students at a time.`),
});
export type TBulkInviteInput = z.infer<typeof ZBulkInviteInput>;

/** One line per record of a bulk invitation: done, or why not. */
export const ZBulkInviteRow = z.object({
  profileId: z.uuid(),
  ok: z.boolean(),
  outcome: z.enum(['invited', 'resent']).optional(),
  message: z.string(),
});
export const ZBulkInviteOutput = z.object({
  results: z.array(ZBulkInviteRow),
  invited: z.number().int(),
  resent: z.number().int(),
  failed: z.number().int(),
});
export type TBulkInviteOutput = z.infer<typeof ZBulkInviteOutput>;

export const inviteStudent = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/invite',
  access: 'students.manage',
  tags: ['students'],
  summary:
    'Invite a student to the portal: creates the account (user name = e-mail) and e-mails a set-up link; sends it again while the student has not signed in',
  params: ZInviteProfileParams,
  response: ZInviteResult,
});
export const inviteStudents = defineRoute({
  method: 'POST',
  path: '/api/students/invite',
  access: 'students.manage',
  tags: ['students'],
  summary: 'Invite several students to the portal (up to 200), with a result per record',
  body: ZBulkInviteInput,
  response: ZBulkInviteOutput,
});

// ---- Newly Admitted Students (#/isss/newly-admitted-students) ----

export const NEWLY_ADMITTED_SORTS = [
  'lastName',
  'firstName',
  'email',
  'campusSite',
  'programStartDate',
  'invitedAt',
  'lastLoginAt',
  'createdAt',
] as const;
export const ZNewlyAdmittedQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  /** not_invited: no portal account yet; invited: account created, never signed in; all: both and those who signed in. */
  invitation: z.enum(['all', 'not_invited', 'invited']).default('all'),
  sort: z.enum(NEWLY_ADMITTED_SORTS).default('lastName'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type TNewlyAdmittedQuery = z.infer<typeof ZNewlyAdmittedQuery>;

export const ZNewlyAdmittedStudent = z.object({
  profileId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  sevisId: z.string().nullable(),
  campusId: z.string().nullable(),
  visaType: z.string(),
  sevisStatus: z.string(),
  stage: z.string(),
  campusSite: z.string().nullable(),
  programStartDate: z.string().nullable(),
  hasAccount: z.boolean(),
  invitedAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** Whether the caller may invite this student (edit right on the record's site). */
  canInvite: z.boolean(),
});
export type TNewlyAdmittedStudent = z.infer<typeof ZNewlyAdmittedStudent>;

export const listNewlyAdmitted = defineRoute({
  method: 'GET',
  path: '/api/students/newly-admitted',
  access: 'students.read',
  tags: ['students'],
  summary:
    'Newly Admitted Students: records in stage invited or without a portal account, SEVIS status Initial (paged, sorted, searched on the server; site-scoped)',
  query: ZNewlyAdmittedQuery,
  response: ZPage(ZNewlyAdmittedStudent),
});

// ---- Batch upload (#/isss/batch-upload-list) ----

export const ZImportIdParams = z.object({ importId: z.uuid({ error: MSG.notFound }) });
export const IMPORT_STATUSES = ['previewed', 'committed', 'failed', 'discarded'] as const;

export const ZStudentImportSummary = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  rowCount: z.number().int(),
  errorCount: z.number().int(),
  /** Rows with at least one error. */
  rowsWithErrors: z.number().int(),
  /** What SEVIS will still need of the rows that create a SEVIS record (not errors: those rows import). */
  warningCount: z.number().int(),
  /** Rows whose SEVIS Create will wait until the record has what SEVIS needs. */
  rowsWithWarnings: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  /** Why a commit was refused, when it was. */
  note: z.string(),
});
export type TStudentImportSummary = z.infer<typeof ZStudentImportSummary>;

export const ZImportIssue = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export const ZStudentImportPreviewQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  /** Only the rows that have an error. */
  onlyErrors: z.enum(['0', '1']).default('0'),
  /** Only the rows SEVIS will still need something of. */
  onlyWarnings: z.enum(['0', '1']).default('0'),
});
export const ZStudentImportPreview = z.object({
  import: ZStudentImportSummary,
  /** The file's columns, in the template's order. */
  columns: z.array(z.string()),
  /** What SEVIS will need, by column over the whole file: how many rows lack it, and whether the file has the column. */
  sevisNeeds: z.array(z.object({ column: z.string(), rows: z.number().int(), inFile: z.boolean() })),
  /** Problems of the file itself (header, size), not of one student row. */
  fileIssues: z.array(ZImportIssue),
  rows: z.array(
    z.object({
      row: z.number().int(),
      values: z.record(z.string(), z.string()),
      errors: z.record(z.string(), z.array(z.string())),
      /** What SEVIS will need, by column (the batch build's reasons for holding the row's Create). */
      warnings: z.record(z.string(), z.array(z.string())),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TStudentImportPreview = z.infer<typeof ZStudentImportPreview>;

export const ZStudentImportListQuery = ZPageQuery.extend({
  status: z.enum(['all', ...IMPORT_STATUSES]).default('all'),
});

export const ZCommitImportOutput = z.object({
  import: ZStudentImportSummary,
  created: z.number().int(),
  sevisCreateEvents: z.number().int(),
  /** Of those Create events, how many wait for what SEVIS still needs (the preview's warnings). */
  sevisCreatesWaiting: z.number().int(),
});
export type TCommitImportOutput = z.infer<typeof ZCommitImportOutput>;

/** The kind of the job that reads and checks an upload into its preview (its result is a TStudentImportSummary). */
export const UPLOAD_IMPORT_JOB = 'students.upload-import';
/** The kind of the job that creates the students of a preview (its result is a TCommitImportOutput). */
export const COMMIT_IMPORT_JOB = 'students.commit-import';

export const uploadStudentImport = defineRoute({
  method: 'POST',
  path: '/api/student-imports',
  access: 'students.import',
  tags: ['students'],
  summary:
    'Upload a CSV or XLSX file of students (multipart, field "file"; for a legacy export, first the fields "columns", JSON of upload column -> the file\'s header, and "dateFormat"): 202 with the job that checks every row and stores the preview; its result is a ZStudentImportSummary',
  response: ZJob,
});
/** Convert from Legacy (docs/product/convert-from-legacy.md): a legacy export's header and first rows, with a first matching to the upload's columns. */
export const readStudentImportColumns = defineRoute({
  method: 'POST',
  path: '/api/student-imports/columns',
  access: 'students.import',
  tags: ['students'],
  summary:
    'Read the header and first rows of a legacy export of students (multipart, field "file"), with a first matching to the upload columns',
  response: ZLegacyFileColumns,
});
export const listStudentImports = defineRoute({
  method: 'GET',
  path: '/api/student-imports',
  access: 'students.import',
  tags: ['students'],
  summary: 'History of batch uploads: file, who, when, rows, status (newest first)',
  query: ZStudentImportListQuery,
  response: ZPage(ZStudentImportSummary),
});
export const getStudentImport = defineRoute({
  method: 'GET',
  path: '/api/student-imports/:importId',
  access: 'students.import',
  tags: ['students'],
  summary: 'The preview of an upload: counts, and the rows with their errors by column (paged)',
  params: ZImportIdParams,
  query: ZStudentImportPreviewQuery,
  response: ZStudentImportPreview,
});
export const downloadStudentImportErrors = defineRoute({
  method: 'GET',
  path: '/api/student-imports/:importId/errors.csv',
  access: 'students.import',
  tags: ['students'],
  summary: 'The error report of an upload as CSV: row, column, message',
  params: ZImportIdParams,
  response: z.string(),
});
export const commitStudentImport = defineRoute({
  method: 'POST',
  path: '/api/student-imports/:importId/commit',
  access: 'students.import',
  tags: ['students'],
  summary:
    'Create every student of an error-free preview in one transaction (all or nothing): 202 with the job, whose result is a ZCommitImportOutput',
  params: ZImportIdParams,
  response: ZJob,
});
export const discardStudentImport = defineRoute({
  method: 'POST',
  path: '/api/student-imports/:importId/discard',
  access: 'students.import',
  tags: ['students'],
  summary: 'Discard a preview (nothing is created; the stored rows are dropped)',
  params: ZImportIdParams,
  response: ZStudentImportSummary,
});
