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

/** MM/DD/YYYY HH:mm (24-hour) of a timestamp in `timeZone`, for logs; a date-only value shows its date alone. */
export function formatDateTime(value: string | Date | null | undefined, options: TDateFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) return formatDate(value);
  const instant = toInstant(value);
  if (!instant) return '';
  const p = partsIn(instant, options.timeZone);
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}`;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`: what "today" means there. */
export function dateOnlyIn(instant: Date, options: TDateFormatOptions = {}): string {
  const p = partsIn(instant, options.timeZone);
  return `${p.year}-${p.month}-${p.day}`;
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
