import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
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
    expect(completionLookupKeys(fields)).toEqual(['us-states']);
    expect(completionLookupChecks(fields, employer(' IL '))).toEqual([{ ref: { key: 'us-states' }, value: 'IL' }]);
    expect(completionLookupChecks(fields, employer(''))).toEqual([]);
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
