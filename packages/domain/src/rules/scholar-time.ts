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
/**
 * The J-1 category a prior J row names, without the J-1/J-2 prefix and the words around it: "J-2 (Research
 * Scholar)", "J-2 dependent of a professor", "J-1 - Student" give RESEARCH SCHOLAR, PROFESSOR, STUDENT; a bare
 * "J-2" gives '' (the J-1's category is not known).
 */
export function jCategoryOf(text: string): string {
  return text
    .toUpperCase()
    .replace(/^J-?[12](?![0-9])/, ' ')
    .replace(/[^A-Z-]+/g, ' ')
    .replace(/\b(DEPENDENT|DEPENDANT|SPOUSE|CHILD|OF|A|AN|THE)\b/g, ' ')
    .replace(/(^|\s)-+|-+(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
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
  // The J-1 form's "Prior J status" (priorJStatus: category, fromDate, toDate): J-1 periods, or J-2 when the
  // category starts with J-2; a J-2 row may name the J-1's category after it ("J-2 RESEARCH SCHOLAR").
  for (const r of asArray(data.priorJStatus)) {
    const text = textOf(pick(r, ['category']))
      .trim()
      .toUpperCase();
    const from = normalizeFormDate(pick(r, ['fromDate', 'from', 'startDate']));
    const to = normalizeFormDate(pick(r, ['toDate', 'to', 'endDate']));
    if (!from || !to || to < from) continue;
    const isJ2 = /^J-?2(?![0-9])/.test(text);
    const category = jCategoryOf(text);
    periods.push({ status: isJ2 ? 'J-2' : 'J-1', from, to, ...(category ? { category } : {}) });
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
 * Statuses that count toward the six-year maximum: time in the United States "under section 101(a)(15)(H)
 * and/or (L)" (8 CFR 214.2(h)(13)(iii)(A)) as a principal: H-1B (and H-1B1, H-1C, H-2, H-3) and L-1 (L-1A,
 * L-1B). Time as an H-4 or L-2 dependant does not count (USCIS memo of December 5, 2006, AFM 31.2(d), AFM
 * Update AD06-29). Written as the form has them (H-1B, H1B, L-1A, ...).
 */
export function countsTowardSixYears(status: string): boolean {
  return /^(H1B|H1C|H2|H3|L1)/.test(status.toUpperCase().replace(/[\s-]+/g, ''));
}

/** H-4 and L-2: dependants' time, which does not count toward the six years (USCIS memo of December 5, 2006). */
export function isHOrLDependentStatus(status: string): boolean {
  return /^(H4|L2)/.test(status.toUpperCase().replace(/[\s-]+/g, ''));
}

export interface TSixYearTracking {
  /** The first day in H or L status as a principal; null without any such period. */
  firstDay: string | null;
  /** Six calendar years from the first day, in days (2191 or 2192 with leap days). */
  limitDays: number;
  /** Days in H/L status up to and including asOf, recaptured days deducted. */
  usedDays: number;
  /** Days of H/L periods (up to asOf) spent wholly outside the US: recaptured. */
  recapturedDays: number;
  /** Days (up to asOf) in H-4 or L-2 status alone, left out of the count. */
  dependentDays: number;
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
 * H-1B six-year maximum from the immigration history: time used in H-1B (and other principal H or L-1)
 * status up to asOf (overlapping periods count once), less every whole day spent outside the US within
 * those periods (recapture, USCIS memo of October 21, 2005, AFM 31.2(d)(3): the day of departure and the
 * day of return count as days in the US; a trip partly outside the periods recaptures only its days inside
 * them). H-4 and L-2 time is left out (USCIS memo of December 5, 2006). Six years are counted in calendar
 * days from the first day in status, so leap days are part of the limit.
 */
export function sixYearTracking(periods: readonly TStatusPeriod[], trips: readonly TTrip[], asOf: string): TSixYearTracking {
  const today = dayNumber(asOf);
  const hl = mergeRanges(periods.filter((p) => countsTowardSixYears(p.status)).map((p) => [dayNumber(p.from), dayNumber(p.to)]));
  const dependants = mergeRanges(periods.filter((p) => isHOrLDependentStatus(p.status)).map((p) => [dayNumber(p.from), dayNumber(p.to)]));
  const dependantPast = length(clip(dependants, Number.MIN_SAFE_INTEGER, today));
  const dependentDays =
    dependantPast - intersectLength(clip(dependants, Number.MIN_SAFE_INTEGER, today), clip(hl, Number.MIN_SAFE_INTEGER, today));
  if (hl.length === 0) {
    return {
      firstDay: null,
      limitDays: 0,
      usedDays: 0,
      recapturedDays: 0,
      dependentDays,
      remainingDays: 0,
      maxOutDate: null,
      isMaxedOut: false,
    };
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
  return { firstDay, limitDays, usedDays, recapturedDays, dependentDays, remainingDays, maxOutDate, isMaxedOut: remainingDays <= 0 };
}

// ---------------------------------------------------------------------------------------------
// J-1 scholar bars.

/** J-1 categories the 12- and 24-month bars restrict (22 CFR 62.20(d)(2), 62.20(i)(2)). */
export const BARRED_J_CATEGORIES = ['PROFESSOR', 'RESEARCH SCHOLAR'] as const;

/** Any J status (J-1 or J-2) is presence "pursuant to 8 U.S.C. 1101(a)(15)(J)" (22 CFR 62.20(d)(2)). */
const isJ = (status: string) => /^J-?[12]/i.test(status.trim());
const isJ2 = (status: string) => /^J-?2/i.test(status.trim());
const isBarredCategory = (c: string | undefined) => !!c && (BARRED_J_CATEGORIES as readonly string[]).includes(c.toUpperCase());
const isShortTerm = (c: string | undefined) => (c ?? '').toUpperCase() === 'SHORT-TERM SCHOLAR';

/**
 * The first day of the twelve-month period immediately preceding `start` (22 CFR 62.20(d)(2)): the earliest
 * day whose twelve-month anniversary is not before `start`. Feb 29 has no anniversary of its own, so the
 * twelve months before 2029-03-01 begin on 2028-03-01 and those before 2028-02-29 on 2027-03-01.
 */
export function twelveMonthsBefore(start: string): string {
  let d = addMonths(start, -12);
  while (addMonths(d, 12) < start) d = addDays(d, 1);
  return d;
}

/** A presence from `from` to `to` (both days included) lasted six months or more: "less than six months' duration" is exempt (22 CFR 62.20(d)(2)(ii)). */
export function isSixMonthsOrMore(from: string, to: string): boolean {
  return addDays(to, 1) >= addMonths(from, 6);
}

/** The first program start a presence ending on `lastDay` no longer bars: the day after the twelve months that follow it. */
export const twelveMonthBarEndsOn = (lastDay: string) => addDays(addMonths(lastDay, 12), 1);
/** The first program start allowed after a Professor/Research Scholar program ending on `lastDay` (22 CFR 62.20(i)(2)). */
export const twentyFourMonthBarEndsOn = (lastDay: string) => addDays(addMonths(lastDay, 24), 1);

export interface TJPresence {
  from: string;
  to: string;
  days: number;
  isSixMonthsOrMore: boolean;
  /** The first program start this presence no longer bars; null when it does not bar (under six months). */
  barsUntil: string | null;
}

export interface TJBars {
  /** The new category is Professor or Research Scholar (the bars apply); short-term scholars and others are exempt. */
  applies: boolean;
  twelveMonth: {
    /** The twelve months immediately preceding the program start. */
    windowFrom: string;
    windowTo: string;
    /**
     * Each presence in J status (J-1 or J-2, short-term scholar time excepted; adjacent periods joined) with at
     * least one day in the window, whole: its full length decides, not the days inside the window.
     */
    presences: TJPresence[];
    isBarred: boolean;
    /** The first program start date the bar no longer blocks (null when not barred). */
    barEndsOn: string | null;
  };
  twentyFourMonth: {
    /** End of the latest prior Professor/Research Scholar program (as the J-1, or as a J-2 dependant of one), if any. */
    priorProgramEnd: string | null;
    /** Whether that prior program was the scholar's own (J-1) or as a J-2 dependant of a Professor/Research Scholar. */
    priorProgramStatus: 'J-1' | 'J-2' | null;
    isBarred: boolean;
    /** The first program start date allowed (the day after 24 months from the prior program's end). */
    barEndsOn: string | null;
    /**
     * J-2 periods whose J-1's category is not recorded and which would bar this start if the J-1 was a Professor
     * or Research Scholar: the office has to check them.
     */
    unconfirmedJ2: { from: string; to: string; barEndsOn: string }[];
  };
}

/**
 * J-1 Professor/Research Scholar bars for a new program starting on `programStart` in `category`.
 *
 * The 12-month bar (22 CFR 62.20(d)(2)): not eligible after physical presence in J status (J-1 or J-2) "for all
 * or part of the twelve-month period immediately preceding the date of program commencement", unless that
 * presence was of less than six months' duration or as a short-term scholar (62.20(d)(2)(ii), (iii)). So a
 * presence touching the window bars by its whole length; it stops barring for a start more than twelve months
 * after its last day. Transfers under 62.42 continue a program and are not new starts, so they are not judged here.
 *
 * The 24-month bar (22 CFR 62.20(i)(2)): no repeat participation as a Professor or Research Scholar for two years
 * after the end of such a program; the Department of State applies it to the J-2 dependants of Professors and
 * Research Scholars as well. Short-term scholars and the other categories are exempt from both bars.
 */
export function jBars(periods: readonly TStatusPeriod[], programStart: string, category: string): TJBars {
  const applies = isBarredCategory(category);
  const startDay = dayNumber(programStart);
  const jPeriods = periods.filter((p) => isJ(p.status) && p.from < programStart);
  const windowFrom = twelveMonthsBefore(programStart);
  const windowTo = addDays(programStart, -1);
  const presences: TJPresence[] = clip(
    mergeRanges(jPeriods.filter((p) => !isShortTerm(p.category)).map((p) => [dayNumber(p.from), dayNumber(p.to)])),
    Number.MIN_SAFE_INTEGER,
    startDay - 1,
  )
    .filter(([, b]) => b >= dayNumber(windowFrom))
    .map(([a, b]) => {
      const from = fromDayNumber(a);
      const to = fromDayNumber(b);
      const sixPlus = isSixMonthsOrMore(from, to);
      return { from, to, days: b - a + 1, isSixMonthsOrMore: sixPlus, barsUntil: sixPlus ? twelveMonthBarEndsOn(to) : null };
    });
  const barring = presences.filter((p) => p.barsUntil !== null).map((p) => p.barsUntil!);
  const twelveBarred = applies && barring.length > 0;

  const prior = jPeriods
    .filter((p) => isBarredCategory(p.category) && p.to < programStart)
    .sort((a, b) => a.to.localeCompare(b.to))
    .at(-1);
  const allowedFrom = prior ? twentyFourMonthBarEndsOn(prior.to) : null;
  const twentyFourBarred = applies && !!allowedFrom && programStart < allowedFrom;
  const unconfirmedJ2 = applies
    ? jPeriods
        .filter((p) => isJ2(p.status) && !p.category && p.to < programStart && programStart < twentyFourMonthBarEndsOn(p.to))
        .map((p) => ({ from: p.from, to: p.to, barEndsOn: twentyFourMonthBarEndsOn(p.to) }))
    : [];
  return {
    applies,
    twelveMonth: {
      windowFrom,
      windowTo,
      presences,
      isBarred: twelveBarred,
      barEndsOn: twelveBarred ? barring.sort().at(-1)! : null,
    },
    twentyFourMonth: {
      priorProgramEnd: prior?.to ?? null,
      priorProgramStatus: prior ? (isJ2(prior.status) ? 'J-2' : 'J-1') : null,
      isBarred: twentyFourBarred,
      barEndsOn: twentyFourBarred ? allowedFrom : null,
      unconfirmedJ2,
    },
  };
}
