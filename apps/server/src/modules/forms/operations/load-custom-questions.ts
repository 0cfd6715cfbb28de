import { type formsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { askedQuestions, savedAnswers } from '../custom-response-values.js';

/** The custom questions (of `ids`) a subject is asked, with its saved answers keyed by question id. */
export async function loadCustomQuestions(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  ids: string[],
): Promise<formsApi.TCustomQuestionsForAnswering> {
  const questions = await askedQuestions(tx, ids);
  return { questions, answers: await savedAnswers(tx, subjectType, subjectId, questions) };
}
