import { useQuery } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';

/** Active questionnaires, custom questions and custom documents to attach to a request type. */
export function useFormOptions(enabled = true) {
  const questionnaires = useQuery({
    queryKey: ['questionnaires', 'options'],
    queryFn: async ({ signal }) => {
      const out: { id: string; name: string }[] = [];
      for (const programType of formsApi.PROGRAM_TYPES) {
        const page = await apiCall(formsApi.listQuestionnaires, {
          query: { page: 1, pageSize: 100, bRetired: '0', programType },
          signal,
        }).catch(() => null);
        out.push(...(page?.items ?? []).map((q) => ({ id: q.id, name: q.name })));
      }
      return out;
    },
    enabled,
  });
  const documents = useQuery({
    queryKey: ['custom-documents', 'options'],
    queryFn: ({ signal }) => apiCall(formsApi.listCustomDocuments, { signal }),
    enabled,
  });
  const questions = useQuery({
    queryKey: ['custom-questions', 'options'],
    queryFn: ({ signal }) => apiCall(formsApi.listCustomQuestions, { signal }),
    enabled,
  });
  return { questionnaires, documents, questions };
}
