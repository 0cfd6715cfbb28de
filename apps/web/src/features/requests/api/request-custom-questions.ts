import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestsApi, type TAnswers } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

const customKey = (requestId: string) => ['requests', 'custom-questions', requestId] as const;

/** The request type's custom questions with the request's saved answers. */
export function useGetRequestCustomQuestions(requestId: string) {
  return useQuery({
    queryKey: customKey(requestId),
    queryFn: ({ signal }) => apiCall(requestsApi.getRequestCustomQuestions, { params: { requestId }, signal }),
  });
}

/** Save draft answers to the custom questions (no completeness check). */
export function useSaveRequestCustomQuestions(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: TAnswers) => apiCall(requestsApi.saveRequestCustomQuestions, { params: { requestId }, body: { answers } }),
    onSuccess: (data) => qc.setQueryData(customKey(requestId), data),
  });
}
