import { sql } from 'drizzle-orm';
import { formsApi, type TAnswers } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { validateAnswerShapes } from '../content.js';
import { customQuestionResponses } from '../schema.js';
import { askedQuestions, explains, keyOf, savedAnswers, toText } from '../custom-response-values.js';

/**
 * Saves draft answers to custom questions (one row per question per subject, the main record only),
 * without completeness; shapes are checked per type and questions not asked are refused, with field
 * errors keyed `custom.<questionId>`. Audited with before and after.
 */
export async function saveCustomResponses(
  tx: TTx,
  ctx: TContext,
  subjectType: string,
  subjectId: string,
  ids: string[],
  responses: TAnswers,
): Promise<formsApi.TCustomQuestionsForAnswering> {
  const questions = await askedQuestions(tx, ids);
  const clean = validateAnswerShapes('custom', formsApi.customQuestionsContent(questions), responses, keyOf);
  const before = await savedAnswers(tx, subjectType, subjectId, questions);
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const [questionId, a] of Object.entries(clean)) {
    const q = byId.get(questionId)!;
    const responseData = toText(q, a.value);
    const responseExplanation = explains(q) ? (a.explanation ?? '') : '';
    await tx
      .insert(customQuestionResponses)
      .values({ institutionId: ctx.institutionId, customQuestionId: questionId, subjectType, subjectId, responseData, responseExplanation })
      .onConflictDoUpdate({
        target: [customQuestionResponses.subjectType, customQuestionResponses.subjectId, customQuestionResponses.customQuestionId],
        targetWhere: sql`dependent_id is null and soa_id is null`,
        set: { responseData, responseExplanation, updatedAt: new Date() },
      });
  }
  const after = await savedAnswers(tx, subjectType, subjectId, questions);
  if (Object.keys(clean).length > 0) {
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'custom_question_responses',
      entityId: subjectId,
      action: 'custom_responses.saved',
      before: Object.keys(before).length ? { subjectType, subjectId, answers: before } : undefined,
      after: { subjectType, subjectId, answers: after },
      ip: ctx.ip,
    });
  }
  return { questions, answers: after };
}
