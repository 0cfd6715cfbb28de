// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { lookupsApi, TLookupKey } from '@meridian/domain';
import { seedLookupLists } from '../../lookups/api/lookups';
import { StudentRequestDataView } from './request-data-view';

afterEach(cleanup);

// docs/product/students-requests.md: the office reads a student's request form with each choice from the office's
// lists in the list's words; a dependent's end reason from the list of the record's visa (an F-2's SEVIS Table 3,
// a J-2's Table 18), which the request's detail names.
const LISTS: Partial<Record<TLookupKey, lookupsApi.TLookupChoice[]>> = {
  'dependent-termination-reasons': [{ code: '04', label: 'Divorce (F-2 list)', attributes: {}, state: 'active' }],
  'ev-dependent-end-reasons': [{ code: '04', label: 'Divorce (J-2 list)', attributes: {}, state: 'active' }],
};
const DATA = { dependent_changes: [{ change: 'end', dependent_id: 'd1', end_reason: '04' }] };

function draw(labels: Record<string, string>, namesChoices = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedLookupLists(client, LISTS);
  render(
    <QueryClientProvider client={client}>
      <StudentRequestDataView code="dependent_info_multi" data={DATA} labels={labels} namesChoices={namesChoices} />
    </QueryClientProvider>,
  );
}

describe('the office reads a request form', () => {
  it("names a dependent's end reason from the list of the record's visa type", () => {
    draw({ studentVisaType: 'J-1', 'dependent_changes.0.dependent_id': 'Arjun Sharma (spouse)' });
    expect(screen.getByText(/Divorce \(J-2 list\)/)).toBeTruthy();
    expect(screen.getByText('Arjun Sharma (spouse)')).toBeTruthy();
    cleanup();
    draw({ studentVisaType: 'F-1' });
    expect(screen.getByText(/Divorce \(F-2 list\)/)).toBeTruthy();
  });

  it('shows the code itself to an approver who came by an e-mailed link and reads no lists', () => {
    draw({}, false);
    expect(screen.getByText('04')).toBeTruthy();
    expect(screen.queryByText(/Divorce/)).toBeNull();
  });
});
