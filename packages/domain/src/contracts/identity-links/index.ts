// The Integrated User Tool (docs/product/integrated-user-tool.md): which portal account is which person of the
// campus systems. A student's account and their student record (its SIS id, campus_id); a scholar's account and
// their scholar record (its HR employee id); the single sign-on identifier an account signs in with (read only).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZCursorPage, ZCursorQuery, ZPageQuery } from '../define.js';

const T = ['identity-links'];

/** The kinds of portal accounts the tool links: student accounts (ISSSstudent) and scholar accounts. */
export const IDENTITY_LINK_KINDS = ['student', 'scholar'] as const;
export type TIdentityLinkKind = (typeof IDENTITY_LINK_KINDS)[number];
export const IDENTITY_LINK_KIND_LABELS: Record<TIdentityLinkKind, string> = { student: 'Student', scholar: 'Scholar' };

/**
 * How far an account is linked: no record at all, a record without the campus system's id, or both
 * (`not-linked` is either of the first two).
 */
export const IDENTITY_LINK_STATES = ['not-linked', 'no-record', 'no-id', 'linked'] as const;
export type TIdentityLinkState = (typeof IDENTITY_LINK_STATES)[number];
export const IDENTITY_LINK_STATE_LABELS: Record<TIdentityLinkState, string> = {
  'not-linked': 'Not linked (no record, or no id)',
  'no-record': 'No record',
  'no-id': 'Record without id',
  linked: 'Linked',
};

export const IDENTITY_LINK_SORTS = ['name', 'email', 'userName'] as const;

/** The name each kind's campus id goes by on the page and in messages. */
export const EXTERNAL_ID_LABELS: Record<TIdentityLinkKind, string> = { student: 'SIS ID', scholar: 'HR employee ID' };

export const MSG_IDENTITY_LINKS = {
  externalIdFormat: "Use up to 30 letters, digits, '-', '_' or '.'.",
  noRecord: 'This account has no linked record: link it to a record first.',
  alreadyLinked: 'This account is already linked to a record: unlink it first.',
  recordTaken: 'This record is already linked to another portal account.',
  wrongKind: 'A student account links to a student record, a scholar account to a scholar record.',
  accountInactive: 'This portal account is deactivated.',
  recordNotFound: 'The record was not found, or it is not one you may link.',
  studentIdTaken: (name: string | null) =>
    name ? `This SIS ID is already on the student record of ${name}.` : 'This SIS ID is already on another student record.',
  scholarIdTaken: (name: string | null) =>
    name ? `This HR employee ID is already on the scholar record of ${name}.` : 'This HR employee ID is already on another scholar record.',
  changedMeanwhile: 'Someone changed this record a moment ago. Reload the list and try again.',
  fileRequired: 'Choose a CSV or Excel file with the accounts and their ids.',
  noRows: 'The file has no rows under its header.',
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} rows; split it into several files.`,
  noAccountColumn: 'The header needs an account column: email or user_name.',
  noIdColumn: 'The header needs an id column: campus_id or employee_id.',
  notApplied: (n: number) =>
    `Nothing was changed: ${n.toLocaleString('en-US')} ${n === 1 ? 'row needs' : 'rows need'} attention first (conflicts, accounts not found or rows that cannot be read). Fix the file and preview it again.`,
  nothingToApply: 'Nothing to change: every row is already linked.',
} as const;

/** A campus system's id as the office types it: the Student List's campus ID rule, with '_' and '.' for HR ids. */
export const ZExternalId = z
  .string()
  .trim()
  .max(30, MSG.invalidLength)
  .regex(/^[A-Za-z0-9._-]*$/, MSG_IDENTITY_LINKS.externalIdFormat);

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const ZListIdentityLinksQuery = ZPageQuery.extend(ZCursorQuery.shape).extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  kind: z.preprocess(blankToUndefined, z.enum(IDENTITY_LINK_KINDS, { error: MSG.invalidValue }).optional()),
  state: z.preprocess(blankToUndefined, z.enum(IDENTITY_LINK_STATES, { error: MSG.invalidValue }).optional()),
  /** Part of a name or e-mail address, or a whole user name, SIS ID or HR employee ID. */
  q: z.string().trim().max(100, MSG.invalidLength).optional(),
  sort: z.enum(IDENTITY_LINK_SORTS, { error: MSG.invalidValue }).default('name'),
  order: z.enum(['asc', 'desc'], { error: MSG.invalidValue }).default('asc'),
});
export type TListIdentityLinksQuery = z.input<typeof ZListIdentityLinksQuery>;
export type TListIdentityLinksFilters = z.infer<typeof ZListIdentityLinksQuery>;

/** The record an account is linked to: its student record or its scholar record. */
export const ZLinkedRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The SIS id (student record campus_id) or HR employee id; null when not given yet. */
  externalId: z.string().nullable(),
  /** Student records: the record's campus site. Scholars: their hiring department. */
  placeName: z.string().nullable(),
});
export type TLinkedRecord = z.infer<typeof ZLinkedRecord>;

/**
 * The single sign-on identity an account signs in with, when the office's single sign-on is on for its kind:
 * the identity provider's claim (or SAML attribute) whose value must equal the account's user name.
 */
export const ZSsoIdentity = z.object({
  provider: z.enum(['oidc', 'saml']),
  claim: z.string(),
  identifier: z.string(),
});

export const ZIdentityLinkRow = z.object({
  userId: z.uuid(),
  kind: z.enum(IDENTITY_LINK_KINDS),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userName: z.string(),
  isActive: z.boolean(),
  campusSiteName: z.string().nullable(),
  record: ZLinkedRecord.nullable(),
  sso: ZSsoIdentity.nullable(),
});
export type TIdentityLinkRow = z.infer<typeof ZIdentityLinkRow>;

export const ZIdentityLinkPage = ZCursorPage(ZIdentityLinkRow);
export type TIdentityLinkPage = z.infer<typeof ZIdentityLinkPage>;

export const ZUserIdParams = z.object({ userId: z.uuid({ error: MSG.notFound }) });

export const listIdentityLinks = defineRoute({
  method: 'GET',
  path: '/api/identity-links',
  access: 'people.identity-links.manage',
  tags: T,
  summary:
    "Student and scholar portal accounts with their linked record, its SIS or HR id and their single sign-on identity, in the caller's campus sites and scholar area; keyset paged",
  query: ZListIdentityLinksQuery,
  response: ZIdentityLinkPage,
});

export const ZUnlinkedRecordsQuery = z.object({
  kind: z.enum(IDENTITY_LINK_KINDS, { error: MSG.invalidValue }),
  q: z.string().trim().max(100, MSG.invalidLength).default(''),
});
export type TUnlinkedRecordsQuery = z.input<typeof ZUnlinkedRecordsQuery>;
export type TUnlinkedRecordsFilters = z.infer<typeof ZUnlinkedRecordsQuery>;

export const ZUnlinkedRecord = ZLinkedRecord.extend({ email: z.string() });
export type TUnlinkedRecord = z.infer<typeof ZUnlinkedRecord>;

export const listUnlinkedRecords = defineRoute({
  method: 'GET',
  path: '/api/identity-links/unlinked-records',
  access: 'people.identity-links.manage',
  tags: T,
  summary: 'Student or scholar records without a portal account that the caller may link, by name, e-mail or id (at most 20)',
  query: ZUnlinkedRecordsQuery,
  response: z.object({ items: z.array(ZUnlinkedRecord) }),
});

export const ZSetExternalIdInput = z.object({
  /** The new SIS id or HR employee id; empty removes it. */
  externalId: ZExternalId,
});
export type TSetExternalIdInput = z.infer<typeof ZSetExternalIdInput>;

export const setExternalId = defineRoute({
  method: 'PUT',
  path: '/api/identity-links/:userId/external-id',
  access: 'people.identity-links.manage',
  tags: T,
  summary:
    "Sets or changes the SIS id (student record) or HR employee id (scholar) of an account's linked record; 409 when another record has it",
  params: ZUserIdParams,
  body: ZSetExternalIdInput,
  response: ZIdentityLinkRow,
});

export const ZLinkRecordInput = z.object({ recordId: z.uuid({ error: MSG.required }) });
export type TLinkRecordInput = z.infer<typeof ZLinkRecordInput>;

export const linkRecord = defineRoute({
  method: 'POST',
  path: '/api/identity-links/:userId/link',
  access: 'people.identity-links.manage',
  tags: T,
  summary: 'Links an account without a record to a record of its kind that has no account',
  params: ZUserIdParams,
  body: ZLinkRecordInput,
  response: ZIdentityLinkRow,
});

export const unlinkRecord = defineRoute({
  method: 'POST',
  path: '/api/identity-links/:userId/unlink',
  access: 'people.identity-links.manage',
  tags: T,
  summary: 'Unlinks an account from its record (the record and the account both stay)',
  params: ZUserIdParams,
  response: ZIdentityLinkRow,
});

/** Bulk link from a file (docs/product/integrated-user-tool.md#bulk-link). */
export const BULK_LINK_MAX_ROWS = 5000;
export const BULK_LINK_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What a row would do: link an account to the record with that id, or set the id on the account's record
 * (`change`); nothing (`already`); or it stops the whole file (`conflict`, `not-found`, `invalid`).
 */
export const BULK_LINK_OUTCOMES = ['change', 'already', 'conflict', 'not-found', 'invalid'] as const;
export type TBulkLinkOutcome = (typeof BULK_LINK_OUTCOMES)[number];
export const BULK_LINK_OUTCOME_LABELS: Record<TBulkLinkOutcome, string> = {
  change: 'Will change',
  already: 'Already linked',
  conflict: 'Conflict',
  'not-found': 'Not found',
  invalid: 'Cannot be read',
};

export const ZBulkLinkRow = z.object({
  rowNo: z.number().int(),
  account: z.string(),
  externalId: z.string(),
  outcome: z.enum(BULK_LINK_OUTCOMES),
  kind: z.enum(IDENTITY_LINK_KINDS).nullable(),
  /** Who the account is (when found and in reach). */
  accountName: z.string().nullable(),
  /** The record the row links or changes (when there is one). */
  recordName: z.string().nullable(),
  /** The id the record has now (a change replaces it). */
  previousId: z.string().nullable(),
  message: z.string(),
});
export type TBulkLinkRow = z.infer<typeof ZBulkLinkRow>;

export const ZBulkLinkPreview = z.object({
  fileName: z.string(),
  counts: z.record(z.enum(BULK_LINK_OUTCOMES), z.number().int()),
  /** Whether Apply would go through: no row stops the file, and at least one changes something. */
  canApply: z.boolean(),
  rows: z.array(ZBulkLinkRow),
});
export type TBulkLinkPreview = z.infer<typeof ZBulkLinkPreview>;

export const previewBulkLink = defineRoute({
  method: 'POST',
  path: '/api/identity-links/bulk/preview',
  access: 'people.identity-links.manage',
  tags: T,
  summary:
    "What a file of accounts and ids would change (multipart, field 'file', CSV or XLSX; columns email or user_name, and campus_id or employee_id); nothing is written",
  response: ZBulkLinkPreview,
});

export const ZBulkLinkApplied = z.object({ changed: z.number().int(), already: z.number().int() });
export type TBulkLinkApplied = z.infer<typeof ZBulkLinkApplied>;

export const applyBulkLink = defineRoute({
  method: 'POST',
  path: '/api/identity-links/bulk/apply',
  access: 'people.identity-links.manage',
  tags: T,
  summary:
    'Applies the same file all or nothing in one transaction: checked again, and refused (409, nothing written) when any row is a conflict, not found or unreadable',
  response: ZBulkLinkApplied,
});
