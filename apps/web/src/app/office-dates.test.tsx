// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandingQueryKey, DEFAULT_BRANDING } from './branding';
import { formatDay, officeDates, useFormatDates } from './office-dates';

// Timestamps read in the office's time zone (its branding), whatever zone the browser runs in
// (docs/product/ui.md#dates, docs/product/institutions.md#time-zone). 2028 is a leap year: 23:30 on
// Feb 29 in Los Angeles (PST, UTC-8) is 07:30 UTC on Mar 1.
const LATE_ON_LEAP_DAY = '2028-03-01T07:30:00.000Z';

const savedTz = process.env.TZ;
beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

/** The formatters a component of the office `timeZone` gets, in a browser running in `viewerTz`. */
function formattersIn(timeZone: string, viewerTz: string) {
  process.env.TZ = viewerTz;
  const client = new QueryClient();
  client.setQueryData(brandingQueryKey, { ...DEFAULT_BRANDING, timeZone });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useFormatDates(), { wrapper }).result.current;
}

describe('useFormatDates', () => {
  it('office in Los Angeles, reader in UTC: 23:30 on Feb 29 stays on Feb 29, with PST beside it', () => {
    const dates = formattersIn('America/Los_Angeles', 'UTC');
    // The reader's own clock already says Mar 1, 07:30.
    expect(new Date(LATE_ON_LEAP_DAY).getDate()).toBe(1);
    expect(dates.timeZone).toBe('America/Los_Angeles');
    expect(dates.formatDateTime(LATE_ON_LEAP_DAY)).toBe('02/29/2028 23:30 PST');
    expect(dates.formatDate(LATE_ON_LEAP_DAY)).toBe('02/29/2028');
    expect(dates.formatTime(LATE_ON_LEAP_DAY)).toBe('23:30 PST');
    expect(dates.dayOf(LATE_ON_LEAP_DAY)).toBe('2028-02-29');
    // Half an hour later it is the office's Mar 1.
    expect(dates.formatDateTime('2028-03-01T08:00:00.000Z')).toBe('03/01/2028 00:00 PST');
    expect(dates.dayOf('2028-03-01T08:00:00.000Z')).toBe('2028-03-01');
  });

  it('office in UTC, reader in Los Angeles: the same instant is Mar 1 at the office', () => {
    const dates = formattersIn('UTC', 'America/Los_Angeles');
    // The reader's own clock still says Feb 29, 23:30.
    expect(new Date(LATE_ON_LEAP_DAY).getDate()).toBe(29);
    expect(dates.formatDateTime(LATE_ON_LEAP_DAY)).toBe('03/01/2028 07:30 UTC');
    expect(dates.formatDate(LATE_ON_LEAP_DAY)).toBe('03/01/2028');
    expect(dates.dayOf(LATE_ON_LEAP_DAY)).toBe('2028-03-01');
  });

  it('office in Chicago, reader in Tokyo: daylight time is named CDT', () => {
    const dates = formattersIn('America/Chicago', 'Asia/Tokyo');
    // 23:30 CDT on Jul 4 is 13:30 on Jul 5 in Tokyo.
    expect(dates.formatDateTime('2028-07-05T04:30:00.000Z')).toBe('07/04/2028 23:30 CDT');
  });

  it('a date-only value is its own day in every zone, never moved by the reader’s', () => {
    for (const viewer of ['UTC', 'America/Los_Angeles', 'Pacific/Honolulu', 'Asia/Tokyo']) {
      const dates = formattersIn('America/New_York', viewer);
      expect(dates.formatDate('2028-02-29')).toBe('02/29/2028');
      expect(dates.formatDateTime('2028-02-29')).toBe('02/29/2028');
      expect(dates.formatTime('2028-02-29')).toBe('');
      expect(dates.dayOf('2028-02-29')).toBe('2028-02-29');
      expect(formatDay('2028-02-29')).toBe('02/29/2028');
    }
  });

  it('answers empty for nothing and for what is not a date', () => {
    const dates = formattersIn('America/Chicago', 'UTC');
    for (const v of [null, undefined, '', 'garbage']) {
      expect(dates.formatDate(v)).toBe('');
      expect(dates.formatDateTime(v)).toBe('');
      expect(dates.formatTime(v)).toBe('');
      expect(dates.dayOf(v)).toBe('');
    }
  });
});

describe('officeDates', () => {
  it("today is the office's day: 23:30 on Feb 29 in Los Angeles, Mar 1 from its midnight", () => {
    process.env.TZ = 'UTC';
    const la = officeDates('America/Los_Angeles');
    expect(la.today(new Date(LATE_ON_LEAP_DAY))).toBe('2028-02-29');
    expect(la.today(new Date('2028-03-01T08:00:00.000Z'))).toBe('2028-03-01');
  });

  it("bounds an office day by the instants of its midnights there, whatever the reader's zone", () => {
    for (const viewer of ['UTC', 'Asia/Tokyo']) {
      process.env.TZ = viewer;
      expect(officeDates('America/Los_Angeles').dayBounds('2028-02-29')).toEqual({
        start: '2028-02-29T08:00:00.000Z',
        end: '2028-03-01T08:00:00.000Z',
      });
    }
    // The day daylight time starts has 23 hours.
    expect(officeDates('America/Chicago').dayBounds('2028-03-12')).toEqual({
      start: '2028-03-12T06:00:00.000Z',
      end: '2028-03-13T05:00:00.000Z',
    });
  });
});

describe('formatDay', () => {
  it('formats date-only values only: a timestamp needs the office zone', () => {
    expect(formatDay('2028-02-29')).toBe('02/29/2028');
    expect(formatDay(LATE_ON_LEAP_DAY)).toBe('');
    expect(formatDay(null)).toBe('');
  });
});
