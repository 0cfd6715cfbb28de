// The scholars module's HR updates (docs/product/scholar-hr-updates.md): the campus HR system's appointment
// feed, uploaded as a file or pushed as JSON with an integration token, compared with the scholars and their
// current cases; the office accepts or rejects each change. Open only while the institution's
// scholarSisUpdatesFlag is on (404 otherwise).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { HR_COMPARED_FIELDS, HR_FEED_FIELDS, HR_FEED_MAX_ROWS, type THrFeedField } from '../../rules/scholar-hr-feed.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';

const T = ['scholars'];

/** How each feed row compares with Meridian. */
export const HR_ROW_CLASSES = ['changed', 'unchanged', 'not_found', 'no_case', 'not_yours'] as const;
export type THrRowClass = (typeof HR_ROW_CLASSES)[number];
export const HR_ROW_CLASS_LABELS: Record<THrRowClass, string> = {
  changed: 'Differences',
  unchanged: 'Same as Meridian',
  not_found: 'No scholar with this employee ID',
  no_case: 'No case to compare with',
  not_yours: 'Not your campus site',
};

/** The compare page's tabs: rows with changes still to decide, decided ones, unmatched, not the caller's, the same, all. */
export const HR_ROW_VIEWS = ['differences', 'decided', 'unmatched', 'not_yours', 'unchanged', 'all'] as const;
export type THrRowView = (typeof HR_ROW_VIEWS)[number];
export const HR_ROW_VIEW_LABELS: Record<THrRowView, string> = {
  differences: 'Differences to decide',
  decided: 'Decided',
  unmatched: 'Unmatched',
  not_yours: 'Not your campus site',
  unchanged: 'Same as Meridian',
  all: 'All rows',
};
export const HR_ROW_SORTS = ['row', 'name', 'employeeId'] as const;

export const HR_UPDATES_MSG = {
  fileRequired: 'Choose the appointment feed exported from the HR system (CSV or XLSX).',
  fileRefused: (n: number) =>
    `Nothing was stored: the feed has ${n === 1 ? 'a problem' : `${n.toLocaleString('en-US')} problems`}. Correct ${n === 1 ? 'it' : 'them'} and send the feed again.`,
  rowsRequired: 'Send at least one row.',
  tooManyRows: `Send at most ${HR_FEED_MAX_ROWS.toLocaleString('en-US')} rows at a time; split the feed by department.`,
  unknownField: `Unknown field. The fields are: ${HR_FEED_FIELDS.join(', ')}.`,
  selectChanges: 'Select at least one change.',
  notInImport: 'A selected change is not part of this comparison. Reload the page and select again.',
  alreadyDecided: (what: string, decision: string, by: string, on: string) =>
    `${what} was already ${decision} by ${by || 'someone'} on ${on}. A change is decided once; reload the page to see it.`,
  stale: (who: string) =>
    `${who}: the case was changed in Meridian after this comparison. Nothing was changed: upload or send the HR feed again to compare it anew.`,
  notYours: (who: string) => `${who}: the case is not at a campus site you work for, or outside your scholar area. Nothing was changed.`,
  noted: (what: string, note: string) => `${what} cannot be accepted: ${note}`,
  refused: (who: string, why: string) => `${who}: the case was not changed: ${why}`,
} as const;

/** The kind of the job that reads a feed and compares it (its result is a THrImportSummary). */
export const HR_COMPARE_JOB = 'scholars.hr-updates.compare';

export const ZHrImportSummary = z.object({
  id: z.uuid(),
  /** file: uploaded on the page; api: pushed by HR with an integration token. */
  source: z.enum(['file', 'api']),
  fileName: z.string(),
  rowCount: z.number().int(),
  counts: z.record(z.enum(HR_ROW_CLASSES), z.number().int()),
  /** Changes found, and how many are still to decide, accepted and rejected. */
  changes: z.object({ total: z.number().int(), pending: z.number().int(), accepted: z.number().int(), rejected: z.number().int() }),
  /** to_review while a change waits for a decision; decided once none does. */
  status: z.enum(['to_review', 'decided']),
  ignoredColumns: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The same feed was sent again while this comparison still held: this import was answered, nothing new stored. */
  isRepeat: z.boolean(),
});
export type THrImportSummary = z.infer<typeof ZHrImportSummary>;

export const ZHrChange = z.object({
  id: z.uuid(),
  field: z.enum(HR_COMPARED_FIELDS),
  label: z.string(),
  /** Meridian's value when compared, and HR's, as shown (dates ISO, formatted by the page). */
  current: z.string().nullable(),
  hr: z.string().nullable(),
  decision: z.enum(['accepted', 'rejected']).nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why it cannot be accepted (HR's value would not fit the case); it may still be rejected. */
  note: z.string(),
});
export type THrChange = z.infer<typeof ZHrChange>;

export const ZHrRow = z.object({
  id: z.uuid(),
  /** The feed's row (a file's row number, the header being 1; a JSON row's position). */
  rowNo: z.number().int(),
  class: z.enum(HR_ROW_CLASSES),
  employeeId: z.string(),
  name: z.string(),
  /** The scholar's current case, when the caller may open it. */
  applicationId: z.string().nullable(),
  message: z.string(),
  changes: z.array(ZHrChange),
});
export type THrRow = z.infer<typeof ZHrRow>;

export const ZHrImportParams = z.object({ importId: z.uuid({ error: MSG.notFound }) });
export const ZHrRowsQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  view: z.enum(HR_ROW_VIEWS).default('differences'),
  /** Only rows where this field differs. */
  field: z.enum(HR_COMPARED_FIELDS).optional(),
  /** Part of a name, an employee ID or an e-mail. */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(HR_ROW_SORTS).default('row'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type THrRowsQuery = z.input<typeof ZHrRowsQuery>;
export const ZHrRowsOutput = ZPage(ZHrRow).extend({
  /** Rows per tab, for the tab labels. */
  views: z.record(z.enum(HR_ROW_VIEWS), z.number().int()),
});
export type THrRowsOutput = z.infer<typeof ZHrRowsOutput>;

export const ZHrDecisionInput = z.object({
  changeIds: z
    .array(z.uuid({ error: MSG.notFound }))
    .min(1, HR_UPDATES_MSG.selectChanges)
    .max(500, 'Select at most 500 changes at a time.'),
  decision: z.enum(['accept', 'reject'], { error: 'Choose accept or reject.' }),
});
export type THrDecisionInput = z.infer<typeof ZHrDecisionInput>;
export const ZHrDecisionOutput = z.object({
  accepted: z.number().int(),
  rejected: z.number().int(),
  /** Cases changed by the accepted changes. */
  cases: z.number().int(),
  import: ZHrImportSummary,
});
export type THrDecisionOutput = z.infer<typeof ZHrDecisionOutput>;

/** A value of the JSON push: text, a number (hours, FTE, salary), or null / absent for "not given". */
const ZFeedValue = z.union([z.string().max(200, MSG.invalidLength), z.number()]).nullish();
export const ZHrFeedRow = z.strictObject(
  Object.fromEntries(HR_FEED_FIELDS.map((f) => [f, ZFeedValue])) as Record<THrFeedField, typeof ZFeedValue>,
  { error: (iss) => (iss.code === 'unrecognized_keys' ? HR_UPDATES_MSG.unknownField : undefined) },
);
export const ZHrFeedInput = z.object({
  rows: z.array(ZHrFeedRow).min(1, HR_UPDATES_MSG.rowsRequired).max(HR_FEED_MAX_ROWS, HR_UPDATES_MSG.tooManyRows),
});
export type THrFeedInput = z.input<typeof ZHrFeedInput>;

export const uploadScholarHrFeed = defineRoute({
  method: 'POST',
  path: '/api/scholar-hr-imports',
  access: 'scholars.hr-updates',
  tags: T,
  summary:
    "Upload the HR appointment feed (multipart, field 'file', CSV or XLSX): 202 with the job that checks every row and compares the feed with the scholars' current cases; its result is a ZHrImportSummary",
  response: ZJob,
});
export const pushScholarHrFeed = defineRoute({
  method: 'POST',
  path: '/api/integrations/scholar-hr-updates',
  access: 'scholars.hr-updates',
  tags: T,
  summary:
    "The campus HR system pushes its appointment feed as JSON rows (an integration token with the scholars:write scope, acting for its issuer): a row's problems answer 400 at once, on rows.<index>.<field>; otherwise 202 with the job that compares the feed (its result is a ZHrImportSummary). Nothing changes until an officer accepts a change",
  body: ZHrFeedInput,
  response: ZJob,
});
export const listScholarHrImports = defineRoute({
  method: 'GET',
  path: '/api/scholar-hr-imports',
  access: 'scholars.hr-updates',
  tags: T,
  summary: 'HR feeds compared so far (the caller’s own; a super user’s: all), newest first, with counts and status',
  query: ZPageQuery,
  response: ZPage(ZHrImportSummary),
});
export const getScholarHrImport = defineRoute({
  method: 'GET',
  path: '/api/scholar-hr-imports/:importId',
  access: 'scholars.hr-updates',
  tags: T,
  summary: 'One HR feed comparison: counts per class and per decision',
  params: ZHrImportParams,
  response: ZHrImportSummary,
});
export const listScholarHrImportRows = defineRoute({
  method: 'GET',
  path: '/api/scholar-hr-imports/:importId/rows',
  access: 'scholars.hr-updates',
  tags: T,
  summary: 'The rows of a comparison with their changes, Meridian’s value beside HR’s (paged, sorted and filtered on the server)',
  params: ZHrImportParams,
  query: ZHrRowsQuery,
  response: ZHrRowsOutput,
});
export const decideScholarHrChanges = defineRoute({
  method: 'POST',
  path: '/api/scholar-hr-imports/:importId/decisions',
  access: 'scholars.hr-updates',
  tags: T,
  summary:
    'Accept or reject changes (all or nothing): an accepted change writes the case and its History Log; a change is decided once (409), and a case changed since the comparison is refused (409)',
  params: ZHrImportParams,
  body: ZHrDecisionInput,
  response: ZHrDecisionOutput,
});
