import { useQuery } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Is this reset or invitation link still valid? (Changes nothing on the server.) */
export function useInspectPasswordLink(token: string | null) {
  return useQuery({
    queryKey: ['password-link', token],
    queryFn: ({ signal }) => apiCall(authApi.inspectPasswordLink, { body: { token: token ?? '' }, signal, anonymous: true }),
    enabled: !!token && token.length >= 10,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { errorHandling: 'local' },
  });
}
