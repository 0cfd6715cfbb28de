import type { THrComparedField } from '@meridian/domain';
import type { TCaseRow, TScholarRow } from '../scholar.policy.js';

// What each compared field is on Meridian's side, in the same words in SQL (the comparison, compare-feed.ts)
// and in TypeScript (a decision checks the value again): docs/product/scholar-hr-updates.md#the-feed.

/** The employment details of a case as saved (jsonb), read without defaults. */
const employment = (c: TCaseRow) => c.employment ?? {};
const textOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A case's wages as compared: "65000 per year", "25 per hour", "65000" (no unit), null when none. */
export function wagesValue(wages: unknown, unit: unknown): string | null {
  const w = textOrNull(wages);
  if (!w) return null;
  const u = textOrNull(unit);
  return u ? `${w} per ${u}` : w;
}

/** Meridian's value of each compared field now, as the comparison stored it. */
export function caseValue(c: TCaseRow, s: TScholarRow, field: THrComparedField): string | null {
  const e = employment(c);
  switch (field) {
    case 'lastName':
      return textOrNull(s.lastName);
    case 'firstName':
      return textOrNull(s.firstName);
    case 'middleName':
      return textOrNull(s.middleName);
    case 'email':
      return textOrNull(s.email);
    case 'department':
      return c.departmentId;
    case 'position':
      return textOrNull(e.jobTitle);
    case 'appointmentStartDate':
      return textOrNull(e.startDate);
    case 'appointmentEndDate':
      return textOrNull(e.endDate);
    case 'hoursPerWeek':
      return typeof e.hoursPerWeek === 'number' ? String(e.hoursPerWeek) : null;
    case 'annualSalary':
      return wagesValue(e.wages, e.wageUnit);
  }
}

/** The same values in SQL, as one jsonb object ('s' the scholar, scholar_applications the case; `wages` and `wageUnit` raw beside). */
export const RECORD_SQL = `jsonb_build_object(
  'lastName', nullif(s.last_name, ''), 'firstName', nullif(s.first_name, ''), 'middleName', nullif(s.middle_name, ''),
  'email', nullif(s.email, ''), 'department', scholar_applications.department_id::text,
  'position', nullif(scholar_applications.employment ->> 'jobTitle', ''),
  'appointmentStartDate', nullif(scholar_applications.employment ->> 'startDate', ''),
  'appointmentEndDate', nullif(scholar_applications.employment ->> 'endDate', ''),
  'hoursPerWeek', case when jsonb_typeof(scholar_applications.employment -> 'hoursPerWeek') = 'number'
    then (scholar_applications.employment ->> 'hoursPerWeek')::numeric::text end,
  'annualSalary', case when nullif(scholar_applications.employment ->> 'wages', '') is not null
    then concat_ws(' per ', scholar_applications.employment ->> 'wages', nullif(scholar_applications.employment ->> 'wageUnit', '')) end,
  'wages', nullif(scholar_applications.employment ->> 'wages', ''),
  'wageUnit', coalesce(scholar_applications.employment ->> 'wageUnit', ''))`;
