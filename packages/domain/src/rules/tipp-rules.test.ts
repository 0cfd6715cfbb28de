import { describe, expect, it } from 'vitest';
import { isTippCategory, TIPP_CATEGORIES } from '../catalog/students.js';
import { todayIn } from './dates.js';
import {
  TIPP_MSG,
  tippGap,
  tippIssueText,
  tippParticipantIssues,
  tippPhaseDateIssues,
  tippPhaseDeleteIssue,
  tippPlanIssues,
  tippSignatureDateIssue,
  type TTippPlanFacts,
} from './tipp-rules.js';

// The T/IPP (DS-7002) rules of SEVIS's exchange visitor batch (SEVIS Validation Error Codes), both sides of each.

describe('isTippCategory: SEVIS Table 15 (S2218)', () => {
  it('trainees and interns have a T/IPP; students, scholars and others do not', () => {
    expect(TIPP_CATEGORIES).toEqual(['1G', '2A', '2B', '14', '15']);
    for (const c of ['1G', '2a', ' 14 ', '15']) expect(isTippCategory(c), c).toBe(true);
    for (const c of ['1F', '1A', '08', '09', '10', '12', '', null]) expect(isTippCategory(c), String(c)).toBe(false);
  });
});

describe('tippGap: the phases cover the program (SEVIS S2254)', () => {
  const P = ['2026-08-24', '2027-05-21'] as const;
  it('phases meeting day to day, or overlapping, cover it', () => {
    expect(tippGap(...P, [{ startDate: '2026-08-24', endDate: '2027-05-21' }])).toBeNull();
    expect(
      tippGap(...P, [
        { startDate: '2027-02-01', endDate: '2027-05-21' },
        { startDate: '2026-08-24', endDate: '2027-01-31' },
      ]),
    ).toBeNull();
    expect(
      tippGap(...P, [
        { startDate: '2026-08-24', endDate: '2027-02-15' },
        { startDate: '2027-01-01', endDate: '2027-05-21' },
      ]),
    ).toBeNull();
  });
  it('a one-day gap between phases, at the start or at the end is named', () => {
    expect(
      tippGap(...P, [
        { startDate: '2026-08-24', endDate: '2027-01-31' },
        { startDate: '2027-02-02', endDate: '2027-05-21' },
      ]),
    ).toBe(TIPP_MSG.gap('2027-02-01', '2027-02-01'));
    expect(tippGap(...P, [{ startDate: '2026-08-25', endDate: '2027-05-21' }])).toBe(TIPP_MSG.gap('2026-08-24', '2026-08-24'));
    expect(tippGap(...P, [{ startDate: '2026-08-24', endDate: '2027-05-20' }])).toBe(TIPP_MSG.gap('2027-05-21', '2027-05-21'));
    expect(tippGap(...P, [])).toBe(TIPP_MSG.gap('2026-08-24', '2027-05-21'));
    // A phase that starts after the program end leaves the rest uncovered up to the end only.
    expect(
      tippGap(...P, [
        { startDate: '2026-08-24', endDate: '2027-03-31' },
        { startDate: '2027-06-01', endDate: '2027-06-30' },
      ]),
    ).toBe(TIPP_MSG.gap('2027-04-01', '2027-05-21'));
  });
  it('across a leap day', () => {
    expect(
      tippGap('2024-01-01', '2024-03-31', [
        { startDate: '2024-01-01', endDate: '2024-02-28' },
        { startDate: '2024-03-01', endDate: '2024-03-31' },
      ]),
    ).toBe(TIPP_MSG.gap('2024-02-29', '2024-02-29'));
  });
});

describe('tippPhaseDateIssues: within the program, end on or after start', () => {
  const program = { programStartDate: '2026-08-24', programEndDate: '2027-05-21' };
  it('the program start and end are inside; a day outside is refused on its field', () => {
    expect(tippPhaseDateIssues({ startDate: '2026-08-24', endDate: '2027-05-21' }, program)).toEqual({});
    expect(tippPhaseDateIssues({ startDate: '2026-08-23', endDate: '2027-05-21' }, program)).toEqual({
      startDate: TIPP_MSG.phaseOutsideProgram('2026-08-24', '2027-05-21'),
    });
    expect(tippPhaseDateIssues({ startDate: '2026-08-24', endDate: '2027-05-22' }, program)).toEqual({
      endDate: TIPP_MSG.phaseOutsideProgram('2026-08-24', '2027-05-21'),
    });
    expect(tippPhaseDateIssues({ startDate: '2026-09-01', endDate: '2026-09-01' }, program)).toEqual({});
    expect(tippPhaseDateIssues({ startDate: '2026-09-02', endDate: '2026-09-01' }, program)).toEqual({
      endDate: TIPP_MSG.phaseEndBeforeStart,
    });
  });
});

describe('tippPhaseDeleteIssue: only before the phase starts, on the office day (SEVIS S2281)', () => {
  it('the day before the start is fine; the start day is not', () => {
    expect(tippPhaseDeleteIssue('2024-03-01', '2024-02-29')).toBeNull();
    expect(tippPhaseDeleteIssue('2024-03-01', '2024-03-01')).toBe(TIPP_MSG.phaseStarted('2024-03-01'));
  });
  it('at 23:30 on Feb 29 in Los Angeles (Mar 1 in UTC) a Mar 1 phase may still be deleted; at 00:30 in New York it may not', () => {
    const la = todayIn('America/Los_Angeles', new Date('2024-03-01T07:30:00Z'));
    expect(la).toBe('2024-02-29');
    expect(tippPhaseDeleteIssue('2024-03-01', la)).toBeNull();
    const ny = todayIn('America/New_York', new Date('2024-03-01T05:30:00Z'));
    expect(tippPhaseDeleteIssue('2024-03-01', ny)).toBe(TIPP_MSG.phaseStarted('2024-03-01'));
  });
});

describe('tippSignatureDateIssue: not after the office day, after 01/01/1900 (SEVIS S2271)', () => {
  it('both sides of each limit', () => {
    const today = todayIn('America/Los_Angeles', new Date('2024-03-01T07:30:00Z'));
    expect(tippSignatureDateIssue('2024-02-29', today)).toBeNull();
    expect(tippSignatureDateIssue('2024-03-01', today)).toBe(TIPP_MSG.signatureFuture);
    expect(tippSignatureDateIssue('1900-01-02', today)).toBeNull();
    expect(tippSignatureDateIssue('1900-01-01', today)).toBe(TIPP_MSG.signatureTooOld);
    expect(tippSignatureDateIssue(null, today)).toBeNull();
  });
});

describe('tippParticipantIssues: IWT and the Irish intern (SEVIS S2258, S2261)', () => {
  const v = (o: Partial<Parameters<typeof tippParticipantIssues>[0]>) =>
    tippParticipantIssues({ evCategoryCode: '15', citizenshipCountryCode: 'IE', exemptProgram: '', isIwt: null, ...o });
  it('an Irish intern answers; anybody else may not say yes', () => {
    expect(v({})).toEqual({ isIwt: TIPP_MSG.isIwtRequired });
    expect(v({ isIwt: false })).toEqual({});
    expect(v({ isIwt: true })).toEqual({});
    expect(v({ citizenshipCountryCode: 'GB' })).toEqual({});
    expect(v({ citizenshipCountryCode: 'GB', isIwt: true })).toEqual({ isIwt: TIPP_MSG.iwtNotIrishIntern });
    expect(v({ evCategoryCode: '14', isIwt: true })).toEqual({ isIwt: TIPP_MSG.iwtNotIrishIntern });
  });
  it('the IWT exemption is for the Irish intern; Korea WEST for any trainee or intern; none for other categories (S2218)', () => {
    expect(v({ exemptProgram: 'IWT' })).toEqual({});
    expect(v({ exemptProgram: 'IWT', evCategoryCode: '2A' })).toEqual({ exemptProgram: TIPP_MSG.iwtNotIrishIntern });
    expect(v({ exemptProgram: 'KW', evCategoryCode: '2A', citizenshipCountryCode: 'KR' })).toEqual({});
    expect(v({ evCategoryCode: '08', isIwt: false })).toMatchObject({ exemptProgram: TIPP_MSG.notApplicable });
  });
});

describe('tippPlanIssues: what SEVIS would refuse on a Create, with its code', () => {
  const base: TTippPlanFacts = {
    evCategoryCode: '2A',
    citizenshipCountryCode: 'DE',
    programStartDate: '2026-08-24',
    programEndDate: '2027-05-21',
    plan: { exemptProgram: '', isIwt: null },
    sites: [{ name: 'Fraunhofer USA', isPrimary: true, phases: [{ startDate: '2026-08-24', endDate: '2027-05-21' }] }],
  };
  it('a complete plan has none; no plan or no site is S2260; no primary S2262; a site without a phase; a gap S2254', () => {
    expect(tippPlanIssues(base)).toEqual([]);
    expect(tippPlanIssues({ ...base, plan: null }).map((i) => i.code)).toEqual(['S2260']);
    expect(tippPlanIssues({ ...base, sites: [] }).map((i) => i.code)).toEqual(['S2260']);
    expect(tippPlanIssues({ ...base, sites: [{ ...base.sites[0]!, isPrimary: false }] }).map((i) => i.code)).toEqual(['S2262']);
    const issues = tippPlanIssues({ ...base, sites: [{ ...base.sites[0]!, phases: [] }] });
    expect(issues.map((i) => i.message)).toEqual([TIPP_MSG.siteWithoutPhase('Fraunhofer USA'), TIPP_MSG.gap('2026-08-24', '2027-05-21')]);
    expect(tippIssueText(issues[1]!)).toBe(`${TIPP_MSG.gap('2026-08-24', '2027-05-21')} (SEVIS S2254)`);
    expect(tippIssueText(issues[0]!)).toBe(`${TIPP_MSG.siteWithoutPhase('Fraunhofer USA')} (EV schema 6.27 TippSiteWithPhases)`);
  });
  it('an exemption has no sites (S2252, S2253); IWT only for the Irish intern (S2258); other categories nothing (S2218)', () => {
    expect(tippPlanIssues({ ...base, plan: { exemptProgram: 'KW', isIwt: null }, sites: [] })).toEqual([]);
    expect(tippPlanIssues({ ...base, plan: { exemptProgram: 'KW', isIwt: null } }).map((i) => i.code)).toEqual(['S2252']);
    expect(tippPlanIssues({ ...base, plan: { exemptProgram: 'IWT', isIwt: null }, sites: [] }).map((i) => i.code)).toEqual(['S2258']);
    expect(tippPlanIssues({ ...base, evCategoryCode: '15', citizenshipCountryCode: 'IE' }).map((i) => i.code)).toEqual(['S2261']);
    expect(tippPlanIssues({ ...base, evCategoryCode: '08', plan: null })).toEqual([]);
  });
});
