/**
 * Dates as people read them: MM/DD/YYYY, bounds 01/01/1753 to 12/31/9999. Two kinds of value reach
 * the screen and must not be confused:
 * - a date-only value ('YYYY-MM-DD': a birth date, a program end) is a calendar day, not an instant.
 *   It is formatted from its parts: `new Date('2024-02-29')` is midnight UTC, which is still
 *   Feb 28 anywhere west of UTC.
 * - a timestamp (ISO with a time, or a Date) is an instant, shown as the day and time it was in the
 *   institution's time zone (`timeZone`, an IANA name; without one, the runtime's own zone).
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export interface TDateFormatOptions {
  /** IANA time zone timestamps are shown in (e.g. 'America/New_York'); the runtime's zone when absent. */
  timeZone?: string | undefined;
  /**
   * Add the zone's short name after a time ('14:05 CST', '09:30 GMT+1'), so a reader in another zone
   * is not misled (formatDateTime and formatTime only).
   */
  withZone?: boolean | undefined;
}

/** A date-only value 'YYYY-MM-DD' (no time part). */
export function isDateOnly(value: string): boolean {
  return DATE_ONLY.test(value);
}

/** Whether year, month and day name a real calendar day within 1753-01-01 and 9999-12-31. */
function isRealDay(y: number, m: number, d: number): boolean {
  if (y < 1753 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

interface TParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: Date, timeZone: string | undefined): TParts {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, f);
  }
  const out: TParts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const p of f.formatToParts(instant)) if (p.type in out) out[p.type as keyof TParts] = p.value;
  out.year = out.year.padStart(4, '0');
  return out;
}

function toInstant(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * MM/DD/YYYY of a date-only value (from its parts) or of a timestamp (its day in `timeZone`);
 * '' when empty or not a date.
 */
export function formatDate(value: string | Date | null | undefined, options: TDateFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return `${m[2]}/${m[3]}/${m[1]}`;
  }
  const instant = toInstant(value);
  if (!instant) return '';
  const p = partsIn(instant, options.timeZone);
  return `${p.month}/${p.day}/${p.year}`;
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();
/** The short name of `timeZone` at `instant`: 'CST' or 'CDT' in Chicago, 'GMT+1' in Paris, 'UTC'. */
export function zoneNameAt(instant: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let f = zoneNames.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...(timeZone ? { timeZone } : {}), timeZoneName: 'short' });
    zoneNames.set(key, f);
  }
  return f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

function timeOf(instant: Date, p: TParts, options: TDateFormatOptions): string {
  const time = `${p.hour}:${p.minute}`;
  return options.withZone ? `${time} ${zoneNameAt(instant, options.timeZone)}` : time;
}

/**
 * MM/DD/YYYY HH:mm (24-hour) of a timestamp in `timeZone`, for logs ('… CST' with `withZone`); a
 * date-only value shows its date alone.
 */
export function formatDateTime(value: string | Date | null | undefined, options: TDateFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) return formatDate(value);
  const instant = toInstant(value);
  if (!instant) return '';
  const p = partsIn(instant, options.timeZone);
  return `${p.month}/${p.day}/${p.year} ${timeOf(instant, p, options)}`;
}

/** HH:mm (24-hour) of a timestamp in `timeZone` ('… CST' with `withZone`); '' for nothing, a date-only value or not a date. */
export function formatTime(value: string | Date | null | undefined, options: TDateFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) return '';
  const instant = toInstant(value);
  if (!instant) return '';
  return timeOf(instant, partsIn(instant, options.timeZone), options);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`: what "today" means there. */
export function dateOnlyIn(instant: Date, options: TDateFormatOptions = {}): string {
  const p = partsIn(instant, options.timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes `timeZone` is ahead of UTC at `instant` (-360 for CST), read from the wall clock there. */
function offsetMinutesAt(instant: Date, timeZone: string | undefined): number {
  const p = partsIn(instant, timeZone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The first instant of the calendar day `day` (YYYY-MM-DD) in `timeZone`: its midnight there, or the
 * first minute after a daylight-saving jump that skips midnight. With the next day's start it bounds
 * "that day at the office" as instants (e.g. to mark a day's notifications read).
 */
export function startOfDayIn(day: string, options: TDateFormatOptions = {}): Date {
  const m = DATE_ONLY.exec(day);
  if (!m) throw new RangeError(`Not a date-only value: ${day}`);
  const wallMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const first = new Date(wallMidnight - offsetMinutesAt(new Date(wallMidnight), options.timeZone) * 60_000);
  // Across a change of offset the first guess used the other side's offset: try the offset at the guess too.
  const second = new Date(wallMidnight - offsetMinutesAt(first, options.timeZone) * 60_000);
  const onDay = [first, second].filter((c) => dateOnlyIn(c, options) === day);
  return onDay.reduce<Date | undefined>((a, c) => (!a || c < a ? c : a), undefined) ?? first;
}

/**
 * The zone an institution starts with when nobody chose one: the demo institution's own (Springfield,
 * Illinois). Each office sets its own in Site Settings (docs/product/institutions.md#time-zone).
 */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/**
 * "Today" at the office: the calendar day it is now in the institution's time zone (an IANA name).
 * Every date-only rule (OPT windows, unemployment days, an I-20's issue date, deadlines) compares with
 * this day, never with UTC's, which turns over at 7 or 8 pm on the U.S. east coast.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateOnlyIn(now, { timeZone });
}

/** The IANA time zones this runtime knows (Intl.supportedValuesOf), sorted; the list a zone is chosen from. */
export function knownTimeZones(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

/** Whether `name` is one of the IANA zones this runtime knows (exactly as listed, e.g. 'America/New_York'). */
export function isKnownTimeZone(name: string): boolean {
  return knownTimeZones().includes(name);
}

/** A date-only value ('YYYY-MM-DD') naming a real calendar day within 1753-01-01 and 9999-12-31, read from its parts. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  return !!m && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A date typed as MM/DD/YYYY → 'YYYY-MM-DD', or null when it is not a real day within the bounds. */
export function parseUsDate(text: string): string | null {
  const m = US_DATE.exec(text.trim());
  if (!m) return null;
  const [, mm = '', dd = '', yyyy = ''] = m;
  return isRealDay(Number(yyyy), Number(mm), Number(dd)) ? `${yyyy}-${mm}-${dd}` : null;
}
