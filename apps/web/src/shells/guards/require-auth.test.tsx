// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../app/session/session-store';
import { RequireAuth } from './require-auth';

afterEach(() => {
  cleanup();
  clearSession();
});

/** Someone signed out opens `path`; where do they end up? */
async function openSignedOut(path: string, roles: Parameters<typeof RequireAuth>[0]['roles']) {
  const router = createMemoryRouter(
    [
      { path: '/login/*', element: <h1>Login</h1> },
      { path: '*', element: <RequireAuth roles={roles}>page</RequireAuth> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  await new Promise((r) => setTimeout(r, 0));
  return `${router.state.location.pathname}${router.state.location.search}`;
}

// docs/product/single-sign-on.md#how-it-works: the page asked for goes with the person to the login page.
describe('a signed-out person opening a page', () => {
  it('is sent to sign in with the page to come back to', async () => {
    expect(await openSignedOut('/isss/student-profile/42?tab=documents', ['isssAdmin'])).toBe(
      '/login?next=%2Fisss%2Fstudent-profile%2F42%3Ftab%3Ddocuments',
    );
    expect(await openSignedOut('/student/requests', ['ISSSstudent'])).toBe('/login/student?next=%2Fstudent%2Frequests');
  });

  it("opening an area's bare address just signs in", async () => {
    expect(await openSignedOut('/isss', ['isssAdmin'])).toBe('/login');
  });
});
