import { lookupIssue, type TLookupChecker, type TLookupRef } from '../rules/lookup-values.js';

/**
 * The SEVIS codes an officer chooses when a change must reach SEVIS with a reason: ending a record,
 * ending a dependent, adding a J-2, OPT employment time. Copies of SEVIS's code tables, restricted to
 * the values the batch schemas accept (student 6.55, exchange visitor 6.27); a server test checks each
 * list against its XSD type. The status reasons (termination, cancellation), the dependents' termination and
 * end-program reasons, the J-2's DS-2019 purpose and the employment time are the seed's labels of the office's lists,
 * which the forms read and the server checks (docs/product/lookups.md).
 */
export type TSevisCode = { code: string; label: string };

/**
 * SEVIS Table 6 (Employment Time Codes; schema EmploymentTimeType): the seed's labels of the office's list
 * `employment-times`, which the forms read and the server checks. The hours each means differ between CPT and OPT,
 * so the labels name none: each form's field says them in its help.
 */
export const EMPLOYMENT_TIME_CODES: readonly TSevisCode[] = [
  { code: '01', label: 'Full time' },
  { code: '02', label: 'Part time' },
];
/** The office's list of SEVIS Table 6: CPT, OPT and their employers' full or part time. */
export const EMPLOYMENT_TIME_LOOKUP: TLookupRef = { key: 'employment-times' };
/** Table 6's full time: what a new OPT employer period is unless the office says otherwise. */
export const FULL_TIME_CODE = '01';

/**
 * SEVIS Table 13 (Student Termination Reason Codes) with F-1 indicator Y, as StudentTerminationReasonType
 * accepts them (06, 07, 12 and 24 are not for F-1 and the schema refuses them; 14, 15, 21 are M-1 only).
 */
export const STUDENT_TERMINATION_REASONS: readonly TSevisCode[] = [
  { code: '01', label: 'Unauthorized withdrawal' },
  { code: '02', label: 'Death' },
  { code: '03', label: 'Unauthorized employment' },
  { code: '04', label: 'Unauthorized drop below full course' },
  { code: '05', label: 'Authorized drop below full course time exceeded' },
  { code: '08', label: 'Expulsion' },
  { code: '09', label: 'Suspension' },
  { code: '10', label: 'Absent from country for five months' },
  { code: '11', label: 'Failure to enroll' },
  { code: '13', label: 'Transfer student no show' },
  { code: '16', label: 'Otherwise failing to maintain status' },
  { code: '17', label: 'Violation of change of status requirements' },
  { code: '18', label: 'Change of status denied' },
  { code: '19', label: 'Change of status withdrawn' },
  { code: '20', label: 'Change of status approved' },
  { code: '22', label: 'No show - manual termination' },
  { code: '23', label: 'Authorized early withdrawal' },
  { code: '25', label: 'School withdrawn' },
];

/** SEVIS Table 10 (Student Cancellation Reason Codes; schema StudentCancelReasonType). */
export const STUDENT_CANCEL_REASONS: readonly TSevisCode[] = [
  { code: '01', label: 'Student not attending' },
  { code: '02', label: 'Visa issued for a different SEVIS ID' },
  { code: '03', label: 'Student registered under a different SEVIS ID' },
  { code: '04', label: 'Student arrived under a different SEVIS ID' },
  { code: '05', label: 'Record created in error' },
  { code: '06', label: 'Offer withdrawn' },
];

/** SEVIS Table 24 (Exchange Visitor Termination Reason Codes; schema EVTerminationReasonType). */
export const EV_TERMINATION_REASONS: readonly TSevisCode[] = [
  { code: 'FALACT', label: 'Failure to pursue EV program activities' },
  { code: 'FALINS', label: 'Failure to maintain health insurance' },
  { code: 'CONVIC', label: 'Conviction of a crime' },
  { code: 'DISCIP', label: 'Disciplinary action' },
  { code: 'ENGEMP', label: 'Engaging in unauthorized employment' },
  { code: 'VIOSPN', label: 'Violating sponsor rules governing the program' },
  { code: 'VIOEXV', label: 'Violating exchange visitor program regulations' },
  { code: 'FALSTD', label: 'Failure to maintain a full course of study' },
  { code: 'INVSUS', label: 'Involuntary suspension' },
  { code: 'FALADD', label: 'Failure to submit change of current address within 10 days' },
  { code: 'OTHER', label: 'Other' },
];

/** SEVIS Table 3 (Dependent Termination Codes: F-2; schema DependentTerminationReasonType). */
export const F2_TERMINATION_REASONS: readonly TSevisCode[] = [
  { code: '02', label: 'Death' },
  { code: '03', label: 'Child over 21' },
  { code: '04', label: 'Divorce' },
  { code: '05', label: 'Unauthorized employment' },
  { code: '06', label: 'Principal status terminated' },
  { code: '09', label: 'Other' },
  { code: '10', label: 'Principal status completed' },
];

/** J-2 Terminate: SEVIS Table 19 (Exchange Visitor Dependent Termination Codes; schema EVDepTerminationReasonType). */
export const J2_TERMINATION_REASONS: readonly TSevisCode[] = [
  { code: '01', label: 'Conviction of a crime' },
  { code: '05', label: 'Unauthorized employment' },
  { code: '09', label: 'Other' },
];

/** The DS-2019's purpose when a J-2 is added (exchange visitor schema EVPrintReasonType). */
export const J2_FORM_PURPOSES: readonly TSevisCode[] = [
  { code: '06', label: 'Begin new program: accompanying the exchange visitor' },
  { code: '08', label: 'Permit the dependent to join the exchange visitor (following to join)' },
];

/**
 * The office's lists a dependent's status ends with (docs/product/students-records.md#dependents): an F-2 or M-2 is
 * terminated with SEVIS Table 3; a J-2 either terminated for a violation (Table 19, SEVIS's dependent Terminate) or
 * its program ended (Table 18, SEVIS's dependent End Status; the 6.27 schema takes 02, 04 and 09 of it).
 */
export const DEPENDENT_TERMINATION_LOOKUP: TLookupRef = { key: 'dependent-termination-reasons' };
export const EV_DEPENDENT_TERMINATION_LOOKUP: TLookupRef = { key: 'ev-dependent-termination-reasons' };
export const EV_DEPENDENT_END_LOOKUP: TLookupRef = { key: 'ev-dependent-end-reasons' };

/**
 * How a J-2's end-program reason is kept (the record's termination reason, the update, the form's choice): Table 18's
 * code behind this prefix ("END-04"), so the value says which of SEVIS's two events it is. A Table 19 code is kept
 * as it is ("09"), as are the words of dependents ended before the codes were asked (DIVORCE, OVERAGE...).
 */
export const J2_END_PREFIX = 'END-';

export type TDependentEndAction = 'Terminate' | 'EndStatus';
/** One group of a dependent's reasons: the list it is read from, and what the value sent says SEVIS is to do. */
export interface TDependentReasonGroup {
  action: TDependentEndAction;
  label: string;
  ref: TLookupRef;
  /** Put before the list's code in the value kept (J2_END_PREFIX), '' for none. */
  prefix: string;
}

const F2_GROUPS: readonly TDependentReasonGroup[] = [
  { action: 'Terminate', label: 'Terminate (SEVIS Table 3)', ref: DEPENDENT_TERMINATION_LOOKUP, prefix: '' },
];
const J2_GROUPS: readonly TDependentReasonGroup[] = [
  { action: 'Terminate', label: 'Terminate: a violation (SEVIS Table 19)', ref: EV_DEPENDENT_TERMINATION_LOOKUP, prefix: '' },
  { action: 'EndStatus', label: 'End program: no violation (SEVIS Table 18)', ref: EV_DEPENDENT_END_LOOKUP, prefix: J2_END_PREFIX },
];

/** The groups of reasons a dependent of a principal of this visa type is ended with, in the order forms show them. */
export function dependentReasonGroups(visaType: string): readonly TDependentReasonGroup[] {
  return visaType === 'J-1' ? J2_GROUPS : F2_GROUPS;
}

/** What a kept reason means: SEVIS's event, the list's code and the list (a prefix the visa does not use: the first group). */
export function dependentEnding(
  visaType: string,
  value: string,
): { action: TDependentEndAction; code: string; group: TDependentReasonGroup } {
  const groups = dependentReasonGroups(visaType);
  const v = value.trim();
  const group = groups.find((g) => g.prefix && v.toUpperCase().startsWith(g.prefix)) ?? groups[0]!;
  return { action: group.action, code: v.slice(group.prefix.length), group };
}

/** The value kept for a J-2's end-program reason of Table 18 ("04" → "END-04"). */
export const j2EndValue = (code: string): string => `${J2_END_PREFIX}${code}`;

/** OTHER in Table 3, Table 18 and Table 19 alike: SEVIS wants other remarks with it (S1034 F-2; S2222 J-2 Terminate; S2130 J-2 End Status). */
export const DEPENDENT_OTHER_CODE = '09';

export const DEPENDENT_END_MSG = {
  reasonRequired: 'Choose the SEVIS reason',
  otherNeedsRemarks: 'SEVIS needs remarks with the reason “Other”: say why the dependent’s status ends.',
} as const;

/** Does this kept reason need other remarks (its code is OTHER, 09)? */
export const dependentReasonNeedsRemarks = (visaType: string, value: string): boolean =>
  !!value.trim() && dependentEnding(visaType, value).code === DEPENDENT_OTHER_CODE;

/**
 * What is wrong with ending a dependent with this reason and these remarks (field messages; empty when fine): a reason
 * is required; it is one the office's list of its group offers today (`lookups`; without it the lists are not checked);
 * OTHER (09) needs remarks.
 */
export function dependentEndIssues(
  visaType: string,
  reasonCode: string | undefined,
  remarks: string | undefined,
  lookups?: TLookupChecker | null,
): Partial<Record<'reasonCode' | 'remarks', string>> {
  const v = (reasonCode ?? '').trim();
  if (!v) return { reasonCode: DEPENDENT_END_MSG.reasonRequired };
  const { code, group } = dependentEnding(visaType, v);
  const listed = lookups ? lookupIssue(code ? lookups(group.ref, code) : 'unknown') : null;
  if (listed) return { reasonCode: listed };
  if (code === DEPENDENT_OTHER_CODE && !(remarks ?? '').trim()) return { remarks: DEPENDENT_END_MSG.otherNeedsRemarks };
  return {};
}

/** The list checks a given reason asks of the server's reader of the lists. */
export function dependentEndLookupChecks(visaType: string, reasonCode: string): { ref: TLookupRef; value: string }[] {
  const { code, group } = dependentEnding(visaType, reasonCode);
  return code ? [{ ref: group.ref, value: code }] : [];
}

/** Record statuses that end a record in SEVIS and what SEVIS wants with them, by visa type. */
export const ENDING_STATUSES = ['Terminated', 'Completed', 'Canceled'] as const;
export type TEndingStatus = (typeof ENDING_STATUSES)[number];

/** The office's lists of status reasons: SEVIS Table 13 (an F-1 record: the reasons of its F-1 column), Table 24, Table 10. */
export const F1_TERMINATION_LOOKUP: TLookupRef = { key: 'student-termination-reasons', where: { f1: 'Y' } };
export const EV_TERMINATION_LOOKUP: TLookupRef = { key: 'ev-termination-reasons' };
export const STUDENT_CANCEL_LOOKUP: TLookupRef = { key: 'student-cancellation-reasons' };

/** The office's list an officer chooses the reason from when setting this status (null: SEVIS asks none). */
export function statusReasonLookup(visaType: string, status: string): TLookupRef | null {
  if (status === 'Terminated') return visaType === 'J-1' ? EV_TERMINATION_LOOKUP : F1_TERMINATION_LOOKUP;
  if (status === 'Canceled' && visaType !== 'J-1') return STUDENT_CANCEL_LOOKUP;
  return null;
}

export const STATUS_CHANGE_MSG = {
  reasonRequired: 'Choose the SEVIS reason',
  evNotByBatch:
    'SEVIS’s exchange visitor batch cannot complete or cancel a record: do it in SEVIS RTI, then import the RTI list to update this record.',
  notInitialToCancel: 'Only a record SEVIS has not activated (Initial) can be canceled; terminate an active record instead.',
} as const;

/**
 * What is wrong with changing a record's status to `status` with this reason (null when fine):
 * Terminated needs a SEVIS Table 13 reason (F-1) or Table 24 reason (J-1); Canceled needs a SEVIS
 * Table 10 reason and an Initial record (SEVIS S1057); Completed needs no reason (Status/Complete).
 * The exchange visitor batch has no event to complete or cancel a record (only Terminate). The reason is
 * one the office's list offers today (`lookups`, statusReasonLookup); without `lookups` the list is not checked.
 */
export function statusChangeIssue(
  visaType: string,
  from: string,
  status: string,
  reasonCode: string | undefined,
  lookups?: TLookupChecker | null,
): { field: 'sevisStatus' | 'sevisStatusReasonCode'; message: string } | null {
  if (!(ENDING_STATUSES as readonly string[]).includes(status) || from === status) return null;
  if (visaType === 'J-1' && status !== 'Terminated') return { field: 'sevisStatus', message: STATUS_CHANGE_MSG.evNotByBatch };
  if (status === 'Canceled' && from !== 'Initial') return { field: 'sevisStatus', message: STATUS_CHANGE_MSG.notInitialToCancel };
  const ref = statusReasonLookup(visaType, status);
  if (!ref) return null;
  if (!reasonCode) return { field: 'sevisStatusReasonCode', message: STATUS_CHANGE_MSG.reasonRequired };
  const listed = lookups ? lookupIssue(lookups(ref, reasonCode)) : null;
  return listed ? { field: 'sevisStatusReasonCode', message: listed } : null;
}
