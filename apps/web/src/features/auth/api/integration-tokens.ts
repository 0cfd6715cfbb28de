import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const integrationTokensKey = ['integration-tokens'] as const;

/** The institution's integration tokens (never their secrets). */
export function useListIntegrationTokens() {
  return useQuery({
    queryKey: [...integrationTokensKey, 'list'],
    queryFn: ({ signal }) => apiCall(authApi.listIntegrationTokens, { signal }),
  });
}

/** Create a token: the answer carries its secret, which is shown this once. */
export function useCreateIntegrationToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: authApi.TCreateIntegrationTokenInput) => apiCall(authApi.createIntegrationToken, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationTokensKey }),
  });
}

/** Revoke a token: its next call is refused. */
export function useRevokeIntegrationToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => apiCall(authApi.revokeIntegrationToken, { params: { tokenId } }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationTokensKey }),
  });
}

/** A token's latest calls, from the audit trail. */
export function useListIntegrationTokenUses(tokenId: string | null) {
  return useQuery({
    queryKey: [...integrationTokensKey, 'uses', tokenId],
    queryFn: ({ signal }) => apiCall(authApi.listIntegrationTokenUses, { params: { tokenId: tokenId! }, query: { limit: 50 }, signal }),
    enabled: !!tokenId,
  });
}
