import { describe, expect, it } from 'vitest';
import { LOOKUP_MSG, lookupCheckerOf, type TLookupValueLike } from '../rules/lookup-values.js';
import {
  EV_TERMINATION_REASONS,
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
