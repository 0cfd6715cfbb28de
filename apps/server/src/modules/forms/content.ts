import { and, eq, inArray } from 'drizzle-orm';
import {
  formsApi,
  allItems,
  MSG,
  type TAnswers,
  type TAnswerValue,
  type TQuestionnaireContent,
  type TQuestionnaireItem,
} from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { badRequest, type TFieldErrors } from '../../platform/errors/app-error.js';
import { lookupSets, questionnaires } from './schema.js';

export const FORMS_MSG = {
  needsOptions: 'Add at least one option or choose a lookup set.',
  duplicateOption: 'Each option needs a value of its own.',
  unknownLookupSet: 'Choose a lookup set from the list.',
  duplicateId: 'This id is used twice in the questionnaire.',
  unknownItem: 'This question is not part of the questionnaire.',
  chooseConditional: 'Choose a conditional questionnaire.',
  ratingShape: 'Choose a rating from 1 to 5.',
} as const;

/** Parses stored jsonb content (older rows may lack defaults). */
export function parseContent(raw: unknown): TQuestionnaireContent {
  const r = formsApi.ZQuestionnaireContent.safeParse(raw);
  return r.success ? r.data : { folders: [] };
}

export const countItems = (c: TQuestionnaireContent) => c.folders.reduce((n, f) => n + f.items.length, 0);

/**
 * The builder's content made canonical: ordinals are positions plus one, options only on selection
 * types, the datatype only on FIELD. Field errors for what the schema alone cannot see.
 */
export async function normalizeContent(tx: TTx, content: TQuestionnaireContent, selfId?: string): Promise<TQuestionnaireContent> {
  const errors: TFieldErrors = {};
  const add = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  const seen = new Set<string>();
  const lookupIds = new Set<string>();
  const conditionalIds = new Set<string>();
  const folders = content.folders.map((f, fi) => {
    if (seen.has(f.id)) add(`content.folders.${fi}.id`, FORMS_MSG.duplicateId);
    seen.add(f.id);
    const items = f.items.map((it, ii): TQuestionnaireItem => {
      const at = `content.folders.${fi}.items.${ii}`;
      if (seen.has(it.id)) add(`${at}.id`, FORMS_MSG.duplicateId);
      seen.add(it.id);
      const hasOptions = formsApi.OPTION_TYPES.includes(it.type);
      if (hasOptions) {
        if (it.lookupSetId) lookupIds.add(it.lookupSetId);
        else if (it.options.length === 0) add(`${at}.options`, FORMS_MSG.needsOptions);
        const values = it.options.map((o) => o.value);
        if (new Set(values).size !== values.length) add(`${at}.options`, FORMS_MSG.duplicateOption);
      }
      const canShow = formsApi.CONDITION_TYPES.includes(it.type) && it.showsQuestionnaire;
      if (canShow) conditionalIds.add(it.showsQuestionnaire!.questionnaireId);
      return {
        ...it,
        showsQuestionnaire: canShow ? it.showsQuestionnaire : null,
        ordinal: ii + 1,
        datatype: it.type === 'FIELD' ? it.datatype : 'TEXT',
        lookupSetId: hasOptions ? it.lookupSetId : null,
        options: hasOptions && !it.lookupSetId ? it.options : [],
      };
    });
    return { ...f, ordinal: fi + 1, items };
  });
  if (lookupIds.size > 0) {
    const found = await tx
      .select({ id: lookupSets.id })
      .from(lookupSets)
      .where(inArray(lookupSets.id, [...lookupIds]));
    const known = new Set(found.map((r) => r.id));
    folders.forEach((f, fi) =>
      f.items.forEach((it, ii) => {
        if (it.lookupSetId && !known.has(it.lookupSetId)) add(`content.folders.${fi}.items.${ii}.lookupSetId`, FORMS_MSG.unknownLookupSet);
      }),
    );
  }
  if (conditionalIds.size > 0) {
    // Only questionnaires marked conditional (of this institution) can be brought in by an answer.
    const found = await tx
      .select({ id: questionnaires.id })
      .from(questionnaires)
      .where(and(inArray(questionnaires.id, [...conditionalIds]), eq(questionnaires.isConditional, true)));
    const known = new Set(found.map((r) => r.id));
    folders.forEach((f, fi) =>
      f.items.forEach((it, ii) => {
        const id = it.showsQuestionnaire?.questionnaireId;
        if (id && (!known.has(id) || id === selfId))
          add(`content.folders.${fi}.items.${ii}.showsQuestionnaire.questionnaireId`, FORMS_MSG.chooseConditional);
      }),
    );
  }
  if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0]![0]!, errors, 'VALIDATION');
  return { folders };
}

/** Items that draw their options from a lookup set get the set's current options. */
export async function resolveLookups(tx: TTx, content: TQuestionnaireContent): Promise<TQuestionnaireContent> {
  const ids = [
    ...new Set(
      allItems(content)
        .map((i) => i.lookupSetId)
        .filter((x): x is string => !!x),
    ),
  ];
  if (ids.length === 0) return content;
  const sets = await tx.select().from(lookupSets).where(inArray(lookupSets.id, ids));
  const byId = new Map(sets.map((s) => [s.id, s.options]));
  return {
    folders: content.folders.map((f) => ({
      ...f,
      items: f.items.map((i) => (i.lookupSetId && byId.has(i.lookupSetId) ? { ...i, options: byId.get(i.lookupSetId)! } : i)),
    })),
  };
}

const isStr = (v: unknown): v is string => typeof v === 'string';

/** Whether one answer has the shape its item type takes (drafts: incomplete is fine, wrong shape is not). */
function shapeError(item: TQuestionnaireItem, a: TAnswerValue): string | null {
  const v = a.value;
  if (v === null) return null;
  const optionValues = item.options.map((o) => o.value);
  switch (item.type) {
    case 'SELCT':
      if (!isStr(v)) return MSG.invalidValue;
      return v !== '' && optionValues.length > 0 && !optionValues.includes(v) ? MSG.invalidValue : null;
    case 'MULTI':
      if (!Array.isArray(v)) return MSG.invalidValue;
      return optionValues.length > 0 && v.some((x) => !optionValues.includes(x)) ? MSG.invalidValue : null;
    case 'FIELD':
      return isStr(v) || typeof v === 'number' ? null : MSG.invalidValue;
    case 'SHORT':
      return !isStr(v) ? MSG.invalidValue : v.length > 1000 ? MSG.invalidLength : null;
    case 'ESSAY':
    case 'DATEO':
      return isStr(v) ? null : MSG.invalidValue;
    case 'YESNO':
    case 'IFYXP':
    case 'IFNXP':
      return v === formsApi.YES || v === formsApi.NO || v === '' ? null : MSG.invalidValue;
    case 'RATNG':
      return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 5 ? null : FORMS_MSG.ratingShape;
  }
}

/**
 * Checks answers against the version's items: unknown ids and wrong shapes are refused with field
 * errors keyed `answers.<questionnaireId>.<itemId>` (or as keyOf says). Returns the answers to store (explanations kept
 * only where the type has one).
 */
export function validateAnswerShapes(
  questionnaireId: string,
  content: TQuestionnaireContent,
  answers: TAnswers,
  keyOf: (itemId: string) => string = (itemId) => `answers.${questionnaireId}.${itemId}`,
): TAnswers {
  const items = new Map(allItems(content).map((i) => [i.id, i]));
  const errors: TFieldErrors = {};
  const out: TAnswers = {};
  for (const [itemId, a] of Object.entries(answers)) {
    const key = keyOf(itemId);
    const item = items.get(itemId);
    if (!item) {
      errors[key] = [FORMS_MSG.unknownItem];
      continue;
    }
    const err = shapeError(item, a);
    if (err) {
      errors[key] = [err];
      continue;
    }
    const explains = item.type === 'IFYXP' || item.type === 'IFNXP';
    out[itemId] = explains && a.explanation !== undefined ? { value: a.value, explanation: a.explanation } : { value: a.value };
  }
  if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0]![0]!, errors, 'VALIDATION');
  return out;
}
