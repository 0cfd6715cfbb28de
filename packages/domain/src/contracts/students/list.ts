import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import { SEVIS_STATUSES, ZStudentListTitle } from '../../catalog/students.js';
import { STUDENT_STAGES } from '../../catalog/roles.js';
import { defineRoute, MAX_SERIAL_ID, ZPage, ZPageQuery } from '../define.js';

/** Sort keys of the student list; every sort ends with a stable tie-break (last, first name, id). */
export const STUDENT_LIST_SORTS = ['name', 'sevisId', 'programEndDate', 'sevisStatus', 'updatedAt'] as const;
export type TStudentListSort = (typeof STUDENT_LIST_SORTS)[number];

const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);
const ZCode = z
  .string()
  .trim()
  .max(20, MSG.invalidLength)
  .regex(/^[A-Za-z0-9._-]*$/, MSG.invalidValue);

/**
 * GET /api/students: one list title (docs/product/students-list.md#list-titles; default 'active'), a keyword
 * (names, e-mail, SEVIS id, campus id), filters, sort and page. Dates are ISO here; the address carries
 * MM-DD-YYYY.
 */
export const ZListStudentsQuery = ZPageQuery.extend({
  title: z.enum(ZStudentListTitle.options, { error: MSG.invalidValue }).default('active'),
  q: z.string().trim().max(100, MSG.invalidLength).optional(),
  campusSiteId: z.coerce.number().int().min(1, MSG.invalidValue).max(MAX_SERIAL_ID, MSG.invalidValue).optional(),
  stage: z.enum(STUDENT_STAGES, { error: MSG.invalidValue }).optional(),
  educationLevel: ZCode.optional(),
  major: ZCode.optional(),
  sevisStatus: z.enum(SEVIS_STATUSES, { error: MSG.invalidValue }).optional(),
  tag: z.string().trim().max(60, MSG.invalidLength).optional(),
  programEndFrom: ZIsoDate.optional(),
  programEndTo: ZIsoDate.optional(),
  sort: z.enum(STUDENT_LIST_SORTS, { error: MSG.invalidValue }).default('name'),
  order: z.enum(['asc', 'desc'], { error: MSG.invalidValue }).default('asc'),
});
export type TListStudentsQuery = z.input<typeof ZListStudentsQuery>;

/** One row of the student list: what the table shows, nothing more (no birth date, no passport). */
export const ZStudentListItem = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  sevisId: z.string().nullable(),
  campusId: z.string().nullable(),
  visaType: z.string(),
  sevisStatus: z.string(),
  campusSite: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  programEndDate: z.string().nullable(),
  stage: z.string(),
  updatedAt: z.string(),
});
export type TStudentListItem = z.infer<typeof ZStudentListItem>;

/** A list title with how many records of it the caller reaches. */
export const ZStudentListTitleCount = z.object({ key: ZStudentListTitle, label: z.string(), visa: z.string(), count: z.number().int() });
export type TStudentListTitleCount = z.infer<typeof ZStudentListTitleCount>;

/**
 * The list titles with their counts, and when the counts were taken (docs/decisions/025): counts are kept
 * per institution and served while current; `countedAt` is the instant they were counted, `isRefreshing`
 * says newer ones are being counted (ask again in a few seconds).
 */
export const ZStudentListTitles = z.object({
  titles: z.array(ZStudentListTitleCount),
  countedAt: z.string(),
  isRefreshing: z.boolean(),
});
export type TStudentListTitles = z.infer<typeof ZStudentListTitles>;

const T = ['students'];

export const listStudents = defineRoute({
  method: 'GET',
  path: '/api/students',
  access: 'students.read',
  tags: T,
  summary:
    'Student List: one list title of the records the caller reaches (campus sites), searched, filtered, sorted and paged on the server',
  query: ZListStudentsQuery,
  response: ZPage(ZStudentListItem),
});
export const listStudentTitles = defineRoute({
  method: 'GET',
  path: '/api/students/list-titles',
  access: 'students.read',
  tags: T,
  summary:
    'The student list titles with how many records of each the caller reaches, and when they were counted (counts are kept per institution and recounted when records change, the day changes or they are a minute old)',
  response: ZStudentListTitles,
});
