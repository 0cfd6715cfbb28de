import { useQuery } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { questionnairesQueryKey } from './list-questionnaires';

/** Versions of a questionnaire, newest first, with how many answer sets each holds. */
export function useListQuestionnaireVersions(questionnaireId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...questionnairesQueryKey, 'versions', questionnaireId],
    queryFn: ({ signal }) => apiCall(formsApi.listQuestionnaireVersions, { params: { questionnaireId: questionnaireId! }, signal }),
    enabled: enabled && !!questionnaireId,
  });
}
