/**
 * Student deadlines (docs/product/students-opt.md#deadlines): pure rules on ISO dates (YYYY-MM-DD) with
 * `today` passed in, so the server, the browser and the tests agree on every boundary. All windows are
 * inclusive of their first and last day.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Whole days since 1970-01-01 (UTC) of an ISO date; time zones never shift a date. */
export function dayNumber(iso: string): number {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new Error(`not an ISO date: ${iso}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

/** The ISO date of a day number. */
export function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** b − a in days (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

export function addDays(iso: string, days: number): string {
  return fromDayNumber(dayNumber(iso) + days);
}

/** Adds calendar months; a day that does not exist in the target month becomes its last day (Aug 31 + 6 months = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new Error(`not an ISO date: ${iso}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(Number(m[3]), last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type TWindowStatus = 'not_open' | 'open' | 'closed';

export interface TWindow {
  opensOn: string;
  closesOn: string;
  status: TWindowStatus;
  /** Days until the window opens (not_open), until it closes (open, 0 = last day), or since it closed (negative). */
  daysLeft: number;
}

function windowOf(opensOn: string, closesOn: string, today: string): TWindow {
  if (dayNumber(today) < dayNumber(opensOn)) return { opensOn, closesOn, status: 'not_open', daysLeft: daysBetween(today, opensOn) };
  const left = daysBetween(today, closesOn);
  return { opensOn, closesOn, status: left >= 0 ? 'open' : 'closed', daysLeft: left };
}

/** Days before / after the program end date in which post-completion OPT may be requested. */
export const OPT_FILING_DAYS_BEFORE = 90;
export const OPT_FILING_DAYS_AFTER = 60;

/** Post-completion OPT filing window: from 90 days before to 60 days after the program end date. */
export function optFilingWindow(programEndDate: string, today: string): TWindow {
  return windowOf(addDays(programEndDate, -OPT_FILING_DAYS_BEFORE), addDays(programEndDate, OPT_FILING_DAYS_AFTER), today);
}

export const STEM_FILING_DAYS_BEFORE = 90;

/** STEM extension window: up to 90 days before the post-completion OPT authorisation ends, and not after it ends. */
export function stemExtensionWindow(optEndDate: string, today: string): TWindow {
  return windowOf(addDays(optEndDate, -STEM_FILING_DAYS_BEFORE), optEndDate, today);
}

export const PROGRAM_END_ALERT_DAYS = [60, 30] as const;

export interface TProgramEndAlert {
  daysLeft: number;
  /** The alert offset reached (e.g. 60 or 30): the smallest offset not below daysLeft; null when none yet. */
  alertAt: number | null;
  hasEnded: boolean;
}

/** Program end approaching: an alert at each offset (default 60 and 30 days) before the program end date. */
export function programEndAlert(
  programEndDate: string,
  today: string,
  offsets: readonly number[] = PROGRAM_END_ALERT_DAYS,
): TProgramEndAlert {
  const daysLeft = daysBetween(today, programEndDate);
  if (daysLeft < 0) return { daysLeft, alertAt: null, hasEnded: true };
  const reached = offsets.filter((o) => daysLeft <= o);
  return { daysLeft, alertAt: reached.length ? Math.min(...reached) : null, hasEnded: false };
}

export const REGISTRATION_DUE_DAYS = 30;

export type TRegistrationStatus = 'registered' | 'not_started' | 'due' | 'overdue';

export interface TRegistrationDue {
  status: TRegistrationStatus;
  /** The last day to register the student in SEVIS for this session. */
  dueOn: string;
  /** Days until dueOn (negative once overdue). */
  daysLeft: number;
}

/** SEVIS registration: due within 30 days after the session start date for a student not yet registered. */
export function registrationDue(sessionStartDate: string, isRegistered: boolean, today: string): TRegistrationDue {
  const dueOn = addDays(sessionStartDate, REGISTRATION_DUE_DAYS);
  const daysLeft = daysBetween(today, dueOn);
  if (isRegistered) return { status: 'registered', dueOn, daysLeft };
  if (dayNumber(today) < dayNumber(sessionStartDate)) return { status: 'not_started', dueOn, daysLeft };
  return { status: daysLeft >= 0 ? 'due' : 'overdue', dueOn, daysLeft };
}

export type TStemReportKind = 'validation_report' | 'evaluation';

export const STEM_REPORT_KIND_LABELS: Record<TStemReportKind, string> = {
  validation_report: 'Six-month validation report',
  evaluation: 'I-983 annual evaluation',
};

/**
 * The STEM OPT reports due for one STEM authorisation: a validation report every six months from the
 * STEM start while the authorisation lasts, an I-983 evaluation every twelve months, and a final
 * evaluation on the end date when that is not already an anniversary.
 */
export function stemReportSchedule(stemStartDate: string, stemEndDate: string): { kind: TStemReportKind; dueDate: string }[] {
  const out: { kind: TStemReportKind; dueDate: string }[] = [];
  const end = dayNumber(stemEndDate);
  for (let m = 6; ; m += 6) {
    const due = addMonths(stemStartDate, m);
    // An end date a few days short of a six-month mark still gets that last report.
    if (dayNumber(due) > end + 7) break;
    out.push({ kind: 'validation_report', dueDate: due });
    if (m % 12 === 0) out.push({ kind: 'evaluation', dueDate: due });
  }
  const hasFinal = out.some((r) => r.kind === 'evaluation' && Math.abs(dayNumber(r.dueDate) - end) <= 7);
  if (!hasFinal && end > dayNumber(stemStartDate)) out.push({ kind: 'evaluation', dueDate: stemEndDate });
  return out.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.kind.localeCompare(b.kind));
}

export type TStemReportStatus = 'upcoming' | 'due' | 'overdue' | 'received';

/**
 * Days after the end of an I-983 evaluation's reporting period within which the student must submit it to the
 * DSO: "no later than 10 days following the conclusion of the reporting period" (8 CFR 214.2(f)(10)(ii)(C)(9),
 * Form I-983 instructions).
 */
export const STEM_EVALUATION_SUBMIT_DAYS = 10;

/**
 * The last day of the period an I-983 evaluation covers. The twelve-month evaluation is scheduled on the
 * twelve-month mark, so its period ends the day before; the final evaluation covers the STEM period to its end
 * date (its due date is that end date, or a 24-month mark falling just after it).
 */
export function stemEvaluationPeriodEnd(dueDate: string, stemEndDate: string | null): string {
  if (stemEndDate && dueDate >= stemEndDate) return stemEndDate;
  return addDays(dueDate, -1);
}

/**
 * The last day the office can receive a report before it is overdue: for an evaluation, 10 days after its
 * reporting period ends (8 CFR 214.2(f)(10)(ii)(C)(9)); a validation report on its due date.
 */
export function stemReportSubmitBy(kind: TStemReportKind, dueDate: string, stemEndDate: string | null): string {
  if (kind !== 'evaluation') return dueDate;
  return addDays(stemEvaluationPeriodEnd(dueDate, stemEndDate), STEM_EVALUATION_SUBMIT_DAYS);
}

/**
 * 'received' once the office has it; else 'overdue' after `submitBy` (the due date itself unless given, see
 * stemReportSubmitBy), 'due' within 30 days before the due date and until `submitBy`, 'upcoming' before.
 */
export function stemReportStatus(dueDate: string, receivedOn: string | null, today: string, submitBy: string = dueDate): TStemReportStatus {
  if (receivedOn) return 'received';
  if (today > submitBy) return 'overdue';
  return daysBetween(today, dueDate) <= 30 ? 'due' : 'upcoming';
}
