import { describe, expect, it } from 'vitest';
import { institutionsApi } from '../index.js';
import { isCalendarDate, isKnownTimeZone, todayIn } from './dates.js';
import { optFilingWindow } from './deadlines.js';

// "Today" is the office's calendar day in its time zone (docs/product/institutions.md#time-zone): at
// 23:30 in Los Angeles or New York it is still that day there, while UTC has already moved on.
// 2024 is a leap year: 23:30 on Feb 29 in Los Angeles is 07:30 UTC on Mar 1.
const at = (iso: string) => new Date(iso);

describe('todayIn', () => {
  it('is the day in Los Angeles at 23:30 Pacific, and the next day from midnight', () => {
    expect(todayIn('America/Los_Angeles', at('2024-03-01T07:30:00Z'))).toBe('2024-02-29');
    expect(todayIn('America/Los_Angeles', at('2024-03-01T08:30:00Z'))).toBe('2024-03-01');
    expect(todayIn('America/Los_Angeles', at('2024-02-29T07:30:00Z'))).toBe('2024-02-28');
    expect(todayIn('America/Los_Angeles', at('2024-02-29T08:30:00Z'))).toBe('2024-02-29');
  });

  it('is the day in New York at 23:30 Eastern, and the next day from midnight', () => {
    expect(todayIn('America/New_York', at('2024-03-01T04:30:00Z'))).toBe('2024-02-29');
    expect(todayIn('America/New_York', at('2024-03-01T05:30:00Z'))).toBe('2024-03-01');
    // Daylight saving time: 23:30 EDT on Jul 4 is 03:30 UTC on Jul 5.
    expect(todayIn('America/New_York', at('2024-07-05T03:30:00Z'))).toBe('2024-07-04');
    expect(todayIn('America/New_York', at('2024-07-05T04:30:00Z'))).toBe('2024-07-05');
  });

  it('in a year without Feb 29 goes from Feb 28 to Mar 1', () => {
    expect(todayIn('America/Los_Angeles', at('2023-03-01T07:30:00Z'))).toBe('2023-02-28');
    expect(todayIn('America/Los_Angeles', at('2023-03-01T08:30:00Z'))).toBe('2023-03-01');
  });
});

describe('optFilingWindow on the office day (8 CFR 214.2(f)(11)(i)(B)(1): no later than 60 days after the program end)', () => {
  // Program end Dec 31, 2023: the 60th day after it is Feb 29, 2024, the window's last day.
  const end = '2023-12-31';

  it('is still open at 23:30 Pacific on its last day (UTC already says Mar 1: closed)', () => {
    const w = optFilingWindow(end, todayIn('America/Los_Angeles', at('2024-03-01T07:30:00Z')));
    expect(w).toMatchObject({ closesOn: '2024-02-29', status: 'open', daysLeft: 0 });
    expect(optFilingWindow(end, '2024-03-01').status).toBe('closed');
  });

  it('is closed from 00:30 Pacific on the next day', () => {
    expect(optFilingWindow(end, todayIn('America/Los_Angeles', at('2024-03-01T08:30:00Z')))).toMatchObject({
      status: 'closed',
      daysLeft: -1,
    });
  });

  it('in New York: open at 23:30 Eastern on Feb 29, closed at 00:30 on Mar 1', () => {
    expect(optFilingWindow(end, todayIn('America/New_York', at('2024-03-01T04:30:00Z'))).status).toBe('open');
    expect(optFilingWindow(end, todayIn('America/New_York', at('2024-03-01T05:30:00Z'))).status).toBe('closed');
  });

  it('opens 90 days before the program end: at 23:30 Pacific the day before it is not open yet', () => {
    // 90 days before Dec 31, 2023 is Oct 2, 2023; 23:30 Pacific on Oct 1 (PDT) is 06:30 UTC on Oct 2.
    expect(optFilingWindow(end, todayIn('America/Los_Angeles', at('2023-10-02T06:30:00Z')))).toMatchObject({
      opensOn: '2023-10-02',
      status: 'not_open',
    });
    expect(optFilingWindow(end, todayIn('America/Los_Angeles', at('2023-10-02T07:30:00Z'))).status).toBe('open');
  });
});

describe('the office time zone setting', () => {
  it('takes IANA names the runtime knows and refuses abbreviations, offsets and typos with the field message', () => {
    for (const ok of ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Pacific/Honolulu']) {
      expect(isKnownTimeZone(ok), ok).toBe(true);
      expect(institutionsApi.ZTimeZone.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['EST', 'GMT-5', 'America/New York', 'Mars/Olympus_Mons']) {
      const r = institutionsApi.ZTimeZone.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message, bad).toBe(institutionsApi.TIME_ZONE_UNKNOWN);
    }
  });
});

describe('isCalendarDate', () => {
  it('reads a date-only value from its parts: Feb 29 only in leap years', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-30')).toBe(false);
    expect(isCalendarDate('1752-12-31')).toBe(false);
    expect(isCalendarDate('2024-2-29')).toBe(false);
  });
});
