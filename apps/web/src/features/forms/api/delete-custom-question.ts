import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { customQuestionsQueryKey } from './list-custom-questions';

/** Delete a custom question (soft on the server: what was already given stays). */
export function useDeleteCustomQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(formsApi.deleteCustomQuestion, { params: { customQuestionId: id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: customQuestionsQueryKey }),
  });
}
