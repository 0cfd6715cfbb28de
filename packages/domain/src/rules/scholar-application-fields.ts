import { z, type ZodType } from 'zod';
import { MSG } from '../messages.js';
import { lookupIssue, type TLookupChecker, type TLookupKey, type TLookupRef } from './lookup-values.js';
import { isValidIsoDate, usDate } from './student-request-fields.js';
import { textOf } from './text.js';

/**
 * The engine behind the scholar application forms (H-1B, O-1, J-1, F-1 OPT/STEM): each form is a
 * table of field definitions (scholar-application.ts) from which come
 *  - the lenient draft schema (types and lengths only: a draft keeps whatever was typed),
 *  - the strict submit schema (required fields, formats) and the rules between fields
 *    (a period's end after its start, a flag that asks for its date, ...),
 *  - the labels the edit page and the read-only view show.
 * The browser and the server call the same validateScholarForm, so both say the same words.
 * Dates in the data are ISO YYYY-MM-DD (shown and typed MM/DD/YYYY); yes/no flags are booleans
 * (null: not answered); amounts and counts are digit strings (whole numbers, as typed).
 */
export type TScholarFormData = Record<string, unknown>;
export type TScholarFormMode = 'draft' | 'submit';
export type TScholarFieldType = 'text' | 'textarea' | 'date' | 'select' | 'yesno' | 'email' | 'phone' | 'digits' | 'checkboxes' | 'list';

export interface TScholarFieldDef {
  name: string;
  label: string;
  type: TScholarFieldType;
  /** Required on submit (when shown). */
  required?: boolean | ((data: TScholarFormData) => boolean);
  /** Shown (and checked) only when this says so; a hidden field's value is neither required nor checked. */
  showIf?: (data: TScholarFormData) => boolean;
  max?: number;
  pattern?: RegExp;
  patternMsg?: string;
  options?: readonly { value: string; label: string }[];
  /**
   * select: the office's code list the choices come from, instead of `options` (docs/product/lookups.md#how-forms-use-the-lists);
   * records keep a country's ISO code (`by: 'iso'`).
   */
  lookup?: TLookupRef;
  help?: string;
  /** Dates: must be after (or on/after) another date of the same record. */
  after?: { field: string; message: string; orEqual?: boolean };
  /** Dates: must be on or before another date of the same record. */
  notAfter?: { field: string; message: string };
  /** Dates: 'past' (before today), 'notFuture' (today or before). */
  when?: 'past' | 'notFuture';
  /** digits: the smallest whole number allowed, with its message. */
  min?: { value: number; message: string };
  /** checkboxes and lists: at least this many on submit (when required). */
  minItems?: { value: number; message: string };
  /** list: the fields of one entry, the maximum number of entries and the name of one entry. */
  item?: TScholarFieldDef[];
  maxItems?: number;
  itemLabel?: string;
  /** Wide fields take the whole row. */
  isWide?: boolean;
}

export interface TScholarFormSection {
  key: string;
  title: string;
  help?: string;
  fields: TScholarFieldDef[];
}

export interface TScholarFormDef {
  title: string;
  sections: TScholarFormSection[];
  /** Rules across sections that a field table cannot say (e.g. at least one source of funding). */
  check?: (data: TScholarFormData, add: (path: string, message: string) => void) => void;
}

/**
 * Messages of the scholar application rules (docs/product/scholars-portal.md#the-forms): the generic field messages, and
 * sentences of ours where a rule needs one.
 */
export const SCHOLAR_APP_MSG = {
  required: MSG.required,
  invalidValue: MSG.invalidValue,
  invalidLength: MSG.invalidLength,
  invalidEmail: MSG.invalidEmail,
  invalidPhone: MSG.invalidPhone,
  invalidNumber: MSG.invalidNumber,
  invalidDate: MSG.invalidDate,
  periodToAfterFrom: 'The "to" date must be after the "from" date.',
  returnAfterDeparture: 'The return date must be on or after the departure date.',
  expiryAfterIssue: 'The expiry date must be after the issue date.',
  endAfterStart: 'The end date must be after the start date.',
  birthInPast: 'The date of birth must be in the past.',
  notInFuture: 'This date cannot be in the future.',
  tooManyEntries: (n: number) => `At most ${n} entries.`,
  familyNeedsDependent: 'Add the family members who will come with you, or answer "No" to the family question.',
  alienNumber: 'Enter the A-Number as A followed by 7 to 9 digits, e.g. A012345678.',
  receiptNumber: 'Enter the receipt number as 3 letters and 10 digits, e.g. EAC2190012345.',
  cipCode: 'Enter the CIP code as two digits, a dot and four digits, e.g. 26.0101.',
  sevisId: 'Enter the SEVIS ID as N followed by 10 digits, e.g. N0012345678.',
  eadNumber: 'Enter the EAD card number as 3 letters and 10 digits, e.g. IOE0912345678.',
  eVerifyNumber: 'Enter the E-Verify company ID: 4 to 7 digits.',
  zip: 'Enter a ZIP code of 5 digits (or 5+4, e.g. 02139-4307).',
  hoursMin: 'Employment on OPT or STEM OPT must be at least 20 hours a week.',
  wholeDollars: 'Enter whole dollars: digits only, without cents.',
  fundingNeeded: 'Enter at least one source of funding with an amount.',
  evidenceMin: 'Choose at least three of the evidence criteria.',
  startWithinEad: 'The start date must be within the validity dates of your EAD card.',
} as const;

const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS = /^\d+$/;

export function isScholarBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}
function isShown(f: TScholarFieldDef, data: TScholarFormData): boolean {
  return !f.showIf || f.showIf(data);
}
export function isScholarFieldRequired(f: TScholarFieldDef, data: TScholarFormData): boolean {
  return isShown(f, data) && (typeof f.required === 'function' ? f.required(data) : f.required === true);
}

/** The type-and-length schema of one field: what a draft may hold. */
function draftSchema(f: TScholarFieldDef): ZodType {
  switch (f.type) {
    case 'yesno':
      return z.boolean({ error: MSG.invalidValue }).nullable().optional();
    case 'checkboxes':
      return z
        .array(z.string().max(60, MSG.invalidLength), { error: MSG.invalidValue })
        .max(30, SCHOLAR_APP_MSG.tooManyEntries(30))
        .optional();
    case 'list': {
      const n = f.maxItems ?? 30;
      return z
        .array(z.object(draftShape(f.item ?? [])), { error: MSG.invalidValue })
        .max(n, SCHOLAR_APP_MSG.tooManyEntries(n))
        .optional();
    }
    case 'date':
      return z.string({ error: MSG.invalidDate }).max(10, MSG.invalidDate).optional();
    default:
      return z
        .string({ error: MSG.invalidValue })
        .max(f.max ?? 200, MSG.invalidLength)
        .optional();
  }
}

export function draftShape(fields: TScholarFieldDef[]): Record<string, ZodType> {
  return Object.fromEntries(fields.map((f) => [f.name, draftSchema(f)]));
}

/** The lenient schema of a form: what "Save draft" accepts (unknown fields are dropped). */
export function scholarDraftSchema(def: TScholarFormDef) {
  return z.object(draftShape(def.sections.flatMap((s) => s.fields)));
}

type TAdd = (path: string, message: string) => void;

/** Submit checks of one value that is present (formats, options, numbers, dates): its message, or null. */
function valueError(f: TScholarFieldDef, v: unknown, today: string): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!s) return null;
  if (f.max && s.length > f.max) return MSG.invalidLength;
  switch (f.type) {
    case 'email':
      if (!EMAIL.test(s)) return MSG.invalidEmail;
      break;
    case 'phone':
      if (!PHONE.test(s) || s.replace(/\D/g, '').length < 7) return MSG.invalidPhone;
      break;
    case 'digits':
      if (!DIGITS.test(s)) return f.patternMsg ?? MSG.invalidNumber;
      if (f.min && Number(s) < f.min.value) return f.min.message;
      break;
    case 'select':
      if (f.options && !f.options.some((o) => o.value === s)) return MSG.invalidValue;
      break;
    case 'date':
      if (!isValidIsoDate(s)) return MSG.invalidDate;
      if (f.when === 'past' && s >= today) return SCHOLAR_APP_MSG.birthInPast;
      if (f.when === 'notFuture' && s > today) return SCHOLAR_APP_MSG.notInFuture;
      break;
    default:
      break;
  }
  if (f.pattern && !f.pattern.test(s)) return f.patternMsg ?? MSG.invalidValue;
  return null;
}

/** Submit checks of a record (the whole form, or one entry of a list). */
function checkRecord(fields: TScholarFieldDef[], data: TScholarFormData, prefix: string, add: TAdd, today: string): void {
  for (const f of fields) {
    if (!isShown(f, data)) continue;
    const path = `${prefix}${f.name}`;
    const v = data[f.name];
    if (isScholarFieldRequired(f, data) && (isScholarBlank(v) || (f.type === 'yesno' && typeof v !== 'boolean'))) {
      add(path, (f.type === 'list' || f.type === 'checkboxes') && f.minItems ? f.minItems.message : MSG.required);
      continue;
    }
    if (f.type === 'list') {
      const items = Array.isArray(v) ? v : [];
      if (f.minItems && isScholarFieldRequired(f, data) && items.length < f.minItems.value) add(path, f.minItems.message);
      items.forEach((item, i) => {
        if (item && typeof item === 'object') checkRecord(f.item ?? [], item as TScholarFormData, `${path}.${i}.`, add, today);
      });
      continue;
    }
    if (f.type === 'checkboxes') {
      const picked = Array.isArray(v) ? v : [];
      if (f.options && picked.some((p) => !f.options!.some((o) => o.value === p))) add(path, MSG.invalidValue);
      else if (f.minItems && isScholarFieldRequired(f, data) && picked.length < f.minItems.value) add(path, f.minItems.message);
      continue;
    }
    const error = valueError(f, v, today);
    if (error) {
      add(path, error);
      continue;
    }
    if (typeof v !== 'string' || !v) continue;
    const other = (name: string) => (typeof data[name] === 'string' && isValidIsoDate(data[name]) ? data[name] : null);
    if (f.after) {
      const o = other(f.after.field);
      if (o && (f.after.orEqual ? v < o : v <= o)) add(path, f.after.message);
    }
    if (f.notAfter) {
      const o = other(f.notAfter.field);
      if (o && v > o) add(path, f.notAfter.message);
    }
  }
}

/** A value of the form drawn from one of the office's code lists, at its path ('dependents.0.countryOfBirth'). */
export interface TScholarLookupValue {
  path: string;
  ref: TLookupRef;
  value: string;
}

type TLookupFound = TScholarLookupValue & { field: string };

function collectLookupValues(fields: TScholarFieldDef[], record: TScholarFormData, prefix: string, field: string, out: TLookupFound[]) {
  for (const f of fields) {
    if (!isShown(f, record)) continue;
    const v = record[f.name];
    if (f.type === 'list' && Array.isArray(v)) {
      v.forEach((item, i) => {
        if (item && typeof item === 'object')
          collectLookupValues(f.item ?? [], item as TScholarFormData, `${prefix}${f.name}.${i}.`, `${field}${f.name}.*.`, out);
      });
    } else if (f.lookup && typeof v === 'string' && v.trim()) {
      out.push({ path: `${prefix}${f.name}`, field: `${field}${f.name}`, ref: f.lookup, value: v.trim() });
    }
  }
}

/** The code lists a form's fields read, its lists' entries included. */
export function scholarFormLookupKeys(def: TScholarFormDef): TLookupKey[] {
  const keys = new Set<TLookupKey>();
  const walk = (fields: TScholarFieldDef[]) => {
    for (const f of fields) {
      if (f.lookup) keys.add(f.lookup.key);
      if (f.item) walk(f.item);
    }
  };
  walk(def.sections.flatMap((s) => s.fields));
  return [...keys];
}

/**
 * Each code-list value the data gives, by path, leaving out those `before` (the application as saved) already
 * holds in the same field (for a list, in any of its entries): a value the application holds stays valid even
 * when the office has retired it since; a value given anew must be one the list offers today
 * (docs/product/lookups.md#retiring-a-value).
 */
export function scholarFormLookupValues(def: TScholarFormDef, data: unknown, before?: unknown): TScholarLookupValue[] {
  const fields = def.sections.flatMap((s) => s.fields);
  const given: TLookupFound[] = [];
  const asRecord = (x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? (x as TScholarFormData) : {});
  collectLookupValues(fields, asRecord(data), '', '', given);
  const held: TLookupFound[] = [];
  collectLookupValues(fields, asRecord(before), '', '', held);
  const kept = new Set(held.map((h) => `${h.field}=${h.value.toUpperCase()}`));
  return given.filter((g) => !kept.has(`${g.field}=${g.value.toUpperCase()}`)).map(({ path, ref, value }) => ({ path, ref, value }));
}

/** What the office's code lists say of the values a form gives: the checker, and the application as saved. */
export interface TScholarFormLookups {
  /** Without it (or before the browser loads a list) the lists are not checked: the other side does. */
  check?: TLookupChecker | null | undefined;
  before?: unknown;
}

/**
 * Every message of a form's data, by field path ('dateOfBirth', 'immigrationHistory.0.periodofStayToDate').
 * draft: types and lengths, and code-list values given anew (a draft keeps partial data, not a code the list
 * does not offer); submit: also required fields, formats and the rules between fields.
 * `today` is YYYY-MM-DD (the server passes the earliest time zone's date, so it never refuses what a browser accepted).
 */
export function validateScholarForm(
  def: TScholarFormDef,
  data: unknown,
  mode: TScholarFormMode,
  today: string,
  lookups: TScholarFormLookups = {},
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add: TAdd = (path, message) => {
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const parsed = scholarDraftSchema(def).safeParse(data ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path.join('.') || 'data', issue.message);
    return errors;
  }
  if (lookups.check) {
    for (const x of scholarFormLookupValues(def, parsed.data, lookups.before)) {
      const issue = lookupIssue(lookups.check(x.ref, x.value));
      if (issue) add(x.path, issue);
    }
  }
  if (mode === 'draft') return errors;
  const d = parsed.data;
  checkRecord(
    def.sections.flatMap((s) => s.fields),
    d,
    '',
    add,
    today,
  );
  def.check?.(d, add);
  return errors;
}

/** The parsed draft (unknown fields dropped), or null when it does not even have the right types. */
export function parseScholarDraft(def: TScholarFormDef, data: unknown): TScholarFormData | null {
  const parsed = scholarDraftSchema(def).safeParse(data ?? {});
  return parsed.success ? parsed.data : null;
}

/** A value as people read it: dates MM/DD/YYYY, flags Yes/No, options by label. */
export function displayScholarValue(f: TScholarFieldDef, v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  if (f.type === 'yesno') return v === true ? 'Yes' : v === false ? 'No' : '';
  if (f.type === 'date' && typeof v === 'string') return usDate(v);
  if (f.type === 'select') return f.options?.find((o) => o.value === v)?.label ?? textOf(v);
  if (f.type === 'checkboxes' && Array.isArray(v))
    return v.map((x) => f.options?.find((o) => o.value === x)?.label ?? textOf(x)).join('; ');
  return textOf(v);
}
