import { describe, expect, it } from 'vitest';
import {
  countsTowardSixYears,
  endDateAlert,
  isEndingSoon,
  jBars,
  normalizeFormDate,
  readImmigrationHistory,
  sixYearTracking,
  type TStatusPeriod,
} from './scholar-time.js';

const h = (from: string, to: string, status = 'H-1B'): TStatusPeriod => ({ status, from, to });

describe('endDateAlert', () => {
  const offsets = [60, 30];
  it('is not due 61 days before the end, due at 60 on the day and until the end date itself', () => {
    expect(endDateAlert('2027-03-02', '2026-12-31', offsets)).toEqual({ daysLeft: 61, dueOffsets: [] });
    expect(endDateAlert('2027-03-02', '2027-01-01', offsets)).toEqual({ daysLeft: 60, dueOffsets: [60] });
    expect(endDateAlert('2027-03-02', '2027-01-31', offsets)).toEqual({ daysLeft: 30, dueOffsets: [30, 60] });
    expect(endDateAlert('2027-03-02', '2027-03-02', offsets)).toEqual({ daysLeft: 0, dueOffsets: [30, 60] });
    expect(endDateAlert('2027-03-02', '2027-03-03', offsets)).toEqual({ daysLeft: -1, dueOffsets: [] });
  });
  it('counts across a leap day (Feb 29 2028)', () => {
    expect(endDateAlert('2028-03-30', '2028-02-29', offsets).daysLeft).toBe(30);
    expect(endDateAlert('2028-03-30', '2028-02-28', offsets).dueOffsets).toEqual([60]);
  });
  it('takes each configured offset once, whatever their order', () => {
    expect(endDateAlert('2027-01-10', '2027-01-01', [30, 90, 30, 10]).dueOffsets).toEqual([10, 30, 90]);
  });
  it('ending soon: within the largest offset, not after the end, nothing without a date', () => {
    expect(isEndingSoon('2027-03-02', '2027-01-01', offsets)).toBe(true);
    expect(isEndingSoon('2027-03-02', '2026-12-31', offsets)).toBe(false);
    expect(isEndingSoon('2027-03-02', '2027-03-03', offsets)).toBe(false);
    expect(isEndingSoon(null, '2027-03-03', offsets)).toBe(false);
  });
});

describe('reading the immigration history', () => {
  it('reads MM/DD/YYYY and ISO dates, the old product field names and plain ones, and leaves out impossible rows', () => {
    const r = readImmigrationHistory({
      objImmigrantHistory: [{ subjectName: 'H-1B', periodofStayFromDate: '01/15/2020', periodofStayToDate: '01/14/2023' }],
      immigrationHistory: [
        { status: 'J-1', from: '2018-01-01', to: '2018-12-31', category: 'research scholar' },
        { status: 'H-1B', from: '02/30/2020', to: '03/01/2020' },
        { status: 'L-1', from: '2020-05-01', to: '2020-04-01' },
        { status: '', from: '2020-05-01', to: '2020-06-01' },
      ],
      tripsOutsideUs: [
        { departureDate: '06/01/2021', returnDate: '06/20/2021' },
        { departureDate: 'soon', returnDate: '06/20/2021' },
      ],
    });
    expect(r.periods).toEqual([
      { status: 'J-1', from: '2018-01-01', to: '2018-12-31', category: 'RESEARCH SCHOLAR' },
      { status: 'H-1B', from: '2020-01-15', to: '2023-01-14' },
    ]);
    expect(r.trips).toEqual([{ departure: '2021-06-01', return: '2021-06-20' }]);
    // The J-1 form's prior J status: J-1 periods with their category, J-2 when so named.
    expect(
      readImmigrationHistory({
        priorJStatus: [
          { category: 'Research Scholar', fromDate: '01/01/2024', toDate: '06/30/2025' },
          { category: 'J-2', fromDate: '2020-01-01', toDate: '2020-12-31' },
        ],
      }).periods,
    ).toEqual([
      { status: 'J-1', from: '2024-01-01', to: '2025-06-30', category: 'RESEARCH SCHOLAR' },
      { status: 'J-2', from: '2020-01-01', to: '2020-12-31', category: 'J-2' },
    ]);
    // The H-1B form's rows: subjectName is the name on the record, status the status.
    expect(
      readImmigrationHistory({
        immigrationHistory: [
          { subjectName: 'Hiro Tanaka', status: 'H-1B', periodofStayFromDate: '2020-09-01', periodofStayToDate: '2022-08-31' },
        ],
      }).periods,
    ).toEqual([{ status: 'H-1B', from: '2020-09-01', to: '2022-08-31' }]);
    expect(normalizeFormDate('02/29/2028')).toBe('2028-02-29');
    expect(normalizeFormDate('02/29/2027')).toBeNull();
  });
  it('counts H and L statuses toward six years, not others', () => {
    for (const s of ['H-1B', 'H1B', 'H-1BExtension', 'H-4', 'L-1A', 'L-1B', 'L-2', 'l-1']) expect(countsTowardSixYears(s), s).toBe(true);
    for (const s of ['J-1', 'O-1', 'F-1', 'B-2', 'TN']) expect(countsTowardSixYears(s), s).toBe(false);
  });
});

describe('H-1B six-year maximum', () => {
  it('exactly six years: 2192 days from 01/01/2020 (two leap days) reach the limit on 12/31/2025', () => {
    const t = sixYearTracking([h('2020-01-01', '2025-12-31')], [], '2025-12-31');
    expect(t).toMatchObject({
      firstDay: '2020-01-01',
      limitDays: 2192,
      usedDays: 2192,
      remainingDays: 0,
      isMaxedOut: true,
      maxOutDate: '2025-12-31',
    });
    const dayBefore = sixYearTracking([h('2020-01-01', '2025-12-31')], [], '2025-12-30');
    expect(dayBefore).toMatchObject({ usedDays: 2191, remainingDays: 1, isMaxedOut: false, maxOutDate: '2025-12-31' });
  });
  it('a start on a leap day: six years run to 02/28/2030 (2191 days)', () => {
    const t = sixYearTracking([h('2024-02-29', '2030-12-31')], [], '2024-02-29');
    expect(t.limitDays).toBe(2191);
    expect(t.usedDays).toBe(1);
    // The sixth anniversary is 02/28/2030; the last day in status is the day before it.
    expect(t.maxOutDate).toBe('2030-02-27');
    expect(sixYearTracking([h('2024-02-29', '2030-12-31')], [], '2030-02-26')).toMatchObject({
      remainingDays: 1,
      maxOutDate: '2030-02-27',
    });
    expect(sixYearTracking([h('2024-02-29', '2030-12-31')], [], '2030-02-27')).toMatchObject({
      remainingDays: 0,
      isMaxedOut: true,
      maxOutDate: '2030-02-27',
    });
  });
  it('overlapping and adjacent periods count each day once; L time counts too', () => {
    const t = sixYearTracking(
      [h('2021-01-01', '2021-12-31'), h('2021-07-01', '2022-06-30', 'L-1'), h('2022-07-01', '2022-07-31')],
      [],
      '2030-01-01',
    );
    expect(t.usedDays).toBe(365 + 181 + 31);
  });
  it('only days up to the as-of date are used; a future period is not yet time used', () => {
    const t = sixYearTracking([h('2026-01-01', '2028-12-31')], [], '2026-01-10');
    expect(t.usedDays).toBe(10);
    expect(t.maxOutDate).toBe('2031-12-31');
    const future = sixYearTracking([h('2027-01-01', '2029-12-31')], [], '2026-06-01');
    expect(future).toMatchObject({ usedDays: 0, remainingDays: 2192, maxOutDate: '2032-12-31' });
  });
  it('recaptures whole days outside the US; departure and return days are days in the US', () => {
    const t = sixYearTracking([h('2020-01-01', '2025-12-31')], [{ departure: '2021-03-01', return: '2021-03-12' }], '2025-12-31');
    expect(t.recapturedDays).toBe(10);
    expect(t.usedDays).toBe(2182);
    expect(t.remainingDays).toBe(10);
    expect(t.maxOutDate).toBe('2026-01-10');
    // Out one day and back the next: nothing to recapture.
    expect(
      sixYearTracking([h('2020-01-01', '2020-12-31')], [{ departure: '2020-05-01', return: '2020-05-02' }], '2020-12-31').recapturedDays,
    ).toBe(0);
  });
  it('a trip partly outside the periods recaptures only the days inside them', () => {
    const periods = [h('2020-01-01', '2020-06-30'), h('2020-08-01', '2020-12-31')];
    // Away 06/21..07/09 (return 07/10): 06/21..06/30 inside (10 days), July is outside any period.
    const t = sixYearTracking(periods, [{ departure: '2020-06-20', return: '2020-07-10' }], '2020-12-31');
    expect(t.recapturedDays).toBe(10);
    expect(t.usedDays).toBe(182 + 153 - 10);
  });
  it('past the limit: the day it was reached, and how far over', () => {
    const t = sixYearTracking([h('2019-01-01', '2026-06-30')], [{ departure: '2020-01-01', return: '2020-01-12' }], '2026-06-30');
    expect(t.isMaxedOut).toBe(true);
    expect(t.remainingDays).toBeLessThan(0);
    // 2192 days from 01/01/2019 end on 12/31/2024; the 10 days away push it to 01/10/2025.
    expect(t.maxOutDate).toBe('2025-01-10');
  });
  it('no H or L time: nothing to track', () => {
    expect(sixYearTracking([h('2020-01-01', '2021-01-01', 'J-1')], [], '2022-01-01')).toMatchObject({
      firstDay: null,
      usedDays: 0,
      maxOutDate: null,
      isMaxedOut: false,
    });
  });
});

describe('J-1 12- and 24-month bars', () => {
  const j = (from: string, to: string, category = 'RESEARCH SCHOLAR'): TStatusPeriod => ({ status: 'J-1', from, to, category });
  it('12-month bar: 182 days of J status in the 12 months before the start do not bar, 183 do', () => {
    // Window for a 2027-01-01 start: 2026-01-01 .. 2026-12-31.
    const notBarred = jBars([j('2026-07-03', '2026-12-31', 'TRAINEE')], '2027-01-01', 'PROFESSOR');
    expect(notBarred.twelveMonth).toMatchObject({
      daysInWindow: 182,
      windowFrom: '2026-01-01',
      windowTo: '2026-12-31',
      isBarred: false,
      barEndsOn: null,
    });
    const barred = jBars([j('2026-07-02', '2026-12-31', 'TRAINEE')], '2027-01-01', 'RESEARCH SCHOLAR');
    expect(barred.twelveMonth.daysInWindow).toBe(183);
    expect(barred.twelveMonth.isBarred).toBe(true);
    // The window moves with a later start; 07/03/2027 is the first whose window no longer holds 07/02/2026.
    expect(barred.twelveMonth.barEndsOn).toBe('2027-07-03');
  });
  it('12-month bar: J status outside the window, short-term scholar time and other categories do not bar', () => {
    expect(jBars([j('2025-01-01', '2025-12-31')], '2027-01-01', 'PROFESSOR').twelveMonth.isBarred).toBe(false);
    expect(jBars([j('2026-01-01', '2026-12-31', 'SHORT-TERM SCHOLAR')], '2027-01-01', 'PROFESSOR').twelveMonth.isBarred).toBe(false);
    const st = jBars([j('2026-01-01', '2026-12-31', 'TRAINEE')], '2027-01-01', 'SHORT-TERM SCHOLAR');
    expect(st.applies).toBe(false);
    expect(st.twelveMonth.isBarred).toBe(false);
    // J-2 time counts.
    expect(jBars([{ status: 'J-2', from: '2026-01-01', to: '2026-12-31' }], '2027-01-01', 'PROFESSOR').twelveMonth.isBarred).toBe(true);
  });
  it('12-month bar across a leap year window', () => {
    // Window for a 2028-03-01 start: 2027-03-01 .. 2028-02-29 (366 days); the last 183 days bar.
    const r = jBars([j('2027-08-31', '2028-02-29', 'INTERN')], '2028-03-01', 'PROFESSOR');
    expect(r.twelveMonth.windowFrom).toBe('2027-03-01');
    expect(r.twelveMonth.daysInWindow).toBe(183);
    expect(r.twelveMonth.isBarred).toBe(true);
  });
  it('24-month bar: barred until the day after 24 months from the prior Professor/Research Scholar program end', () => {
    const prior = [j('2023-01-01', '2025-06-30')];
    expect(jBars(prior, '2027-06-30', 'PROFESSOR').twentyFourMonth).toEqual({
      priorProgramEnd: '2025-06-30',
      isBarred: true,
      barEndsOn: '2027-07-01',
    });
    expect(jBars(prior, '2027-07-01', 'PROFESSOR').twentyFourMonth).toEqual({
      priorProgramEnd: '2025-06-30',
      isBarred: false,
      barEndsOn: null,
    });
    // A short-term scholar program is exempt; so is a prior program in another category.
    expect(jBars(prior, '2026-01-01', 'SHORT-TERM SCHOLAR').twentyFourMonth.isBarred).toBe(false);
    expect(jBars([j('2023-01-01', '2025-06-30', 'TRAINEE')], '2026-01-01', 'PROFESSOR').twentyFourMonth.isBarred).toBe(false);
  });
  it('24-month bar from a prior program ending on a leap day', () => {
    expect(jBars([j('2026-01-01', '2028-02-29')], '2030-02-28', 'RESEARCH SCHOLAR').twentyFourMonth).toEqual({
      priorProgramEnd: '2028-02-29',
      isBarred: true,
      barEndsOn: '2030-03-01',
    });
  });
});
