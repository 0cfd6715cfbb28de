import { OPT_PHASES, type TUnemploymentLevel } from '@meridian/domain';

/** ISO date → MM/DD/YYYY without time-zone shifts (a date is a date, not a midnight). */
export function usDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

export function phaseLabel(code: string): string {
  return OPT_PHASES.find((p) => p.code === code)?.label ?? code;
}

/** MUI palette colour of each unemployment level (always shown with its words too). */
export const LEVEL_COLOR: Record<TUnemploymentLevel, 'success' | 'warning' | 'error'> = {
  ok: 'success',
  warning: 'warning',
  critical: 'error',
  exceeded: 'error',
};

/** "in 5 days", "today", "3 days ago". */
export function daysText(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  if (daysLeft === 1) return 'tomorrow';
  if (daysLeft === -1) return 'yesterday';
  return daysLeft > 0 ? `in ${daysLeft} days` : `${-daysLeft} days ago`;
}
