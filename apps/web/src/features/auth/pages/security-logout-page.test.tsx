// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../app/branding';
import { CAMPUS_LOGOUT_DELAY_MS, DEFAULT_SSO_LOGOUT_PATH, SecurityLogoutPage } from './security-logout-page';

// docs/product/auth.md#signing-out: the page signing out lands on, then the campus logout address.
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function openAt(path: string, branding: typeof DEFAULT_BRANDING | 'unavailable') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (branding === 'unavailable') {
    void client.prefetchQuery({ queryKey: brandingQueryKey, queryFn: () => Promise.reject(new Error('offline')) });
  } else client.setQueryData(brandingQueryKey, branding);
  const router = createMemoryRouter([{ path: '/security-logout', element: <SecurityLogoutPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the security-logout page', () => {
  it('says the person is signed out and, with a campus logout address, goes there after 3 seconds', async () => {
    openAt('/security-logout?portal=student', { ...DEFAULT_BRANDING, Remote_logout_url: 'https://idp.example.edu/logout' });
    expect(screen.getByRole('heading', { name: 'You are signed out' })).toBeTruthy();
    expect(screen.getByText(/close every window of this browser/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login/student');
    expect(screen.getByRole('link', { name: 'Continue now' }).getAttribute('href')).toBe('https://idp.example.edu/logout');
    await act(() => vi.advanceTimersByTimeAsync(CAMPUS_LOGOUT_DELAY_MS - 1));
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(assign).toHaveBeenCalledWith('https://idp.example.edu/logout');
  });

  it('without a campus logout address it stays, offering to sign in again', async () => {
    openAt('/security-logout', DEFAULT_BRANDING);
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Continue now' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CAMPUS_LOGOUT_DELAY_MS * 2));
    expect(assign).not.toHaveBeenCalled();
  });

  it("when the institution's settings cannot be read, the default single-sign-on logout path is used, once", async () => {
    openAt('/security-logout', 'unavailable');
    await act(() => vi.advanceTimersByTimeAsync(10));
    await act(() => vi.advanceTimersByTimeAsync(CAMPUS_LOGOUT_DELAY_MS));
    expect(assign).toHaveBeenCalledWith(DEFAULT_SSO_LOGOUT_PATH);
    cleanup();
    assign.mockClear();
    openAt('/security-logout?done=1', 'unavailable');
    await act(() => vi.advanceTimersByTimeAsync(CAMPUS_LOGOUT_DELAY_MS * 2));
    expect(assign).not.toHaveBeenCalled();
  });
});
