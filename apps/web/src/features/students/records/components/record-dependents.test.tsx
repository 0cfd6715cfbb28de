// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { lookupsApi, studentsApi, TLookupKey } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { seedLookupLists } from '../../../lookups/api/lookups';
import { DependentsTab, EmploymentTab } from './record-dependents';

afterEach(cleanup);

// docs/product/students-records.md#dependents: the Dependents tab ends a dependent with a reason of the office's lists: an
// F-2's SEVIS Table 3; a J-2's Terminate (Table 19) or End program (Table 18); OTHER needs remarks (SEVIS S1034, S2222, S2130).
const LISTS: Partial<Record<TLookupKey, lookupsApi.TLookupChoice[]>> = {
  'dependent-relationships': [{ code: '01', label: 'Spouse', attributes: {}, state: 'active' }],
  'dependent-termination-reasons': [{ code: '04', label: 'Divorce', attributes: {}, state: 'active' }],
  'ev-dependent-termination-reasons': [
    { code: '05', label: 'Unauthorized employment', attributes: {}, state: 'active' },
    { code: '09', label: 'Other', attributes: {}, state: 'active' },
  ],
  'ev-dependent-end-reasons': [{ code: '04', label: 'Divorce', attributes: {}, state: 'active' }],
};
const dependent = (o: Partial<studentsApi.TStudentDependent> = {}): studentsApi.TStudentDependent => ({
  id: '0b9e2f4a-5c61-4c1e-9d0a-1f2e3d4c5b6a',
  sevisId: 'N0031234568',
  firstName: 'Arjun',
  lastName: 'Sharma',
  relationshipCode: '01',
  email: '',
  gender: 'M',
  birthDate: '1997-11-02',
  birthCity: 'Pune',
  birthCountryCode: 'IN',
  citizenshipCountryCode: 'IN',
  permanentResidenceCountryCode: 'IN',
  needsSevisUpdate: false,
  status: 'Active',
  terminationReasonCode: '',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...o,
});

function draw(visaType: string, dependents: studentsApi.TStudentDependent[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
  seedLookupLists(client, LISTS);
  const record = { id: 'p1', visaType, canEdit: true, dependents } as unknown as studentsApi.TStudentRecord;
  render(
    <QueryClientProvider client={client}>
      <DependentsTab record={record} onDirtyChange={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('Dependents tab: ending a dependent', () => {
  it('J-2: the reason says what SEVIS is sent, Terminate or End program, each group from its list', () => {
    draw('J-1', [dependent()]);
    fireEvent.click(screen.getByRole('button', { name: 'Terminate Arjun Sharma' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /SEVIS reason/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Not selected',
      'Terminate: a violation (SEVIS Table 19)',
      'Terminate: Unauthorized employment (05)',
      'Terminate: Other (09)',
      'End program: no violation (SEVIS Table 18)',
      'End program: Divorce (04)',
    ]);
  });

  it('OTHER without remarks is refused on the remarks; nothing is sent', () => {
    draw('J-1', [dependent()]);
    fireEvent.click(screen.getByRole('button', { name: 'Terminate Arjun Sharma' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /SEVIS reason/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Terminate: Other (09)' }));
    expect(within(dialog).getByRole('textbox', { name: /Other remarks for SEVIS/ })).toHaveProperty('required', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to SEVIS' }));
    expect(within(dialog).getByText('SEVIS needs remarks with the reason “Other”: say why the dependent’s status ends.')).toBeTruthy();
  });

  it('a terminated dependent shows its reason in the list’s words, a J-2’s with the event', () => {
    draw('J-1', [dependent({ status: 'Terminated', terminationReasonCode: 'END-04' })]);
    expect(screen.getByText('Terminated (End program: Divorce (04))')).toBeTruthy();
    cleanup();
    draw('F-1', [dependent({ status: 'Terminated', terminationReasonCode: 'DIVORCE' })]);
    // A reason recorded before the codes were asked keeps its words.
    expect(screen.getByText('Terminated (Divorce)')).toBeTruthy();
  });
});

// docs/product/lookups.md#how-forms-use-the-lists: an employment's full or part time in the words of the office's list
// of SEVIS Table 6 (here as the office relabelled them); a code the list lacks shows as the code.
describe('Employment tab: full or part time', () => {
  it('shows the list’s label', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
    seedLookupLists(client, {
      'employment-times': [
        { code: '01', label: 'Full time', attributes: {}, state: 'active' },
        { code: '02', label: 'Part time (20 hours or less)', attributes: {}, state: 'active' },
      ],
    });
    const job = (id: string, employerName: string, fullOrPartTime: string) => ({
      id,
      kind: 'cpt',
      optPhase: '',
      status: 'approved',
      authorizedStartDate: '2026-09-01',
      authorizedEndDate: '2026-12-15',
      employerName,
      jobTitle: '',
      startDate: '2026-09-01',
      endDate: '2026-12-15',
      fullOrPartTime,
      requestId: null,
    });
    const record = {
      id: 'p1',
      visaType: 'F-1',
      canEdit: true,
      employments: [
        job('0b9e2f4a-5c61-4c1e-9d0a-1f2e3d4c5b61', 'Acme Labs', '02'),
        job('0b9e2f4a-5c61-4c1e-9d0a-1f2e3d4c5b62', 'Beta', ''),
      ],
    } as unknown as studentsApi.TStudentRecord;
    render(
      <QueryClientProvider client={client}>
        <EmploymentTab record={record} />
      </QueryClientProvider>,
    );
    const acme = screen.getByRole('row', { name: /Acme Labs/ });
    expect(within(acme).getByText('Part time (20 hours or less)')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Beta/ }).textContent).not.toMatch(/time/);
  });
});
