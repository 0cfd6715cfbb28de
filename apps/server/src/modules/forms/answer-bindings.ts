import { and, desc, eq } from 'drizzle-orm';
import { type TAnswers, type TQuestionnaireForAnswering } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors/app-error.js';
import { parseContent, resolveLookups } from './content.js';
import { answerSets, questionnaires, questionnaireVersions } from './schema.js';

type TVersionRow = typeof questionnaireVersions.$inferSelect;

type TAnswerSetRow = typeof answerSets.$inferSelect;

/** A subject's questionnaire: the version it answers (the one first seen) and its answer set, if any. */
export interface TBinding {
  questionnaire: typeof questionnaires.$inferSelect;
  version: TVersionRow;
  answerSet: TAnswerSetRow | null;
}

/**
 * The version a subject's answers are bound to: the one it already answered, else the latest.
 * null when the questionnaire is retired and the subject never answered it.
 */
export async function bindQuestionnaire(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  questionnaireId: string,
): Promise<TBinding | null> {
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

/** A bound questionnaire as the answering form shows it, with the saved answers. */
export async function presentForAnswering(tx: TTx, b: TBinding): Promise<TQuestionnaireForAnswering> {
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
