import { useMemo } from 'react';
import { Alert, Skeleton } from '@mui/material';
import { formsApi, type TAnswers, type TQuestionnaireForAnswering } from '@meridian/domain';
import { QuestionnaireAnswerForm } from '../../forms';
import type { TPendingSaves } from '../../../ui/pending-saves';
import { useGetRequestCustomQuestions, useSaveRequestCustomQuestions } from '../api/request-custom-questions';
import { CUSTOM_QUESTIONS_KEY } from './unsaved-answers';

/** The answer form's questionnaire id for the custom questions: server messages `custom.<id>` become `answers.custom.<id>`. */
const CUSTOM_FORM_ID = 'custom';

/**
 * The request type's custom questions ('Additional questions'), shown with the questionnaire answer
 * form (each custom type as its questionnaire item type): Save draft for the requester, read-only for staff.
 * Nothing is shown when the type asks none.
 */
export function RequestCustomQuestions({
  requestId,
  readOnly,
  fieldErrors,
  pending,
}: {
  requestId: string;
  readOnly: boolean;
  fieldErrors?: Record<string, string>;
  /** Where typed answers wait until saved (under the custom-questions key), so the page can save them before submitting. */
  pending?: TPendingSaves<TAnswers> | undefined;
}) {
  const q = useGetRequestCustomQuestions(requestId);
  const save = useSaveRequestCustomQuestions(requestId);
  const errors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(fieldErrors ?? {})
          .filter(([k]) => k.startsWith('custom.'))
          .map(([k, v]) => [`answers.${CUSTOM_FORM_ID}.${k.slice('custom.'.length)}`, v]),
      ),
    [fieldErrors],
  );
  const data = useMemo<TQuestionnaireForAnswering | null>(
    () =>
      q.data
        ? {
            questionnaireId: CUSTOM_FORM_ID,
            versionId: CUSTOM_FORM_ID,
            versionNo: 1,
            name: formsApi.CUSTOM_QUESTIONS_TITLE,
            content: formsApi.customQuestionsContent(q.data.questions),
            answers: q.data.answers,
            isSubmitted: false,
          }
        : null,
    [q.data],
  );
  if (q.isPending) return <Skeleton variant="rounded" height={160} />;
  if (q.isError || !data) return <Alert severity="error">The additional questions could not be loaded.</Alert>;
  if (q.data.questions.length === 0) return null;
  return (
    <QuestionnaireAnswerForm
      data={data}
      readOnly={readOnly}
      fieldErrors={errors}
      saving={save.isPending}
      onAnswersChange={pending ? (a) => pending.typed(CUSTOM_QUESTIONS_KEY, a) : undefined}
      onSaveDraft={async (answers: TAnswers) => {
        await save.mutateAsync(answers);
        pending?.saved(CUSTOM_QUESTIONS_KEY, answers);
      }}
    />
  );
}
