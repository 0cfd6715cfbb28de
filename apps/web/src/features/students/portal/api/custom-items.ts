import { useQuery } from '@tanstack/react-query';
import { formsApi } from '@meridian/domain';
import { apiCall } from '../../../../app/http/api-call';

const APPLIES: Record<string, string> = {
  main: 'one file',
  dependent: 'one file per dependent',
  site_of_activity: 'one file per site of activity',
};

/** The custom questions and upload documents a step or stage can ask, as choices with a short detail. */
export function useCustomItemOptions(enabled = true) {
  const questions = useQuery({
    queryKey: ['custom-questions', 'options'],
    queryFn: ({ signal }) => apiCall(formsApi.listCustomQuestions, { signal }),
    enabled,
  });
  const documents = useQuery({
    queryKey: ['custom-documents', 'options'],
    queryFn: ({ signal }) => apiCall(formsApi.listCustomDocuments, { signal }),
    enabled,
  });
  return {
    isPending: questions.isPending || documents.isPending,
    questions: (questions.data ?? []).map((q) => ({
      id: q.id,
      name: q.questionText.length > 90 ? `${q.questionText.slice(0, 90)}…` : q.questionText,
      detail: `${formsApi.CUSTOM_QUESTION_TYPE_LABELS[q.questionType]}${q.isRequired ? ', required' : ''}${q.isActive && !q.isHidden ? '' : ', not shown (inactive or hidden)'}`,
    })),
    documents: (documents.data ?? [])
      .filter((d) => d.documentType === 'file_upload')
      .map((d) => ({
        id: d.id,
        name: d.name,
        detail: `${APPLIES[d.appliesTo] ?? d.appliesTo}${d.isRequired ? ', required' : ''}${!d.isHidden && d.isVisibleToStudent ? '' : ', not shown to students'}`,
      })),
  };
}
