import { Alert, Skeleton } from '@mui/material';
import type { TAnswers } from '@meridian/domain';
import { QuestionnaireAnswerForm } from '../../forms';
import { useGetRequestAnswers, useSaveRequestAnswers } from '../api/request-answers';

/** One questionnaire of a request: read-only for staff and after submission, editable for the requester's draft. */
export function RequestQuestionnaire({
  requestId,
  questionnaireId,
  readOnly,
  fieldErrors,
  onUnsaved,
}: {
  requestId: string;
  questionnaireId: string;
  readOnly: boolean;
  fieldErrors?: Record<string, string>;
  /** Typed answers not saved yet (null once saved), so the page can save them before submitting. */
  onUnsaved?: (questionnaireId: string, answers: TAnswers | null) => void;
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
      onAnswersChange={onUnsaved ? (a) => onUnsaved(questionnaireId, a) : undefined}
      onSaveDraft={async (answers: TAnswers) => {
        await save.mutateAsync(answers);
        onUnsaved?.(questionnaireId, null);
      }}
    />
  );
}
