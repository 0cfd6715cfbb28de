import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scholarsApi, type TRequestFormData } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { requestKey } from '../../../requests';

const dataKey = (requestId: string) => ['requests', 'scholar-data', requestId] as const;

/** A scholar request's own fields with the case its rules compare with (so the browser checks as the server does). */
export function useGetScholarRequestData(requestId: string) {
  return useQuery({
    queryKey: dataKey(requestId),
    meta: { errorHandling: 'local' },
    queryFn: ({ signal }) => apiCall(scholarsApi.getScholarRequestData, { params: { requestId }, signal }),
    enabled: !!requestId,
  });
}

/** Save the request's fields as a draft (formats checked; 400 with `data.<field>` messages, nothing saved). */
export function useSaveScholarRequestData(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (data: TRequestFormData) =>
      apiCall(scholarsApi.saveScholarRequestData, {
        params: { requestId },
        body: { data: data as Record<string, string | number | boolean | null> },
      }),
    meta: { errorHandling: 'local' },
    onSuccess: (detail) => {
      qc.setQueryData(requestKey(requestId), detail);
      void qc.invalidateQueries({ queryKey: dataKey(requestId) });
    },
  });
}
