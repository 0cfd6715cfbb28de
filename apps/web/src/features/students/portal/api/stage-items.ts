import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

const KEY = ['students', 'stage-items'] as const;

export function useListStageItems(enabled = true) {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiCall(studentsApi.listStageItems, { signal }), enabled });
}

function useRefreshing<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ meta: { errorHandling: 'local' }, mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useAddStageItem = () => useRefreshing((body: studentsApi.TAddStageItemInput) => apiCall(studentsApi.addStageItem, { body }));
export const useUpdateStageItem = () =>
  useRefreshing((v: { id: string; visaScope: studentsApi.TVisaScope }) =>
    apiCall(studentsApi.updateStageItem, { params: { itemId: v.id }, body: { visaScope: v.visaScope } }),
  );
export const useRemoveStageItem = () => useRefreshing((id: string) => apiCall(studentsApi.removeStageItem, { params: { itemId: id } }));
export const useReorderStageItems = () =>
  useRefreshing((v: { stage: studentsApi.TPortalStage; ids: string[] }) => apiCall(studentsApi.reorderStageItems, { body: v }));
