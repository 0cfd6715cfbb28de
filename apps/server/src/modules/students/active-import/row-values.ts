import { studentsApi } from '@meridian/domain';
import type { AppError } from '../../../platform/errors/app-error.js';
import type { activeStudentImportRows, studentEnrollments } from '../schema.js';
import type { TProfileRow } from '../student.policy.js';

// How an apply weighs a row against its record now (operations/apply-active-import.ts).

type TRow = typeof activeStudentImportRows.$inferSelect;
type TEnrollment = typeof studentEnrollments.$inferSelect;
/** A compared value: text, a number (a site id, credits), or nothing. */
type TValue = string | number | null | undefined;

/** The record's column each compared field sets (enrolment is kept beside the record). */
export const PROFILE_COLUMNS = {
  campusId: 'campusId',
  lastName: 'lastName',
  firstName: 'firstName',
  middleName: 'middleName',
  email: 'email',
  campusSite: 'campusSiteId',
  major: 'major1Code',
  educationLevel: 'educationLevel',
  expectedCompletionDate: 'programEndDate',
} as const satisfies Record<string, keyof TProfileRow>;
type TProfileField = keyof typeof PROFILE_COLUMNS;
export const isProfileField = (f: string): f is TProfileField => f in PROFILE_COLUMNS;

/** A value as the comparison weighs it: names without case or the punctuation SEVIS drops, e-mail without case, numbers as numbers. */
export function comparable(field: string, v: TValue): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (field === 'lastName' || field === 'firstName' || field === 'middleName')
    return String(v)
      .trim()
      .replace(/[\s.,'-]+/g, ' ')
      .toLowerCase();
  if (field === 'email') return String(v).trim().toLowerCase();
  if (field === 'credits') return String(Number(v));
  return String(v);
}

/** The record's value of a field now. */
export function currentValue(p: TProfileRow, e: TEnrollment | undefined, field: string): TValue {
  if (field === 'enrollmentStatus') return e?.status;
  if (field === 'credits') return e?.credits;
  if (isProfileField(field)) return p[PROFILE_COLUMNS[field]];
  return null;
}

/** The record's value of a field when the feed was compared (the site by id). */
export const comparedValue = (r: TRow, field: string): TValue => r.record?.[field === 'campusSite' ? 'campusSiteId' : field];

/** What the feed sets a record field to. */
export function feedColumnValue(r: TRow, field: TProfileField): string | number | null {
  switch (field) {
    case 'campusSite':
      return r.siteId;
    case 'major':
      return r.major;
    case 'expectedCompletionDate':
      return r.completionDate;
    default:
      return r[field];
  }
}

/**
 * Why the record refused the change, naming the record's field ("The record was not changed: Exchange visitor
 * category: Required field."): the record's own rules can fail on a field the feed does not even carry.
 */
export function refusalText(err: AppError): string {
  const [field, messages] = Object.entries(err.fieldErrors ?? {})[0] ?? [];
  const why = field ? `${studentsApi.STUDENT_FIELD_LABELS[field] ?? field}: ${messages?.[0] ?? err.message}` : err.message;
  return `The record was not changed: ${why.replace(/\.?$/, '.')} Correct the record, or send the feed again.`;
}
