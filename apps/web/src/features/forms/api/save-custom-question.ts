import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { customQuestionsQueryKey } from './list-custom-questions';

/** Create (no id) or change a custom question. */
export function useSaveCustomQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: formsApi.TSaveCustomQuestionInput }) =>
      id
        ? apiCall(formsApi.updateCustomQuestion, { params: { customQuestionId: id }, body })
        : apiCall(formsApi.createCustomQuestion, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: () => qc.invalidateQueries({ queryKey: customQuestionsQueryKey }),
  });
}
