import { MSG } from '../messages.js';
import { SCHOLAR_CATEGORIES, type TScholarCategory } from '../catalog/scholars.js';
import { lookupIssue, type TLookupChecker, type TLookupKey, type TLookupRef } from './lookup-values.js';
import {
  checkRequestForm,
  requestFormFields,
  requestFormText,
  type TRequestForm,
  type TRequestFormData,
  type TRequestFormErrors,
} from './request-form-rules.js';
import { studentRequestLookupChecks, studentRequestLookupKeys } from './student-request-lookups.js';
import {
  REQUEST_FIELD_MSG,
  STUDENT_REQUEST_FORMS,
  studentRequestForm,
  usDate,
  validateStudentRequestData,
  type TStudentRequestDependent,
} from './student-request-fields.js';

/**
 * The scholar request forms (docs/product/scholars-portal.md#requests): what a scholar, their department or
 * the office asks of a scholar's case with a form of its own. The J-1 program's amendment and extension and
 * its sites of activity are the exchange visitor's; the personal, contact and family updates are the same
 * forms (and rules) the students fill in. The browser draws the forms from scholarRequestForm and checks them
 * with validateScholarRequestData; the server runs the same function on save (draft), submit and approval.
 * Dates in the data are ISO YYYY-MM-DD; the browser shows them MM/DD/YYYY.
 */
export const SCHOLAR_REQUEST_CODES = [
  'amend_program_request',
  'program_extension',
  'soa_add_request',
  'soa_update_request',
  'demographic_update',
  'contact_info_update',
  'dependent_info_update',
] as const;
export type TScholarRequestCode = (typeof SCHOLAR_REQUEST_CODES)[number];

export function isScholarRequestCode(code: string): code is TScholarRequestCode {
  return (SCHOLAR_REQUEST_CODES as readonly string[]).includes(code);
}

/** The types about the J-1 program itself: only a case processed as J-1 has one (its DS-2019). */
const J1_PROGRAM_CODES: ReadonlySet<string> = new Set([
  'amend_program_request',
  'program_extension',
  'soa_add_request',
  'soa_update_request',
]);
/** The sites of activity are the exchange visitor record's (the office creates it from the case). */
const SITE_CODES: ReadonlySet<string> = new Set(['soa_add_request', 'soa_update_request']);

/** Whether a type fits a case of this processed state (a J-1 program's request only a J-1 case). */
export function scholarRequestApplies(code: string, visaType: string): boolean {
  return !J1_PROGRAM_CODES.has(code) || visaType === 'J-1';
}

/** A site of activity on the exchange visitor record, as the Update Site of Activity form offers it. */
export type TScholarRequestSite = {
  id: string;
  name: string;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string };
  isPrimary: boolean;
};

/** What a scholar request's rules compare with: the office's today and the scholar's current case. */
export type TScholarRequestContext = {
  /** YYYY-MM-DD in the institution's time zone. */
  today: string;
  /** The case's processed state ('J-1', 'H-1B', ...; '' until the office processes it). */
  visaType: string;
  /** The J-1 category (catalog/scholars.ts SCHOLAR_CATEGORIES), '' when not known. */
  category: string;
  /** The program's dates as the DS-2019 (else the processed dates) say. */
  programStartDate: string | null;
  programEndDate: string | null;
  /** The case has its exchange visitor record (docs/product/scholars-office.md#exchange-visitor-record). */
  hasExchangeVisitorRecord: boolean;
  /** The record's active sites of activity. */
  sites: readonly TScholarRequestSite[];
  /** The record's active J-2 dependents (none without a record: a new family member goes on the application). */
  dependents: readonly TStudentRequestDependent[];
  /** What the office's code lists offer today (rules/lookup-values.ts); without it the lists are not checked. */
  lookups?: TLookupChecker | null | undefined;
};

/**
 * The longest J-1 program of a category, from its start to its end, in the regulation's words and months
 * (22 CFR part 62). Categories not listed have no fixed maximum here (the office decides with the Department
 * of State). A program longer than this needs the Department of State (22 CFR 62.43), not a request.
 */
export const J1_MAXIMUM_DURATION: Partial<Record<TScholarCategory, { months: number; words: string; rule: string }>> = {
  PROFESSOR: { months: 60, words: '5 years', rule: '22 CFR 62.20(i)(1)' },
  'RESEARCH SCHOLAR': { months: 60, words: '5 years', rule: '22 CFR 62.20(i)(1)' },
  'SHORT-TERM SCHOLAR': { months: 6, words: '6 months', rule: '22 CFR 62.21(g)' },
  SPECIALIST: { months: 12, words: '1 year', rule: '22 CFR 62.26(i)' },
  INTERN: { months: 12, words: '12 months', rule: '22 CFR 62.22(k)(1)' },
  TRAINEE: { months: 18, words: '18 months', rule: '22 CFR 62.22(k)(1)' },
};

/** A category as people read it: 'RESEARCH SCHOLAR' is "Research Scholar", 'SHORT-TERM SCHOLAR' "Short-term Scholar". */
export function scholarCategoryLabel(category: string): string {
  return category
    .toLowerCase()
    .split(' ')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/**
 * The last day of a program of `months` months starting on `start` (ISO): the day before the same day
 * `months` later (that month's last day where it has no such day), so a 6-month program from 01/04 ends
 * on 07/03 and one from 08/31 on the day before February's last.
 */
export function j1ProgramLastDay(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const monthEnd = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month - 1, Math.min(d, monthEnd)) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

/** The latest end a program of this category starting on `start` may have, with its rule; null when none is fixed. */
export function j1MaximumEnd(category: string, start: string | null): { lastDay: string; words: string; rule: string } | null {
  const limit = (SCHOLAR_CATEGORIES as readonly string[]).includes(category)
    ? J1_MAXIMUM_DURATION[category as TScholarCategory]
    : undefined;
  if (!limit || !start) return null;
  return { lastDay: j1ProgramLastDay(start, limit.months), words: limit.words, rule: limit.rule };
}

/** Messages of these rules, shared by the browser and the server (docs/product/scholars-portal.md#requests). */
export const SCHOLAR_REQUEST_MSG = {
  j1Only: (visaType: string) =>
    `This request is about a J-1 exchange visitor's program; this case is ${visaType ? `processed as ${visaType}` : 'not processed yet'}.`,
  noExchangeVisitorRecord:
    "The office has not created this program's exchange visitor record yet: its sites of activity are added and changed once it exists.",
  beyondMaximum: (category: string, words: string, rule: string, lastDay: string) =>
    `A ${scholarCategoryLabel(category)}'s program lasts at most ${words} (${rule}): the program end date can be no later than ${usDate(lastDay)}. A longer program needs the Department of State.`,
  endNotEarlier: (currentEnd: string) =>
    `An amendment cannot end the program before its current end date (${usDate(currentEnd)}): the office shortens a program on the exchange visitor record.`,
  startPast: 'The new program start date cannot be in the past.',
  endBeforeStart: (start: string) => `The program end date must be after its start date (${usDate(start)}).`,
  nothingToAmend: 'Give a new start date, a new end date or a new subject field: as it stands the amendment changes nothing.',
  siteNotOnRecord: 'Choose one of the sites of activity on the exchange visitor record.',
  siteNameTaken: (name: string) => `This program already has a site of activity named ${name}.`,
  nothingToChangeOnSite: 'Fill in what changes about the site: as it stands the update changes nothing.',
  cipCode: 'Enter the CIP code as 40.0801',
  zip: 'Enter a 5-digit ZIP code',
  noScholar:
    "This request is about no scholar. Start it from the scholar's case (Start a request), so the office knows whose case it changes.",
} as const;

const REASON = { kind: 'textarea', maxLength: 500 } as const;
/** A site's state is one the office's list of U.S. states offers (docs/product/lookups.md#how-forms-use-the-lists). */
const SITE_STATE_LOOKUP: TLookupRef = { key: 'us-states' };
const siteFields = (required: boolean, fill: string) => [
  {
    name: 'soa_site_name',
    label: 'Site name',
    kind: 'text' as const,
    required,
    maxLength: 60,
    help: required ? 'As the DS-2019 shows it: at most 60 characters.' : fill,
  },
  { name: 'soa_address_line_1', label: 'Address line 1', kind: 'text' as const, required, maxLength: 60 },
  { name: 'soa_address_line_2', label: 'Address line 2', kind: 'text' as const, maxLength: 60 },
  { name: 'soa_city', label: 'City', kind: 'text' as const, required, maxLength: 60 },
  { name: 'soa_state', label: 'State', kind: 'select' as const, required, lookup: SITE_STATE_LOOKUP },
  { name: 'soa_zip_code', label: 'ZIP code', kind: 'digits' as const, required, maxLength: 5 },
  {
    name: 'soa_primary',
    label: 'Make this the primary site of activity',
    kind: 'checkbox' as const,
    help: 'The primary site stays primary until another site becomes primary (SEVIS S2201).',
  },
];

type TSharedCode = 'demographic_update' | 'contact_info_update' | 'dependent_info_update';
/** The information updates: the students' forms and rules (a scholar's Program Extension is the scholars' own form). */
export const isScholarInformationUpdate = (code: string): code is TSharedCode =>
  code === 'demographic_update' || code === 'contact_info_update' || code === 'dependent_info_update';
const isShared = isScholarInformationUpdate;
/** The scholar's words for the first section of an information update (the students' form otherwise). */
const SHARED_NOTES: Record<TSharedCode, string> = {
  demographic_update: 'Fill in only what changes; the office updates your case and, for a J-1, SEVIS.',
  contact_info_update:
    'Fill in only what changes; an address needs its street, city, state and ZIP code. For a J-1 the office tells SEVIS.',
  dependent_info_update:
    'Choose the J-2 dependent on the exchange visitor record this update is about, or add a new spouse or child. Without a J-2 record (or for H-1B, O-1 and OPT cases) a new family member is added to your application.',
};
/** The information updates are the students' forms (the same fields and rules), with words for a scholar. */
const withNote = (code: TSharedCode, form: TRequestForm): TRequestForm => ({
  ...form,
  sections: form.sections.map((s, i) => (i === 0 ? { ...s, note: SHARED_NOTES[code] } : s)),
});

export const SCHOLAR_REQUEST_FORMS: Record<TScholarRequestCode, TRequestForm> = {
  amend_program_request: {
    title: 'Amend Program',
    sections: [
      {
        title: 'New program dates or activity',
        note: 'Fill in only what changes. The program keeps the category it has; a longer stay than the category allows needs the Department of State.',
        fields: [
          { name: 'amend_program_start_date', label: 'New program start date', kind: 'date', help: 'Only before the program starts.' },
          { name: 'amend_program_end_date', label: 'New program end date', kind: 'date' },
          { name: 'amend_subject_field_code', label: 'New subject field (CIP code)', kind: 'text', maxLength: 7, help: 'e.g. 40.0801' },
          {
            name: 'amend_subject_field_remarks',
            label: 'What the new subject field covers',
            ...REASON,
            required: (d) => typeof d.amend_subject_field_code === 'string' && d.amend_subject_field_code.trim() !== '',
          },
          { name: 'amend_reason', label: 'Why the program changes', ...REASON, required: true },
        ],
      },
    ],
  },
  program_extension: {
    title: 'Program Extension',
    sections: [
      {
        title: 'Extension',
        note: "The new end date must stay within the longest program the J-1 category allows, counted from the program's start.",
        fields: [
          { name: 'new_program_end_date', label: 'New program end date', kind: 'date', required: true },
          { name: 'reason_for_extension', label: 'Reason for the extension', ...REASON, required: true },
          {
            name: 'extension_funding',
            label: 'Funding for the extra time',
            ...REASON,
            required: true,
            help: 'Who pays for the extra time and how much a month.',
          },
        ],
      },
    ],
  },
  soa_add_request: {
    title: 'Add Site of Activity',
    sections: [
      {
        title: 'New site of activity',
        note: 'Where the exchange visitor carries out the program besides the sites on the DS-2019.',
        fields: [...siteFields(true, ''), { name: 'soa_remarks', label: 'What is done at this site', ...REASON }],
      },
    ],
  },
  soa_update_request: {
    title: 'Update Site of Activity',
    sections: [
      {
        title: 'Site of activity',
        note: 'Choose the site, then fill in only what changes.',
        fields: [
          // The choices are the record's sites (scholarRequestForm fills them in).
          { name: 'soa_site_id', label: 'Site of activity', kind: 'select', required: true, options: [] },
          ...siteFields(false, 'Empty: the name stays.'),
        ],
      },
    ],
  },
  demographic_update: withNote('demographic_update', STUDENT_REQUEST_FORMS.demographic_update),
  contact_info_update: withNote('contact_info_update', STUDENT_REQUEST_FORMS.contact_info_update),
  dependent_info_update: withNote('dependent_info_update', STUDENT_REQUEST_FORMS.dependent_info_update),
};

/**
 * The form of a type for this case: an information update is the students' form for the case's visa type (a
 * J-1's the exchange visitor variant: J-2 dependents and their DS-2019 purpose), and the Update Site of Activity
 * choice lists the record's sites.
 */
export function scholarRequestForm(
  code: TScholarRequestCode,
  ctx?: Partial<Pick<TScholarRequestContext, 'sites' | 'visaType'>> | null,
): TRequestForm {
  if (isShared(code)) return withNote(code, studentRequestForm(code, ctx?.visaType ?? null));
  const form = SCHOLAR_REQUEST_FORMS[code];
  if (code !== 'soa_update_request') return form;
  const options = (ctx?.sites ?? []).map((s) => ({ value: s.id, label: `${s.name}${s.isPrimary ? ' (primary)' : ''}` }));
  return {
    ...form,
    sections: form.sections.map((s) => ({ ...s, fields: s.fields.map((f) => (f.name === 'soa_site_id' ? { ...f, options } : f)) })),
  };
}

const CIP = /^\d{2}\.\d{4}$/;

/** The code lists a scholar request's form reads. */
export function scholarRequestLookupKeys(code: TScholarRequestCode, visaType: string | null): TLookupKey[] {
  if (isShared(code)) return studentRequestLookupKeys(code, visaType);
  return [...new Set(requestFormFields(SCHOLAR_REQUEST_FORMS[code]).flatMap((f) => (f.lookup ? [f.lookup.key] : [])))];
}

/** Each code-list value a scholar request's data gives, for the server's reader of the lists. */
export function scholarRequestLookupChecks(
  code: TScholarRequestCode,
  data: TRequestFormData,
  visaType: string | null,
): { ref: TLookupRef; value: string }[] {
  if (isShared(code)) return studentRequestLookupChecks(code, data, visaType);
  return requestFormFields(SCHOLAR_REQUEST_FORMS[code])
    .filter((f) => f.lookup && requestFormText(data[f.name]))
    .map((f) => ({ ref: f.lookup!, value: requestFormText(data[f.name])! }));
}
const SITE_ADDRESS = ['soa_site_name', 'soa_address_line_1', 'soa_address_line_2', 'soa_city', 'soa_state', 'soa_zip_code'] as const;

/**
 * Checks a scholar request's data against its form and the case (docs/product/scholars-portal.md#requests).
 * 'draft' checks the format of what is there; 'submit' (and approval) also the required fields and the
 * rules against the case: a J-1 program's request only for a J-1 case, its sites only once the exchange
 * visitor record exists, the program within its category's maximum (J1_MAXIMUM_DURATION, 22 CFR part 62).
 * Returns { field: [message] }; empty when fine.
 */
export function validateScholarRequestData(
  code: TScholarRequestCode,
  given: TRequestFormData,
  ctx: TScholarRequestContext,
  mode: 'draft' | 'submit',
): TRequestFormErrors {
  if (isShared(code)) {
    return validateStudentRequestData(
      code,
      given,
      {
        today: ctx.today,
        programStartDate: ctx.programStartDate,
        programEndDate: ctx.programEndDate,
        visaType: ctx.visaType,
        dependents: ctx.dependents,
        lookups: ctx.lookups,
      },
      mode,
    );
  }
  const form = scholarRequestForm(code, ctx);
  const { errors, valid, add } = checkRequestForm(form, given, mode, (f, v) => {
    if (f.name === 'amend_subject_field_code' && !CIP.test(v)) return SCHOLAR_REQUEST_MSG.cipCode;
    if (f.name === 'soa_zip_code' && v.length !== 5) return SCHOLAR_REQUEST_MSG.zip;
    // A code list's value: offered today (a request is a new form: a retired value is refused).
    if (f.lookup && ctx.lookups) return lookupIssue(ctx.lookups(f.lookup, v));
    return null;
  });
  // A site that is not (or no longer) the record's is said so, not only 'Invalid value'.
  if (errors.soa_site_id?.[0] === MSG.invalidValue) errors.soa_site_id = [SCHOLAR_REQUEST_MSG.siteNotOnRecord];
  const first = form.sections[0]!.fields[0]!.name;
  // A J-1 program's request on another case is refused as such: the program rules would compare with nothing of it.
  if (!scholarRequestApplies(code, ctx.visaType)) {
    if (mode === 'submit') errors[first] = [SCHOLAR_REQUEST_MSG.j1Only(ctx.visaType)];
    return errors;
  }
  if (mode === 'submit' && SITE_CODES.has(code) && !ctx.hasExchangeVisitorRecord) add(first, SCHOLAR_REQUEST_MSG.noExchangeVisitorRecord);
  switch (code) {
    case 'program_extension':
      extensionIssues(valid, ctx, add);
      break;
    case 'amend_program_request':
      amendIssues(valid, ctx, mode, add);
      break;
    case 'soa_add_request':
      if (valid.soa_site_name && ctx.sites.some((s) => sameName(s.name, valid.soa_site_name!)))
        add('soa_site_name', SCHOLAR_REQUEST_MSG.siteNameTaken(valid.soa_site_name));
      break;
    case 'soa_update_request':
      siteUpdateIssues(valid, ctx, mode, add);
      break;
  }
  return errors;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
type TAdd = (name: string, message: string) => void;

/** The later end stays within the category's maximum from the program's start. */
function withinMaximum(field: string, end: string, start: string | null, ctx: TScholarRequestContext, add: TAdd): void {
  const max = j1MaximumEnd(ctx.category, start);
  if (max && end > max.lastDay) add(field, SCHOLAR_REQUEST_MSG.beyondMaximum(ctx.category, max.words, max.rule, max.lastDay));
}

/** An extension moves the end later (REQUEST_FIELD_MSG.newEndNotLater, the students' words), within the maximum. */
function extensionIssues(valid: Record<string, string>, ctx: TScholarRequestContext, add: TAdd): void {
  const end = valid.new_program_end_date;
  if (!end) return;
  if (ctx.programEndDate && end <= ctx.programEndDate) add('new_program_end_date', REQUEST_FIELD_MSG.newEndNotLater(ctx.programEndDate));
  else withinMaximum('new_program_end_date', end, ctx.programStartDate, ctx, add);
}

/**
 * An amendment moves the program's start (not into the past) and its end (not earlier than now: shortening is
 * the office's SEVIS Shorten with its reason), end after start, the whole within the category's maximum; at
 * submit it must change something.
 */
function amendIssues(valid: Record<string, string>, ctx: TScholarRequestContext, mode: 'draft' | 'submit', add: TAdd): void {
  const newStart = valid.amend_program_start_date;
  const newEnd = valid.amend_program_end_date;
  if (mode === 'submit' && !newStart && !newEnd && !valid.amend_subject_field_code)
    add('amend_program_start_date', SCHOLAR_REQUEST_MSG.nothingToAmend);
  if (newStart && newStart < ctx.today) add('amend_program_start_date', SCHOLAR_REQUEST_MSG.startPast);
  const start = newStart ?? ctx.programStartDate;
  const end = newEnd ?? ctx.programEndDate;
  if (newEnd && ctx.programEndDate && newEnd < ctx.programEndDate) {
    add('amend_program_end_date', SCHOLAR_REQUEST_MSG.endNotEarlier(ctx.programEndDate));
    return;
  }
  if (start && end && end <= start) {
    add(newEnd ? 'amend_program_end_date' : 'amend_program_start_date', SCHOLAR_REQUEST_MSG.endBeforeStart(start));
    return;
  }
  if (end && (newStart || newEnd)) withinMaximum(newEnd ? 'amend_program_end_date' : 'amend_program_start_date', end, start, ctx, add);
}

/** The site chosen is one of the record's; a new name is not another site's; at submit something changes. */
function siteUpdateIssues(valid: Record<string, string>, ctx: TScholarRequestContext, mode: 'draft' | 'submit', add: TAdd): void {
  const site = valid.soa_site_id ? ctx.sites.find((s) => s.id === valid.soa_site_id) : undefined;
  if (valid.soa_site_name && ctx.sites.some((s) => s.id !== valid.soa_site_id && sameName(s.name, valid.soa_site_name!)))
    add('soa_site_name', SCHOLAR_REQUEST_MSG.siteNameTaken(valid.soa_site_name));
  if (mode !== 'submit' || !site) return;
  const now: Record<string, string> = {
    soa_site_name: site.name,
    soa_address_line_1: site.address.line1,
    soa_address_line_2: site.address.line2,
    soa_city: site.address.city,
    soa_state: site.address.state,
    soa_zip_code: site.address.postalCode,
  };
  const changes = SITE_ADDRESS.some((k) => valid[k] !== undefined && valid[k] !== now[k]) || (!!valid.soa_primary && !site.isPrimary);
  if (!changes) add('soa_site_name', SCHOLAR_REQUEST_MSG.nothingToChangeOnSite);
}

/** Every field name of a scholar request form for this case, for the browser's save payload. */
export function scholarRequestFieldNames(
  code: TScholarRequestCode,
  ctx?: Partial<Pick<TScholarRequestContext, 'sites' | 'visaType'>> | null,
): string[] {
  return scholarRequestForm(code, ctx).sections.flatMap((s) => s.fields.map((f) => f.name));
}
