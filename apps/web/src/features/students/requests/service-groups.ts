import { daysBetween, optFilingWindow, type TStudentStage } from '@meridian/domain';

/**
 * The student's service menu in groups (docs/product/students-portal.md#service-menu): what is relevant to
 * their stage, visa and dates first ("Suggested for you"), then the groups in the order their stage makes
 * likely. Pure: the page passes the record's dates and today (the office's, from the server).
 */
export type TServiceGroupKey = 'suggested' | 'employment' | 'enrollment' | 'travel' | 'personal' | 'status' | 'other';

export const SERVICE_GROUP_TITLES: Record<TServiceGroupKey, string> = {
  suggested: 'Suggested for you',
  employment: 'Employment',
  enrollment: 'Enrollment & program',
  travel: 'Travel & documents',
  personal: 'Personal information',
  status: 'Transfers & status',
  other: 'Other services',
};

/** The catalogue's student request types by group; a type the office added itself is placed by its code, else "Other". */
const GROUP_OF: Record<string, TServiceGroupKey> = {
  cpt_request: 'employment',
  opt_request: 'employment',
  opt_employer_update: 'employment',
  opt_stem_extend: 'employment',
  on_campus_employment_request: 'employment',
  registration_request: 'enrollment',
  rcl_request: 'enrollment',
  col_request: 'enrollment',
  program_extension: 'enrollment',
  shorten_program_request: 'enrollment',
  complete_program_request: 'enrollment',
  amend_program_request: 'enrollment',
  defer_attendance_request: 'enrollment',
  matriculation_request: 'enrollment',
  program_info_update: 'enrollment',
  soa_add_request: 'enrollment',
  soa_update_request: 'enrollment',
  demographic_update: 'personal',
  contact_info_update: 'personal',
  dependent_info_update: 'personal',
  dependent_info_multi: 'personal',
  financial_info_update: 'personal',
  transfer_in: 'status',
  transfer_out: 'status',
  reinstatement: 'status',
  cancel_request: 'status',
};

export function groupOf(code: string): TServiceGroupKey {
  const known = GROUP_OF[code];
  if (known) return known;
  if (/travel|signature|letter|document|i20|i_20|ds2019|ds_2019|reprint/.test(code)) return 'travel';
  if (/employ|cpt|opt|work|training/.test(code)) return 'employment';
  if (/address|contact|name|dependent|phone|email/.test(code)) return 'personal';
  return 'other';
}

/** The groups after "Suggested", in the order a student of this stage and visa most likely needs them. */
export function groupOrder(stage: TStudentStage | null | undefined, visaType: string | null | undefined): TServiceGroupKey[] {
  if (stage === 'postcompletion_graduated') return ['employment', 'personal', 'travel', 'status', 'enrollment', 'other'];
  if (visaType === 'J-1') return ['enrollment', 'personal', 'travel', 'employment', 'status', 'other'];
  return ['enrollment', 'employment', 'travel', 'personal', 'status', 'other'];
}

export interface TServiceFacts {
  stage: TStudentStage | null | undefined;
  visaType: string | null | undefined;
  /** The office's today and the record's program end (ISO dates); null when not known. */
  today: string | null | undefined;
  programEndDate: string | null | undefined;
}

/** Days before a program's end from which extending or completing it is suggested. */
export const PROGRAM_END_SUGGEST_DAYS = 60;

/**
 * The request types this student most likely needs now, from their stage, visa and program dates: on
 * post-completion OPT, the employer update and the STEM extension; an F-1 student whose post-completion
 * OPT filing window is open (90 days before to 60 after the program end), OPT; a program ending within
 * 60 days, its extension or early completion.
 */
export function suggestedCodes(f: TServiceFacts): Set<string> {
  const out = new Set<string>();
  if (f.stage === 'postcompletion_graduated') {
    out.add('opt_employer_update');
    out.add('opt_stem_extend');
  }
  if (f.today && f.programEndDate) {
    if (f.visaType === 'F-1' && f.stage !== 'postcompletion_graduated' && optFilingWindow(f.programEndDate, f.today).status === 'open') {
      out.add('opt_request');
    }
    const left = daysBetween(f.today, f.programEndDate);
    if (left >= 0 && left <= PROGRAM_END_SUGGEST_DAYS) {
      out.add('program_extension');
      out.add('complete_program_request');
    }
  }
  return out;
}

export interface TServiceGroup<T> {
  key: TServiceGroupKey;
  title: string;
  types: T[];
}

/** The startable types in their groups, suggested ones first (and only there), empty groups left out. */
export function groupServices<T extends { code: string }>(types: readonly T[], f: TServiceFacts): TServiceGroup<T>[] {
  const suggested = suggestedCodes(f);
  const groups: TServiceGroup<T>[] = [];
  const picked = types.filter((t) => suggested.has(t.code));
  if (picked.length) groups.push({ key: 'suggested', title: SERVICE_GROUP_TITLES.suggested, types: picked });
  for (const key of groupOrder(f.stage, f.visaType)) {
    const inGroup = types.filter((t) => !suggested.has(t.code) && groupOf(t.code) === key);
    if (inGroup.length) groups.push({ key, title: SERVICE_GROUP_TITLES[key], types: inGroup });
  }
  return groups;
}
