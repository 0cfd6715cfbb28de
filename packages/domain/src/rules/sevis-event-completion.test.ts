import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { DEPENDENT_END_MSG } from '../catalog/sevis-reason-codes.js';
import { LOOKUP_MSG, lookupCheckerOf } from './lookup-values.js';
import { completionErrors, completionFields, completionLookupChecks, completionLookupKeys } from './sevis-event-completion.js';

// docs/product/students-records.md#sevis-updates: a held OPT employer update asks the employer's address; its state is
// one of the office's U.S. states (docs/product/lookups.md#how-forms-use-the-lists).
const LISTS = lookupCheckerOf(
  {
    'us-states': [
      { code: 'IL', label: 'Illinois', attributes: {} },
      { code: 'WY', label: 'Wyoming', attributes: {}, activeUntil: '2026-01-01' },
    ],
  },
  '2026-11-22',
);
const employer = (state: string) => ({
  'employerAddress.line1': '1 Main St',
  'employerAddress.city': 'Chicago',
  'employerAddress.state': state,
  'employerAddress.postalCode': '60601',
  courseRelevance: 'Data analysis for the degree.',
  fullOrPartTime: '01',
});

describe('completing a held SEVIS update', () => {
  const fields = completionFields('OPTEmployer', 'Update', 'F-1');

  it('draws the employer’s state from the office’s list of U.S. states, not a list of its own', () => {
    const state = fields.find((f) => f.name === 'employerAddress.state')!;
    expect(state).toMatchObject({ kind: 'select', lookup: { key: 'us-states' }, required: true });
    expect(state.options).toBeUndefined();
    expect(completionLookupKeys(fields)).toEqual(['us-states', 'employment-times']);
    expect(completionLookupChecks(fields, employer(' IL '))).toEqual([
      { ref: { key: 'us-states' }, value: 'IL' },
      { ref: { key: 'employment-times' }, value: '01' },
    ]);
    expect(completionLookupChecks(fields, employer(''))).toEqual([{ ref: { key: 'employment-times' }, value: '01' }]);
  });

  it('refuses a state not on the list, or retired, on its field; takes one the list offers', () => {
    expect(completionErrors(fields, employer('IL'), LISTS)).toEqual({});
    expect(completionErrors(fields, employer('ZZ'), LISTS)).toEqual({ 'employerAddress.state': [LOOKUP_MSG.notInList] });
    expect(completionErrors(fields, employer('WY'), LISTS)).toEqual({ 'employerAddress.state': [LOOKUP_MSG.retired] });
    expect(completionErrors(fields, employer(''), LISTS)).toEqual({ 'employerAddress.state': [MSG.required] });
    // Without the list (the browser before it loads) the server decides.
    expect(completionErrors(fields, employer('ZZ'))).toEqual({});
  });
});

// docs/product/lookups.md#how-forms-use-the-lists: a held OPT update's full or part time is the office's list of SEVIS Table 6.
describe('completing a held OPT update: full or part time', () => {
  const TIMES = lookupCheckerOf(
    {
      'employment-times': [
        { code: '01', label: 'Full time', attributes: {} },
        { code: '02', label: 'Part time', attributes: {}, activeUntil: '2026-01-01' },
      ],
    },
    '2026-11-22',
  );
  const fields = completionFields('OPTEmployment', 'Request', 'F-1');

  it('reads the office’s list, not a list of its own; refuses a code not on it, or retired', () => {
    expect(fields).toEqual([expect.objectContaining({ name: 'fullOrPartTime', kind: 'select', lookup: { key: 'employment-times' } })]);
    expect(fields[0]!.options).toBeUndefined();
    expect(completionLookupKeys(fields)).toEqual(['employment-times']);
    expect(completionErrors(fields, { fullOrPartTime: '01' }, TIMES)).toEqual({});
    expect(completionErrors(fields, { fullOrPartTime: '03' }, TIMES)).toEqual({ fullOrPartTime: [LOOKUP_MSG.notInList] });
    expect(completionErrors(fields, { fullOrPartTime: '02' }, TIMES)).toEqual({ fullOrPartTime: [LOOKUP_MSG.retired] });
    expect(completionErrors(fields, { fullOrPartTime: '' }, TIMES)).toEqual({ fullOrPartTime: [MSG.required] });
  });
});

// docs/product/students-records.md#dependents: a held dependent termination takes its reason from the office's lists, a
// J-2's from Table 19 (Terminate) or Table 18 (End program, END-), and other remarks with OTHER (SEVIS S1034, S2222, S2130).
describe('completing a held dependent termination', () => {
  const DEP = lookupCheckerOf(
    {
      'dependent-termination-reasons': [
        { code: '04', label: 'Divorce', attributes: {} },
        { code: '09', label: 'Other', attributes: {} },
      ],
      'ev-dependent-termination-reasons': [
        { code: '01', label: 'Conviction of a crime', attributes: {} },
        { code: '09', label: 'Other', attributes: {} },
      ],
      'ev-dependent-end-reasons': [
        { code: '04', label: 'Divorce', attributes: {}, activeUntil: '2026-01-01' },
        { code: '09', label: 'Other', attributes: {} },
      ],
    },
    '2026-11-22',
  );
  const j2 = completionFields('Dependent', 'Terminate', 'J-1');
  const f2 = completionFields('Dependent', 'Terminate', 'F-1');

  it('reads the lists of the principal’s visa, in groups for a J-2', () => {
    expect(completionLookupKeys(f2)).toEqual(['dependent-termination-reasons']);
    expect(completionLookupKeys(j2)).toEqual(['ev-dependent-termination-reasons', 'ev-dependent-end-reasons']);
    expect(completionLookupChecks(j2, { sevisReasonCode: 'END-04', otherRemarks: '' })).toEqual([
      { ref: { key: 'ev-dependent-end-reasons' }, value: '04' },
    ]);
    expect(completionLookupChecks(j2, { sevisReasonCode: '01', otherRemarks: '' })).toEqual([
      { ref: { key: 'ev-dependent-termination-reasons' }, value: '01' },
    ]);
  });

  it('refuses a reason of the other group or retired, and OTHER without other remarks', () => {
    expect(completionErrors(j2, { sevisReasonCode: '01', otherRemarks: '' }, DEP)).toEqual({});
    expect(completionErrors(j2, { sevisReasonCode: '04', otherRemarks: '' }, DEP)).toEqual({ sevisReasonCode: [LOOKUP_MSG.notInList] });
    expect(completionErrors(j2, { sevisReasonCode: 'END-04', otherRemarks: '' }, DEP)).toEqual({ sevisReasonCode: [LOOKUP_MSG.retired] });
    for (const [fields, reason] of [
      [f2, '09'],
      [j2, '09'],
      [j2, 'END-09'],
    ] as const) {
      expect(completionErrors(fields, { sevisReasonCode: reason, otherRemarks: '' }, DEP)).toEqual({
        otherRemarks: [DEPENDENT_END_MSG.otherNeedsRemarks],
      });
      expect(completionErrors(fields, { sevisReasonCode: reason, otherRemarks: 'Returned home' }, DEP)).toEqual({});
    }
  });
});
