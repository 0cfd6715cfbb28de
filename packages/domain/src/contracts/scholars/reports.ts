// Scholars module contracts: the reports slice (docs/product/scholars-reports.md) - the office's scholar
// dashboard, its Excel exports, the report summary by visa type and status, and the time tracking of one
// case.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import { PROCESS_AS, ZScholarPhase, ZScholarStatus } from '../../catalog/scholars.js';
import { defineRoute, LIST_COUNT_CAP, ZCursorPage, ZCursorQuery, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';

/** Sort keys of the dashboard; every sort ends with a stable tie-break (name, then case id). */
export const SCHOLAR_DASHBOARD_SORTS = ['name', 'department', 'visa', 'phase', 'status', 'endDate', 'updatedAt'] as const;
export type TScholarDashboardSort = (typeof SCHOLAR_DASHBOARD_SORTS)[number];

/** Processed state filter: a processed state, or 'none' for cases the office has not processed yet. */
export const DASHBOARD_VISA_FILTERS = [...PROCESS_AS, 'none'] as const;

const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);

/**
 * The dashboard's keyword and filters (shared by the list, the tab counts, both exports and the
 * report summary). Dates are ISO here; the address carries MM-DD-YYYY.
 */
export const ZScholarDashboardFilters = z.object({
  q: z.string().trim().max(100, MSG.invalidLength).optional(),
  departmentId: z.uuid({ error: MSG.invalidValue }).optional(),
  visa: z.enum(DASHBOARD_VISA_FILTERS, { error: MSG.invalidValue }).optional(),
  status: ZScholarStatus.optional(),
  premium: z.enum(['yes', 'no'], { error: MSG.invalidValue }).optional(),
  endFrom: ZIsoDate.optional(),
  endTo: ZIsoDate.optional(),
  /** Only cases whose processed end date falls within the largest end-date alert offset (and has not passed). */
  endingSoon: z.enum(['1'], { error: MSG.invalidValue }).optional(),
});
export type TScholarDashboardFilters = z.input<typeof ZScholarDashboardFilters>;

/** The phase tab ('all' or one of SCHOLAR_PHASES) with the filters. */
export const ZScholarDashboardScope = ZScholarDashboardFilters.extend({
  phase: z.union([z.literal('all'), ZScholarPhase], { error: MSG.invalidValue }).default('all'),
});
export type TScholarDashboardScope = z.input<typeof ZScholarDashboardScope>;

export const ZScholarDashboardQuery = ZPageQuery.extend(ZCursorQuery.shape)
  .extend(ZScholarDashboardScope.shape)
  .extend({
    sort: z.enum(SCHOLAR_DASHBOARD_SORTS, { error: MSG.invalidValue }).default('updatedAt'),
    order: z.enum(['asc', 'desc'], { error: MSG.invalidValue }).default('desc'),
  });
export type TScholarDashboardQuery = z.input<typeof ZScholarDashboardQuery>;

/** An export: the tab and filters of the dashboard, in the dashboard's order. */
export const ZScholarExportInput = ZScholarDashboardScope.extend({
  sort: z.enum(SCHOLAR_DASHBOARD_SORTS, { error: MSG.invalidValue }).default('name'),
  order: z.enum(['asc', 'desc'], { error: MSG.invalidValue }).default('asc'),
});
export type TScholarExportInput = z.input<typeof ZScholarExportInput>;

/** The job kinds of the two exports (docs/product/operations.md#long-work-runs-as-jobs). */
export const EXPORT_SCHOLARS_JOB = 'scholars.export';
export const EXPORT_OPT_JOB = 'scholars.export-opt';
/** An export job's result; its workbook is the job's file. */
export const ZScholarExportResult = z.object({ rows: z.number().int() });
export type TScholarExportResult = z.infer<typeof ZScholarExportResult>;

/** One row of the dashboard: one case with its scholar (what the table shows, nothing more). */
export const ZScholarDashboardItem = z.object({
  applicationId: z.uuid(),
  scholarId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  department: z.object({ id: z.uuid(), name: z.string() }),
  proposedStatus: z.string(),
  processedState: z.string(),
  phase: z.string(),
  status: z.string(),
  premiumProcessFlag: z.boolean(),
  processedEndDate: z.string().nullable(),
  /** Ends within the largest end-date alert offset (account settings) and has not ended. */
  isEndingSoon: z.boolean(),
  updatedAt: z.string(),
});
export type TScholarDashboardItem = z.infer<typeof ZScholarDashboardItem>;

/**
 * A dashboard tab ('all' or a phase) with how many cases of the current search and filters it holds,
 * counted up to LIST_COUNT_CAP: `capped` when more than `count` (the cap) match.
 */
export const ZScholarDashboardTab = z.object({ phase: z.string(), label: z.string(), count: z.number().int(), capped: z.boolean() });
export type TScholarDashboardTab = z.infer<typeof ZScholarDashboardTab>;

/** Report summary: counts by processed visa type × phase and × status. */
export const ZScholarReportRow = z.object({
  /** Processed state ('' for not yet processed). */
  visa: z.string(),
  label: z.string(),
  byPhase: z.record(z.string(), z.number().int()),
  byStatus: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export const ZScholarReportSummary = z.object({
  rows: z.array(ZScholarReportRow),
  totals: ZScholarReportRow.omit({ visa: true, label: true }),
});
export type TScholarReportSummary = z.infer<typeof ZScholarReportSummary>;

export const ZTimeTrackingParams = z.object({ applicationId: z.uuid({ error: MSG.notFound }) });

const ZSixYear = z.object({
  firstDay: z.string().nullable(),
  limitDays: z.number().int(),
  usedDays: z.number().int(),
  recapturedDays: z.number().int(),
  /** H-4 / L-2 days left out of the count (USCIS memo of December 5, 2006). */
  dependentDays: z.number().int(),
  remainingDays: z.number().int(),
  maxOutDate: z.string().nullable(),
  isMaxedOut: z.boolean(),
});
/** Time tracking of one case: end-date alerts, H-1B six-year maximum, J-1 bars (only what applies to its visa). */
export const ZScholarTimeTracking = z.object({
  applicationId: z.uuid(),
  processedState: z.string(),
  today: z.string(),
  endDate: z.object({
    processedEndDate: z.string().nullable(),
    daysLeft: z.number().int().nullable(),
    offsets: z.array(z.number().int()),
    dueOffsets: z.array(z.number().int()),
    isEndingSoon: z.boolean(),
  }),
  /** H-1B (and L) time from the immigration history; null for other visa types. */
  sixYear: ZSixYear.nullable(),
  /** J-1 Professor/Research Scholar bars; null for other visa types or without a program start. */
  jBars: z
    .object({
      category: z.string(),
      programStart: z.string(),
      applies: z.boolean(),
      /** 22 CFR 62.20(d)(2): J presences touching the twelve months before the start, each judged by its whole length. */
      twelveMonth: z.object({
        windowFrom: z.string(),
        windowTo: z.string(),
        presences: z.array(
          z.object({
            from: z.string(),
            to: z.string(),
            days: z.number().int(),
            isSixMonthsOrMore: z.boolean(),
            barsUntil: z.string().nullable(),
          }),
        ),
        isBarred: z.boolean(),
        barEndsOn: z.string().nullable(),
      }),
      /** 22 CFR 62.20(i)(2): two years after a Professor/Research Scholar program, the J-1's own or as a J-2 dependant. */
      twentyFourMonth: z.object({
        priorProgramEnd: z.string().nullable(),
        priorProgramStatus: z.enum(['J-1', 'J-2']).nullable(),
        isBarred: z.boolean(),
        barEndsOn: z.string().nullable(),
        unconfirmedJ2: z.array(z.object({ from: z.string(), to: z.string(), barEndsOn: z.string() })),
      }),
    })
    .nullable(),
  /** Immigration history periods and trips as read from the application (ISO dates). */
  periods: z.array(z.object({ status: z.string(), from: z.string(), to: z.string(), category: z.string().optional() })),
  trips: z.array(z.object({ departure: z.string(), return: z.string() })),
});
export type TScholarTimeTracking = z.infer<typeof ZScholarTimeTracking>;

const T = ['scholars'];

export const listScholarDashboard = defineRoute({
  method: 'GET',
  path: '/api/scholars/dashboard',
  access: 'scholars.read',
  tags: T,
  summary:
    'Scholar dashboard: the cases of one phase tab (or all), searched by name or e-mail, filtered, sorted and paged on the server (next/previous by cursor), counted up to ' +
    String(LIST_COUNT_CAP),
  query: ZScholarDashboardQuery,
  response: ZCursorPage(ZScholarDashboardItem),
});
export const scholarDashboardTabs = defineRoute({
  method: 'GET',
  path: '/api/scholars/dashboard/tabs',
  access: 'scholars.read',
  tags: T,
  summary: `The dashboard tabs (All and one per phase) with how many cases of the current search and filters each holds, counted up to ${LIST_COUNT_CAP}`,
  query: ZScholarDashboardFilters,
  response: z.array(ZScholarDashboardTab),
});
export const exportScholars = defineRoute({
  method: 'POST',
  path: '/api/scholars/dashboard/export',
  access: 'scholars.export',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: T,
  summary:
    'Starts the Excel export of the filtered dashboard: 202 with the job, whose file is Scholar_Export_{month}_{day}_{year}.xlsx (sheet Scholars) and whose result is a ZScholarExportResult',
  body: ZScholarExportInput,
  response: ZJob,
});
export const exportOpt = defineRoute({
  method: 'POST',
  path: '/api/scholars/dashboard/export-opt',
  access: 'scholars.export',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: T,
  summary:
    'Starts the Excel export of the F-1 OPT/STEM cases of the filtered dashboard with their employment flags: 202 with the job, whose file is OPT_{month}_{day}_{year}.xlsx (sheet OPT) and whose result is a ZScholarExportResult',
  body: ZScholarExportInput,
  response: ZJob,
});
export const scholarReportSummary = defineRoute({
  method: 'GET',
  path: '/api/scholars/reports/summary',
  access: 'scholars.read',
  tags: T,
  summary: 'Report summary: cases by processed visa type and phase, and by visa type and status, with totals',
  query: ZScholarDashboardFilters,
  response: ZScholarReportSummary,
});
export const scholarTimeTracking = defineRoute({
  method: 'GET',
  path: '/api/scholars/cases/:applicationId/time-tracking',
  access: 'authenticated',
  tags: T,
  summary:
    "Time tracking of one case: end-date alerts, the H-1B six-year maximum and the J-1 12/24-month bars (office staff, and the case's department)",
  params: ZTimeTrackingParams,
  response: ZScholarTimeTracking,
});
