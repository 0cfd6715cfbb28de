import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setupApi, type TSetupInput } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { setupStatusQueryKey } from './get-setup-status';
import { brandingQueryKey } from '../../../app/branding';

/** Create the first institution and its super user. */
export function useCompleteSetup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetupInput) => apiCall(setupApi.completeSetup, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => {
      qc.setQueryData(setupStatusQueryKey, { setupRequired: false });
      void qc.invalidateQueries({ queryKey: brandingQueryKey });
    },
  });
}
