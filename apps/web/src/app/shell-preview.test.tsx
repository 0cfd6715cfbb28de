// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSession } from '@meridian/domain';
import { clearSession, setSession } from './session/session-store';
import { brandingQueryKey, DEFAULT_BRANDING } from './branding';
import { FirstPageLoader } from './shell-preview';
import { setMenuHidden } from './menu-dock';

beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

function show(path: string, { signedIn, branded }: { signedIn: boolean; branded: boolean }) {
  if (signedIn)
    setSession({
      accessToken: 't',
      refreshToken: 'r',
      expiresIn: 900,
      expireOn: Math.floor(Date.now() / 1000) + 900,
      userId: 'u',
      userRole: 'isssAdmin',
    } as TSession);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (branded) client.setQueryData(brandingQueryKey, { ...DEFAULT_BRANDING, primaryColor: '#5B2C83', secondaryColor: '#F2A900' });
  const router = createMemoryRouter([{ path: '*', element: <FirstPageLoader /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the first page while its code arrives', () => {
  it('previews the scholar dashboard: the bar in the institution’s colours, the page’s own heading, and a status for screen readers', () => {
    show('/admin/dashboard', { signedIn: true, branded: true });
    expect(screen.getByRole('heading', { level: 1, name: 'International Scholar and Employee Admin' })).toBeTruthy();
    expect(screen.getByText(/^Every scholar and employee case, by phase\./)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    const bar = screen.getByRole('banner');
    expect(bar.style.backgroundColor).toMatch(/^(rgb\(91, 44, 131\)|#5b2c83)$/i);
    expect(bar.style.borderBottomColor).toMatch(/^(rgb\(242, 169, 0\)|#f2a900)$/i);
    // Nothing in it can be pressed before the page is there.
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('keeps the bar neutral until the colours are known, so it never flashes another institution’s', () => {
    show('/admin/dashboard', { signedIn: true, branded: false });
    expect(screen.getByRole('banner').style.backgroundColor).toBe('');
  });

  it('previews the student area’s home, My work, with the heading the page draws', () => {
    show('/isss/my-work', { signedIn: true, branded: true });
    expect(screen.getByText('International Student Admin')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My work' })).toBeTruthy();
    // The old student dashboard is no longer a home: no preview there.
    cleanup();
    show('/isss/dashboard', { signedIn: true, branded: true });
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('leaves the docked menu’s room on the left unless the user hid the menu', () => {
    show('/isss/my-work', { signedIn: true, branded: true });
    expect(document.querySelector('.shell-preview-dock')).not.toBeNull();
    cleanup();
    setMenuHidden(true);
    show('/isss/my-work', { signedIn: true, branded: true });
    expect(document.querySelector('.shell-preview-dock')).toBeNull();
    setMenuHidden(false);
  });

  it('shows the plain loader to a visitor and on any other page', () => {
    show('/admin/dashboard', { signedIn: false, branded: true });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    cleanup();
    show('/admin/scholars', { signedIn: true, branded: true });
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
