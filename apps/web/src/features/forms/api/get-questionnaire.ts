import { useQuery } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { questionnairesQueryKey } from './list-questionnaires';

/** One questionnaire with its latest version's content. */
export function useGetQuestionnaire(questionnaireId: string | undefined) {
  return useQuery({
    queryKey: [...questionnairesQueryKey, 'one', questionnaireId],
    queryFn: ({ signal }) => apiCall(formsApi.getQuestionnaire, { params: { questionnaireId: questionnaireId! }, signal }),
    enabled: !!questionnaireId,
  });
}
