import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { useSession } from '../../../app/session/session-store';

/** The signed-in user's query (main.tsx asks for it before React starts when a session is already there). */
export const currentUserQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['auth', 'me', userId] as const,
    queryFn: ({ signal }) => apiCall(authApi.getCurrentUser, { signal }),
    staleTime: 5 * 60_000,
  });

/** The signed-in user with role, landing data and staff permissions (cached for the session). */
export function useGetCurrentUser() {
  const session = useSession();
  return useQuery({ ...currentUserQuery(session?.userId), enabled: !!session });
}
