import { OPT_PHASES, type TUnemploymentLevel } from '@meridian/domain';

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
