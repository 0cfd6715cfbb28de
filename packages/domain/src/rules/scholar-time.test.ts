import { describe, expect, it } from 'vitest';
import { dateOnlyIn } from './dates.js';
import {
  countsTowardSixYears,
  endDateAlert,
  isEndingSoon,
  jBars,
  normalizeFormDate,
  isSixMonthsOrMore,
  readImmigrationHistory,
  sixYearTracking,
  twelveMonthsBefore,
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
      { status: 'J-2', from: '2020-01-01', to: '2020-12-31' },
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
  // 8 CFR 214.2(h)(13)(iii)(A): time "under section 101(a)(15)(H) and/or (L)" counts; H-4 and L-2 dependants'
  // time does not (USCIS memo of December 5, 2006, AFM 31.2(d)).
  it('counts principal H and L statuses toward six years, not H-4, L-2 nor others', () => {
    for (const s of ['H-1B', 'H1B', 'H-1BExtension', 'H-1B1', 'H-2B', 'H-3', 'L-1A', 'L-1B', 'l-1', 'L 1']) {
      expect(countsTowardSixYears(s), s).toBe(true);
    }
    for (const s of ['H-4', 'H4', 'L-2', 'l2', 'J-1', 'O-1', 'F-1', 'B-2', 'TN']) expect(countsTowardSixYears(s), s).toBe(false);
  });
  it('reads a J-2 row naming the J-1 category (22 CFR 62.20(i)(2) applies to J-2 dependants of Professors and Research Scholars)', () => {
    const rows = [
      { category: 'J-2 Research Scholar', fromDate: '2020-01-01', toDate: '2020-12-31' },
      { category: 'J-2 (dependent of a professor)', fromDate: '2021-01-01', toDate: '2021-12-31' },
      { category: 'J2', fromDate: '2022-01-01', toDate: '2022-12-31' },
      { category: 'J-1 Short-Term Scholar', fromDate: '2023-01-01', toDate: '2023-03-31' },
    ];
    expect(readImmigrationHistory({ priorJStatus: rows }).periods).toEqual([
      { status: 'J-2', from: '2020-01-01', to: '2020-12-31', category: 'RESEARCH SCHOLAR' },
      { status: 'J-2', from: '2021-01-01', to: '2021-12-31', category: 'PROFESSOR' },
      { status: 'J-2', from: '2022-01-01', to: '2022-12-31' },
      { status: 'J-1', from: '2023-01-01', to: '2023-03-31', category: 'SHORT-TERM SCHOLAR' },
    ]);
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

describe('H-1B six-year maximum: dependants and recapture (8 CFR 214.2(h)(13)(iii)(A))', () => {
  // USCIS memo of December 5, 2006 (AFM 31.2(d)): H-4 / L-2 time does not count against the six years.
  it('H-4 time before the H-1B is left out: the six years start on the first H-1B day', () => {
    const periods = [h('2018-01-01', '2019-12-31', 'H-4'), h('2020-01-01', '2027-12-31')];
    const t = sixYearTracking(periods, [], '2025-12-31');
    expect(t).toMatchObject({ firstDay: '2020-01-01', limitDays: 2192, usedDays: 2192, dependentDays: 730, isMaxedOut: true });
    // The day before: one day left, max-out on the last day of the six years.
    expect(sixYearTracking(periods, [], '2025-12-30')).toMatchObject({ remainingDays: 1, maxOutDate: '2025-12-31', isMaxedOut: false });
  });
  it('takes "today" from the caller: at 23:30 in Los Angeles on the day before the limit, one day is left', () => {
    const periods = [h('2018-01-01', '2019-12-31', 'H-4'), h('2020-01-01', '2027-12-31')];
    const instant = new Date('2025-12-31T07:30:00Z'); // 12/30/2025 23:30 in America/Los_Angeles
    expect(sixYearTracking(periods, [], dateOnlyIn(instant, { timeZone: 'America/Los_Angeles' }))).toMatchObject({
      remainingDays: 1,
      isMaxedOut: false,
    });
    expect(sixYearTracking(periods, [], dateOnlyIn(instant, { timeZone: 'UTC' }))).toMatchObject({ remainingDays: 0, isMaxedOut: true });
  });
  it('L-2 then L-1 then H-1B: the L-1 counts, the L-2 does not', () => {
    const periods = [h('2019-01-01', '2019-12-31', 'L-2'), h('2020-01-01', '2020-12-31', 'L-1B'), h('2021-01-01', '2026-12-31')];
    const t = sixYearTracking(periods, [], '2021-01-01');
    expect(t).toMatchObject({ firstDay: '2020-01-01', usedDays: 367, dependentDays: 365 });
    // 2192 days from 01/01/2020 run to 12/31/2025.
    expect(t.maxOutDate).toBe('2025-12-31');
  });
  it('H-4 alongside an H-1B period is not counted twice nor as dependent time', () => {
    const t = sixYearTracking([h('2020-01-01', '2020-12-31'), h('2020-06-01', '2021-06-30', 'H-4')], [], '2021-06-30');
    expect(t).toMatchObject({ usedDays: 366, dependentDays: 181 });
  });
  it('only H-4 time: nothing used, the dependent days shown', () => {
    expect(sixYearTracking([h('2024-02-01', '2024-03-01', 'H-4')], [], '2028-01-01')).toMatchObject({
      firstDay: null,
      usedDays: 0,
      dependentDays: 30,
      maxOutDate: null,
    });
  });
  // Recapture (USCIS memo of October 21, 2005): whole days outside the U.S. during H/L time are given back,
  // across Feb 29 2028; the days of departure and return are days in the U.S.
  it('recaptures a trip spanning Feb 29 2028 in an L-1 period', () => {
    const periods = [h('2027-01-01', '2028-12-31', 'L-1A')];
    const t = sixYearTracking(periods, [{ departure: '2028-02-27', return: '2028-03-02' }], '2028-03-02');
    // Away 02/28, 02/29, 03/01: three days.
    expect(t.recapturedDays).toBe(3);
    expect(t.usedDays).toBe(365 + 62 - 3);
  });
});

describe('J-1 12-month bar (22 CFR 62.20(d)(2))', () => {
  const j = (from: string, to: string, category = 'RESEARCH SCHOLAR', status = 'J-1'): TStatusPeriod => ({ status, from, to, category });
  // "all or part of the twelve-month period immediately preceding the date of program commencement": the whole
  // presence counts once any of it is in the window; the bar ends twelve months after the presence ended.
  it('a long presence with only one day in the window bars by its whole length; the bar ends the day after twelve months', () => {
    const prior = [j('2025-01-01', '2025-12-31', 'STUDENT')];
    // Window for a 2026-12-31 start: 2025-12-31 .. 2026-12-30; holds the last day of the presence.
    const barred = jBars(prior, '2026-12-31', 'RESEARCH SCHOLAR').twelveMonth;
    expect(barred).toMatchObject({ windowFrom: '2025-12-31', windowTo: '2026-12-30', isBarred: true, barEndsOn: '2027-01-01' });
    expect(barred.presences).toEqual([
      { from: '2025-01-01', to: '2025-12-31', days: 365, isSixMonthsOrMore: true, barsUntil: '2027-01-01' },
    ]);
    // The day after: the window starts 2026-01-01 and no longer touches the presence.
    expect(jBars(prior, '2027-01-01', 'RESEARCH SCHOLAR').twelveMonth).toMatchObject({ isBarred: false, barEndsOn: null, presences: [] });
  });
  // 62.20(d)(2)(ii): "less than six months' duration" is exempt; six months from 01/01 run through 06/30.
  it('a presence of six months bars, one day less does not', () => {
    expect(jBars([j('2026-01-01', '2026-06-30', 'TRAINEE')], '2027-01-01', 'PROFESSOR').twelveMonth).toMatchObject({
      isBarred: true,
      barEndsOn: '2027-07-01',
    });
    const short = jBars([j('2026-01-01', '2026-06-29', 'TRAINEE')], '2027-01-01', 'PROFESSOR').twelveMonth;
    expect(short.isBarred).toBe(false);
    expect(short.presences[0]).toMatchObject({ isSixMonthsOrMore: false, barsUntil: null });
  });
  it('six months across Feb 29 2028: 08/31/2027 through 02/28/2028 is six months, through 02/27/2028 is not', () => {
    expect(isSixMonthsOrMore('2027-08-31', '2028-02-28')).toBe(true);
    expect(isSixMonthsOrMore('2027-08-31', '2028-02-27')).toBe(false);
    expect(isSixMonthsOrMore('2027-09-01', '2028-02-29')).toBe(true);
    expect(isSixMonthsOrMore('2027-09-01', '2028-02-28')).toBe(false);
  });
  it('the twelve months before a start around Feb 29 2028, and a presence ending on the leap day', () => {
    expect(twelveMonthsBefore('2028-02-29')).toBe('2027-03-01');
    expect(twelveMonthsBefore('2028-03-01')).toBe('2027-03-01');
    expect(twelveMonthsBefore('2029-03-01')).toBe('2028-03-01');
    expect(twelveMonthsBefore('2029-02-28')).toBe('2028-02-28');
    const prior = [j('2027-07-01', '2028-02-29', 'STUDENT', 'J-2')];
    // Twelve months after 02/29/2028 end on 02/28/2029: a 02/28/2029 start is barred, 03/01/2029 is not.
    expect(jBars(prior, '2029-02-28', 'PROFESSOR').twelveMonth).toMatchObject({ isBarred: true, barEndsOn: '2029-03-01' });
    expect(jBars(prior, '2029-03-01', 'PROFESSOR').twelveMonth.isBarred).toBe(false);
    // Ending 02/28/2027: twelve months run to 02/28/2028, so a 02/29/2028 start is free.
    const p2 = [j('2026-06-01', '2027-02-28', 'STUDENT')];
    expect(jBars(p2, '2028-02-28', 'PROFESSOR').twelveMonth).toMatchObject({ isBarred: true, barEndsOn: '2028-02-29' });
    expect(jBars(p2, '2028-02-29', 'PROFESSOR').twelveMonth.isBarred).toBe(false);
  });
  it('J-2 time counts; short-term scholar time and new programs in other categories are exempt (62.20(d)(2)(iii))', () => {
    expect(jBars([{ status: 'J-2', from: '2026-01-01', to: '2026-12-31' }], '2027-01-01', 'PROFESSOR').twelveMonth.isBarred).toBe(true);
    expect(jBars([j('2026-01-01', '2026-12-31', 'SHORT-TERM SCHOLAR')], '2027-01-01', 'PROFESSOR').twelveMonth.isBarred).toBe(false);
    const st = jBars([j('2026-01-01', '2026-12-31', 'TRAINEE')], '2027-01-01', 'SHORT-TERM SCHOLAR');
    expect(st.applies).toBe(false);
    expect(st.twelveMonth.isBarred).toBe(false);
  });
  it('adjacent J periods are one presence; the latest barring presence sets the earliest start', () => {
    const r = jBars([j('2026-01-01', '2026-03-31', 'STUDENT', 'J-2'), j('2026-04-01', '2026-08-31', 'STUDENT')], '2027-01-01', 'PROFESSOR');
    expect(r.twelveMonth.presences).toEqual([
      { from: '2026-01-01', to: '2026-08-31', days: 243, isSixMonthsOrMore: true, barsUntil: '2027-09-01' },
    ]);
    expect(r.twelveMonth.barEndsOn).toBe('2027-09-01');
  });
  it('J status still running at the start counts up to the day before it', () => {
    const r = jBars([{ status: 'J-2', from: '2026-01-01', to: '2027-12-31' }], '2027-01-01', 'RESEARCH SCHOLAR');
    expect(r.twelveMonth).toMatchObject({ isBarred: true, barEndsOn: '2028-01-01' });
    expect(r.twelveMonth.presences[0]).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
  });
});

describe('J-1 24-month bar (22 CFR 62.20(i)(2))', () => {
  const j = (from: string, to: string, category = 'RESEARCH SCHOLAR', status = 'J-1'): TStatusPeriod => ({ status, from, to, category });
  it('barred until the day after 24 months from the prior Professor/Research Scholar program end', () => {
    const prior = [j('2023-01-01', '2025-06-30')];
    expect(jBars(prior, '2027-06-30', 'PROFESSOR').twentyFourMonth).toEqual({
      priorProgramEnd: '2025-06-30',
      priorProgramStatus: 'J-1',
      isBarred: true,
      barEndsOn: '2027-07-01',
      unconfirmedJ2: [],
    });
    expect(jBars(prior, '2027-07-01', 'PROFESSOR').twentyFourMonth).toMatchObject({ isBarred: false, barEndsOn: null });
    // A short-term scholar program is exempt; so is a prior program in another category.
    expect(jBars(prior, '2026-01-01', 'SHORT-TERM SCHOLAR').twentyFourMonth.isBarred).toBe(false);
    expect(jBars([j('2023-01-01', '2025-06-30', 'TRAINEE')], '2026-01-01', 'PROFESSOR').twentyFourMonth.isBarred).toBe(false);
  });
  it('from a prior program ending on a leap day: 24 months end 02/28/2030', () => {
    const prior = [j('2026-01-01', '2028-02-29')];
    expect(jBars(prior, '2030-02-28', 'RESEARCH SCHOLAR').twentyFourMonth).toMatchObject({ isBarred: true, barEndsOn: '2030-03-01' });
    expect(jBars(prior, '2030-03-01', 'RESEARCH SCHOLAR').twentyFourMonth.isBarred).toBe(false);
  });
  // The Department of State applies the 24-month bar to J-2 dependants of Professors and Research Scholars.
  it('applies to time as the J-2 dependant of a Professor or Research Scholar, not of other categories', () => {
    const asJ2 = [j('2024-01-01', '2025-06-30', 'RESEARCH SCHOLAR', 'J-2')];
    expect(jBars(asJ2, '2027-06-30', 'RESEARCH SCHOLAR').twentyFourMonth).toMatchObject({
      priorProgramEnd: '2025-06-30',
      priorProgramStatus: 'J-2',
      isBarred: true,
      barEndsOn: '2027-07-01',
    });
    expect(jBars(asJ2, '2027-07-01', 'RESEARCH SCHOLAR').twentyFourMonth.isBarred).toBe(false);
    expect(jBars([j('2024-01-01', '2025-06-30', 'STUDENT', 'J-2')], '2026-07-01', 'PROFESSOR').twentyFourMonth.isBarred).toBe(false);
  });
  it("a J-2 period without the J-1's category is listed for the office to check while it could still bar", () => {
    const unknown: TStatusPeriod[] = [{ status: 'J-2', from: '2024-01-01', to: '2025-06-30' }];
    expect(jBars(unknown, '2027-06-30', 'PROFESSOR').twentyFourMonth).toMatchObject({
      isBarred: false,
      unconfirmedJ2: [{ from: '2024-01-01', to: '2025-06-30', barEndsOn: '2027-07-01' }],
    });
    expect(jBars(unknown, '2027-07-01', 'PROFESSOR').twentyFourMonth.unconfirmedJ2).toEqual([]);
    expect(jBars(unknown, '2027-06-30', 'TRAINEE').twentyFourMonth.unconfirmedJ2).toEqual([]);
  });
});
