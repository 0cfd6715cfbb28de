// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { jBars, sixYearTracking, type scholarsApi, type TStatusPeriod } from '@meridian/domain';
import { ScholarTimePanel } from './scholar-time-panel';

afterEach(cleanup);

const ID = '00000000-0000-4000-8000-000000000001';
const base: scholarsApi.TScholarTimeTracking = {
  applicationId: ID,
  processedState: 'J-1',
  today: '2026-11-25',
  endDate: { processedEndDate: null, daysLeft: null, offsets: [60, 30], dueOffsets: [], isEndingSoon: false },
  sixYear: null,
  jBars: null,
  periods: [],
  trips: [],
};

/** The panel as the office sees it, fed with what the server computes from the domain rules. */
function show(t: scholarsApi.TScholarTimeTracking) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['scholars', 'time-tracking', ID], t);
  render(
    <QueryClientProvider client={client}>
      <ScholarTimePanel applicationId={ID} />
    </QueryClientProvider>,
  );
}

describe('the time tracking panel', () => {
  // 22 CFR 62.20(d)(2) and 62.20(i)(2).
  it('shows the J presences reaching into the twelve months, the earliest allowed starts and an unconfirmed J-2 period', () => {
    const periods: TStatusPeriod[] = [
      { status: 'J-2', from: '2023-01-01', to: '2025-01-31' },
      { status: 'J-1', from: '2025-01-01', to: '2026-01-04', category: 'STUDENT' },
    ];
    show({ ...base, jBars: { category: 'PROFESSOR', programStart: '2027-01-04', ...jBars(periods, '2027-01-04', 'PROFESSOR') } });
    expect(screen.getByText('01/04/2026 – 01/03/2027')).toBeTruthy();
    expect(screen.getByText('01/01/2023 – 01/04/2026 (1100 days)')).toBeTruthy();
    expect(screen.getByText(/earliest allowed start 01\/05\/2027/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      "J-2 period 01/01/2023 – 01/31/2025 does not say the J-1's category. If the J-1 was a Professor or Research Scholar, the 24-month bar applies to the dependant too: earliest allowed start 02/01/2027.",
    );
  });
  it('says a short presence is exempt and names a prior program as a J-2 dependant', () => {
    const periods: TStatusPeriod[] = [
      { status: 'J-2', from: '2024-01-01', to: '2025-06-30', category: 'RESEARCH SCHOLAR' },
      { status: 'J-1', from: '2026-03-01', to: '2026-08-30', category: 'TRAINEE' },
    ];
    show({
      ...base,
      jBars: { category: 'RESEARCH SCHOLAR', programStart: '2027-01-04', ...jBars(periods, '2027-01-04', 'RESEARCH SCHOLAR') },
    });
    expect(screen.getByText('03/01/2026 – 08/30/2026 (183 days, under six months: exempt)')).toBeTruthy();
    expect(screen.getByText('Not barred')).toBeTruthy();
    expect(
      screen.getByText(
        /earliest allowed start 07\/01\/2027 \(prior Professor\/Research Scholar program as a J-2 dependant ended 06\/30\/2025\)/,
      ),
    ).toBeTruthy();
  });
  // 8 CFR 214.2(h)(13)(iii)(A); USCIS memo of December 5, 2006.
  it('shows H-4 time as not counted toward the six years', () => {
    const sixYear = sixYearTracking(
      [
        { status: 'H-4', from: '2018-01-01', to: '2019-12-31' },
        { status: 'H-1B', from: '2020-01-01', to: '2027-12-31' },
      ],
      [],
      '2025-12-30',
    );
    show({ ...base, processedState: 'H-1B', sixYear });
    expect(screen.getByText('H-4 / L-2 time (not counted)')).toBeTruthy();
    expect(screen.getByText('730 days')).toBeTruthy();
    expect(screen.getByText('01/01/2020')).toBeTruthy();
    expect(screen.getByText('12/31/2025')).toBeTruthy();
  });
});
