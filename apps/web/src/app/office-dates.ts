import { useMemo } from 'react';
import {
  addDays,
  dateOnlyIn,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatTime as formatTimeIn,
  isDateOnly,
  startOfDayIn,
  todayIn,
} from '@meridian/domain';
import { useOfficeTimeZone } from './office-today';

// The one module of the browser that turns instants into days and times (docs/product/ui.md#dates):
// a timestamp (when something happened) is shown as the day and time it was at the office, in the
// institution's time zone, with the zone's short name beside a time ("11/25/2026 14:05 CST"), so staff,
// students and scholars abroad read the office's clock and not their own
// (docs/product/institutions.md#time-zone). A date-only value (YYYY-MM-DD) is a calendar day: it is
// shown from its parts and never passes through `new Date()`. The lint rule meridian/office-time-zone
// keeps every other file of apps/web/src from reading instants itself.

type TValue = string | Date | null | undefined;

/** Day and time formatting bound to one time zone (the office's: `useFormatDates()`). */
export interface TOfficeDates {
  /** The IANA zone everything is shown in. */
  timeZone: string;
  /** MM/DD/YYYY: a date-only value from its parts, a timestamp's day at the office; '' for nothing or not a date. */
  formatDate: (value: TValue) => string;
  /** MM/DD/YYYY HH:mm ZONE of a timestamp at the office ("02/29/2028 23:30 PST"); a date-only value shows its date alone. */
  formatDateTime: (value: TValue) => string;
  /** HH:mm ZONE of a timestamp at the office ("23:30 PST"); '' for a date-only value or not a date. */
  formatTime: (value: TValue) => string;
  /** The office's calendar day (YYYY-MM-DD) a timestamp falls on; a date-only value is its own day; '' if not a date. */
  dayOf: (value: TValue) => string;
  /** The office's today (YYYY-MM-DD) at `now`. */
  today: (now?: Date) => string;
  /** The instants (ISO) bounding an office day: from its first instant up to, not including, the next day's. */
  dayBounds: (day: string) => { start: string; end: string };
  /** The instant (ISO) of a wall-clock time HH:MM on an office day (a scheduled send); null when either is not valid. */
  instantAt: (day: string, time: string) => string | null;
}

/** The instant of HH:MM on a day in a zone: the day's first instant plus the time, corrected once across a daylight-saving change. */
function instantIn(day: string, time: string, timeZone: string): string | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m || !isDateOnly(day)) return null;
  const wanted = Number(m[1]) * 60 + Number(m[2]);
  const wall = (d: Date) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(d);
    return Number(parts.find((x) => x.type === 'hour')?.value) * 60 + Number(parts.find((x) => x.type === 'minute')?.value);
  };
  let at = new Date(startOfDayIn(day, { timeZone }).getTime() + wanted * 60_000);
  if (dateOnlyIn(at, { timeZone }) === day) at = new Date(at.getTime() + (wanted - wall(at)) * 60_000);
  return at.toISOString();
}

/** The formatters for `timeZone` (an IANA name); components take the office's through `useFormatDates()`. */
export function officeDates(timeZone: string): TOfficeDates {
  const inZone = { timeZone };
  return {
    timeZone,
    formatDate: (value) => formatDateIn(value, inZone),
    formatDateTime: (value) => formatDateTimeIn(value, { timeZone, withZone: true }),
    formatTime: (value) => formatTimeIn(value, { timeZone, withZone: true }),
    dayOf(value) {
      if (value === null || value === undefined || value === '') return '';
      if (typeof value === 'string' && isDateOnly(value)) return value;
      const instant = value instanceof Date ? value : new Date(value);
      return Number.isNaN(instant.getTime()) ? '' : dateOnlyIn(instant, inZone);
    },
    today: (now = new Date()) => todayIn(timeZone, now),
    dayBounds: (day) => ({
      start: startOfDayIn(day, inZone).toISOString(),
      end: startOfDayIn(addDays(day, 1), inZone).toISOString(),
    }),
    instantAt: (day, time) => instantIn(day, time, timeZone),
  };
}

/** Dates and times as the office reads them: bound to the institution's time zone (its branding). */
export function useFormatDates(): TOfficeDates {
  const timeZone = useOfficeTimeZone();
  return useMemo(() => officeDates(timeZone), [timeZone]);
}

/**
 * MM/DD/YYYY of a date-only value (YYYY-MM-DD), from its parts: the same in every zone, so code
 * outside a component (column definitions, field formatters) may call it. '' for anything else: a
 * timestamp needs the office's zone (`useFormatDates()`).
 */
export function formatDay(value: string | null | undefined): string {
  return value && isDateOnly(value) ? formatDateIn(value) : '';
}
