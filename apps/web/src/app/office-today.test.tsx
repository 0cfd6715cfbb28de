// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateStudentRequestData } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from './branding';
import { useOfficeToday } from './office-today';

// The browser's "today" is the office's calendar day in the institution's zone (from its branding),
// whatever zone the browser itself runs in (docs/product/institutions.md#time-zone). 2024 is a leap year.
beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function officeTodayAt(instant: string, timeZone: string): string {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
  const client = new QueryClient();
  client.setQueryData(brandingQueryKey, { ...DEFAULT_BRANDING, timeZone });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useOfficeToday(), { wrapper }).result.current();
}

describe('useOfficeToday', () => {
  it('Los Angeles: 23:30 on Feb 29 is Feb 29 (UTC says Mar 1); 00:30 is Mar 1', () => {
    expect(officeTodayAt('2024-03-01T07:30:00Z', 'America/Los_Angeles')).toBe('2024-02-29');
    expect(officeTodayAt('2024-03-01T08:30:00Z', 'America/Los_Angeles')).toBe('2024-03-01');
  });

  it('New York: 23:30 on Feb 28 is Feb 28; 00:30 is Feb 29', () => {
    expect(officeTodayAt('2024-02-29T04:30:00Z', 'America/New_York')).toBe('2024-02-28');
    expect(officeTodayAt('2024-02-29T05:30:00Z', 'America/New_York')).toBe('2024-02-29');
  });

  it("a student's form checks with it: a session ending today is accepted at 23:30 Pacific, yesterday is refused", () => {
    const today = officeTodayAt('2024-03-01T07:30:00Z', 'America/Los_Angeles');
    const context = { today, programStartDate: '2023-08-21', programEndDate: '2026-05-15', sessionEndDate: null };
    const check = (current_session_end_date: string) =>
      validateStudentRequestData('registration_request', { current_session_end_date }, context, 'draft').current_session_end_date;
    expect(check('2024-02-29')).toBeUndefined();
    expect(check('2024-02-28')).toBeDefined();
  });
});
