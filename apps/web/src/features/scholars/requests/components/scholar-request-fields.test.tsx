// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as draw, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { lookupsApi, TScholarRequestContext } from '@meridian/domain';
import { lookupQuery } from '../../../lookups/api/lookups';
import { ScholarRequestFields } from './scholar-request-fields';

afterEach(cleanup);

/** The forms read U.S. states from the office's code list (docs/product/lookups.md#how-forms-use-the-lists), as loaded. */
function render(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const values: lookupsApi.TLookupChoice[] = [
    { code: 'MA', label: 'Massachusetts', attributes: {}, state: 'active' },
    { code: 'NY', label: 'New York', attributes: {}, state: 'active' },
  ];
  client.setQueryData(lookupQuery('us-states', []).queryKey, {
    list: {
      key: 'us-states',
      name: 'U.S. states and territories',
      description: '',
      source: '',
      allowsOfficeValues: false,
      attributes: [],
      activeCount: values.length,
      retiredCount: 0,
      officeCount: 0,
    },
    values,
  });
  return draw(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

// docs/product/scholars-portal.md#requests: the J-1 program's forms are drawn from the shared rules; the Update Site
// of Activity choice lists the exchange visitor record's sites.
const context: TScholarRequestContext = {
  today: '2026-12-07',
  visaType: 'J-1',
  category: 'RESEARCH SCHOLAR',
  programStartDate: '2027-01-04',
  programEndDate: '2028-01-03',
  hasExchangeVisitorRecord: true,
  sites: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Jefferson Physical Laboratory',
      address: { line1: '17 Oxford Street', line2: '', city: 'Cambridge', state: 'MA', postalCode: '02138' },
      isPrimary: true,
    },
  ],
  dependents: [],
};

describe('ScholarRequestFields', () => {
  it('draws the extension’s fields with their required marks', () => {
    render(
      <ScholarRequestFields
        code="program_extension"
        data={{}}
        errors={{ new_program_end_date: 'Required field' }}
        readOnly={false}
        context={context}
        onChange={() => undefined}
        onBlur={() => undefined}
      />,
    );
    const section = screen.getByRole('region', { name: 'Extension' });
    expect(within(section).getByRole('textbox', { name: /New program end date/ })).toHaveProperty('required', true);
    expect(within(section).getByText('Required field')).toBeTruthy();
    expect(within(section).getByRole('textbox', { name: /Funding for the extra time/ })).toHaveProperty('required', true);
  });

  it('offers the record’s sites to update, and tells a change', () => {
    const changes: [string, unknown][] = [];
    render(
      <ScholarRequestFields
        code="soa_update_request"
        data={{}}
        errors={{}}
        readOnly={false}
        context={context}
        onChange={(n, v) => changes.push([n, v])}
        onBlur={() => undefined}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Site of activity/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Jefferson Physical Laboratory (primary)' }));
    expect(changes).toEqual([['soa_site_id', '11111111-1111-4111-8111-111111111111']]);
  });

  it('reads as text once with the office', () => {
    render(
      <ScholarRequestFields
        code="amend_program_request"
        data={{ amend_program_end_date: '2028-06-30', amend_reason: 'The lab opens later' }}
        errors={{}}
        readOnly
        context={context}
        onChange={() => undefined}
        onBlur={() => undefined}
      />,
    );
    expect(screen.getByText('06/30/2028')).toBeTruthy();
    expect(screen.getByText('The lab opens later')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
