// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_STAFF_PERMISSIONS, MSG, type TCurrentUser, type TSession, type TStaffPermissions } from '@meridian/domain';
import { clearSession, setSession } from '../../app/session/session-store';
import { RequirePermission } from './require-permission';

// Nothing here reaches a server: the user is either known already or still on its way.
beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

const user = (staff: Partial<TStaffPermissions>): TCurrentUser => ({
  userId: '00000000-0000-4000-8000-000000000001',
  userName: 'officer',
  firstName: 'Olga',
  lastName: 'Officer',
  email: 'officer@example.edu',
  userRole: 'isssAdmin',
  accountName: 'Demo University',
  staff: { ...EMPTY_STAFF_PERMISSIONS, ...staff },
  isDepartmentAdmin: false,
  department: null,
  profileId: null,
  currentStage: null,
  scholarId: null,
  scholarApplicationId: null,
  processedState: null,
});

/** The gate in front of two pages, signed in as `me` (already known, as the shell has loaded it). */
function renderGated(me: TCurrentUser | undefined, path: string) {
  setSession({
    accessToken: 't',
    refreshToken: 'r',
    expiresIn: 900,
    expireOn: Math.floor(Date.now() / 1000) + 900,
    userId: me?.userId ?? 'u',
    userRole: 'isssAdmin',
  } as TSession);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (me) client.setQueryData(['auth', 'me', me.userId], me);
  const router = createMemoryRouter(
    [
      {
        element: <RequirePermission permission="sevis.configure" homePath="/isss/dashboard" />,
        children: [{ path: '/isss/sevis-permissions', element: <h1>SEVIS Permissions</h1> }],
      },
      {
        path: '/isss/sevis-settings',
        element: (
          <RequirePermission permission="sevis.read" homePath="/isss/dashboard">
            <h1>SEVIS Settings</h1>
          </RequirePermission>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('RequirePermission', () => {
  it('shows the page to a user whose permissions include it', async () => {
    renderGated(user({ isSuper: true }), '/isss/sevis-permissions');
    expect(await screen.findByRole('heading', { name: 'SEVIS Permissions' })).toBeTruthy();
  });

  it('shows the No access page, with a link home, to anyone else', async () => {
    renderGated(user({ isAssistant: true, assistantSites: [1] }), '/isss/sevis-permissions');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MSG.noAccessPage);
    expect(screen.getByRole('link', { name: 'Go to my home page' }).getAttribute('href')).toBe('/isss/dashboard');
    expect(screen.queryByRole('heading', { name: 'SEVIS Permissions' })).toBeNull();
  });

  it('guards its children as well as child routes', async () => {
    renderGated(user({ isOfficer: true, officerSites: [0] }), '/isss/sevis-settings');
    expect(await screen.findByRole('heading', { name: 'SEVIS Settings' })).toBeTruthy();
  });

  it('waits for the current user before deciding', () => {
    renderGated(undefined, '/isss/sevis-permissions');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
