import { useQuery } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

export const customQuestionsQueryKey = ['custom-questions'] as const;

/** The institution's custom questions (deleted ones left out), by ordinal. */
export function useListCustomQuestions(enabled = true) {
  return useQuery({
    queryKey: customQuestionsQueryKey,
    queryFn: ({ signal }) => apiCall(formsApi.listCustomQuestions, { signal }),
    enabled,
  });
}
