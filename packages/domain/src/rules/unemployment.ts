import { dayNumber, fromDayNumber } from './deadlines.js';

/**
 * OPT unemployment days (docs/product/students-opt.md#unemployment-days): 90 days during post-completion OPT,
 * 150 in total with the STEM extension. A day counts when it lies in a post-completion or STEM authorisation
 * period, is not in the future, and no employment period covers it (overlapping employers count once).
 * Pre-completion OPT and CPT never count. Today counts (it is not a future day).
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
  allowed: number;
  remaining: number;
  level: TUnemploymentLevel;
  /** First day of post-completion OPT (where counting starts). */
  countingFrom: string;
  /** The last day counted: today or the authorisation's end, whichever is earlier. */
  countedUntil: string;
  hasStem: boolean;
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
  const hasStem = auths.some((a) => a.phase === '03');
  const allowed = hasStem ? UNEMPLOYMENT_DAYS_WITH_STEM : UNEMPLOYMENT_DAYS_POST_COMPLETION;
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
  return {
    used,
    allowed,
    remaining: Math.max(0, allowed - used),
    level: unemploymentLevel(used, allowed, input.thresholds),
    countingFrom: fromDayNumber(start),
    countedUntil: fromDayNumber(Math.max(start - 1, Math.min(end, today))),
    hasStem,
    gaps: gaps.map(([a, b]) => ({ from: fromDayNumber(a), to: fromDayNumber(b), days: b - a + 1 })),
  };
}
