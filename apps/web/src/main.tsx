import './app/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { readLegacyEntry } from './app/legacy-entry';
import { queryClient } from './app/query-client';
import { brandingQuery } from './app/branding';
import { setupStatusQuery } from './features/setup';
import { currentUserQuery } from './features/auth';
import { getSession } from './app/session/session-store';

// Old links (?fuseaction=...) are read and stripped before the router looks at the address.
const mode = readLegacyEntry();
// Every first page waits for the branding (its colours), and the app's for the setup status (the
// wizard or not): ask for both at once, while the router loads the page's code.
void queryClient.prefetchQuery(brandingQuery);
if (mode === 'normal') void queryClient.prefetchQuery(setupStatusQuery);
// A tab that already has a session (a reload, a link opened in it) opens a signed-in page: every shell
// waits for the user's permissions before it draws its page, so ask for them now too.
const session = getSession();
if (mode === 'normal' && session) void queryClient.prefetchQuery(currentUserQuery(session.userId));
const router = createAppRouter(mode);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
