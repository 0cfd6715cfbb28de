// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { lookupsApi } from '@meridian/domain';
import { lookupQuery } from '../api/lookups';
import { filterLookupOptions, LookupField } from './lookup-field';

afterEach(cleanup);

const value = (code: string, label: string, o: Partial<lookupsApi.TLookupChoice> = {}): lookupsApi.TLookupChoice => ({
  code,
  label,
  attributes: {},
  state: 'active',
  ...o,
});
const list: lookupsApi.TLookupList = {
  key: 'us-states',
  name: 'U.S. states and territories',
  description: '',
  source: '',
  allowsOfficeValues: false,
  attributes: [],
  activeCount: 2,
  retiredCount: 1,
  officeCount: 0,
};

function field(current: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(lookupQuery('us-states', []).queryKey, {
    list,
    values: [value('MA', 'Massachusetts'), value('NH', 'New Hampshire')],
  });
  client.setQueryData(lookupQuery('us-states', ['VT']).queryKey, {
    list,
    values: [
      value('MA', 'Massachusetts'),
      value('NH', 'New Hampshire'),
      value('VT', 'Vermont', { state: 'retired', activeUntil: '2026-01-01' }),
    ],
  });
  render(
    <QueryClientProvider client={client}>
      <LookupField
        id="field-us_state"
        name="us_state"
        label="State"
        lookup={{ key: 'us-states' }}
        value={current}
        onChange={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('a field of a code list (docs/product/lookups.md#how-forms-use-the-lists)', () => {
  it('offers the values as label and code', () => {
    field('');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not selected', 'Massachusetts (MA)', 'New Hampshire (NH)']);
  });

  it('keeps the value a record holds when the list no longer offers it, and says so', () => {
    field('VT');
    expect(screen.getByRole('combobox', { name: 'State' }).textContent).toBe('Vermont (VT), no longer offered');
  });

  it('finds by the code first, then by the start of a label, then anywhere in it', () => {
    const options = [
      { value: 'HA', label: 'Haiti (HA)' },
      { value: 'IT', label: 'Italy (IT)' },
      { value: 'ER', label: 'Eritrea (ER)' },
      { value: 'UK', label: 'United Kingdom (UK)' },
    ];
    expect(filterLookupOptions(options, { inputValue: 'it' }).map((o) => o.value)).toEqual(['IT', 'HA', 'ER', 'UK']);
    expect(filterLookupOptions(options, { inputValue: 'u' }).map((o) => o.value)).toEqual(['UK']);
    expect(filterLookupOptions(options, { inputValue: 'king' }).map((o) => o.value)).toEqual(['UK']);
    expect(filterLookupOptions(options, { inputValue: '' })).toHaveLength(4);
  });
});
