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
