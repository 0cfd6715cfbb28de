import { checkCompleteness, formsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { loadCustomQuestions } from './load-custom-questions.js';
import { keyOf } from '../custom-response-values.js';

/** Completeness of the custom questions: field errors keyed `custom.<questionId>` with the questionnaire rules' messages. */
export async function findCustomCompletenessErrors(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  ids: string[],
): Promise<Record<string, string[]>> {
  const { questions, answers } = await loadCustomQuestions(tx, subjectType, subjectId, ids);
  const found = checkCompleteness(formsApi.customQuestionsContent(questions), answers);
  return Object.fromEntries(Object.entries(found).map(([id, message]) => [keyOf(id), [message]]));
}
