import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { questionnairesQueryKey } from './list-questionnaires';

/** Create (no id) or change a questionnaire; the server decides whether a change becomes a new version. */
export function useSaveQuestionnaire() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ questionnaireId, body }: { questionnaireId?: string | undefined; body: formsApi.TSaveQuestionnaireInput }) =>
      questionnaireId
        ? apiCall(formsApi.updateQuestionnaire, { params: { questionnaireId }, body })
        : apiCall(formsApi.createQuestionnaire, { body }),
    meta: { errorHandling: 'local' },
    onSuccess: (q) => {
      qc.setQueryData([...questionnairesQueryKey, 'one', q.id], q);
      void qc.invalidateQueries({ queryKey: [...questionnairesQueryKey, 'versions', q.id] });
      return qc.invalidateQueries({ queryKey: [...questionnairesQueryKey, 'list'] });
    },
  });
}
