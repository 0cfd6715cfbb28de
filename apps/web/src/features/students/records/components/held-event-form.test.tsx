// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { lookupsApi, studentsApi } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { seedLookupLists } from '../../../lookups/api/lookups';
import { HeldEventForm } from './held-event-form';

afterEach(cleanup);

// docs/product/students-records.md#sevis-updates: a held OPT employer update asks the employer's address, its state from
// the office's list of U.S. states (docs/product/lookups.md#how-forms-use-the-lists), as loaded.
const values: lookupsApi.TLookupChoice[] = [
  { code: 'NY', label: 'New York', attributes: {}, state: 'active' },
  { code: 'MA', label: 'Massachusetts', attributes: {}, state: 'active' },
];
const event: studentsApi.TSevisEvent = {
  id: 'e1',
  eventType: 'OPTEmployer',
  action: 'Update',
  status: 'held',
  message: 'The employer address is missing.',
  resultCode: '',
  payload: {},
  dependentId: null,
  requestId: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('HeldEventForm', () => {
  it('offers the employer’s state from the office’s list, in its order and words', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
    seedLookupLists(client, { 'us-states': values });
    render(
      <QueryClientProvider client={client}>
        <HeldEventForm profileId="p1" visaType="F-1" event={event} />
      </QueryClientProvider>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Employer state/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Not selected', 'New York (NY)', 'Massachusetts (MA)']);
    fireEvent.click(options[2]!);
    expect(screen.getByRole('combobox', { name: /Employer state/ }).textContent).toContain('Massachusetts (MA)');
  });
});

// docs/product/students-records.md#dependents: a held J-2 termination asks what SEVIS is sent, Terminate (SEVIS Table 19) or
// End program (Table 18), each from its own list of the office; OTHER needs other remarks (SEVIS S2222, S2130).
describe('HeldEventForm: a dependent’s termination', () => {
  const dependentEvent: studentsApi.TSevisEvent = { ...event, id: 'e2', eventType: 'Dependent', action: 'Terminate', dependentId: 'd1' };
  function drawDependent(visaType: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
    seedLookupLists(client, {
      'dependent-termination-reasons': [
        { code: '04', label: 'Divorce', attributes: {}, state: 'active' },
        { code: '09', label: 'Other', attributes: {}, state: 'active' },
      ],
      'ev-dependent-termination-reasons': [
        { code: '01', label: 'Conviction of a crime', attributes: {}, state: 'active' },
        { code: '09', label: 'Other', attributes: {}, state: 'active' },
      ],
      'ev-dependent-end-reasons': [
        { code: '02', label: 'Death', attributes: {}, state: 'active' },
        { code: '09', label: 'Other', attributes: {}, state: 'active' },
      ],
    });
    render(
      <QueryClientProvider client={client}>
        <HeldEventForm profileId="p1" visaType={visaType} event={dependentEvent} />
      </QueryClientProvider>,
    );
  }

  it('J-2: two labelled groups, Terminate (Table 19) and End program (Table 18), each from its list', () => {
    drawDependent('J-1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /SEVIS reason/ }));
    const listbox = screen.getByRole('listbox');
    // The groups' headings carry no value: they cannot be chosen.
    const all = within(listbox).getAllByRole('option');
    expect(all.filter((o) => !o.hasAttribute('data-value')).map((o) => o.textContent)).toEqual([
      'Terminate: a violation (SEVIS Table 19)',
      'End program: no violation (SEVIS Table 18)',
    ]);
    const options = all.filter((o) => o.hasAttribute('data-value'));
    expect(options.map((o) => o.textContent)).toEqual([
      'Not selected',
      'Terminate: Conviction of a crime (01)',
      'Terminate: Other (09)',
      'End program: Death (02)',
      'End program: Other (09)',
    ]);
    expect(options.map((o) => o.getAttribute('data-value'))).toEqual(['', '01', '09', 'END-02', 'END-09']);
  });

  it('OTHER without other remarks is refused on the remarks before anything is sent', () => {
    drawDependent('J-1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /SEVIS reason/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'End program: Other (09)' }));
    expect(screen.getByRole('textbox', { name: /Other remarks/ })).toHaveProperty('required', true);
    fireEvent.click(screen.getByRole('button', { name: 'Save and queue for SEVIS' }));
    expect(screen.getByText('SEVIS needs remarks with the reason “Other”: say why the dependent’s status ends.')).toBeTruthy();
  });

  it('F-2: one list, SEVIS Table 3, without groups', () => {
    drawDependent('F-1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /SEVIS reason/ }));
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not selected', 'Divorce (04)', 'Other (09)']);
    expect(within(listbox).queryByText(/Table 19/)).toBeNull();
  });
});
