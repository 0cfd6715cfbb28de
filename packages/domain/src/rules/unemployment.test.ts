import { describe, expect, it } from 'vitest';
import { dateOnlyIn, todayIn } from './dates.js';
import { unemploymentDays, unemploymentLevel, type TEmploymentPeriod, type TOptAuthorization } from './unemployment.js';

const post: TOptAuthorization = { phase: '02', startDate: '2026-01-01', endDate: '2026-12-31' };
const stem: TOptAuthorization = { phase: '03', startDate: '2027-01-01', endDate: '2028-12-31' };
const job = (startDate: string, endDate: string | null, kind = 'opt', phase = '02'): TEmploymentPeriod => ({
  kind,
  phase,
  startDate,
  endDate,
});

describe('unemployment days', () => {
  it('has no counter without post-completion OPT (pre-completion alone)', () => {
    expect(
      unemploymentDays({
        authorizations: [{ phase: '01', startDate: '2025-06-01', endDate: '2025-08-31' }],
        employments: [],
        today: '2025-07-01',
      }),
    ).toBeNull();
  });
  it('counts nothing the day before the authorisation starts, one day on its first day, two the day after', () => {
    expect(unemploymentDays({ authorizations: [post], employments: [], today: '2025-12-31' })).toMatchObject({
      used: 0,
      allowed: 90,
      remaining: 90,
    });
    expect(unemploymentDays({ authorizations: [post], employments: [], today: '2026-01-01' })).toMatchObject({ used: 1, remaining: 89 });
    expect(unemploymentDays({ authorizations: [post], employments: [], today: '2026-01-02' })?.used).toBe(2);
  });
  it('does not count future days nor days after the authorisation ends', () => {
    expect(unemploymentDays({ authorizations: [post], employments: [job('2026-01-11', null)], today: '2026-03-01' })?.used).toBe(10);
    const ended = unemploymentDays({ authorizations: [post], employments: [job('2026-01-11', '2026-12-01')], today: '2027-06-01' });
    expect(ended).toMatchObject({ used: 10 + 30, countedUntil: '2026-12-31' });
  });
  it('counts gaps between employers, and overlapping employers once', () => {
    const r = unemploymentDays({
      authorizations: [post],
      employments: [job('2026-01-06', '2026-03-31'), job('2026-03-01', '2026-04-30'), job('2026-05-11', null)],
      today: '2026-06-30',
    });
    // Jan 1–5 (5) and May 1–10 (10).
    expect(r).toMatchObject({ used: 15, remaining: 75, level: 'ok' });
    expect(r?.gaps).toEqual([
      { from: '2026-01-01', to: '2026-01-05', days: 5 },
      { from: '2026-05-01', to: '2026-05-10', days: 10 },
    ]);
  });
  it('ignores CPT and pre-completion employment', () => {
    const r = unemploymentDays({
      authorizations: [post],
      employments: [job('2026-01-01', '2026-01-31', 'cpt', ''), job('2026-01-01', '2026-01-31', 'opt', '01')],
      today: '2026-01-31',
    });
    expect(r?.used).toBe(31);
  });
  it('allows 150 days with the STEM extension and keeps counting through it', () => {
    const r = unemploymentDays({
      authorizations: [post, stem],
      employments: [job('2026-01-01', '2026-12-31'), job('2027-01-01', '2027-01-31', 'stem', '03')],
      today: '2027-03-01',
    });
    expect(r).toMatchObject({ allowed: 150, used: 29, remaining: 121, hasStem: true });
  });
  it('raises the warning at 30 days left, critical at 10, exceeded past the limit', () => {
    expect(unemploymentLevel(59, 90)).toBe('ok');
    expect(unemploymentLevel(60, 90)).toBe('warning');
    expect(unemploymentLevel(61, 90)).toBe('warning');
    expect(unemploymentLevel(79, 90)).toBe('warning');
    expect(unemploymentLevel(80, 90)).toBe('critical');
    expect(unemploymentLevel(90, 90)).toBe('critical');
    expect(unemploymentLevel(91, 90)).toBe('exceeded');
    expect(unemploymentLevel(120, 150)).toBe('warning');
    expect(unemploymentLevel(119, 150)).toBe('ok');
  });
  it('reaches the levels through the days themselves', () => {
    const at = (today: string) => unemploymentDays({ authorizations: [post], employments: [], today })!;
    expect(at('2026-02-28')).toMatchObject({ used: 59, level: 'ok' });
    expect(at('2026-03-01')).toMatchObject({ used: 60, remaining: 30, level: 'warning' });
    expect(at('2026-03-21')).toMatchObject({ used: 80, remaining: 10, level: 'critical' });
    expect(at('2026-03-31')).toMatchObject({ used: 90, remaining: 0, level: 'critical' });
    expect(at('2026-04-01')).toMatchObject({ used: 91, remaining: 0, level: 'exceeded' });
  });
});

// 8 CFR 214.2(f)(10)(ii)(E): at most 90 days "during any post-completion OPT period"; a student granted the STEM
// extension at most 150 "during the total OPT period", post-completion and STEM together.
describe('unemployment limit with a STEM extension on file (8 CFR 214.2(f)(10)(ii)(E))', () => {
  const unemployedUntil = (lastJobDay: string, today: string) =>
    unemploymentDays({ authorizations: [post, stem], employments: [job('2026-01-01', lastJobDay)], today })!;
  it('stays 90 during post-completion OPT although the STEM extension is approved: the 60 more days start with it', () => {
    // Employed to 11/30, then unemployed from 12/01/2026: 31 days on 12/31 (the last post-completion day).
    const dayBefore = unemployedUntil('2026-11-30', '2026-12-31');
    expect(dayBefore).toMatchObject({ used: 31, allowed: 90, remaining: 59, hasStem: true, stemStartsOn: '2027-01-01', exceededOn: null });
    const firstStemDay = unemployedUntil('2026-11-30', '2027-01-01');
    expect(firstStemDay).toMatchObject({ used: 32, allowed: 150, remaining: 118, usedPostCompletion: 31 });
    expect(unemployedUntil('2026-11-30', '2027-01-02')).toMatchObject({ used: 33, allowed: 150 });
  });
  it('day 90 of post-completion OPT is within the limit, day 91 is exceeded, with or without a STEM extension on file', () => {
    // Unemployed from 10/03/2026: 90 days on 12/31/2026.
    expect(unemployedUntil('2026-10-02', '2026-12-31')).toMatchObject({ used: 90, remaining: 0, level: 'critical', exceededOn: null });
    // Unemployed from 10/02/2026: the 91st day is 12/31/2026, still post-completion.
    const over = unemployedUntil('2026-10-01', '2026-12-31');
    expect(over).toMatchObject({ used: 91, level: 'exceeded', exceededOn: '2026-12-31', exceededLimit: 90, over: 1, remaining: 0 });
    // The STEM extension starting does not undo it: 91 post-completion days passed the 90 allowed then.
    expect(unemployedUntil('2026-10-01', '2027-01-01')).toMatchObject({
      used: 92,
      allowed: 150,
      usedPostCompletion: 91,
      level: 'exceeded',
      exceededOn: '2026-12-31',
      exceededLimit: 90,
      over: 1,
      remaining: 0,
    });
  });
  it('150 in all: day 150 within the limit, day 151 exceeded', () => {
    // 80 post-completion days (10/13–12/31/2026), then unemployed through the STEM extension: day 150 on 03/11/2027.
    const at = (today: string) => unemployedUntil('2026-10-12', today);
    expect(at('2027-03-10')).toMatchObject({ used: 149, allowed: 150, remaining: 1, level: 'critical' });
    expect(at('2027-03-11')).toMatchObject({ used: 150, remaining: 0, level: 'critical', exceededOn: null });
    expect(at('2027-03-12')).toMatchObject({
      used: 151,
      remaining: 0,
      level: 'exceeded',
      exceededOn: '2027-03-12',
      exceededLimit: 150,
      over: 1,
    });
  });
  it('counts Feb 29 2028 as a day of unemployment', () => {
    const p: TOptAuthorization = { phase: '02', startDate: '2028-01-01', endDate: '2028-12-31' };
    const at = (today: string) => unemploymentDays({ authorizations: [p], employments: [], today })!;
    // 31 + 29 = 60 days on 02/29/2028; the 90th day is 03/30/2028 and the 91st 03/31/2028.
    expect(at('2028-02-29')).toMatchObject({ used: 60, remaining: 30, level: 'warning' });
    expect(at('2028-03-30')).toMatchObject({ used: 90, exceededOn: null });
    expect(at('2028-03-31')).toMatchObject({ used: 91, level: 'exceeded', exceededOn: '2028-03-31' });
  });
  it('takes today from the caller: at 23:30 in Los Angeles on day 90 the student is not yet over, though it is day 91 in UTC', () => {
    const instant = new Date('2026-04-01T06:30:00Z'); // 03/31/2026 23:30 in America/Los_Angeles
    const today = dateOnlyIn(instant, { timeZone: 'America/Los_Angeles' });
    expect(today).toBe('2026-03-31');
    expect(unemploymentDays({ authorizations: [post], employments: [], today })).toMatchObject({ used: 90, level: 'critical' });
    expect(unemploymentDays({ authorizations: [post], employments: [], today: dateOnlyIn(instant, { timeZone: 'UTC' }) })).toMatchObject({
      used: 91,
      level: 'exceeded',
    });
  });
});

// 8 CFR 214.2(f)(10)(ii)(E) on the office's calendar day (docs/product/students-opt.md#unemployment-days): at 23:30 in
// Los Angeles it is already the next day in UTC, so every limit is checked on both sides of its day at 23:30 Pacific,
// in the leap year 2028 (February 29 is a day of unemployment like any other).
describe('unemployment limits at 23:30 in Los Angeles, around February 29, 2028', () => {
  const LA = 'America/Los_Angeles';
  /** The office's today at 23:30 Pacific on that date (PST until March 12, 2028, PDT after). */
  const at2330 = (day: string) => {
    const instant = new Date(`${day}T23:30:00${day < '2028-03-12' ? '-08:00' : '-07:00'}`);
    const today = todayIn(LA, instant);
    expect(today, 'the office day is the Pacific one').toBe(day);
    expect(todayIn('UTC', instant), 'UTC is already on the next day').not.toBe(day);
    return today;
  };
  // Post-completion OPT ending on the leap day, the STEM extension from March 1, 2028.
  const post28: TOptAuthorization = { phase: '02', startDate: '2027-03-01', endDate: '2028-02-29' };
  const stem28: TOptAuthorization = { phase: '03', startDate: '2028-03-01', endDate: '2030-02-28' };
  const withStem = (lastJobDay: string, day: string) =>
    unemploymentDays({ authorizations: [post28, stem28], employments: [job('2027-03-01', lastJobDay)], today: at2330(day) })!;

  it('90 days: the 90th day (03/30/2028, 60 of them by 02/29) is within the limit, the 91st is exceeded', () => {
    const p: TOptAuthorization = { phase: '02', startDate: '2028-01-01', endDate: '2028-12-31' };
    const on = (day: string) => unemploymentDays({ authorizations: [p], employments: [], today: at2330(day) })!;
    expect(on('2028-02-28')).toMatchObject({ used: 59, remaining: 31, level: 'ok' });
    expect(on('2028-02-29')).toMatchObject({ used: 60, remaining: 30, level: 'warning' });
    expect(on('2028-03-30')).toMatchObject({ used: 90, allowed: 90, remaining: 0, level: 'critical', exceededOn: null });
    expect(on('2028-03-31')).toMatchObject({ used: 91, level: 'exceeded', exceededOn: '2028-03-31', exceededLimit: 90, over: 1 });
  });

  it('the STEM start: the last post-completion day (02/29) still allows 90, the STEM extension’s first day (03/01) 150', () => {
    // Unemployed from 01/01/2028: 31 + 29 = 60 days on the leap day.
    expect(withStem('2027-12-31', '2028-02-29')).toMatchObject({
      used: 60,
      allowed: 90,
      remaining: 30,
      level: 'warning',
      stemStartsOn: '2028-03-01',
      usedPostCompletion: 60,
    });
    expect(withStem('2027-12-31', '2028-03-01')).toMatchObject({
      used: 61,
      allowed: 150,
      remaining: 89,
      level: 'ok',
      usedPostCompletion: 60,
      exceededOn: null,
    });
  });

  it('90 post-completion days ending on the leap day are within the limit; the 91st day is the STEM extension’s first, within 150', () => {
    // Unemployed from 12/02/2027: 30 + 31 + 29 = 90 post-completion days on 02/29/2028.
    expect(withStem('2027-12-01', '2028-02-28')).toMatchObject({ used: 89, allowed: 90, remaining: 1, level: 'critical' });
    expect(withStem('2027-12-01', '2028-02-29')).toMatchObject({
      used: 90,
      usedPostCompletion: 90,
      allowed: 90,
      remaining: 0,
      level: 'critical',
      exceededOn: null,
    });
    expect(withStem('2027-12-01', '2028-03-01')).toMatchObject({
      used: 91,
      usedPostCompletion: 90,
      allowed: 150,
      remaining: 59,
      level: 'ok',
      exceededOn: null,
    });
  });

  it('a 91st post-completion day on the leap day is exceeded, and stays so once the STEM extension starts', () => {
    // Unemployed from 12/01/2027: 31 + 31 + 29 = 91 post-completion days on 02/29/2028.
    expect(withStem('2027-11-30', '2028-02-28')).toMatchObject({ used: 90, level: 'critical', exceededOn: null });
    const leapDay = withStem('2027-11-30', '2028-02-29');
    expect(leapDay).toMatchObject({ used: 91, level: 'exceeded', exceededOn: '2028-02-29', exceededLimit: 90, over: 1 });
    expect(withStem('2027-11-30', '2028-03-01')).toMatchObject({
      used: 92,
      allowed: 150,
      level: 'exceeded',
      exceededOn: '2028-02-29',
      exceededLimit: 90,
      over: 1,
    });
  });

  it('150 days in all: the 150th day (04/29/2028) is within the limit, the 151st exceeded', () => {
    // 90 post-completion days (12/02/2027–02/29/2028), then unemployed in the STEM extension: day 91 is 03/01/2028.
    expect(withStem('2027-12-01', '2028-04-29')).toMatchObject({
      used: 150,
      allowed: 150,
      remaining: 0,
      level: 'critical',
      exceededOn: null,
    });
    expect(withStem('2027-12-01', '2028-04-30')).toMatchObject({
      used: 151,
      remaining: 0,
      level: 'exceeded',
      exceededOn: '2028-04-30',
      exceededLimit: 150,
      over: 1,
    });
  });
});
