import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const questionnairesQueryKey = ['questionnaires'] as const;

/** One page of Form Management, filtered, paged and sorted on the server. */
export function useListQuestionnaires(query: formsApi.TListQuestionnairesQuery, enabled = true) {
  return useQuery({
    queryKey: [...questionnairesQueryKey, 'list', query],
    queryFn: ({ signal }) => apiCall(formsApi.listQuestionnaires, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
