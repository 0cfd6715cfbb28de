import { describe, expect, it } from 'vitest';
import { LOOKUP_MSG, lookupCheckerOf, type TLookupValueLike } from '../rules/lookup-values.js';
import {
  DEPENDENT_END_MSG,
  dependentEndIssues,
  dependentEndLookupChecks,
  dependentEnding,
  dependentReasonGroups,
  dependentReasonNeedsRemarks,
  EV_DEPENDENT_END_LOOKUP,
  EV_TERMINATION_REASONS,
  F2_TERMINATION_REASONS,
  J2_END_PREFIX,
  J2_TERMINATION_REASONS,
  j2EndValue,
  STATUS_CHANGE_MSG,
  STUDENT_CANCEL_REASONS,
  STUDENT_TERMINATION_REASONS,
  statusChangeIssue,
} from './sevis-reason-codes.js';

const TODAY = '2026-03-01';
const values = (codes: readonly { code: string; label: string }[], attributes: Record<string, string> = {}): TLookupValueLike[] =>
  codes.map((c) => ({ ...c, attributes }));
// The office's lists as seeded: Table 13 with the M-1-only codes (F-1 column N), 23 retired by the office.
const lists = lookupCheckerOf(
  {
    'student-termination-reasons': [
      ...values(STUDENT_TERMINATION_REASONS, { f1: 'Y', m1: 'Y' }).map((v) => (v.code === '23' ? { ...v, activeUntil: '2026-01-01' } : v)),
      ...values([{ code: '14', label: 'Denied transfer' }], { f1: 'N', m1: 'Y' }),
    ],
    'student-cancellation-reasons': values(STUDENT_CANCEL_REASONS),
    'ev-termination-reasons': values(EV_TERMINATION_REASONS),
  },
  TODAY,
);

describe('statusChangeIssue: what SEVIS needs to end a record', () => {
  it('Terminated (F-1) needs a reason of the office’s Table 13 list with the F-1 indicator', () => {
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', undefined, lists)).toEqual({
      field: 'sevisStatusReasonCode',
      message: STATUS_CHANGE_MSG.reasonRequired,
    });
    // 06 CHANGE OF NONIMMIGRANT CLASSIFICATION: not in the schema's list; 14 DENIED TRANSFER: M-1 only.
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '06', lists)?.message).toBe(LOOKUP_MSG.notInList);
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '14', lists)?.message).toBe(LOOKUP_MSG.notInList);
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '23', lists)).toEqual({
      field: 'sevisStatusReasonCode',
      message: LOOKUP_MSG.retired,
    });
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '16', lists)).toBeNull();
  });
  it('Canceled needs an Initial record (SEVIS S1057) and a SEVIS Table 10 reason', () => {
    expect(statusChangeIssue('F-1', 'Active', 'Canceled', '01', lists)?.field).toBe('sevisStatus');
    expect(statusChangeIssue('F-1', 'Initial', 'Canceled', '07', lists)?.message).toBe(LOOKUP_MSG.notInList);
    expect(statusChangeIssue('F-1', 'Initial', 'Canceled', '06', lists)).toBeNull();
  });
  it('Completed needs no reason; J-1 records end by batch only as Terminated (SEVIS Table 24)', () => {
    expect(statusChangeIssue('F-1', 'Active', 'Completed', undefined, lists)).toBeNull();
    expect(statusChangeIssue('J-1', 'Active', 'Completed', undefined, lists)?.message).toBe(STATUS_CHANGE_MSG.evNotByBatch);
    expect(statusChangeIssue('J-1', 'Active', 'Terminated', 'FALACT', lists)).toBeNull();
    expect(statusChangeIssue('J-1', 'Active', 'Terminated', '16', lists)?.message).toBe(LOOKUP_MSG.notInList);
  });
  it('without the lists only the reason’s presence is checked (the server reads them)', () => {
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '06')).toBeNull();
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '')?.message).toBe(STATUS_CHANGE_MSG.reasonRequired);
  });
  it('keeping the status, or moving to a status that does not end the record, asks nothing', () => {
    expect(statusChangeIssue('F-1', 'Terminated', 'Terminated', undefined)).toBeNull();
    expect(statusChangeIssue('F-1', 'Initial', 'Active', undefined)).toBeNull();
  });
});

describe('dependentEndIssues: ending a dependent the SEVIS way, from the office’s lists', () => {
  const dependentLists = lookupCheckerOf(
    {
      'dependent-termination-reasons': values(F2_TERMINATION_REASONS).map((v) =>
        v.code === '05' ? { ...v, activeUntil: '2026-01-01' } : v,
      ),
      'ev-dependent-termination-reasons': values(J2_TERMINATION_REASONS),
      'ev-dependent-end-reasons': values([
        { code: '02', label: 'Death' },
        { code: '04', label: 'Divorce' },
        { code: '09', label: 'Other' },
      ]),
    },
    TODAY,
  );

  it('an F-2 is terminated with SEVIS Table 3; a J-2 terminated with Table 19 or its program ended with Table 18 (END-)', () => {
    expect(dependentReasonGroups('F-1').map((g) => [g.action, g.ref.key, g.prefix])).toEqual([
      ['Terminate', 'dependent-termination-reasons', ''],
    ]);
    expect(dependentReasonGroups('J-1').map((g) => [g.action, g.ref.key, g.prefix])).toEqual([
      ['Terminate', 'ev-dependent-termination-reasons', ''],
      ['EndStatus', 'ev-dependent-end-reasons', J2_END_PREFIX],
    ]);
    expect(dependentEnding('J-1', '01')).toMatchObject({ action: 'Terminate', code: '01' });
    expect(dependentEnding('J-1', j2EndValue('04'))).toMatchObject({ action: 'EndStatus', code: '04' });
    expect(dependentEnding('F-1', '04')).toMatchObject({ action: 'Terminate', code: '04' });
    expect(dependentEndLookupChecks('J-1', 'END-02')).toEqual([{ ref: EV_DEPENDENT_END_LOOKUP, value: '02' }]);
  });

  it('each reason is checked against its own list: unknown, retired, or of the other kind refused on the reason', () => {
    expect(dependentEndIssues('F-1', '', '', dependentLists)).toEqual({ reasonCode: DEPENDENT_END_MSG.reasonRequired });
    expect(dependentEndIssues('F-1', '04', '', dependentLists)).toEqual({});
    expect(dependentEndIssues('F-1', '05', '', dependentLists)).toEqual({ reasonCode: LOOKUP_MSG.retired });
    expect(dependentEndIssues('F-1', '01', '', dependentLists)).toEqual({ reasonCode: LOOKUP_MSG.notInList });
    // An end-program value is no F-2 reason; Table 19's 05 is no Table 18 reason; Table 18's 04 is no Table 19 reason.
    expect(dependentEndIssues('F-1', 'END-04', '', dependentLists)).toEqual({ reasonCode: LOOKUP_MSG.notInList });
    expect(dependentEndIssues('J-1', 'END-05', '', dependentLists)).toEqual({ reasonCode: LOOKUP_MSG.notInList });
    expect(dependentEndIssues('J-1', '04', '', dependentLists)).toEqual({ reasonCode: LOOKUP_MSG.notInList });
    expect(dependentEndIssues('J-1', 'END-', '', dependentLists)).toEqual({ reasonCode: LOOKUP_MSG.notInList });
    expect(dependentEndIssues('J-1', '05', '', dependentLists)).toEqual({});
    expect(dependentEndIssues('J-1', 'END-04', '', dependentLists)).toEqual({});
  });

  // SEVIS S1034 (F-2), S2222 (J-2 Terminate: "termination reason of ‘OTHER’"), S2130 (J-2 End Status): OTHER needs other remarks.
  it('OTHER (09) needs remarks, on both sides of the boundary (SEVIS S1034, S2222, S2130)', () => {
    for (const [visa, reason] of [
      ['F-1', '09'],
      ['J-1', '09'],
      ['J-1', 'END-09'],
    ] as const) {
      expect(dependentEndIssues(visa, reason, '', dependentLists)).toEqual({ remarks: DEPENDENT_END_MSG.otherNeedsRemarks });
      expect(dependentEndIssues(visa, reason, '   ', dependentLists)).toEqual({ remarks: DEPENDENT_END_MSG.otherNeedsRemarks });
      expect(dependentEndIssues(visa, reason, 'Returned home', dependentLists)).toEqual({});
      expect(dependentReasonNeedsRemarks(visa, reason)).toBe(true);
    }
    expect(dependentReasonNeedsRemarks('J-1', '01')).toBe(false);
    expect(dependentReasonNeedsRemarks('J-1', 'END-02')).toBe(false);
  });

  it('without the lists only the reason and the remarks are checked (the server reads the lists)', () => {
    expect(dependentEndIssues('J-1', 'ZZ', '')).toEqual({});
    expect(dependentEndIssues('J-1', '09', '')).toEqual({ remarks: DEPENDENT_END_MSG.otherNeedsRemarks });
  });
});
