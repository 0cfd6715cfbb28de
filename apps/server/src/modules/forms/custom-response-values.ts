import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { formsApi, type TAnswers, type TAnswerValue } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { resolveLookups } from './content.js';
import { customQuestionResponses, customQuestions } from './schema.js';

type TQuestion = formsApi.TCustomQuestionForAnswering;

/** The field key of a custom question's answer in forms and error lists. */
export const keyOf = (questionId: string) => `custom.${questionId}`;

/** custom_question_responses keeps text: a multiple selection is stored as a JSON array, the rest as typed. */
export const toText = (q: TQuestion, v: TAnswerValue['value']): string =>
  v === null ? '' : q.questionType === 'M_SELECT' ? JSON.stringify(Array.isArray(v) ? v : [v]) : String(v);

function fromText(q: TQuestion, text: string): TAnswerValue['value'] {
  if (q.questionType !== 'M_SELECT') return text;
  if (text === '') return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : [String(v)];
  } catch {
    return text
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  }
}

/** Yes/no questions that ask for an explanation on one of the answers. */
export const explains = (q: TQuestion) => q.questionType === 'IFYXP' || q.questionType === 'IFNXP';

/** The questions asked: of the given ids, those active, not hidden and not deleted, in ordinal order, options resolved. */
export async function askedQuestions(tx: TTx, ids: string[]): Promise<TQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(customQuestions)
    .where(
      and(
        inArray(customQuestions.id, ids),
        eq(customQuestions.isActive, true),
        eq(customQuestions.isHidden, false),
        eq(customQuestions.isDeleted, false),
      ),
    )
    .orderBy(asc(customQuestions.ordinal), asc(customQuestions.createdAt), asc(customQuestions.id));
  const questions: TQuestion[] = rows.map((r) => ({
    id: r.id,
    questionType: r.questionType as formsApi.TCustomQuestionType,
    questionText: r.questionText,
    questionInstruction: r.questionInstruction,
    isRequired: r.isRequired,
    options: r.options,
    ordinal: r.ordinal,
  }));
  // Options from a lookup set: the set's current options, as questionnaire items get them.
  const withLookup = rows.map((r, i) => ({ ...formsApi.customQuestionItem(questions[i]!), lookupSetId: r.lookupSetId }));
  const resolved = await resolveLookups(tx, {
    folders: [{ id: formsApi.CUSTOM_QUESTIONS_FOLDER_ID, name: '', ordinal: 1, items: withLookup }],
  });
  return questions.map((q, i) => ({ ...q, options: resolved.folders[0]!.items[i]!.options }));
}

/** A subject's saved answers to the given custom questions. */
export async function savedAnswers(tx: TTx, subjectType: string, subjectId: string, questions: TQuestion[]): Promise<TAnswers> {
  if (questions.length === 0) return {};
  const rows = await tx
    .select()
    .from(customQuestionResponses)
    .where(
      and(
        eq(customQuestionResponses.subjectType, subjectType),
        eq(customQuestionResponses.subjectId, subjectId),
        inArray(
          customQuestionResponses.customQuestionId,
          questions.map((q) => q.id),
        ),
        isNull(customQuestionResponses.dependentId),
        isNull(customQuestionResponses.soaId),
      ),
    );
  const byId = new Map(questions.map((q) => [q.id, q]));
  const out: TAnswers = {};
  for (const r of rows) {
    const q = byId.get(r.customQuestionId)!;
    out[q.id] = explains(q)
      ? { value: fromText(q, r.responseData), explanation: r.responseExplanation }
      : { value: fromText(q, r.responseData) };
  }
  return out;
}
