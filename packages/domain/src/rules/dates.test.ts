import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOnlyIn, formatDate, formatDateTime, formatTime, isDateOnly, parseUsDate, startOfDayIn, zoneNameAt } from './dates.js';

// West of UTC is where a date-only value read through `new Date()` falls on the day before: run these
// in Los Angeles whatever the machine's own zone (Node applies a changed TZ at once).
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('formatDate', () => {
  it('runs west of UTC, where the old formatter showed the day before', () => {
    expect(new Date(2024, 0, 15).getTimezoneOffset()).toBe(480);
    const d = new Date('2024-02-29');
    expect(`${d.getMonth() + 1}/${d.getDate()}`).toBe('2/28');
  });

  it('formats date-only values from their parts', () => {
    expect(formatDate('2024-02-29')).toBe('02/29/2024');
    expect(formatDate('2024-12-31')).toBe('12/31/2024');
    expect(formatDate('2025-01-01')).toBe('01/01/2025');
    expect(formatDate('1753-01-01')).toBe('01/01/1753');
    expect(formatDate('9999-12-31')).toBe('12/31/9999');
  });

  it('formats a timestamp as its day in the given time zone', () => {
    // 23:30 on New Year's Eve in Los Angeles is already 07:30 on Jan 1 in UTC.
    const lateEvening = '2025-01-01T07:30:00.000Z';
    expect(formatDate(lateEvening, { timeZone: 'America/Los_Angeles' })).toBe('12/31/2024');
    expect(formatDate(lateEvening, { timeZone: 'America/New_York' })).toBe('01/01/2025');
    expect(formatDate(lateEvening, { timeZone: 'UTC' })).toBe('01/01/2025');
    // Without a zone: the runtime's own (Los Angeles here).
    expect(formatDate(lateEvening)).toBe('12/31/2024');
    expect(formatDate(new Date(2024, 11, 31, 23, 30))).toBe('12/31/2024');
  });

  it('answers empty for nothing and for what is not a date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows a timestamp with a 24-hour time in the given zone', () => {
    expect(formatDateTime('2025-01-01T07:30:00.000Z', { timeZone: 'America/Los_Angeles' })).toBe('12/31/2024 23:30');
    expect(formatDateTime('2025-01-01T07:30:00.000Z', { timeZone: 'UTC' })).toBe('01/01/2025 07:30');
    expect(formatDateTime('2024-03-01T08:05:00.000Z', { timeZone: 'America/Los_Angeles' })).toBe('03/01/2024 00:05');
    expect(formatDateTime(new Date(2024, 11, 31, 23, 30))).toBe('12/31/2024 23:30');
  });

  it('shows a date-only value as its date alone', () => {
    expect(formatDateTime('2024-02-29')).toBe('02/29/2024');
  });

  it('answers empty for nothing', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });
});

describe('formatTime and the zone name', () => {
  // 2028 is a leap year: 23:30 on Feb 29 in Los Angeles (PST, UTC-8) is 07:30 UTC on Mar 1.
  const leapNight = '2028-03-01T07:30:00.000Z';

  it('shows HH:mm in the given zone, with its short name when asked', () => {
    expect(formatTime(leapNight, { timeZone: 'America/Los_Angeles' })).toBe('23:30');
    expect(formatTime(leapNight, { timeZone: 'America/Los_Angeles', withZone: true })).toBe('23:30 PST');
    expect(formatTime(leapNight, { timeZone: 'UTC', withZone: true })).toBe('07:30 UTC');
    expect(formatDateTime(leapNight, { timeZone: 'America/Los_Angeles', withZone: true })).toBe('02/29/2028 23:30 PST');
    expect(formatDateTime(leapNight, { timeZone: 'America/Chicago', withZone: true })).toBe('03/01/2028 01:30 CST');
  });

  it('names daylight time and zones without a U.S. abbreviation', () => {
    expect(zoneNameAt(new Date('2028-07-04T12:00:00Z'), 'America/Chicago')).toBe('CDT');
    expect(zoneNameAt(new Date('2028-01-04T12:00:00Z'), 'America/Chicago')).toBe('CST');
    expect(zoneNameAt(new Date('2028-01-04T12:00:00Z'), 'Europe/Paris')).toBe('GMT+1');
  });

  it('answers empty for nothing, a date-only value and what is not a date', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime('2028-02-29')).toBe('');
    expect(formatTime('garbage')).toBe('');
  });
});

describe('startOfDayIn', () => {
  it("is the day's midnight in the zone, as an instant", () => {
    expect(startOfDayIn('2028-02-29', { timeZone: 'America/Los_Angeles' }).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(startOfDayIn('2028-03-01', { timeZone: 'America/Los_Angeles' }).toISOString()).toBe('2028-03-01T08:00:00.000Z');
    expect(startOfDayIn('2028-02-29', { timeZone: 'America/New_York' }).toISOString()).toBe('2028-02-29T05:00:00.000Z');
    expect(startOfDayIn('2028-02-29', { timeZone: 'Asia/Tokyo' }).toISOString()).toBe('2028-02-28T15:00:00.000Z');
    expect(startOfDayIn('2028-02-29', { timeZone: 'UTC' }).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('follows daylight saving time on both sides of the change', () => {
    // 2028: daylight time starts Mar 12 and ends Nov 5 in the U.S.; Mar 26 in Europe.
    expect(startOfDayIn('2028-03-12', { timeZone: 'America/Los_Angeles' }).toISOString()).toBe('2028-03-12T08:00:00.000Z');
    expect(startOfDayIn('2028-03-13', { timeZone: 'America/Los_Angeles' }).toISOString()).toBe('2028-03-13T07:00:00.000Z');
    expect(startOfDayIn('2028-11-05', { timeZone: 'America/Los_Angeles' }).toISOString()).toBe('2028-11-05T07:00:00.000Z');
    expect(startOfDayIn('2028-11-06', { timeZone: 'America/Los_Angeles' }).toISOString()).toBe('2028-11-06T08:00:00.000Z');
    expect(startOfDayIn('2028-03-27', { timeZone: 'Europe/Berlin' }).toISOString()).toBe('2028-03-26T22:00:00.000Z');
  });

  it('is the first minute after a jump that skips midnight (Santiago, Sep 3 2028)', () => {
    const start = startOfDayIn('2028-09-03', { timeZone: 'America/Santiago' });
    expect(formatDateTime(start, { timeZone: 'America/Santiago' })).toBe('09/03/2028 01:00');
    expect(dateOnlyIn(new Date(start.getTime() - 60_000), { timeZone: 'America/Santiago' })).toBe('2028-09-02');
  });

  it('refuses what is not a date-only value', () => {
    expect(() => startOfDayIn('2028-02-29T00:00:00Z')).toThrow(RangeError);
  });
});

describe('dateOnlyIn', () => {
  it('gives the calendar day an instant falls on in a zone', () => {
    const instant = new Date('2025-01-01T07:30:00.000Z');
    expect(dateOnlyIn(instant, { timeZone: 'America/Los_Angeles' })).toBe('2024-12-31');
    expect(dateOnlyIn(instant, { timeZone: 'Asia/Tokyo' })).toBe('2025-01-01');
    expect(dateOnlyIn(new Date(2024, 1, 29, 23, 30))).toBe('2024-02-29');
  });
});

describe('parseUsDate and isDateOnly', () => {
  it('reads real days within the bounds', () => {
    expect(parseUsDate('02/29/2024')).toBe('2024-02-29');
    expect(parseUsDate(' 12/31/9999 ')).toBe('9999-12-31');
    expect(parseUsDate('02/29/2023')).toBeNull();
    expect(parseUsDate('13/01/2024')).toBeNull();
    expect(parseUsDate('12/31/1752')).toBeNull();
    expect(parseUsDate('2024-02-29')).toBeNull();
  });

  it('tells date-only values from timestamps', () => {
    expect(isDateOnly('2024-02-29')).toBe(true);
    expect(isDateOnly('2024-02-29T00:00:00Z')).toBe(false);
  });
});
