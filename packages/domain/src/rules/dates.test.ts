import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOnlyIn, formatDate, formatDateTime, isDateOnly, parseUsDate } from './dates.js';

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
