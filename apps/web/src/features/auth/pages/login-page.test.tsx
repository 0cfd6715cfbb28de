// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../app/branding';
import { LoginLayout } from '../../../shells/login/login-layout';
import { LoginPage } from './login-page';

// The sign-in pages (docs/product/auth.md#login-pages): the institution's own heading above the
// spec's SCHOLAR / STUDENT title, each portal's own welcome text, and a link to the other sign-in.
const BRANDING = {
  ...DEFAULT_BRANDING,
  accountName: 'Northfield University',
  logoImageURL: 'https://cdn.northfield.test/logo.png',
  loginWelcomeText: 'Welcome, scholars and staff',
  studentLoginWelcomeText: 'Welcome, Northfield students',
};

afterEach(cleanup);

/** The institution's heading at the top of the card. */
const brand = () => document.querySelector('.login-brand')!;

function openAt(path: string, branding: typeof BRANDING = BRANDING) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(brandingQueryKey, branding);
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: <LoginLayout />,
        children: [
          { index: true, element: <LoginPage portal="scholar" /> },
          { path: 'student', element: <LoginPage portal="student" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the sign-in pages', () => {
  it('the staff page is headed by the institution (name and logo) above SCHOLAR, with the scholar welcome', () => {
    openAt('/login');
    const banner = brand();
    expect(banner.textContent).toBe('Northfield University');
    // The name beside it says whose logo it is, so the image itself is decoration.
    expect(banner.querySelector('img')?.getAttribute('src')).toBe('https://cdn.northfield.test/logo.png');
    expect(banner.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('SCHOLAR');
    expect(screen.getByText('Scholars, departments and office staff')).toBeTruthy();
    expect(screen.getByText('Welcome, scholars and staff')).toBeTruthy();
    expect(screen.queryByText('Welcome, Northfield students')).toBeNull();
  });

  it('each page links to the other, and the student page greets students with their own text', async () => {
    const router = openAt('/login');
    fireEvent.click(screen.getByRole('link', { name: 'Go to the student sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'STUDENT' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/student');
    expect(screen.getByText('Welcome, Northfield students')).toBeTruthy();
    expect(screen.queryByText('Welcome, scholars and staff')).toBeNull();
    expect(brand().textContent).toBe('Northfield University');
    fireEvent.click(screen.getByRole('link', { name: 'Go to the scholar and staff sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'SCHOLAR' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('without a logo the institution is still named; without a name the logo says what it is', () => {
    const client = new QueryClient();
    client.setQueryData(brandingQueryKey, { ...BRANDING, logoImageURL: '' });
    const router = createMemoryRouter([{ path: '/', element: <LoginLayout />, children: [{ index: true, element: null }] }]);
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(brand().textContent).toBe('Northfield University');
    expect(brand().querySelector('img')).toBeNull();
    unmount();
    client.setQueryData(brandingQueryKey, { ...BRANDING, accountName: '' });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/', element: <LoginLayout />, children: [{ index: true, element: null }] }])}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('img', { name: 'Institution logo' })).toBeTruthy();
  });
});

// docs/product/single-sign-on.md#how-it-works: the campus button, the way back, and why it sent someone back.
describe('single sign-on on the sign-in pages', () => {
  const WITH_BUTTON = { ...BRANDING, showCampusIdLoginBtn: true, loginButtonText: 'Log in with NetID' };

  it('the campus button starts single sign-on for this portal, coming back to the page the person asked for', () => {
    openAt('/login/student?next=%2Fstudent%2Fhome%3Ftab%3D2', WITH_BUTTON);
    const link = screen.getByRole('link', { name: 'Log in with NetID' });
    expect(link.getAttribute('href')).toBe('/api/auth/sso/start?portal=student&returnTo=%2Fstudent%2Fhome%3Ftab%3D2');
  });

  it('a way back that leaves the portal, or leads to the login area, is dropped', () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/login/student', 'javascript:alert(1)']) {
      openAt(`/login?next=${encodeURIComponent(next)}`, WITH_BUTTON);
      expect(screen.getByRole('link', { name: 'Log in with NetID' }).getAttribute('href')).toBe('/api/auth/sso/start?portal=scholar');
      cleanup();
    }
  });

  it("a campus page in front of the portal (Site Settings' Remote login URL) takes the button instead", () => {
    openAt('/login', { ...WITH_BUTTON, Remote_login_url: 'https://weblogin.northfield.test/' });
    expect(screen.getByRole('link', { name: 'Log in with NetID' }).getAttribute('href')).toBe('https://weblogin.northfield.test/');
  });

  it('says why single sign-on sent the person back', () => {
    openAt('/login/student?sso=notLinked', WITH_BUTTON);
    expect(screen.getByRole('alert').textContent).toBe(authApi.MSG_SSO.notLinked);
    cleanup();
    openAt('/login?sso=something-else', WITH_BUTTON);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an account of a kind sent to single sign-on only is told to use the campus account', async () => {
    const answer = new Response(JSON.stringify({ code: 'PASSWORD_SIGN_IN_OFF', message: authApi.MSG_SSO.passwordOff }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer);
    try {
      openAt('/login/student');
      fireEvent.change(screen.getByLabelText(/^User name/), { target: { value: 'student' } });
      fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Correct-Horse-9' } });
      fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
      expect(await screen.findByText(authApi.MSG_SSO.passwordOff)).toBeTruthy();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('without the campus button switched on there is no button', () => {
    openAt('/login');
    expect(screen.queryByText('or Log in with')).toBeNull();
  });
});
