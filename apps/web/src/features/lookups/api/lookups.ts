import { keepPreviousData, type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { lookupsApi, type TLookupKey } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { downloadFile } from '../../../app/http/download-file';

/** Every cached read of the lists: the forms' (['lookups', key, …]) and the admin page's. */
const LOOKUPS_KEY = ['lookups'] as const;
/** A list changes seldom: forms read it once a quarter of an hour (a change made here refreshes it at once). */
const FORM_STALE_MS = 15 * 60_000;

/** The query of one list as forms read it (shared by every field and check of the list). */
export const lookupQuery = (key: TLookupKey, keep: readonly string[]) => {
  const kept = [...new Set(keep.map((k) => k.trim()).filter(Boolean))].sort();
  return {
    queryKey: [...LOOKUPS_KEY, key, 'form', kept.join(',')] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiCall(lookupsApi.getLookup, { params: { key }, query: kept.length ? { keep: kept.join(',') } : {}, signal }),
    staleTime: FORM_STALE_MS,
  };
};

/**
 * Puts lists in the cache as forms read them, as if loaded (the way to show a form with given lists without a
 * server: component tests, previews); each list's summary is made from its values.
 */
export function seedLookupLists(client: QueryClient, lists: Partial<Record<TLookupKey, lookupsApi.TLookupChoice[]>>): void {
  for (const [key, values] of Object.entries(lists) as [TLookupKey, lookupsApi.TLookupChoice[]][])
    client.setQueryData(lookupQuery(key, []).queryKey, {
      list: {
        key,
        name: key,
        description: '',
        source: '',
        allowsOfficeValues: false,
        attributes: [],
        activeCount: values.filter((v) => v.state === 'active').length,
        retiredCount: values.filter((v) => v.state === 'retired').length,
        officeCount: 0,
      },
      values,
    });
}

/**
 * One list as forms read it (docs/product/lookups.md#how-forms-use-the-lists): the values offered today, and the
 * values `keep` names even when retired (what the record being edited already holds), cached for the session.
 */
export function useLookup(key: TLookupKey, keep: readonly string[] = []) {
  return useQuery(lookupQuery(key, keep));
}

/** Several lists at once (a form's every list), in the order asked. */
export function useLookups(keys: readonly TLookupKey[]) {
  return useQueries({ queries: keys.map((k) => lookupQuery(k, [])) });
}

/** The admin page's lists with their counts. */
export function useListLookups() {
  return useQuery({ queryKey: [...LOOKUPS_KEY, 'lists'], queryFn: ({ signal }) => apiCall(lookupsApi.listLookups, { signal }) });
}

/** A page of one list's values, searched, filtered and sorted on the server. */
export function useLookupValues(key: TLookupKey, query: lookupsApi.TListLookupValuesQuery) {
  return useQuery({
    queryKey: [...LOOKUPS_KEY, key, 'values', query],
    queryFn: ({ signal }) => apiCall(lookupsApi.listLookupValues, { params: { key }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useLookupMutation<TVars, TData>(fn: (v: TVars) => Promise<TData>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: LOOKUPS_KEY }),
  });
}

type TKeyed<T> = { key: TLookupKey } & T;

export const useAddLookupValue = () =>
  useLookupMutation(({ key, body }: TKeyed<{ body: lookupsApi.TAddLookupValueInput }>) =>
    apiCall(lookupsApi.addLookupValue, { params: { key }, body }),
  );

export const useUpdateLookupValue = () =>
  useLookupMutation(({ key, valueId, body }: TKeyed<{ valueId: string; body: lookupsApi.TUpdateLookupValueInput }>) =>
    apiCall(lookupsApi.updateLookupValue, { params: { key, valueId }, body }),
  );

export const useRetireLookupValue = () =>
  useLookupMutation(({ key, valueId, body }: TKeyed<{ valueId: string; body: lookupsApi.TRetireLookupValueInput }>) =>
    apiCall(lookupsApi.retireLookupValue, { params: { key, valueId }, body }),
  );

export const useRestoreLookupValue = () =>
  useLookupMutation(({ key, valueId }: TKeyed<{ valueId: string }>) =>
    apiCall(lookupsApi.restoreLookupValue, { params: { key, valueId } }),
  );

export const useReorderLookupValues = () =>
  useLookupMutation(({ key, valueIds }: TKeyed<{ valueIds: string[] }>) =>
    apiCall(lookupsApi.reorderLookupValues, { params: { key }, body: { valueIds } }),
  );

/** The whole list as CSV, saved under the server's file name. */
export const exportLookup = (key: TLookupKey) => downloadFile(lookupsApi.exportLookup, { params: { key } }, `${key}.csv`);
