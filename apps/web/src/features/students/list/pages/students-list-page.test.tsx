// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSession } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { clearSession, setSession } from '../../../../app/session/session-store';
import { StudentsListPage } from './students-list-page';

// A name searched in one list title that has no match is offered over all titles
// (docs/product/students-list.md#search-filters-and-sorting).
const GARCIA = {
  id: '00000000-0000-4000-8000-0000000000a1',
  firstName: 'Ana',
  lastName: 'Garcia',
  email: 'ana.garcia@students.example.edu',
  sevisId: 'N0012345678',
  campusId: null,
  visaType: 'F-1',
  sevisStatus: 'Completed',
  campusSite: null,
  programEndDate: '2026-05-15',
  stage: 'archived',
  updatedAt: '2026-05-20T10:00:00.000Z',
};
let asked: URLSearchParams[] = [];

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

beforeEach(() => {
  asked = [];
  setSession({
    accessToken: 't',
    refreshToken: 'r',
    expiresIn: 900,
    expireOn: Math.floor(Date.now() / 1000) + 900,
    userId: 'u',
    userRole: 'isssAdmin',
  } as TSession);
  vi.stubGlobal('fetch', (url: string) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/students') {
      asked.push(u.searchParams);
      // Ana Garcia completed her program: she is in "All students", not in "Active students".
      const found = u.searchParams.get('title') === 'all' && /garcia/i.test(u.searchParams.get('q') ?? '');
      const pageSize = Number(u.searchParams.get('pageSize') ?? 10);
      return json({ items: found ? [GARCIA].slice(0, pageSize) : [], total: found ? 1 : 0, page: 1, pageSize });
    }
    if (u.pathname === '/api/students/list-titles') return json({ titles: [], countedAt: '2026-05-20T10:00:00.000Z', isRefreshing: false });
    return json([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  window.localStorage.clear();
});

function openAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
  const router = createMemoryRouter([{ path: '/isss/students-list', element: <StudentsListPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Student List search', () => {
  it('with no match in the chosen list, says how many match over all lists and searches there on request', async () => {
    const router = openAt('/isss/students-list?filters=q:garcia');
    await screen.findByText('1 student matches “garcia” in All students.', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Search all students' }));
    await screen.findByRole('link', { name: 'Garcia, Ana' }, { timeout: 5000 });
    expect(router.state.location.search).toContain('title:all');
    expect(router.state.location.search).toContain('q:garcia');
    expect(asked.some((p) => p.get('title') === 'all' && p.get('q') === 'garcia' && p.get('pageSize') !== '1')).toBe(true);
  });

  it('says so when no list has the name either, and offers no search that cannot find anything', async () => {
    openAt('/isss/students-list?filters=q:nobody');
    await screen.findByText('No student of any list matches “nobody” either.', undefined, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Search all students' })).toBeNull();
  });

  it('offers nothing more when the search already covers all students', async () => {
    openAt('/isss/students-list?filters=title:all;q:nobody');
    await screen.findByText('No students in “All students” match your search and filters.', undefined, { timeout: 5000 });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked.every((p) => p.get('pageSize') !== '1')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Search all students' })).toBeNull();
  });
});
