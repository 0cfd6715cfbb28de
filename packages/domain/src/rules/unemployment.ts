import { dayNumber, fromDayNumber } from './deadlines.js';

/**
 * OPT unemployment days (docs/product/students-opt.md#unemployment-days), 8 CFR 214.2(f)(10)(ii)(E): "an
 * aggregate of more than 90 days of unemployment during any post-completion OPT period" is not allowed; a student
 * granted the STEM extension may not accrue more than 150 days "during the total OPT period", post-completion and
 * STEM together. So the 90-day limit holds for the days of the post-completion period even when a STEM extension
 * is already on file; the 60 further days are there from the first day of the STEM extension. A day counts when
 * it lies in a post-completion or STEM authorisation, is not in the future, and no employment period covers it
 * (overlapping employers count once). Pre-completion OPT and CPT never count. Today counts (it is not a future day).
 */

export const UNEMPLOYMENT_DAYS_POST_COMPLETION = 90;
export const UNEMPLOYMENT_DAYS_WITH_STEM = 150;

/** Remaining days at which an alert is raised. */
export const UNEMPLOYMENT_THRESHOLDS = { warning: 30, critical: 10 } as const;

export type TUnemploymentLevel = 'ok' | 'warning' | 'critical' | 'exceeded';

export const UNEMPLOYMENT_LEVEL_LABELS: Record<TUnemploymentLevel, string> = {
  ok: 'Within limit',
  warning: 'Nearing limit',
  critical: 'Critical',
  exceeded: 'Limit exceeded',
};

/** OPT phase: 01 pre-completion, 02 post-completion, 03 STEM. */
export type TOptPhaseCode = '01' | '02' | '03';

export interface TOptAuthorization {
  phase: TOptPhaseCode;
  startDate: string;
  endDate: string;
}

export interface TEmploymentPeriod {
  /** cpt, opt, stem, on_campus…: only OPT and STEM employment stops the counter. */
  kind: string;
  /** OPT phase of the employment; pre-completion ('01') does not count. */
  phase?: string;
  startDate: string;
  /** Null while the job continues. */
  endDate: string | null;
}

export interface TUnemployment {
  used: number;
  /** The limit in force today: 90 until the STEM extension starts, 150 from its first day (8 CFR 214.2(f)(10)(ii)(E)). */
  allowed: number;
  /** Days left before the limit in force today is passed (0 once exceeded). */
  remaining: number;
  level: TUnemploymentLevel;
  /** First day of post-completion OPT (where counting starts). */
  countingFrom: string;
  /** The last day counted: today or the authorisation's end, whichever is earlier. */
  countedUntil: string;
  /** A STEM authorisation is on file (started or not). */
  hasStem: boolean;
  /** First day of the STEM extension on file; null without one. */
  stemStartsOn: string | null;
  /** Days counted in the post-completion period (before the STEM start): never more than 90 allowed. */
  usedPostCompletion: number;
  /** The day the limit was passed (the 91st day of the post-completion period or the 151st in all); null while within it. */
  exceededOn: string | null;
  /** The limit that was passed (90 or 150); null while within both. */
  exceededLimit: number | null;
  /** Days beyond the limit that was passed (0 while within it). */
  over: number;
  /** The periods counted as unemployment, oldest first (inclusive). */
  gaps: { from: string; to: string; days: number }[];
}

type TSpan = [number, number];

/** Sorted, merged inclusive day spans. */
function merge(spans: TSpan[]): TSpan[] {
  const sorted = spans.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const out: TSpan[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function length(spans: TSpan[]): number {
  return spans.reduce((n, [a, b]) => n + (b - a + 1), 0);
}

/** a minus b (both merged and sorted). */
function subtract(a: TSpan[], b: TSpan[]): TSpan[] {
  const out: TSpan[] = [];
  for (const [lo, hi] of a) {
    let start = lo;
    for (const [blo, bhi] of b) {
      if (bhi < start || blo > hi) continue;
      if (blo > start) out.push([start, blo - 1]);
      start = Math.max(start, bhi + 1);
      if (start > hi) break;
    }
    if (start <= hi) out.push([start, hi]);
  }
  return out;
}

export function unemploymentLevel(
  used: number,
  allowed: number,
  thresholds: { warning: number; critical: number } = UNEMPLOYMENT_THRESHOLDS,
): TUnemploymentLevel {
  if (used > allowed) return 'exceeded';
  const remaining = allowed - used;
  if (remaining <= thresholds.critical) return 'critical';
  if (remaining <= thresholds.warning) return 'warning';
  return 'ok';
}

/**
 * Unemployment days used, allowed and remaining; null when the student has no post-completion or
 * STEM authorisation (pre-completion OPT alone has no counter).
 */
export function unemploymentDays(input: {
  authorizations: TOptAuthorization[];
  employments: TEmploymentPeriod[];
  today: string;
  thresholds?: { warning: number; critical: number };
}): TUnemployment | null {
  const auths = input.authorizations.filter((a) => a.phase === '02' || a.phase === '03');
  if (auths.length === 0) return null;
  const today = dayNumber(input.today);
  const stemStarts = auths.filter((a) => a.phase === '03').map((a) => dayNumber(a.startDate));
  const hasStem = stemStarts.length > 0;
  const stemStart = hasStem ? Math.min(...stemStarts) : null;
  const start = Math.min(...auths.map((a) => dayNumber(a.startDate)));
  const end = Math.max(...auths.map((a) => dayNumber(a.endDate)));
  const authorized = merge(auths.map((a) => [dayNumber(a.startDate), Math.min(dayNumber(a.endDate), today)] as TSpan));
  const employed = merge(
    input.employments
      .filter((e) => (e.kind === 'opt' || e.kind === 'stem') && e.phase !== '01')
      .map((e) => [dayNumber(e.startDate), e.endDate ? dayNumber(e.endDate) : today] as TSpan),
  );
  const gaps = subtract(authorized, employed);
  const used = length(gaps);
  // Days before the STEM start belong to the post-completion period and its own 90-day limit.
  const postGaps = stemStart === null ? gaps : subtract(gaps, [[stemStart, Number.MAX_SAFE_INTEGER]]);
  const usedPostCompletion = length(postGaps);
  const inStem = stemStart !== null && today >= stemStart;
  const allowed = inStem ? UNEMPLOYMENT_DAYS_WITH_STEM : UNEMPLOYMENT_DAYS_POST_COMPLETION;
  const postOn = dayPassing(postGaps, UNEMPLOYMENT_DAYS_POST_COMPLETION);
  const totalOn = hasStem ? dayPassing(gaps, UNEMPLOYMENT_DAYS_WITH_STEM) : null;
  const exceededOn = postOn ?? totalOn;
  const exceededLimit = postOn !== null ? UNEMPLOYMENT_DAYS_POST_COMPLETION : totalOn !== null ? UNEMPLOYMENT_DAYS_WITH_STEM : null;
  const level = exceededOn !== null ? 'exceeded' : unemploymentLevel(used, allowed, input.thresholds);
  return {
    used,
    allowed,
    remaining: exceededOn !== null ? 0 : Math.max(0, allowed - used),
    level,
    countingFrom: fromDayNumber(start),
    countedUntil: fromDayNumber(Math.max(start - 1, Math.min(end, today))),
    hasStem,
    stemStartsOn: stemStart === null ? null : fromDayNumber(stemStart),
    usedPostCompletion,
    exceededOn: exceededOn === null ? null : fromDayNumber(exceededOn),
    exceededLimit,
    over:
      exceededLimit === UNEMPLOYMENT_DAYS_POST_COMPLETION
        ? usedPostCompletion - UNEMPLOYMENT_DAYS_POST_COMPLETION
        : exceededLimit === UNEMPLOYMENT_DAYS_WITH_STEM
          ? used - UNEMPLOYMENT_DAYS_WITH_STEM
          : 0,
    gaps: gaps.map(([a, b]) => ({ from: fromDayNumber(a), to: fromDayNumber(b), days: b - a + 1 })),
  };
}

/** The day the count of days in `spans` first goes past `limit`; null when it never does. */
function dayPassing(spans: TSpan[], limit: number): number | null {
  let n = 0;
  for (const [a, b] of spans) {
    const len = b - a + 1;
    if (n + len > limit) return a + (limit - n);
    n += len;
  }
  return null;
}
