import { useQuery } from '@tanstack/react-query';
import { institutionsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const brandingQueryKey = ['branding'] as const;

/** Public branding: colours, logo, login texts and feature flags (read before sign-in). */
export function useBranding() {
  return useQuery({
    queryKey: brandingQueryKey,
    queryFn: ({ signal }) => apiCall(institutionsApi.getBranding, { signal }),
    staleTime: 5 * 60_000,
    // The login page falls back to the default look; no toast for a missing branding.
    meta: { errorHandling: 'local' },
  });
}
