import { checkCompleteness, type TAnswers } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { parseContent, resolveLookups } from '../content.js';
import { bindQuestionnaire } from '../answer-bindings.js';

/**
 * Field errors keyed `answers.<questionnaireId>.<itemId>`; empty when every questionnaire is complete.
 * A questionnaire never opened counts as all required items unanswered; a retired one never answered is skipped.
 */
export async function findCompletenessErrors(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  questionnaireIds: string[],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const questionnaireId of questionnaireIds) {
    const b = await bindQuestionnaire(tx, subjectType, subjectId, questionnaireId);
    if (!b) continue;
    const content = await resolveLookups(tx, parseContent(b.version.content));
    const found = checkCompleteness(content, (b.answerSet?.answers ?? {}) as TAnswers);
    for (const [itemId, message] of Object.entries(found)) errors[`answers.${questionnaireId}.${itemId}`] = [message];
  }
  return errors;
}
