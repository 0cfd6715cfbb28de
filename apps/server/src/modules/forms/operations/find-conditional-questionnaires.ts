import { type TAnswers } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { parseContent } from '../content.js';
import { bindQuestionnaire } from '../answer-bindings.js';

/**
 * Conditional questionnaires brought in by the subject's answers to the given questionnaires (an
 * item's showsQuestionnaire whose whenValue was answered), followed through further conditions;
 * the given ids are left out. A caller adds these to what it shows and checks for completeness.
 */
export async function findConditionalQuestionnaires(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  questionnaireIds: string[],
): Promise<string[]> {
  const seen = new Set(questionnaireIds);
  const found: string[] = [];
  const queue = [...questionnaireIds];
  while (queue.length > 0 && found.length < 50) {
    const b = await bindQuestionnaire(tx, subjectType, subjectId, queue.shift()!);
    if (!b) continue;
    const answers = (b.answerSet?.answers ?? {}) as TAnswers;
    for (const item of parseContent(b.version.content).folders.flatMap((f) => f.items)) {
      const cond = item.showsQuestionnaire;
      if (!cond || seen.has(cond.questionnaireId)) continue;
      const v = answers[item.id]?.value;
      if (v === cond.whenValue || (Array.isArray(v) && v.includes(cond.whenValue))) {
        seen.add(cond.questionnaireId);
        found.push(cond.questionnaireId);
        queue.push(cond.questionnaireId);
      }
    }
  }
  return found;
}
