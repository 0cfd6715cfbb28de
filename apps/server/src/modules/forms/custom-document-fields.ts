import { and, eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { fieldError, notFound } from '../../platform/errors/app-error.js';
import { customDocuments, questionnaires } from './schema.js';

export type TCustomDocumentFields = z.output<typeof formsApi.ZSaveCustomDocumentInput>;

type TRow = typeof customDocuments.$inferSelect;

const CHOOSE_QUESTIONNAIRE = 'Choose the questionnaire to fill in.';

/** A custom document as the API shows it, with the name of the questionnaire it asks for. */
export const presentCustomDocument = (r: TRow, questionnaireName: string | null): formsApi.TCustomDocument => ({
  id: r.id,
  name: r.name,
  description: r.description,
  instructions: r.instructions,
  documentType: r.documentType as formsApi.TCustomDocument['documentType'],
  questionnaireId: r.questionnaireId,
  questionnaireName,
  appliesTo: r.appliesTo as formsApi.TCustomDocument['appliesTo'],
  isRequired: r.isRequired,
  isHidden: r.isHidden,
  isVisibleToStudent: r.isVisibleToStudent,
  ordinal: r.ordinal,
});

/** A questionnaire document names a questionnaire of this institution; a file upload names none. */
export async function prepareCustomDocument(tx: TTx, input: TCustomDocumentFields) {
  let questionnaireName: string | null = null;
  if (input.documentType === 'questionnaire') {
    if (!input.questionnaireId) throw fieldError('questionnaireId', CHOOSE_QUESTIONNAIRE);
    const [q] = await tx.select({ name: questionnaires.name }).from(questionnaires).where(eq(questionnaires.id, input.questionnaireId));
    if (!q) throw fieldError('questionnaireId', CHOOSE_QUESTIONNAIRE);
    questionnaireName = q.name;
  }
  return {
    values: { ...input, questionnaireId: input.documentType === 'questionnaire' ? input.questionnaireId : null },
    questionnaireName,
  };
}

/** A custom document not deleted, locked for a change (404 otherwise). */
export async function loadLiveCustomDocument(tx: TTx, id: string) {
  const [row] = await tx
    .select()
    .from(customDocuments)
    .where(and(eq(customDocuments.id, id), eq(customDocuments.isDeleted, false)))
    .for('update');
  if (!row) throw notFound();
  return row;
}
