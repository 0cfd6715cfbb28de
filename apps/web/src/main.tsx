import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { readLegacyEntry } from './app/legacy-entry';

// Old links (?fuseaction=...) are read and stripped before the router looks at the address.
const mode = readLegacyEntry();
const router = createAppRouter(mode);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
