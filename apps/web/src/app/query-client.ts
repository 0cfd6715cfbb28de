import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './http/api-error';
import { handleApiError } from './errors/handle-api-error';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorHandling?: 'global' | 'local' };
    mutationMeta: { errorHandling?: 'global' | 'local' };
  }
}

/**
 * One client for the app. Errors go to the global handler unless the query or
 * mutation says `meta: { errorHandling: 'local' }` (forms that show field errors, the login page).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.errorHandling === 'local') return;
      handleApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (mutation.meta?.errorHandling === 'local') return;
      handleApiError(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again; a dropped connection might.
      retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 1,
    },
    mutations: { retry: false },
  },
});

/** Forget everything user-specific (keeps public branding so the login page stays themed). */
export function clearUserData(): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'branding' && q.queryKey[0] !== 'setup-status' });
}
