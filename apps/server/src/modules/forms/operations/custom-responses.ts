import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { checkCompleteness, formsApi, type TAnswers, type TAnswerValue } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { resolveLookups, validateAnswerShapes } from '../content.js';
import { customQuestionResponses, customQuestions } from '../schema.js';

type TQuestion = formsApi.TCustomQuestionForAnswering;
const keyOf = (questionId: string) => `custom.${questionId}`;
/** custom_question_responses keeps text: a multiple selection is stored as a JSON array, the rest as typed. */
const toText = (q: TQuestion, v: TAnswerValue['value']): string =>
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
const explains = (q: TQuestion) => q.questionType === 'IFYXP' || q.questionType === 'IFNXP';

/** The questions asked: of the given ids, those active, not hidden and not deleted, in ordinal order, options resolved. */
async function askedQuestions(tx: TTx, ids: string[]): Promise<TQuestion[]> {
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

async function savedAnswers(tx: TTx, subjectType: string, subjectId: string, questions: TQuestion[]): Promise<TAnswers> {
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

/** The custom questions (of `ids`) a subject is asked, with its saved answers keyed by question id. */
export async function loadCustomQuestions(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  ids: string[],
): Promise<formsApi.TCustomQuestionsForAnswering> {
  const questions = await askedQuestions(tx, ids);
  return { questions, answers: await savedAnswers(tx, subjectType, subjectId, questions) };
}

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

/** Completeness of the custom questions: field errors keyed `custom.<questionId>` with the questionnaire rules' messages. */
export async function customCompletenessErrors(
  tx: TTx,
  subjectType: string,
  subjectId: string,
  ids: string[],
): Promise<Record<string, string[]>> {
  const { questions, answers } = await loadCustomQuestions(tx, subjectType, subjectId, ids);
  const found = checkCompleteness(formsApi.customQuestionsContent(questions), answers);
  return Object.fromEntries(Object.entries(found).map(([id, message]) => [keyOf(id), [message]]));
}
