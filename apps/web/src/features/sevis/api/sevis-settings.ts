import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sevisApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

const sevisSettingsKey = ['sevis', 'settings'] as const;
const sevisSendersKey = ['sevis', 'senders'] as const;

/** The SEVIS settings of the caller's sites. */
export function useListSevisSettings(enabled = true) {
  return useQuery({ queryKey: sevisSettingsKey, queryFn: ({ signal }) => apiCall(sevisApi.listSevisSettings, { signal }), enabled });
}

/** Add (no id) or change (id) a site's SEVIS settings. */
export function useSaveSevisSettings() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ id, body }: { id?: string | undefined; body: sevisApi.TSevisSettingsInput }) =>
      id ? apiCall(sevisApi.updateSevisSettings, { params: { settingsId: id }, body }) : apiCall(sevisApi.createSevisSettings, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sevis'] }),
  });
}

/** SEVIS Permissions of the caller's campus sites: the DSOs and AROs, and the staff who may be named where. */
export function useListSevisSenders(enabled = true) {
  return useQuery({ queryKey: sevisSendersKey, queryFn: ({ signal }) => apiCall(sevisApi.listSevisSenders, { signal }), enabled });
}

/** Name a DSO / ARO of a campus site, or change their SEVIS user id (refusals stay on the form). */
export function useSaveSevisSender() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: sevisApi.TSevisSenderInput) => apiCall(sevisApi.saveSevisSender, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sevis'] }),
  });
}

/** Withdraw a DSO / ARO entry of a campus site (refusals are shown by the page). */
export function useRemoveSevisSender() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (p: { campusSiteId: number; userId: string; kind: sevisApi.TSevisSenderKind }) =>
      apiCall(sevisApi.removeSevisSender, { params: p }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['sevis'] }),
  });
}
