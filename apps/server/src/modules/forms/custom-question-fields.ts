import { and, eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { fieldError, notFound } from '../../platform/errors/app-error.js';
import { FORMS_MSG } from './content.js';
import { customQuestions, lookupSets } from './schema.js';

export type TCustomQuestionFields = z.output<typeof formsApi.ZSaveCustomQuestionInput>;

type TRow = typeof customQuestions.$inferSelect;

const SELECTIONS = ['S_SELECT', 'M_SELECT'];

/** A custom question as the API shows it. */
export const presentCustomQuestion = (r: TRow): formsApi.TCustomQuestion => ({
  id: r.id,
  questionType: r.questionType as formsApi.TCustomQuestionType,
  questionDataType: r.questionDataType,
  questionText: r.questionText,
  questionInstruction: r.questionInstruction,
  lookupSetId: r.lookupSetId,
  options: r.options,
  ordinal: r.ordinal,
  isActive: r.isActive,
  isHidden: r.isHidden,
  isRequired: r.isRequired,
});

/** Selection questions need options or a lookup set of this institution; others carry neither. */
export async function prepareCustomQuestion(tx: TTx, input: TCustomQuestionFields) {
  const isSelection = SELECTIONS.includes(input.questionType);
  if (isSelection && input.lookupSetId) {
    const [set] = await tx.select({ id: lookupSets.id }).from(lookupSets).where(eq(lookupSets.id, input.lookupSetId));
    if (!set) throw fieldError('lookupSetId', FORMS_MSG.unknownLookupSet);
  } else if (isSelection && input.options.length === 0) {
    throw fieldError('options', FORMS_MSG.needsOptions);
  }
  return {
    questionType: input.questionType,
    questionDataType: input.questionType === 'NUMR' ? 'NUMR' : 'TEXT',
    questionText: input.questionText,
    questionInstruction: input.questionInstruction,
    lookupSetId: isSelection ? input.lookupSetId : null,
    options: isSelection && !input.lookupSetId ? input.options : [],
    ordinal: input.ordinal,
    isActive: input.isActive,
    isHidden: input.isHidden,
    isRequired: input.isRequired,
  };
}

/** A custom question not deleted, locked for a change (404 otherwise). */
export async function loadLiveCustomQuestion(tx: TTx, id: string) {
  const [row] = await tx
    .select()
    .from(customQuestions)
    .where(and(eq(customQuestions.id, id), eq(customQuestions.isDeleted, false)))
    .for('update');
  if (!row) throw notFound();
  return row;
}
