import { MSG } from '../messages.js';
import {
  isChecked,
  isEmptyValue,
  isFieldRequired,
  isValidIsoDate,
  normalizeTypedNumber,
  type TStudentRequestData,
  type TStudentRequestField,
  type TStudentRequestForm,
} from './student-request-fields.js';

/**
 * The request-form machinery any module's own request forms share: a form is sections of fields
 * (TStudentRequestForm's shape, the student forms being the first of them), each field checked by its
 * kind, its length and whether it is required now. The scholar request forms (rules/scholar-request-fields.ts)
 * are checked here; their rules between values are their own. Dates are ISO YYYY-MM-DD.
 */
export type TRequestForm = TStudentRequestForm;
export type TRequestFormField = TStudentRequestField;
export type TRequestFormData = TStudentRequestData;
export type TRequestFormErrors = Record<string, string[]>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS = /^\d+$/;
const MONEY = /^\d{1,6}(\.\d{1,2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every field of a form, in order. */
export function requestFormFields(form: TRequestForm): TRequestFormField[] {
  return form.sections.flatMap((s) => s.fields);
}

/** A value as text, trimmed (numbers as written); null for anything else. */
export function requestFormText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** The form's answers with every phone and digits answer as it is kept (rules/typed-numbers.ts). */
export function normalizeRequestFormData(form: TRequestForm, data: TRequestFormData): TRequestFormData {
  const out: TRequestFormData = { ...data };
  for (const f of requestFormFields(form)) {
    if ((f.kind === 'phone' || f.kind === 'digits' || f.kind === 'number') && typeof out[f.name] === 'string') {
      out[f.name] = normalizeTypedNumber(f, out[f.name]);
    }
  }
  return out;
}

/**
 * The format of one non-empty value by its field's kind and length; null when fine. A 'dependent' is a
 * record's id or the new-dependent choice; whether it is on the record is the form's own rule.
 */
export function requestFieldFormatIssue(field: TRequestFormField, raw: unknown): string | null {
  if (field.kind === 'checkbox') {
    return raw === true || raw === false || raw === 1 || raw === 0 || raw === '1' || raw === '0' ? null : MSG.invalidValue;
  }
  const v = requestFormText(raw);
  if (v === null) return MSG.invalidValue;
  switch (field.kind) {
    case 'date':
      return isValidIsoDate(v) ? null : MSG.invalidDate;
    case 'select':
      // A code list's choices are checked against the list, by whoever holds it (the form's own rule).
      if (!field.lookup && !field.options?.some((o) => o.value === v)) return MSG.invalidValue;
      break;
    case 'email':
      if (!EMAIL.test(v)) return MSG.invalidEmail;
      break;
    case 'phone':
      return DIGITS.test(v) && (field.maxLength === undefined || v.length <= field.maxLength) ? null : MSG.invalidPhone;
    case 'digits':
    case 'number':
      if (!DIGITS.test(v)) return MSG.invalidNumber;
      break;
    case 'money':
      return MONEY.test(v) ? null : MSG.invalidNumber;
    case 'dependent':
      return v === 'new' || UUID.test(v) ? null : MSG.invalidValue;
    default:
      break;
  }
  if (field.maxLength !== undefined && v.length > field.maxLength) return MSG.invalidLength;
  return null;
}

/**
 * Checks a form's answers: unknown fields are refused; 'draft' checks the format of what is there (nothing
 * typed is refused for being incomplete), 'submit' also asks for each field required now. `fieldRule` adds a
 * field's own format rule (e.g. a CIP code). Returns the errors and the values that passed (trimmed text),
 * for the form's rules between values.
 */
export function checkRequestForm(
  form: TRequestForm,
  given: TRequestFormData,
  mode: 'draft' | 'submit',
  fieldRule?: (field: TRequestFormField, value: string) => string | null,
): { errors: TRequestFormErrors; valid: Record<string, string>; add: (name: string, message: string) => void } {
  const errors: TRequestFormErrors = {};
  const add = (name: string, message: string) => {
    if (!errors[name]) errors[name] = [message];
  };
  const data = normalizeRequestFormData(form, given);
  const fields = requestFormFields(form);
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(data)) if (!known.has(key)) add(key, MSG.invalidValue);
  const valid: Record<string, string> = {};
  for (const field of fields) {
    const raw = data[field.name];
    if (isEmptyValue(raw)) {
      if (mode === 'submit' && isFieldRequired(field, data)) add(field.name, MSG.required);
      continue;
    }
    const message = requestFieldFormatIssue(field, raw) ?? fieldRule?.(field, requestFormText(raw) ?? '') ?? null;
    if (message) add(field.name, message);
    else valid[field.name] = field.kind === 'checkbox' ? (isChecked(raw) ? '1' : '') : (requestFormText(raw) ?? '');
  }
  return { errors, valid, add };
}
