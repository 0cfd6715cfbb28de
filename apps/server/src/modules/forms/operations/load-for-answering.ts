import { type TQuestionnaireForAnswering } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { bindQuestionnaire, presentForAnswering } from '../answer-bindings.js';

/** A questionnaire as one subject answers it (404 if missing, or retired and never answered). */
export async function loadForAnswering(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  questionnaireId: string,
): Promise<TQuestionnaireForAnswering> {
  const b = await bindQuestionnaire(tx, subjectType, subjectId, questionnaireId);
  if (!b) throw notFound();
  return presentForAnswering(tx, b);
}
