// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { lookupsApi, studentsApi } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { lookupQuery, seedLookupLists } from '../../../lookups/api/lookups';
import { EmploymentDialog } from './employment-dialog';

afterEach(cleanup);

// docs/product/lookups.md#how-forms-use-the-lists: full or part time of an OPT employer period is the office's list of
// SEVIS Table 6, offered as radio buttons in the list's words (here as the office relabelled them).
const TIMES: lookupsApi.TLookupChoice[] = [
  { code: '01', label: 'Full time (office words)', attributes: {}, state: 'active' },
  { code: '02', label: 'Part time (office words)', attributes: {}, state: 'active' },
];
const student: studentsApi.TOptStudent = {
  profileId: 'p1',
  firstName: 'Ana',
  lastName: 'Rivera',
  sevisId: 'N0001234567',
  campusSiteName: 'Main Campus',
  phase: '02',
  authorizationStart: '2026-06-01',
  authorizationEnd: '2027-05-31',
  authorizations: [{ phase: '02', startDate: '2026-06-01', endDate: '2027-05-31' }],
  employments: [],
  unemployment: null,
  canEdit: true,
};
const employment = (fullOrPartTime: string): studentsApi.TOptEmployment => ({
  id: 'e1',
  kind: 'opt',
  phase: '02',
  employerName: 'Acme Robotics',
  employerEin: '987654321',
  jobTitle: 'Data Analyst',
  startDate: '2026-07-01',
  endDate: null,
  fullOrPartTime,
  isCurrent: true,
});

function draw(times: lookupsApi.TLookupChoice[], period: studentsApi.TOptEmployment | null, kept?: lookupsApi.TLookupChoice[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
  seedLookupLists(client, { 'employment-times': times });
  // What the list says of the value the period holds when it no longer offers it (the form reads it with `keep`).
  if (kept && period)
    client.setQueryData(lookupQuery('employment-times', [period.fullOrPartTime]).queryKey, {
      list: {
        key: 'employment-times',
        name: 'employment-times',
        description: '',
        source: '',
        allowsOfficeValues: false,
        attributes: [],
        activeCount: 0,
        retiredCount: 0,
        officeCount: 0,
      },
      values: kept,
    });
  render(
    <QueryClientProvider client={client}>
      <EmploymentDialog student={student} employment={period} onClose={() => {}} />
    </QueryClientProvider>,
  );
}
const radios = () => screen.getAllByRole('radio').map((r) => [r.closest('label')?.textContent, (r as HTMLInputElement).checked]);

describe('EmploymentDialog: full or part time', () => {
  it('offers the list’s values in its words, full time chosen for a new period', () => {
    draw(TIMES, null);
    expect(screen.getByRole('radiogroup', { name: 'Hours' })).toBeTruthy();
    expect(radios()).toEqual([
      ['Full time (office words)', true],
      ['Part time (office words)', false],
    ]);
  });

  it('shows what a period holds; a value the list no longer offers stays shown, marked, beside the offered ones', () => {
    draw(TIMES, employment('02'));
    expect(radios()).toEqual([
      ['Full time (office words)', false],
      ['Part time (office words)', true],
    ]);
    cleanup();
    draw([TIMES[0]!], employment('02'), [{ ...TIMES[1]!, state: 'retired' }]);
    expect(radios()).toEqual([
      ['Part time (office words), no longer offered', true],
      ['Full time (office words)', false],
    ]);
  });
});
