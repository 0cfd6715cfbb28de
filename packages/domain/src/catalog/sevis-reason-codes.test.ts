import { describe, expect, it } from 'vitest';
import { STATUS_CHANGE_MSG, statusChangeIssue } from './sevis-reason-codes.js';

describe('statusChangeIssue: what SEVIS needs to end a record', () => {
  it('Terminated (F-1) needs a SEVIS Table 13 reason with the F-1 indicator', () => {
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', undefined)).toEqual({
      field: 'sevisStatusReasonCode',
      message: STATUS_CHANGE_MSG.reasonRequired,
    });
    // 06 CHANGE OF NONIMMIGRANT CLASSIFICATION: F-1 indicator N; 14 DENIED TRANSFER: M-1 only.
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '06')?.message).toBe(STATUS_CHANGE_MSG.reasonInvalid);
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '14')?.message).toBe(STATUS_CHANGE_MSG.reasonInvalid);
    expect(statusChangeIssue('F-1', 'Active', 'Terminated', '16')).toBeNull();
  });
  it('Canceled needs an Initial record (SEVIS S1057) and a SEVIS Table 10 reason', () => {
    expect(statusChangeIssue('F-1', 'Active', 'Canceled', '01')?.field).toBe('sevisStatus');
    expect(statusChangeIssue('F-1', 'Initial', 'Canceled', '07')?.message).toBe(STATUS_CHANGE_MSG.reasonInvalid);
    expect(statusChangeIssue('F-1', 'Initial', 'Canceled', '06')).toBeNull();
  });
  it('Completed needs no reason; J-1 records end by batch only as Terminated (SEVIS Table 24)', () => {
    expect(statusChangeIssue('F-1', 'Active', 'Completed', undefined)).toBeNull();
    expect(statusChangeIssue('J-1', 'Active', 'Completed', undefined)?.message).toBe(STATUS_CHANGE_MSG.evNotByBatch);
    expect(statusChangeIssue('J-1', 'Active', 'Terminated', 'FALACT')).toBeNull();
    expect(statusChangeIssue('J-1', 'Active', 'Terminated', '16')?.message).toBe(STATUS_CHANGE_MSG.reasonInvalid);
  });
  it('keeping the status, or moving to a status that does not end the record, asks nothing', () => {
    expect(statusChangeIssue('F-1', 'Terminated', 'Terminated', undefined)).toBeNull();
    expect(statusChangeIssue('F-1', 'Initial', 'Active', undefined)).toBeNull();
  });
});
