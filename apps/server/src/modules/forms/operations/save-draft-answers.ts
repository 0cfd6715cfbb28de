import { sql } from 'drizzle-orm';
import { type TAnswers, type TQuestionnaireForAnswering } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { parseContent, resolveLookups, validateAnswerShapes } from '../content.js';
import { answerSets } from '../schema.js';
import { bindQuestionnaire, presentForAnswering } from '../answer-bindings.js';

/**
 * Saves draft answers (merged over earlier ones) without completeness; shapes are checked against
 * the bound version's item types, unknown items refused. Audited with before and after.
 */
export async function saveDraftAnswers(
  tx: TTx,
  ctx: TContext,
  subjectType: string,
  subjectId: string,
  questionnaireId: string,
  answers: TAnswers,
): Promise<TQuestionnaireForAnswering> {
  const b = await bindQuestionnaire(tx, subjectType, subjectId, questionnaireId);
  if (!b) throw notFound();
  const content = await resolveLookups(tx, parseContent(b.version.content));
  const clean = validateAnswerShapes(questionnaireId, content, answers);
  const before = (b.answerSet?.answers ?? {}) as TAnswers;
  const [saved] = await tx
    .insert(answerSets)
    .values({
      institutionId: b.questionnaire.institutionId,
      questionnaireVersionId: b.version.id,
      subjectType,
      subjectId,
      answers: clean,
      updatedBy: ctx.actor?.userId ?? null,
    })
    .onConflictDoUpdate({
      target: [answerSets.subjectType, answerSets.subjectId, answerSets.questionnaireVersionId],
      // Merged in the database, so two saves at the same moment both keep their answers.
      set: { answers: sql`${answerSets.answers} || excluded.answers`, updatedBy: ctx.actor?.userId ?? null, updatedAt: new Date() },
    })
    .returning();
  await writeAudit(tx, {
    institutionId: b.questionnaire.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'answer_set',
    entityId: saved!.id,
    action: 'answers.saved',
    before: b.answerSet ? { subjectType, subjectId, questionnaireId, versionNo: b.version.versionNo, answers: before } : undefined,
    after: { subjectType, subjectId, questionnaireId, versionNo: b.version.versionNo, answers: saved!.answers },
    ip: ctx.ip,
  });
  return presentForAnswering(tx, { ...b, answerSet: saved! });
}
