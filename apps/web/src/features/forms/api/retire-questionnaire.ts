import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { questionnairesQueryKey } from './list-questionnaires';

/** Retire (or make active again) a questionnaire. */
export function useSetQuestionnaireRetired() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ questionnaireId, retired }: { questionnaireId: string; retired: boolean }) =>
      apiCall(retired ? formsApi.retireQuestionnaire : formsApi.unretireQuestionnaire, { params: { questionnaireId } }),
    onSuccess: (q) => {
      qc.setQueryData([...questionnairesQueryKey, 'one', q.id], q);
      return qc.invalidateQueries({ queryKey: [...questionnairesQueryKey, 'list'] });
    },
  });
}
