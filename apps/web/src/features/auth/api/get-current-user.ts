import { useQuery } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { useSession } from '../../../app/session/session-store';

const currentUserQueryKey = (userId: string | undefined) => ['auth', 'me', userId] as const;

/** The signed-in user with role, landing data and staff permissions (cached for the session). */
export function useGetCurrentUser() {
  const session = useSession();
  return useQuery({
    queryKey: currentUserQueryKey(session?.userId),
    queryFn: ({ signal }) => apiCall(authApi.getCurrentUser, { signal }),
    enabled: !!session,
    staleTime: 5 * 60_000,
  });
}
