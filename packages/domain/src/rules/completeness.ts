import type { TAnswers, TAnswerValue, TQuestionnaireContent, TQuestionnaireItem } from '../contracts/forms/types.js';
import { NO, YES } from '../contracts/forms/types.js';
import { MSG } from '../messages.js';

/** Messages of the questionnaire rules (docs/product/forms.md#completeness): generic field messages, and ours where a rule needs more. */
export const FORM_MSG = {
  required: MSG.required,
  explain: 'Please explain your answer.',
  selectOne: 'Select at least one option.',
  invalidNumber: 'Invalid number',
  invalidDate: MSG.invalidDate,
  invalidValue: MSG.invalidValue,
  rating: 'Choose a rating from 1 to 5.',
} as const;

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** MM/DD/YYYY, a real calendar day, within 01/01/1753 and 12/31/9999 (docs/product/ui.md#dates). */
export function isValidUsDate(s: string): boolean {
  const m = US_DATE.exec(s.trim());
  if (!m) return false;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1753 || month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A number as typed: optional sign, digits, optional decimals. */
export function isValidNumber(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim());
}

export function isEmptyAnswer(a: TAnswerValue | undefined): boolean {
  const v = a?.value;
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

export function allItems(content: TQuestionnaireContent): TQuestionnaireItem[] {
  return content.folders.flatMap((f) => f.items);
}

/** The message for one item, or null when its answer is complete and valid. */
export function checkItem(item: TQuestionnaireItem, a: TAnswerValue | undefined): string | null {
  const empty = isEmptyAnswer(a);
  if (empty) {
    if (!item.required) return null;
    return item.type === 'MULTI' ? FORM_MSG.selectOne : FORM_MSG.required;
  }
  const v = a!.value;
  const explanation = (a!.explanation ?? '').trim();
  const optionValues = item.options.map((o) => o.value);
  switch (item.type) {
    case 'SELCT':
      if (typeof v !== 'string') return FORM_MSG.invalidValue;
      return optionValues.length > 0 && !optionValues.includes(v) ? FORM_MSG.invalidValue : null;
    case 'MULTI':
      if (!Array.isArray(v)) return FORM_MSG.invalidValue;
      return optionValues.length > 0 && v.some((x) => !optionValues.includes(x)) ? FORM_MSG.invalidValue : null;
    case 'SHORT':
    case 'ESSAY':
      if (typeof v !== 'string') return FORM_MSG.invalidValue;
      return item.datatype === 'NUMR' && !isValidNumber(v) ? FORM_MSG.invalidNumber : null;
    case 'FIELD':
      if (item.datatype === 'NUMR') return isValidNumber(v) ? null : FORM_MSG.invalidNumber;
      return typeof v === 'string' || typeof v === 'number' ? null : FORM_MSG.invalidValue;
    case 'YESNO':
    case 'IFYXP':
    case 'IFNXP':
      if (v !== YES && v !== NO) return FORM_MSG.invalidValue;
      if (item.type === 'IFYXP' && v === YES && !explanation) return FORM_MSG.explain;
      if (item.type === 'IFNXP' && v === NO && !explanation) return FORM_MSG.explain;
      return null;
    case 'DATEO':
      return typeof v === 'string' && isValidUsDate(v) ? null : FORM_MSG.invalidDate;
    case 'RATNG': {
      const n = typeof v === 'string' ? Number(v) : v;
      return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 5 ? null : FORM_MSG.rating;
    }
  }
}

/**
 * Completeness of one questionnaire's answers (docs/product/forms.md#completeness): item id -> message; empty when complete.
 * The same function runs in the browser (messages on each field) and on the server (submission).
 */
export function checkCompleteness(content: TQuestionnaireContent, answers: TAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of allItems(content)) {
    const message = checkItem(item, answers[item.id]);
    if (message) errors[item.id] = message;
  }
  return errors;
}
