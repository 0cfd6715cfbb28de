import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { peopleApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Every cached list of campus sites: the pickers' list (['campus-sites']) and the Campus Sites page's. */
const SITES_KEY = ['campus-sites'] as const;
const MANAGED_KEY = ['campus-sites', 'manage'] as const;

/** The Campus Sites page: every site with how many records, requests, staff and settings refer to it. */
export function useListManagedCampusSites() {
  return useQuery({
    queryKey: MANAGED_KEY,
    queryFn: ({ signal }) => apiCall(peopleApi.listManagedCampusSites, { signal }),
  });
}

function useSiteMutation<TVars, TData>(fn: (v: TVars) => Promise<TData>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: SITES_KEY }),
  });
}

export const useCreateCampusSite = () =>
  useSiteMutation((body: peopleApi.TCampusSiteInput) => apiCall(peopleApi.createCampusSite, { body }));

export const useUpdateCampusSite = () =>
  useSiteMutation(({ siteId, body }: { siteId: number; body: peopleApi.TUpdateCampusSiteInput }) =>
    apiCall(peopleApi.updateCampusSite, { params: { siteId }, body }),
  );

export const useDeleteCampusSite = () => useSiteMutation((siteId: number) => apiCall(peopleApi.deleteCampusSite, { params: { siteId } }));
