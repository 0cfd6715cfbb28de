import { and, desc, eq, sql } from 'drizzle-orm';
import { checkCompleteness, type TAnswers, type TQuestionnaireForAnswering } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { parseContent, resolveLookups, validateAnswerShapes } from '../content.js';
import { answerSets, questionnaires, questionnaireVersions } from '../schema.js';

type TVersionRow = typeof questionnaireVersions.$inferSelect;
type TAnswerSetRow = typeof answerSets.$inferSelect;

interface TBinding {
  questionnaire: typeof questionnaires.$inferSelect;
  version: TVersionRow;
  answerSet: TAnswerSetRow | null;
}

/**
 * The version a subject's answers are bound to: the one it already answered, else the latest.
 * null when the questionnaire is retired and the subject never answered it.
 */
async function bind(tx: TTx, subjectType: string, subjectId: string, questionnaireId: string): Promise<TBinding | null> {
  const [questionnaire] = await tx.select().from(questionnaires).where(eq(questionnaires.id, questionnaireId));
  if (!questionnaire) throw notFound();
  const [answered] = await tx
    .select({ version: questionnaireVersions, answerSet: answerSets })
    .from(answerSets)
    .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, answerSets.questionnaireVersionId))
    .where(
      and(
        eq(questionnaireVersions.questionnaireId, questionnaireId),
        eq(answerSets.subjectType, subjectType),
        eq(answerSets.subjectId, subjectId),
      ),
    )
    .orderBy(desc(questionnaireVersions.versionNo))
    .limit(1);
  if (answered) return { questionnaire, version: answered.version, answerSet: answered.answerSet };
  if (questionnaire.isRetired) return null;
  const [latest] = await tx
    .select()
    .from(questionnaireVersions)
    .where(eq(questionnaireVersions.questionnaireId, questionnaireId))
    .orderBy(desc(questionnaireVersions.versionNo))
    .limit(1);
  if (!latest) throw notFound();
  return { questionnaire, version: latest, answerSet: null };
}

async function present(tx: TTx, b: TBinding): Promise<TQuestionnaireForAnswering> {
  return {
    questionnaireId: b.questionnaire.id,
    versionId: b.version.id,
    versionNo: b.version.versionNo,
    name: b.questionnaire.name,
    content: await resolveLookups(tx, parseContent(b.version.content)),
    answers: (b.answerSet?.answers ?? {}) as TAnswers,
    isSubmitted: b.answerSet?.isSubmitted ?? false,
  };
}

/** A questionnaire as one subject answers it (404 if missing, or retired and never answered). */
export async function loadForAnswering(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  questionnaireId: string,
): Promise<TQuestionnaireForAnswering> {
  const b = await bind(tx, subjectType, subjectId, questionnaireId);
  if (!b) throw notFound();
  return present(tx, b);
}

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
  const b = await bind(tx, subjectType, subjectId, questionnaireId);
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
  return present(tx, { ...b, answerSet: saved! });
}

/**
 * Field errors keyed `answers.<questionnaireId>.<itemId>`; empty when every questionnaire is complete.
 * A questionnaire never opened counts as all required items unanswered; a retired one never answered is skipped.
 */
export async function completenessErrors(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  questionnaireIds: string[],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const questionnaireId of questionnaireIds) {
    const b = await bind(tx, subjectType, subjectId, questionnaireId);
    if (!b) continue;
    const content = await resolveLookups(tx, parseContent(b.version.content));
    const found = checkCompleteness(content, (b.answerSet?.answers ?? {}) as TAnswers);
    for (const [itemId, message] of Object.entries(found)) errors[`answers.${questionnaireId}.${itemId}`] = [message];
  }
  return errors;
}

/** Marks the subject's answers submitted; a questionnaire never opened gets an empty answer set bound to its latest version. */
export async function markSubmitted(tx: TTx, subjectType: string, subjectId: string, questionnaireIds: string[]): Promise<void> {
  for (const questionnaireId of questionnaireIds) {
    const b = await bind(tx, subjectType, subjectId, questionnaireId);
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

/**
 * Conditional questionnaires brought in by the subject's answers to the given questionnaires (an
 * item's showsQuestionnaire whose whenValue was answered), followed through further conditions;
 * the given ids are left out. A caller adds these to what it shows and checks for completeness.
 */
export async function conditionalQuestionnaires(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  questionnaireIds: string[],
): Promise<string[]> {
  const seen = new Set(questionnaireIds);
  const found: string[] = [];
  const queue = [...questionnaireIds];
  while (queue.length > 0 && found.length < 50) {
    const b = await bind(tx, subjectType, subjectId, queue.shift()!);
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
