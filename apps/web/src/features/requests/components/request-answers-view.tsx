import { Alert, Skeleton } from '@mui/material';
import type { TAnswers } from '@meridian/domain';
import { QuestionnaireAnswerForm } from '../../forms';
import type { TPendingSaves } from '../../../ui/pending-saves';
import { useGetRequestAnswers, useSaveRequestAnswers } from '../api/request-answers';

/** One questionnaire of a request: read-only for staff and after submission, editable for the requester's draft. */
export function RequestQuestionnaire({
  requestId,
  questionnaireId,
  readOnly,
  fieldErrors,
  pending,
}: {
  requestId: string;
  questionnaireId: string;
  readOnly: boolean;
  fieldErrors?: Record<string, string>;
  /** Where typed answers wait until saved (keyed by questionnaire id), so the page can save them before submitting. */
  pending?: TPendingSaves<TAnswers> | undefined;
}) {
  const q = useGetRequestAnswers(requestId, questionnaireId);
  const save = useSaveRequestAnswers(requestId, questionnaireId);
  if (q.isPending) return <Skeleton variant="rounded" height={160} />;
  if (q.isError || !q.data) return <Alert severity="error">This questionnaire could not be loaded.</Alert>;
  return (
    <QuestionnaireAnswerForm
      data={q.data}
      readOnly={readOnly}
      fieldErrors={fieldErrors}
      saving={save.isPending}
      onAnswersChange={pending ? (a) => pending.typed(questionnaireId, a) : undefined}
      onSaveDraft={async (answers: TAnswers) => {
        await save.mutateAsync(answers);
        pending?.saved(questionnaireId, answers);
      }}
    />
  );
}
