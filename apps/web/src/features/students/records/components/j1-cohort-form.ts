import type { FieldErrors } from 'react-hook-form';
import {
  isCalendarDate,
  J1_COHORT_COLUMNS,
  J1_COHORT_PARTICIPANT_FIELDS,
  type studentsApi,
  type TJ1CohortParticipantField,
} from '@meridian/domain';
import { ApiError } from '../../../../app/http/api-error';
import { formatDay } from '../../../../app/office-dates';
import { usToIso } from './record-format';

// The J-1 cohort page's form (docs/product/students-records.md#j-1-cohort): its values, the body the
// cohort contract takes, and the server's field errors put back on the table's rows.

/** One participant as the table holds it: text as typed, dates MM/DD/YYYY. */
export type TCohortRow = Record<TJ1CohortParticipantField, string>;

/** The form of the cohort page: what the participants share, and the participants. */
export interface TCohortForm {
  campusSiteId: string;
  evCategoryCode: string;
  evPositionCode: string;
  subjectFieldCode: string;
  programStartDate: string;
  programEndDate: string;
  site: { name: string; address: { line1: string; line2: string; city: string; state: string; postalCode: string } };
  receivedUsGovtFunds: string;
  financials: { schoolFunds: string; personalFunds: string; otherFunds: string; otherFundsRemarks: string };
  participants: TCohortRow[];
}

export const COHORT_PAGE_SIZE = 25;

export const emptyCohortRow = (): TCohortRow => Object.fromEntries(J1_COHORT_PARTICIPANT_FIELDS.map((f) => [f, ''])) as TCohortRow;

export const isEmptyCohortRow = (r: TCohortRow) => J1_COHORT_PARTICIPANT_FIELDS.every((f) => !(r[f] ?? '').trim());

export const COHORT_DATE_FIELDS: ReadonlySet<string> = new Set(['birthDate', 'programStartDate', 'programEndDate']);
export const COHORT_COUNTRY_FIELDS: ReadonlySet<string> = new Set([
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
]);

export const blankCohortForm = (campusSiteId: string): TCohortForm => ({
  campusSiteId,
  evCategoryCode: '',
  evPositionCode: '',
  subjectFieldCode: '',
  programStartDate: '',
  programEndDate: '',
  site: { name: '', address: { line1: '', line2: '', city: '', state: '', postalCode: '' } },
  receivedUsGovtFunds: '',
  financials: { schoolFunds: '', personalFunds: '', otherFunds: '', otherFundsRemarks: '' },
  participants: [emptyCohortRow(), emptyCohortRow()],
});

/** A row the server read from a file, as the table shows it (a date it could read as MM/DD/YYYY, anything else as the file had it). */
export function cohortRowFromFile(values: Record<string, string>): TCohortRow {
  const row = emptyCohortRow();
  for (const f of J1_COHORT_PARTICIPANT_FIELDS) {
    const v = values[f] ?? '';
    row[f] = COHORT_DATE_FIELDS.has(f) && isCalendarDate(v) ? formatDay(v) : v;
  }
  return row;
}

/** A row as the cohort contract takes it (dates as YYYY-MM-DD; text trimmed). */
export function cohortRowBody(r: TCohortRow): Record<TJ1CohortParticipantField, string> {
  const out = {} as Record<TJ1CohortParticipantField, string>;
  for (const f of J1_COHORT_PARTICIPANT_FIELDS) {
    const v = (r[f] ?? '').trim();
    out[f] = COHORT_DATE_FIELDS.has(f) ? (usToIso(v) ?? '') : COHORT_COUNTRY_FIELDS.has(f) || f === 'gender' ? v.toUpperCase() : v;
  }
  return out;
}

const LABEL = Object.fromEntries(J1_COHORT_COLUMNS.map((c) => [c.field, c.label])) as Record<TJ1CohortParticipantField, string>;

/** The rows with field errors (0-based), each with its messages by column label, for the summary above the table. */
export function cohortRowErrors(errors: FieldErrors<TCohortForm>): { index: number; messages: string[] }[] {
  const rows = errors.participants;
  if (!Array.isArray(rows)) return [];
  const out: { index: number; messages: string[] }[] = [];
  rows.forEach((row: Partial<Record<TJ1CohortParticipantField, { message?: string }>> | undefined, index) => {
    if (!row) return;
    const messages = J1_COHORT_PARTICIPANT_FIELDS.filter((f) => row[f]?.message).map((f) => `${LABEL[f]}: ${row[f]!.message}`);
    if (messages.length) out.push({ index, messages });
  });
  return out;
}

/** Where a row is: the page that shows it. */
export const pageOfRow = (index: number) => Math.floor(index / COHORT_PAGE_SIZE);

/** The cohort as the contract takes it, and which table row each participant sent is (blank rows are not sent). */
export function cohortBody(v: TCohortForm, checkOnly: boolean): { body: studentsApi.TJ1CohortInput; rowOf: number[] } {
  const rowOf: number[] = [];
  const participants = v.participants.flatMap((r, i) => {
    if (isEmptyCohortRow(r)) return [];
    rowOf.push(i);
    return [cohortRowBody(r)];
  });
  const amount = (s: string) => (s.trim() === '' ? undefined : s.trim());
  return {
    rowOf,
    body: {
      campusSiteId: v.campusSiteId ? Number(v.campusSiteId) : 0,
      evCategoryCode: v.evCategoryCode,
      evPositionCode: v.evPositionCode.trim(),
      subjectFieldCode: v.subjectFieldCode.trim(),
      programStartDate: usToIso(v.programStartDate) ?? '',
      programEndDate: usToIso(v.programEndDate) ?? '',
      site: {
        name: v.site.name.trim(),
        address: Object.fromEntries(Object.entries(v.site.address).map(([k, x]) => [k, x.trim()])) as TCohortForm['site']['address'],
      },
      receivedUsGovtFunds: v.receivedUsGovtFunds === 'yes' ? true : v.receivedUsGovtFunds === 'no' ? false : null,
      financials: {
        schoolFunds: amount(v.financials.schoolFunds),
        personalFunds: amount(v.financials.personalFunds),
        otherFunds: amount(v.financials.otherFunds),
        otherFundsRemarks: v.financials.otherFundsRemarks.trim(),
      },
      participants,
      checkOnly,
    },
  };
}

/** The server's field errors with each participant's index turned back into its table row. */
export function errorsOnTableRows(e: ApiError, rowOf: number[]): ApiError {
  const fieldErrors = Object.fromEntries(
    Object.entries(e.fieldErrors ?? {}).map(([k, m]) => {
      const hit = /^participants\.(\d+)\.(.+)$/.exec(k);
      return [hit ? `participants.${rowOf[Number(hit[1])] ?? hit[1]}.${hit[2]}` : k, m];
    }),
  );
  return new ApiError(e.status, { code: e.code, message: e.message, fieldErrors });
}
