import { Alert, Skeleton } from '@mui/material';
import type { TAnswers } from '@meridian/domain';
import { QuestionnaireAnswerForm } from '../../forms';
import { useRequestAnswers, useSaveRequestAnswers } from '../api/request-answers';

/** One questionnaire of a request: read-only for staff and after submission, editable for the requester's draft. */
export function RequestQuestionnaire({ requestId, questionnaireId, readOnly, fieldErrors }: {
  requestId: string; questionnaireId: string; readOnly: boolean; fieldErrors?: Record<string, string>;
}) {
  const q = useRequestAnswers(requestId, questionnaireId);
  const save = useSaveRequestAnswers(requestId, questionnaireId);
  if (q.isPending) return <Skeleton variant="rounded" height={160} />;
  if (q.isError || !q.data) return <Alert severity="error">This questionnaire could not be loaded.</Alert>;
  return (
    <QuestionnaireAnswerForm
      data={q.data} readOnly={readOnly} fieldErrors={fieldErrors} saving={save.isPending}
      onSaveDraft={async (answers: TAnswers) => { await save.mutateAsync(answers); }}
    />
  );
}
