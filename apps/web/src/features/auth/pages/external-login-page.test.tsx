// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi, type TSession } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../app/branding';
import { clearSession, getSession } from '../../../app/session/session-store';
import { LoginLayout } from '../../../shells/login/login-layout';
import { ExternalLoginPage } from './external-login-page';
import { LoginPage } from './login-page';

// docs/product/external-login.md#messages: #/external trades the campus proxy's AUTHN cookie for a session;
// refused, a snackbar says why for one second, then the login page, which says it too.
const SESSION: TSession = {
  type: 'session',
  tokenType: 'Bearer',
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresIn: 900,
  expireOn: Math.floor(Date.now() / 1000) + 900,
  userId: '00000000-0000-4000-8000-000000000001',
  userRole: 'ISSSstudent',
  clientId: 'inst',
  profileId: null,
  scholarId: null,
  scholarApplicationId: null,
  department: null,
  processedState: null,
  isssRequestId: null,
  isLoginFromTDS: false,
};

let calls: { url: string; init: RequestInit | undefined }[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  });
}

beforeEach(() => {
  calls = [];
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
});

function openAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
  const router = createMemoryRouter(
    [
      {
        element: <LoginLayout />,
        children: [
          { path: '/external', element: <ExternalLoginPage /> },
          { path: '/login', element: <LoginPage portal="scholar" /> },
          { path: '/login/student', element: <LoginPage portal="student" /> },
        ],
      },
      { path: '/student/home', element: <h1>Student home</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** Lets the clock run `ms` (and the answers and renders it lets through). */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The same in small steps, so that what each step starts (a closing snackbar's animation) runs too. */
async function run(ms: number) {
  for (let t = 0; t < ms; t += 50) await wait(50);
}
const shown = (text: string) => screen.queryAllByText(text).length;

describe('campus web sign-in (#/external)', () => {
  it('a refusal is shown in a snackbar for one second, then the login page says why', async () => {
    const message = authApi.MSG_EXTERNAL_LOGIN.expired;
    answer(401, { code: authApi.EXTERNAL_LOGIN_CODES.expired, message });
    const router = openAt('/external');
    await wait(0);
    // fetchLoginAuth: the page's own same-origin call, with a JSON body, so that the browser sends the cookie.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/auth/external');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(calls[0]!.init?.credentials).toBe('same-origin');
    expect((calls[0]!.init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');

    expect(shown(message)).toBe(1);
    expect(screen.getByText('Your campus sign-in did not complete. Taking you to the login page…')).toBeTruthy();
    await wait(authApi.EXTERNAL_LOGIN_SNACKBAR_MS - 1);
    expect(router.state.location.pathname).toBe('/external');
    expect(shown(message)).toBe(1);

    await wait(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?external=expired');
    // The snackbar is gone once its second is over (and its closing animation); the login page's own message stays.
    await run(1000);
    expect(document.querySelector('#notistack-snackbar')).toBeNull();
    expect(shown(message)).toBe(1);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(getSession()).toBeNull();
  });

  it('on the way to a student page, a refusal goes to the student login page', async () => {
    answer(401, { code: authApi.EXTERNAL_LOGIN_CODES.notLinked, message: authApi.MSG_EXTERNAL_LOGIN.notLinked });
    const router = openAt('/external?next=/student/home');
    await run(authApi.EXTERNAL_LOGIN_SNACKBAR_MS + 1000);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login/student?external=notLinked');
    expect(screen.getByRole('alert').textContent).toBe(authApi.MSG_EXTERNAL_LOGIN.notLinked);
  });

  it('signed in, the person goes on to the page asked for', async () => {
    answer(200, { session: SESSION });
    const router = openAt('/external?next=/student/home');
    await wait(0);
    await wait(0);
    expect(router.state.location.pathname).toBe('/student/home');
    expect(getSession()?.accessToken).toBe('access');
  });

  it('a next address outside the portal is not followed', async () => {
    answer(200, { session: SESSION });
    const router = openAt('/external?next=https://evil.example/');
    await wait(0);
    await wait(0);
    expect(router.state.location.pathname).toBe('/');
  });
});
