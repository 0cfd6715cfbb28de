import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { lookupSetsQueryKey } from './list-lookup-sets';

/** Create (no id) or change a lookup set. */
export function useSaveLookupSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: formsApi.TSaveLookupSetInput }) =>
      id ? apiCall(formsApi.updateLookupSet, { params: { lookupSetId: id }, body }) : apiCall(formsApi.createLookupSet, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: lookupSetsQueryKey }),
  });
}
