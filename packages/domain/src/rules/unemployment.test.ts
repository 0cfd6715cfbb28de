import { describe, expect, it } from 'vitest';
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
