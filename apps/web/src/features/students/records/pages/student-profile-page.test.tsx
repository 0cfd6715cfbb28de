// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { lookupsApi } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { seedLookupLists } from '../../../lookups/api/lookups';
import { recordKey } from '../api/student-record';
import { StudentProfilePage } from './student-profile-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
// The record and the lists are in the cache; the tabs' other reads answer empty.
beforeEach(() =>
  vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }))),
);

const ID = '30000000-0000-4000-8000-000000000002';

describe('StudentProfilePage: the exchange visitor’s category in the office’s words (docs/product/lookups.md#reading-a-list)', () => {
  it('names the category in the header with the label the office gave it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
    client.setQueryData([...recordKey(ID), 'main'], {
      id: ID,
      firstName: 'Ingrid',
      lastName: 'Halvorsen',
      middleName: '',
      visaType: 'J-1',
      sevisId: 'N0012340001',
      sevisStatus: 'Active',
      currentStage: 'continuing',
      campusSiteName: 'Main Campus',
      email: '',
      tags: [],
      evCategoryCode: '08',
      dependents: [],
      sites: [],
      employments: [],
      pendingSevisEvents: [],
      canEdit: false,
    });
    const active = (code: string, label: string): lookupsApi.TLookupChoice => ({ code, label, attributes: {}, state: 'active' });
    seedLookupLists(client, { 'ev-categories': [active('08', 'Visiting researcher'), active('04', 'Professor')] });
    const router = createMemoryRouter([{ path: '/isss/student-profile/:profileId', element: <StudentProfilePage /> }], {
      initialEntries: [`/isss/student-profile/${ID}`],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const header = await screen.findByRole('banner');
    expect(header.textContent).toContain('· Visiting researcher (08)');
  });
});
