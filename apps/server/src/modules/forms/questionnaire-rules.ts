import { desc, eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors/app-error.js';
import { answerSets, questionnaires, questionnaireVersions } from './schema.js';

export type TQuestionnaireFields = z.output<typeof formsApi.ZSaveQuestionnaireInput>;

/** A questionnaire with its latest version (404 otherwise), locked when it is about to change. */
export async function loadQuestionnaire(tx: TTx, questionnaireId: string, lock = false) {
  const base = tx.select().from(questionnaires).where(eq(questionnaires.id, questionnaireId));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw notFound();
  const [version] = await tx
    .select()
    .from(questionnaireVersions)
    .where(eq(questionnaireVersions.questionnaireId, row.id))
    .orderBy(desc(questionnaireVersions.versionNo))
    .limit(1);
  if (!version) throw notFound();
  return { row, version };
}

/** Whether anyone answered this version: then a change makes a new version instead. */
export async function versionHasAnswers(tx: TTx, versionId: string): Promise<boolean> {
  const [hit] = await tx.select({ id: answerSets.id }).from(answerSets).where(eq(answerSets.questionnaireVersionId, versionId)).limit(1);
  return !!hit;
}
