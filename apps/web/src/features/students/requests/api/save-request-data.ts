import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentsApi, type TStudentRequestData } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';
import { requestKey } from '../../../requests';

const dataKey = (requestId: string) => ['requests', 'data', requestId] as const;

/** A student request's own fields with the record dates its rules use (so the browser checks as the server does). */
export function useGetStudentRequestData(requestId: string | null) {
  return useQuery({
    queryKey: dataKey(requestId ?? ''),
    queryFn: ({ signal }) => apiCall(studentsApi.getStudentRequestData, { params: { requestId: requestId! }, signal }),
    enabled: !!requestId,
  });
}

/** Save the request's fields as a draft (formats checked; 400 with `data.<field>` messages, nothing saved). */
export function useSaveStudentRequestData() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { requestId: string; data: TStudentRequestData }) =>
      apiCall(studentsApi.saveStudentRequestData, {
        params: { requestId: v.requestId },
        body: { data: v.data as Record<string, string | number | boolean | null> },
      }),
    meta: { errorHandling: 'local' },
    onSuccess: (detail, v) => {
      qc.setQueryData(requestKey(v.requestId), detail);
      void qc.invalidateQueries({ queryKey: dataKey(v.requestId) });
    },
  });
}
