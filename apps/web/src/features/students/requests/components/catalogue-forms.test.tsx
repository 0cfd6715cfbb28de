// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { lookupsApi, TLookupKey, TStudentRequestCode, TStudentRequestData, TStudentRequestDependent } from '@meridian/domain';
import { seedLookupLists } from '../../../lookups/api/lookups';
import { StudentRequestForm } from './student-request-form';

afterEach(cleanup);

/*
 * The catalogue's later forms as a student (or the office) sees them: the variant of the student's visa
 * (docs/product/students-requests.md#exchange-visitor-variants) and the rows of Several Dependents.
 */
const spouse: TStudentRequestDependent = {
  id: '0b9e2f4a-5c61-4c1e-9d0a-1f2e3d4c5b6a',
  sevisId: 'N0031234568',
  firstName: 'Arjun',
  lastName: 'Sharma',
  relationshipCode: '01',
  gender: 'M',
  birthDate: '1997-11-02',
  birthCity: 'Pune',
  birthCountryCode: 'IN',
  citizenshipCountryCode: 'IN',
  permanentResidenceCountryCode: 'IN',
};

// The office's termination reasons as loaded (docs/product/lookups.md#how-forms-use-the-lists): relabeled, reordered,
// the M-1-only 14 and the retired 09 not offered to an F-1 record.
const LISTS: Partial<Record<TLookupKey, lookupsApi.TLookupChoice[]>> = {
  'student-termination-reasons': [
    { code: '16', label: 'Failing to maintain status', attributes: { f1: 'Y', m1: 'Y' }, state: 'active' },
    { code: '14', label: 'Denied transfer', attributes: { f1: 'N', m1: 'Y' }, state: 'active' },
    { code: '09', label: 'Suspension', attributes: { f1: 'Y', m1: 'Y' }, state: 'retired' },
    { code: '01', label: 'Unauthorized withdrawal', attributes: { f1: 'Y', m1: 'Y' }, state: 'active' },
  ],
  'ev-termination-reasons': [{ code: 'FALACT', label: 'Failure to pursue EV program activities', attributes: {}, state: 'active' }],
  // SEVIS Table 3 as the office keeps it: a student is offered 02, 03, 04 and 09 only; the office's 05 is not.
  'dependent-termination-reasons': [
    { code: '02', label: 'Death', attributes: {}, state: 'active' },
    { code: '03', label: 'Child turned 21', attributes: {}, state: 'active' },
    { code: '04', label: 'Divorce', attributes: {}, state: 'active' },
    { code: '05', label: 'Unauthorized employment', attributes: {}, state: 'active' },
    { code: '09', label: 'Other', attributes: {}, state: 'active' },
  ],
  // SEVIS Table 18 (a J-2's End Status), relabeled by the office.
  'ev-dependent-end-reasons': [
    { code: '02', label: 'Death', attributes: {}, state: 'active' },
    { code: '04', label: 'Divorce or annulment', attributes: {}, state: 'active' },
    { code: '09', label: 'Other', attributes: {}, state: 'active' },
  ],
  'ev-print-reasons': [
    { code: '06', label: 'Begin new program', attributes: {}, state: 'active' },
    { code: '08', label: 'Following to join', attributes: {}, state: 'active' },
  ],
};

function draw(
  code: TStudentRequestCode,
  data: TStudentRequestData,
  visaType: string,
  o: { readOnly?: boolean; errors?: Record<string, string> } = {},
) {
  const onChange = vi.fn();
  // Fields drawn from the office's code lists (countries) load them: a client that never reaches a server.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  seedLookupLists(client, LISTS);
  render(
    <QueryClientProvider client={client}>
      <StudentRequestForm
        code={code}
        data={data}
        errors={o.errors ?? {}}
        readOnly={o.readOnly ?? false}
        context={{ dependents: [spouse], visaType }}
        onChange={onChange}
        onBlur={() => undefined}
      />
    </QueryClientProvider>,
  );
  return onChange;
}
const optionsOf = (name: RegExp) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  const list = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  return list;
};

describe('the visa selects the form', () => {
  it('Cancel Program: an F-1 student chooses SEVIS Table 10’s reason, an exchange visitor explains instead', () => {
    draw('cancel_request', {}, 'F-1');
    expect(screen.getByRole('combobox', { name: /Reason/ })).toBeTruthy();
    cleanup();
    draw('cancel_request', {}, 'J-1');
    expect(screen.queryByRole('combobox', { name: /Reason/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Why you will not take part in the program/ })).toHaveProperty('required', true);
  });

  it('Terminate SEVIS Record: the office’s Table 24 reasons and the effective date for a J-1 record, Table 13’s F-1 reasons for an F-1', () => {
    draw('terminate_request', {}, 'J-1');
    expect(optionsOf(/Reason \(SEVIS\)/)).toEqual(['Not selected', 'Failure to pursue EV program activities (FALACT)']);
    expect(screen.getByRole('textbox', { name: /Effective date/ })).toBeTruthy();
    cleanup();
    draw('terminate_request', {}, 'F-1');
    expect(optionsOf(/Reason \(SEVIS\)/)).toEqual(['Not selected', 'Failing to maintain status (16)', 'Unauthorized withdrawal (01)']);
    expect(screen.queryByRole('textbox', { name: /Effective date/ })).toBeNull();
  });

  it('Matriculation offers SEVIS’s degrees', () => {
    draw('matriculation_request', {}, 'J-1');
    expect(optionsOf(/Degree you matriculate into/)).toEqual([
      'Not selected',
      "Associate's degree",
      "Bachelor's degree",
      "Master's degree",
      'Doctorate',
    ]);
  });
});

describe('Several Dependents: one panel per row', () => {
  it('starts with a button; adding a row asks what changes', () => {
    const onChange = draw('dependent_info_multi', {}, 'F-1');
    fireEvent.click(screen.getByRole('button', { name: 'Add a dependent' }));
    expect(onChange).toHaveBeenCalledWith('dependent_changes', [{ change: '' }]);
  });

  it('a row that ends a status asks which dependent on record (no new one) and why, from the office’s list of the visa', () => {
    draw('dependent_info_multi', { dependent_changes: [{ change: 'end' }] }, 'F-1');
    expect(screen.getByRole('heading', { name: 'Dependent 1' })).toBeTruthy();
    expect(optionsOf(/Dependent on your record/)).toEqual(['Not selected', 'Arjun Sharma (spouse, SEVIS ID N0031234568)']);
    expect(optionsOf(/Why the status ends/)).toEqual(['Not selected', 'Death (02)', 'Child turned 21 (03)', 'Divorce (04)', 'Other (09)']);
    expect(screen.queryByRole('textbox', { name: /Given name/ })).toBeNull();
    cleanup();
    // A J-2's program ends with SEVIS Table 18, in the office's words.
    draw('dependent_info_multi', { dependent_changes: [{ change: 'end' }] }, 'J-1');
    expect(optionsOf(/Why the status ends/)).toEqual(['Not selected', 'Death (02)', 'Divorce or annulment (04)', 'Other (09)']);
    cleanup();
    draw('dependent_info_multi', { dependent_changes: [{ change: 'add' }] }, 'J-1');
    expect(screen.getByRole('textbox', { name: /Given name/ })).toHaveProperty('required', true);
    expect(optionsOf(/Purpose of the dependent's DS-2019/)).toEqual(['Not selected', 'Begin new program (06)', 'Following to join (08)']);
  });

  it('a row’s message sits on its own field, named for it; a row can be removed', () => {
    const onChange = draw(
      'dependent_info_multi',
      { dependent_changes: [{ change: 'add' }, { change: 'update', dependent_id: spouse.id }] },
      'F-1',
      { errors: { 'dependent_changes.0.dependent_first_name': 'Required field' } },
    );
    const first = screen.getAllByRole('textbox', { name: /Given name/ })[0]!;
    expect(first.getAttribute('name')).toBe('dependent_changes.0.dependent_first_name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    // The dependent on record: each field says what the record holds.
    expect(screen.getByText('On your record: Arjun')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove dependent 1' }));
    expect(onChange).toHaveBeenCalledWith('dependent_changes', [{ change: 'update', dependent_id: spouse.id }]);
  });

  it('read only, each row lists what it does', () => {
    draw('dependent_info_multi', { dependent_changes: [{ change: 'end', dependent_id: spouse.id, end_reason: '04' }] }, 'F-1', {
      readOnly: true,
    });
    expect(screen.getByText('End the status of a dependent on my record')).toBeTruthy();
    expect(screen.getByText('Arjun Sharma (spouse, SEVIS ID N0031234568)')).toBeTruthy();
    expect(screen.getByText('Divorce (04)')).toBeTruthy();
  });
});
