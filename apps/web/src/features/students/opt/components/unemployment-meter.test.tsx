// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { unemploymentDays, type TOptAuthorization } from '@meridian/domain';
import { UnemploymentMeter } from './unemployment-meter';

afterEach(cleanup);

const post: TOptAuthorization = { phase: '02', startDate: '2026-01-01', endDate: '2026-12-31' };
const stem: TOptAuthorization = { phase: '03', startDate: '2027-01-01', endDate: '2028-12-31' };
const meter = (today: string, employedFrom: string | null) => {
  const u = unemploymentDays({
    authorizations: [post, stem],
    employments: employedFrom ? [{ kind: 'opt', phase: '02', startDate: employedFrom, endDate: null }] : [],
    today,
  })!;
  render(<UnemploymentMeter value={u} />);
};

// 8 CFR 214.2(f)(10)(ii)(E): 90 days in the post-completion period; 150 in all from the STEM extension's first day.
describe('the unemployment meter', () => {
  it('counts against 90 while the approved STEM extension has not started, and says when 150 apply', () => {
    meter('2026-02-19', '2026-02-20');
    expect(screen.getByText('of 90 days used')).toBeTruthy();
    expect(screen.getByText('150 in all from 01/01/2027 (STEM)')).toBeTruthy();
    expect(screen.getByText(/Within limit · 40 left/)).toBeTruthy();
  });
  it('counts against 150 from the STEM start', () => {
    meter('2027-01-01', '2026-02-20');
    expect(screen.getByText('of 150 days used')).toBeTruthy();
    expect(screen.queryByText(/150 in all from/)).toBeNull();
  });
  it('says which limit was passed, by how much and since when', () => {
    meter('2027-01-05', null);
    expect(screen.getByText(/Limit exceeded · 275 over the 90 since 04\/01\/2026/)).toBeTruthy();
  });
});
