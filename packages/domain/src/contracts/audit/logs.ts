import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';
import { dayRangeInOrder, MSG_DATE_RANGE, ZOptionalFilterDay } from '../filter-days.js';
import { ZJob } from '../jobs/index.js';
import { LOG_TYPE_KEYS } from './log-types.js';

/**
 * The office's Logs (docs/product/logs.md): every audit event of the institution, by kind of log,
 * days, person and words, paged on the server and exported to Excel; and a student record's
 * disclosures, who opened or exported it (docs/product/logs.md#disclosures).
 */
const T = ['audit'];

export const MSG_LOGS = {
  dateRange: MSG_DATE_RANGE,
} as const;

/** The Logs workbook's job kind (docs/product/operations.md#long-work-runs-as-jobs). */
export const EXPORT_LOGS_JOB = 'audit.logs-export';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

const ZLogFilterFields = z.object({
  logType: z.preprocess(blankToUndefined, z.enum(LOG_TYPE_KEYS).default('all')),
  /** First and last day (the office's calendar days), inclusive. */
  from: ZOptionalFilterDay,
  to: ZOptionalFilterDay,
  /** Part of the name or e-mail address of who did it. */
  actor: z.string().trim().max(200, MSG.invalidLength).default(''),
  /** Part of the record's id or of the action's code. */
  q: z.string().trim().max(200, MSG.invalidLength).default(''),
});

export const ZLogFilters = ZLogFilterFields.superRefine(dayRangeInOrder);
export type TLogFilters = z.infer<typeof ZLogFilters>;
export const ZListLogsQuery = ZPageQuery.extend(ZLogFilterFields.shape)
  .extend({ pageSize: z.coerce.number().int().min(1).max(100).default(25) })
  .superRefine(dayRangeInOrder);
export type TListLogsQuery = z.infer<typeof ZListLogsQuery>;

export const ZLogEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** Null: the system, or an attempt nobody could be named for. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  logType: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  ip: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

export const listLogs = defineRoute({
  method: 'GET',
  path: '/api/audit/logs',
  access: 'audit.logs.read',
  tags: T,
  summary: "The office's Logs: audit events of the institution by kind of log, days (the office's), person and words; newest first, paged",
  query: ZListLogsQuery,
  response: ZPage(ZLogEntry),
});

export const ZExportLogsResult = z.object({ rows: z.number().int() });
export type TExportLogsResult = z.infer<typeof ZExportLogsResult>;

export const exportLogs = defineRoute({
  method: 'POST',
  path: '/api/audit/logs/export',
  access: 'audit.logs.read',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: T,
  summary:
    'Starts the Excel export of the Logs of the same filters: 202 with the job, whose file is Logs_{month}_{day}_{year}.xlsx (sheet Logs) and whose result is a ZExportLogsResult',
  body: ZLogFilters,
  response: ZJob,
});

export const ZDisclosure = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  actionLabel: z.string(),
  ip: z.string().nullable(),
});
export type TDisclosure = z.infer<typeof ZDisclosure>;

export const listStudentDisclosures = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/disclosures',
  access: 'students.read',
  tags: T,
  summary: 'Who opened or exported one student record, newest first, paged (staff who reach the record)',
  params: z.object({ profileId: z.uuid() }),
  query: ZPageQuery,
  response: ZPage(ZDisclosure),
});
