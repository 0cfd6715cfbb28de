// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { lookupsApi, studentsApi } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { seedLookupLists } from '../../../lookups/api/lookups';
import { MyProfilePage } from './my-profile-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
// Nothing is read from a server: every query the page makes is in the cache; a call would fail the test loudly.
beforeEach(() => vi.stubGlobal('fetch', () => Promise.reject(new Error('no server in this test'))));

/** The student's own record as the page reads it; only what the page shows. */
const record = (o: Partial<studentsApi.TMyRecord>): studentsApi.TMyRecord =>
  ({
    id: '30000000-0000-4000-8000-000000000001',
    firstName: 'Aiko',
    lastName: 'Tanaka',
    visaType: 'F-1',
    sevisId: 'N0012345678',
    sevisStatus: 'Active',
    campusSiteName: 'Main Campus',
    currentStage: 'continuing',
    evCategoryCode: '',
    educationLevel: '',
    major1Code: '11.0701',
    programStartDate: '2025-08-20',
    programEndDate: '2027-05-15',
    documentIssueDate: null,
    corrections: [],
    dependents: [],
    ...o,
  }) as studentsApi.TMyRecord;

const active = (code: string, label: string): lookupsApi.TLookupChoice => ({ code, label, attributes: {}, state: 'active' });

function show(r: studentsApi.TMyRecord) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
  client.setQueryData(['students', 'me'], r);
  client.setQueryData(['field-settings', 'mine'], { forms: {} });
  // The office renamed both codes on its lists (docs/product/lookups.md#the-lists).
  seedLookupLists(client, {
    'ev-categories': [active('1D', 'Graduate exchange student'), active('08', 'Research scholar')],
    'education-levels': [active('04', 'Undergraduate degree'), active('05', "Master's")],
    'birth-countries': [{ code: 'JA', label: 'Japan', attributes: { iso: 'JP' }, state: 'active' }],
    genders: [active('F', 'Female'), active('M', 'Male')],
  });
  render(
    <QueryClientProvider client={client}>
      <MyProfilePage />
    </QueryClientProvider>,
  );
}

/** The value a fact of the page shows, by its label. */
const factOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('MyProfilePage: the program’s codes in the office’s words (docs/product/lookups.md#reading-a-list)', () => {
  it('shows an exchange visitor’s category with the label the office gave it', () => {
    show(record({ visaType: 'J-1', evCategoryCode: '1D' }));
    expect(factOf('Exchange visitor category')).toBe('Graduate exchange student (1D)');
    expect(screen.queryByText('Education level', { selector: 'dt' })).toBeNull();
  });

  it('shows a student’s education level with the label the office gave it', () => {
    show(record({ educationLevel: '04' }));
    expect(factOf('Education level')).toBe('Undergraduate degree (04)');
  });

  it('shows the personal information kept as codes (country of birth, gender) in the words of the office’s lists', () => {
    show(record({ birthCountryCode: 'JP', gender: 'F' }));
    expect(factOf('Country of birth')).toBe('Japan (JP)');
    expect(factOf('Gender')).toBe('Female (F)');
  });
});
