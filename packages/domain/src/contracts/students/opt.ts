// The students module's OPT routes (docs/product/students-opt.md): OPT Students & Employers, STEM report
// participation, OPT employment records (the unemployment counter is computed from them) and the deadlines
// dashboard.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import { digitsTyped } from '../../rules/typed-numbers.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';

const T = ['students'];

const ZIsoDate = z
  .string({ error: MSG.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);

export const OPT_PHASE_CODES = ['01', '02', '03'] as const;
export const UNEMPLOYMENT_LEVELS = ['ok', 'warning', 'critical', 'exceeded'] as const;

/**
 * The employer fields (docs/product/students-opt.md#opt-students--employers), with the same messages as the student
 * request forms: employer_name letters, digits, space and , . / : ' # & -; employer_job_title letters, digits, comma,
 * space; employer_ein exactly 9 digits.
 */

export const ZEmploymentInput = z
  .object({
    employerName: z
      .string({ error: MSG.required })
      .trim()
      .min(1, MSG.required)
      .max(60, MSG.invalidLength)
      .regex(/^[A-Za-z0-9 ,./:'#&-]+$/, MSG.invalidValue),
    // Typed as people write it (12-3456789), kept as its 9 digits (rules/typed-numbers.ts).
    employerEin: z
      .string({ error: MSG.required })
      .trim()
      .min(1, MSG.required)
      .transform((v) => digitsTyped(v))
      .pipe(z.string().regex(/^\d*$/, MSG.invalidValue).length(9, MSG.invalidLength)),
    jobTitle: z
      .string()
      .trim()
      .max(60, MSG.invalidLength)
      .regex(/^[A-Za-z0-9, ]*$/, MSG.invalidValue)
      .default(''),
    startDate: ZIsoDate,
    endDate: ZIsoDate.nullable().default(null),
    /** SEVIS Table 6's code (01 full time, 02 part time), from the office's list `employment-times`: the server checks it against the list. */
    fullOrPartTime: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(20, MSG.invalidLength),
    /** Where the student works: SEVIS's OPT employer event requires it (Employer/EmployerAddress). */
    employerAddress: z
      .object({
        line1: z.string().trim().max(60, MSG.invalidLength).default(''),
        line2: z.string().trim().max(60, MSG.invalidLength).default(''),
        city: z.string().trim().max(60, MSG.invalidLength).default(''),
        state: z
          .string()
          .trim()
          .regex(/^([A-Z]{2})?$/, MSG.invalidValue)
          .default(''),
        postalCode: z
          .string()
          .trim()
          .transform((s) => digitsTyped(s))
          .pipe(z.string().regex(/^(\d{5})?$/, MSG.invalidNumber))
          .default(''),
      })
      .optional(),
    /** How the job relates to the degree: SEVIS's OPT employer event requires it (Employer/CourseRelevance, 1-1000). */
    courseRelevance: z.string().trim().max(1000, MSG.invalidLength).default(''),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, { path: ['endDate'], message: 'The end date is on or after the start date' });
export type TEmploymentInput = z.input<typeof ZEmploymentInput>;

export const ZOptEmployment = z.object({
  id: z.string(),
  kind: z.string(),
  phase: z.string(),
  employerName: z.string(),
  employerEin: z.string(),
  jobTitle: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  fullOrPartTime: z.string(),
  isCurrent: z.boolean(),
});
export type TOptEmployment = z.infer<typeof ZOptEmployment>;

export const ZUnemploymentSummary = z.object({
  used: z.number().int(),
  allowed: z.number().int(),
  remaining: z.number().int(),
  level: z.enum(UNEMPLOYMENT_LEVELS),
  /** First day of a STEM extension on file: the 150-day limit applies from it (8 CFR 214.2(f)(10)(ii)(E)). */
  stemStartsOn: z.string().nullable(),
  /** The day the limit was passed, the limit passed (90 or 150) and by how many days; null / 0 while within it. */
  exceededOn: z.string().nullable(),
  exceededLimit: z.number().int().nullable(),
  over: z.number().int(),
  /** The periods counted as unemployment. */
  gaps: z.array(z.object({ from: z.string(), to: z.string(), days: z.number().int() })),
});
export type TUnemploymentSummary = z.infer<typeof ZUnemploymentSummary>;

export const ZOptAuthorization = z.object({ phase: z.enum(OPT_PHASE_CODES), startDate: z.string(), endDate: z.string() });

export const ZOptStudent = z.object({
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sevisId: z.string().nullable(),
  campusSiteName: z.string().nullable(),
  /** The phase of the current (or most recent) authorisation. */
  phase: z.enum(OPT_PHASE_CODES),
  authorizationStart: z.string(),
  authorizationEnd: z.string(),
  authorizations: z.array(ZOptAuthorization),
  employments: z.array(ZOptEmployment),
  unemployment: ZUnemploymentSummary.nullable(),
  canEdit: z.boolean(),
});
export type TOptStudent = z.infer<typeof ZOptStudent>;

export const OPT_STUDENT_SORTS = ['name', 'phase', 'authorizationEnd', 'unemploymentUsed', 'unemploymentRemaining'] as const;
export const ZListOptStudentsQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  phase: z.enum(OPT_PHASE_CODES).optional(),
  employer: z.string().trim().max(100).optional(),
  level: z.enum(UNEMPLOYMENT_LEVELS).optional(),
  sort: z.enum(OPT_STUDENT_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TListOptStudentsQuery = z.infer<typeof ZListOptStudentsQuery>;

export const STEM_REPORT_STATUSES = ['upcoming', 'due', 'overdue', 'received'] as const;
export const ZStemReport = z.object({
  reportId: z.string(),
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sevisId: z.string().nullable(),
  /** The student's portal account, whose files may be attached to the report. */
  studentUserId: z.string().nullable(),
  employerName: z.string(),
  stemStart: z.string().nullable(),
  stemEnd: z.string().nullable(),
  kind: z.enum(['validation_report', 'evaluation']),
  dueDate: z.string(),
  /** The last day the office can receive it before it is overdue: an evaluation 10 days after its period ends (8 CFR 214.2(f)(10)(ii)(C)(9)). */
  submitBy: z.string(),
  status: z.enum(STEM_REPORT_STATUSES),
  /** Days until submitBy (negative once overdue). */
  daysLeft: z.number().int(),
  receivedOn: z.string().nullable(),
  attachmentId: z.string().nullable(),
  notes: z.string(),
  canEdit: z.boolean(),
});
export type TStemReport = z.infer<typeof ZStemReport>;

export const STEM_REPORT_SORTS = ['dueDate', 'name'] as const;
export const ZListStemReportsQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  /** open = due or overdue. */
  status: z.enum([...STEM_REPORT_STATUSES, 'open']).optional(),
  kind: z.enum(['validation_report', 'evaluation']).optional(),
  sort: z.enum(STEM_REPORT_SORTS).default('dueDate'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TListStemReportsQuery = z.infer<typeof ZListStemReportsQuery>;

export const ZMarkStemReportReceivedInput = z.object({
  receivedOn: ZIsoDate,
  attachmentId: z.uuid({ error: 'Choose one of the student’s documents' }).nullable().default(null),
  notes: z.string().trim().max(1000, MSG.invalidLength).default(''),
});
export type TMarkStemReportReceivedInput = z.input<typeof ZMarkStemReportReceivedInput>;

export const DEADLINE_KINDS = ['opt_filing', 'stem_filing', 'program_end', 'registration', 'unemployment', 'stem_report'] as const;
export type TDeadlineKind = (typeof DEADLINE_KINDS)[number];
export const DEADLINE_KIND_LABELS: Record<TDeadlineKind, string> = {
  opt_filing: 'OPT filing window',
  stem_filing: 'STEM extension window',
  program_end: 'Program end',
  registration: 'SEVIS registration',
  unemployment: 'OPT unemployment days',
  stem_report: 'STEM report',
};

export const ZDeadline = z.object({
  key: z.string(),
  kind: z.enum(DEADLINE_KINDS),
  profileId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sevisId: z.string().nullable(),
  /** What is due, in a sentence. */
  what: z.string(),
  dueDate: z.string(),
  daysLeft: z.number().int(),
  severity: z.enum(['info', 'warning', 'critical']),
});
export type TDeadline = z.infer<typeof ZDeadline>;

export const ZListDeadlinesQuery = ZPageQuery.extend({
  kind: z.enum(DEADLINE_KINDS).optional(),
  /** Only what falls due in the next N days (today counts as the first), and what is already overdue. */
  within: z.coerce.number().int().min(1).max(366).optional(),
});
export type TListDeadlinesQuery = z.infer<typeof ZListDeadlinesQuery>;

const ZEmploymentParams = z.object({ profileId: z.uuid({ error: MSG.notFound }), employmentId: z.uuid({ error: MSG.notFound }) });
const ZProfileOnlyParams = z.object({ profileId: z.uuid({ error: MSG.notFound }) });
const ZReportParams = z.object({ reportId: z.uuid({ error: MSG.notFound }) });

export const listOptStudents = defineRoute({
  method: 'GET',
  path: '/api/students/opt-employers',
  access: 'students.read',
  tags: T,
  summary:
    'OPT Students & Employers: students with current or recent OPT/STEM, their employers and unemployment days (paged, sorted, filtered on the server)',
  query: ZListOptStudentsQuery,
  response: ZPage(ZOptStudent),
});
export const listStemReports = defineRoute({
  method: 'GET',
  path: '/api/students/stem-reports',
  access: 'students.read',
  tags: T,
  summary: 'STEM Report Participation: six-monthly validation reports and annual I-983 evaluations, due, overdue or received',
  query: ZListStemReportsQuery,
  response: ZPage(ZStemReport),
});
export const markStemReportReceived = defineRoute({
  method: 'POST',
  path: '/api/students/stem-reports/:reportId/received',
  access: 'students.manage',
  tags: T,
  summary: 'Record that a STEM report was received',
  params: ZReportParams,
  body: ZMarkStemReportReceivedInput,
  response: ZStemReport,
});
export const createEmployment = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/employments',
  access: 'students.manage',
  tags: T,
  summary: "Record an OPT employer period on a student's authorisation",
  params: ZProfileOnlyParams,
  body: ZEmploymentInput,
  response: ZOptStudent,
});
export const updateEmployment = defineRoute({
  method: 'PUT',
  path: '/api/students/:profileId/employments/:employmentId',
  access: 'students.manage',
  tags: T,
  summary: 'Change an OPT employer period',
  params: ZEmploymentParams,
  body: ZEmploymentInput,
  response: ZOptStudent,
});
export const listDeadlines = defineRoute({
  method: 'GET',
  path: '/api/students/deadlines',
  access: 'students.read',
  tags: T,
  summary: "What is due across the caller's students: OPT and STEM filing windows, program ends, registration, unemployment days",
  query: ZListDeadlinesQuery,
  response: ZPage(ZDeadline),
});
