import { useMemo } from 'react';
import { formsApi, type TAnswers, type TQuestionnaireForAnswering } from '@meridian/domain';
import { QuestionnaireAnswerForm } from '../../../forms';

/** The answer form's id for stage questions: server messages `custom.<id>` become `answers.stage.<id>`. */
const FORM_ID = 'stage';

/**
 * Custom questions of a stage or wizard step with the forms feature's answer form (each custom type as
 * its questionnaire item type, the same completeness rules), titled as the caller says.
 */
export function StageQuestions({
  title,
  questions,
  answers,
  readOnly = false,
  fieldErrors,
  saving,
  onSaveDraft,
  onAnswersChange,
}: {
  title: string;
  questions: formsApi.TCustomQuestionForAnswering[];
  answers: TAnswers;
  readOnly?: boolean;
  /** Server messages keyed `custom.<questionId>`. */
  fieldErrors?: Record<string, string>;
  saving?: boolean | undefined;
  onSaveDraft: (answers: TAnswers) => Promise<void>;
  onAnswersChange?: (answers: TAnswers) => void;
}) {
  const errors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(fieldErrors ?? {})
          .filter(([k]) => k.startsWith('custom.'))
          .map(([k, v]) => [`answers.${FORM_ID}.${k.slice('custom.'.length)}`, v]),
      ),
    [fieldErrors],
  );
  const data = useMemo<TQuestionnaireForAnswering>(() => {
    const content = formsApi.customQuestionsContent(questions);
    return {
      questionnaireId: FORM_ID,
      versionId: FORM_ID,
      versionNo: 1,
      name: title,
      content: { folders: content.folders.map((f) => ({ ...f, name: title })) },
      answers: Object.fromEntries(Object.entries(answers).filter(([id]) => questions.some((q) => q.id === id))),
      isSubmitted: false,
    };
  }, [questions, answers, title]);
  if (questions.length === 0) return null;
  return (
    <QuestionnaireAnswerForm
      data={data}
      readOnly={readOnly}
      fieldErrors={errors}
      saving={saving}
      onSaveDraft={onSaveDraft}
      onAnswersChange={onAnswersChange}
    />
  );
}
