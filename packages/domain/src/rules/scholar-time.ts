/**
 * Scholar time rules (docs/product/scholars-reports.md#time-tracking): end-date alerts, the H-1B six-year
 * maximum and the J-1 12/24-month bars. Pure functions on ISO dates (YYYY-MM-DD) with `today` passed in, so
 * server, browser and tests agree on every boundary. Periods are inclusive of their first and last day.
 */
import { addDays, addMonths, dayNumber, daysBetween, fromDayNumber } from './deadlines.js';
import { isCalendarDate } from './dates.js';
import { textOf } from './text.js';

/** Visa families whose end date is alerted: H-1B, O-1 and J-1 (docs/product/scholars-office.md#end-date-alerts). */
export const END_DATE_ALERT_VISAS = ['H-1B', 'O-1', 'J-1'] as const;

export interface TEndDateAlert {
  /** Days from today to the end date (0 = ends today, negative = ended). */
  daysLeft: number;
  /** Every configured offset already reached (daysLeft <= offset), smallest first; empty before the first or after the end. */
  dueOffsets: number[];
}

/**
 * End-date alerts at the configured offsets (default 60 and 30 days before processedEndDate): an
 * offset is due from the day daysLeft reaches it until the end date itself, so a day the job did not
 * run is caught up the next day. The caller records each (case, offset, end date) once.
 */
export function endDateAlert(endDate: string, today: string, offsets: readonly number[]): TEndDateAlert {
  const daysLeft = daysBetween(today, endDate);
  if (daysLeft < 0) return { daysLeft, dueOffsets: [] };
  return { daysLeft, dueOffsets: [...new Set(offsets)].filter((o) => daysLeft <= o).sort((a, b) => a - b) };
}

/** "Ending soon": within the largest configured offset and not yet ended. */
export function isEndingSoon(endDate: string | null, today: string, offsets: readonly number[]): boolean {
  if (!endDate) return false;
  const left = daysBetween(today, endDate);
  return left >= 0 && left <= Math.max(...offsets, 0);
}

// ---------------------------------------------------------------------------------------------
// Immigration history as the application form carries it.

export interface TStatusPeriod {
  /** Status or visa as entered: 'H-1B', 'L-1', 'J-1', ... */
  status: string;
  from: string;
  to: string;
  /** J-1 category when known (PROFESSOR, RESEARCH SCHOLAR, SHORT-TERM SCHOLAR, ...). */
  category?: string;
}
export interface TTrip {
  /** Day the scholar left the US (counted as a day in the US). */
  departure: string;
  /** Day the scholar came back (counted as a day in the US). */
  return: string;
}

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date the form holds as MM/DD/YYYY or YYYY-MM-DD, as ISO; null when empty or impossible. */
export function normalizeFormDate(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim().slice(0, 10);
  let iso: string | null = null;
  const us = US_DATE.exec(s);
  if (us) iso = `${us[3]}-${us[1]}-${us[2]}`;
  else if (ISO_DATE.test(s)) iso = s;
  if (!iso) return null;
  return isCalendarDate(iso) ? iso : null;
}

const pick = (o: Record<string, unknown>, keys: string[]): unknown => {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k];
  return undefined;
};
const asArray = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

/**
 * Reads the immigration history and trips outside the US from an application's `data`: the H-1B form's
 * immigrationHistory (status, periodofStayFromDate, periodofStayToDate; the old product's objImmigrantHistory
 * too) and tripsOutsideUs (departureDate, returnDate), and the J-1 form's priorJStatus (category, fromDate,
 * toDate). Plainer names (from/to, fromDate/toDate) are read as well. Rows with a missing or impossible date,
 * or ending before they start, are left out.
 */
export function readImmigrationHistory(data: Record<string, unknown>): { periods: TStatusPeriod[]; trips: TTrip[] } {
  const periods: TStatusPeriod[] = [];
  for (const r of [...asArray(data.immigrationHistory), ...asArray(data.objImmigrantHistory)]) {
    const status = textOf(pick(r, ['status', 'visaType', 'visa', 'subjectName', 'classification'])).trim();
    const from = normalizeFormDate(pick(r, ['from', 'fromDate', 'startDate', 'periodofStayFromDate', 'periodOfStayFromDate']));
    const to = normalizeFormDate(pick(r, ['to', 'toDate', 'endDate', 'periodofStayToDate', 'periodOfStayToDate']));
    if (!status || !from || !to || to < from) continue;
    const category = pick(r, ['category', 'jCategory', 'programCategory']);
    periods.push({ status, from, to, ...(typeof category === 'string' && category ? { category: category.toUpperCase() } : {}) });
  }
  // The J-1 form's "Prior J status" (priorJStatus: category, fromDate, toDate): J-1 periods, or J-2 when so named.
  for (const r of asArray(data.priorJStatus)) {
    const category = textOf(pick(r, ['category']))
      .trim()
      .toUpperCase();
    const from = normalizeFormDate(pick(r, ['fromDate', 'from', 'startDate']));
    const to = normalizeFormDate(pick(r, ['toDate', 'to', 'endDate']));
    if (!from || !to || to < from) continue;
    periods.push({ status: /^J-?2$/.test(category) ? 'J-2' : 'J-1', from, to, ...(category ? { category } : {}) });
  }
  const trips: TTrip[] = [];
  for (const r of [
    ...asArray(data.tripsOutsideUs),
    ...asArray(data.tripsOutsideUS),
    ...asArray(data.trips),
    ...asArray(data.travelHistory),
  ]) {
    const departure = normalizeFormDate(pick(r, ['departure', 'departureDate', 'from', 'fromDate', 'leftOn']));
    const ret = normalizeFormDate(pick(r, ['return', 'returnDate', 'to', 'toDate', 'returnedOn']));
    if (!departure || !ret || ret < departure) continue;
    trips.push({ departure, return: ret });
  }
  return { periods, trips };
}

/** Union of inclusive day ranges as sorted, merged [first, last] day numbers. */
function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = ranges.filter(([a, b]) => b >= a).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}
const clip = (ranges: [number, number][], lo: number, hi: number): [number, number][] =>
  ranges.map(([a, b]) => [Math.max(a, lo), Math.min(b, hi)] as [number, number]).filter(([a, b]) => b >= a);
const length = (ranges: [number, number][]) => ranges.reduce((n, [a, b]) => n + (b - a + 1), 0);
/** Days in both sets of merged ranges. */
function intersectLength(x: [number, number][], y: [number, number][]): number {
  let n = 0;
  for (const [a, b] of x) for (const [c, d] of y) n += Math.max(0, Math.min(b, d) - Math.max(a, c) + 1);
  return n;
}

// ---------------------------------------------------------------------------------------------
// H-1B six-year maximum.

/**
 * Statuses that count toward the six-year maximum: time in H or L status (8 CFR 214.2(h)(13)(iii)(A)),
 * i.e. H-1B and its dependants' H-4, L-1 and L-2. Written as the form has them (H-1B, H1B, L-1A, ...).
 */
export function countsTowardSixYears(status: string): boolean {
  return /^(H-?1B|H-?4|L-?1|L-?2)/.test(status.toUpperCase().replace(/\s+/g, ''));
}

export interface TSixYearTracking {
  /** The first day in H or L status; null without any such period. */
  firstDay: string | null;
  /** Six calendar years from the first day, in days (2191 or 2192 with leap days). */
  limitDays: number;
  /** Days in H/L status up to and including asOf, recaptured days deducted. */
  usedDays: number;
  /** Days of H/L periods (up to asOf) spent wholly outside the US: recaptured. */
  recapturedDays: number;
  /** limitDays − usedDays (negative once exceeded). */
  remainingDays: number;
  /**
   * The last day the scholar may hold H-1B status: the day the six years run out, counting on
   * from asOf as if in status every day (the day reached, when already reached).
   */
  maxOutDate: string | null;
  isMaxedOut: boolean;
}

/**
 * H-1B six-year maximum from the immigration history: time used in H (and L) status up to asOf
 * (overlapping periods count once), less every whole day spent outside the US within those periods
 * (the day of departure and the day of return count as days in the US; a trip partly outside the
 * periods recaptures only its days inside them). Six years are counted in calendar days from the
 * first day in status, so leap days are part of the limit.
 */
export function sixYearTracking(periods: readonly TStatusPeriod[], trips: readonly TTrip[], asOf: string): TSixYearTracking {
  const today = dayNumber(asOf);
  const hl = mergeRanges(periods.filter((p) => countsTowardSixYears(p.status)).map((p) => [dayNumber(p.from), dayNumber(p.to)]));
  if (hl.length === 0) {
    return { firstDay: null, limitDays: 0, usedDays: 0, recapturedDays: 0, remainingDays: 0, maxOutDate: null, isMaxedOut: false };
  }
  const first = hl[0]![0];
  const firstDay = fromDayNumber(first);
  const limitDays = daysBetween(firstDay, addMonths(firstDay, 72));
  const away = mergeRanges(trips.map((t) => [dayNumber(t.departure) + 1, dayNumber(t.return) - 1]));
  const past = clip(hl, first, today);
  const recapturedDays = intersectLength(past, away);
  const usedDays = length(past) - recapturedDays;
  const remainingDays = limitDays - usedDays;
  let maxOutDate: string;
  if (remainingDays > 0) {
    maxOutDate = fromDayNumber(Math.max(today, first - 1) + remainingDays);
  } else {
    // Walk the days in status (outside trips) until the limit was reached.
    let n = 0;
    let reached = today;
    outer: for (const [a, b] of past) {
      for (let d = a; d <= b; d++) {
        if (away.some(([x, y]) => d >= x && d <= y)) continue;
        if (++n === limitDays) {
          reached = d;
          break outer;
        }
      }
    }
    maxOutDate = fromDayNumber(reached);
  }
  return { firstDay, limitDays, usedDays, recapturedDays, remainingDays, maxOutDate, isMaxedOut: remainingDays <= 0 };
}

// ---------------------------------------------------------------------------------------------
// J-1 scholar bars.

/** J-1 categories the 12- and 24-month bars restrict (22 CFR 62.12(d), 62.20(i)). */
export const BARRED_J_CATEGORIES = ['PROFESSOR', 'RESEARCH SCHOLAR'] as const;
/** "More than six months": more than half a year of days (183 days or more). */
export const J_TWELVE_MONTH_BAR_DAYS = 182;

/** Any J status (J-1 or J-2) counts toward the 12-month bar. */
const isJ = (status: string) => /^J-?[12]/i.test(status.trim());
const isBarredCategory = (c: string | undefined) => !!c && (BARRED_J_CATEGORIES as readonly string[]).includes(c.toUpperCase());
const isShortTerm = (c: string | undefined) => (c ?? '').toUpperCase() === 'SHORT-TERM SCHOLAR';

export interface TJBars {
  /** The new category is Professor or Research Scholar (the bars apply); short-term scholars and others are exempt. */
  applies: boolean;
  twelveMonth: {
    /** Days in J status (not as a short-term scholar) in the 12 months before the program start. */
    daysInWindow: number;
    windowFrom: string;
    windowTo: string;
    isBarred: boolean;
    /** The first program start date the bar no longer blocks (null when not barred). */
    barEndsOn: string | null;
  };
  twentyFourMonth: {
    /** End of the latest prior Professor/Research Scholar program, if any. */
    priorProgramEnd: string | null;
    isBarred: boolean;
    /** The first program start date allowed (the day after 24 months from the prior program's end). */
    barEndsOn: string | null;
  };
}

/** J days (not as a short-term scholar) in the 12 months before `start`. */
function jDaysBefore(jRanges: [number, number][], start: string): { days: number; from: string; to: string } {
  const from = addMonths(start, -12);
  const to = addDays(start, -1);
  return { days: length(clip(jRanges, dayNumber(from), dayNumber(to))), from, to };
}

/**
 * J-1 Professor/Research Scholar bars for a new program starting on `programStart` in `category`:
 * the 12-month bar (J status of more than six months within the 12 months before the start, short-term
 * scholar time excepted) and the 24-month bar (no new Professor/Research Scholar program within 24
 * months after the end of one). Short-term scholars and the other categories are exempt.
 */
export function jBars(periods: readonly TStatusPeriod[], programStart: string, category: string): TJBars {
  const applies = isBarredCategory(category);
  const jPeriods = periods.filter((p) => isJ(p.status));
  const jRanges = mergeRanges(jPeriods.filter((p) => !isShortTerm(p.category)).map((p) => [dayNumber(p.from), dayNumber(p.to)]));
  const w = jDaysBefore(jRanges, programStart);
  const twelveBarred = applies && w.days > J_TWELVE_MONTH_BAR_DAYS;
  let twelveEnds: string | null = null;
  if (twelveBarred) {
    // The first later start date with at most six months of J status in the 12 months before it.
    let d = programStart;
    for (let i = 0; i < 800 && jDaysBefore(jRanges, d).days > J_TWELVE_MONTH_BAR_DAYS; i++) d = addDays(d, 1);
    twelveEnds = d;
  }
  const priorPrs = jPeriods
    .filter((p) => isBarredCategory(p.category) && p.to < programStart)
    .map((p) => p.to)
    .sort();
  const priorProgramEnd = priorPrs.length ? priorPrs[priorPrs.length - 1]! : null;
  const allowedFrom = priorProgramEnd ? addDays(addMonths(priorProgramEnd, 24), 1) : null;
  const twentyFourBarred = applies && !!allowedFrom && programStart < allowedFrom;
  return {
    applies,
    twelveMonth: { daysInWindow: w.days, windowFrom: w.from, windowTo: w.to, isBarred: twelveBarred, barEndsOn: twelveEnds },
    twentyFourMonth: { priorProgramEnd, isBarred: twentyFourBarred, barEndsOn: twentyFourBarred ? allowedFrom : null },
  };
}
