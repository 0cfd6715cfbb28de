import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestsApi, type TAnswers } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { requestKey } from './keys';

const answersKey = (requestId: string, questionnaireId: string) => ['requests', 'answers', requestId, questionnaireId] as const;

/** A questionnaire of a request with its saved answers. */
export function useGetRequestAnswers(requestId: string, questionnaireId: string) {
  return useQuery({
    queryKey: answersKey(requestId, questionnaireId),
    queryFn: ({ signal }) => apiCall(requestsApi.getRequestAnswers, { params: { requestId, questionnaireId }, signal }),
  });
}

/** Save draft answers (no completeness check). */
export function useSaveRequestAnswers(requestId: string, questionnaireId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answers: TAnswers) =>
      apiCall(requestsApi.saveRequestAnswers, { params: { requestId, questionnaireId }, body: { answers } }),
    onSuccess: (data) => {
      qc.setQueryData(answersKey(requestId, questionnaireId), data);
      // An answer may bring in (or take away) a conditional questionnaire: the request lists them.
      void qc.invalidateQueries({ queryKey: requestKey(requestId) });
    },
  });
}
