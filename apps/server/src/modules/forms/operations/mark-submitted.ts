import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { answerSets } from '../schema.js';
import { bindQuestionnaire } from '../answer-bindings.js';

/** Marks the subject's answers submitted; a questionnaire never opened gets an empty answer set bound to its latest version. */
export async function markSubmitted(tx: TTx, subjectType: string, subjectId: string, questionnaireIds: string[]): Promise<void> {
  for (const questionnaireId of questionnaireIds) {
    const b = await bindQuestionnaire(tx, subjectType, subjectId, questionnaireId);
    if (!b) continue;
    if (b.answerSet) {
      await tx.update(answerSets).set({ isSubmitted: true, updatedAt: new Date() }).where(eq(answerSets.id, b.answerSet.id));
    } else {
      await tx
        .insert(answerSets)
        .values({
          institutionId: b.questionnaire.institutionId,
          questionnaireVersionId: b.version.id,
          subjectType,
          subjectId,
          answers: {},
          isSubmitted: true,
        })
        .onConflictDoUpdate({
          target: [answerSets.subjectType, answerSets.subjectId, answerSets.questionnaireVersionId],
          set: { isSubmitted: true, updatedAt: new Date() },
        });
    }
  }
}
