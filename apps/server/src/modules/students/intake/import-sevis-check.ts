import { studentsApi, type TImportColumn, type TImportIssue, type TImportRecord } from '@meridian/domain';
import type { studentProfiles, TAddress } from '../schema.js';

/**
 * What a row of a batch upload becomes on the student record (the columns the commit writes), and the
 * site of activity a J-1 row names. The SEVIS check reads these, so what it checks is what is stored.
 */
export interface TImportedProfile {
  profile: Partial<typeof studentProfiles.$inferSelect>;
  siteOfActivity: { name: string; address: TAddress } | null;
}

export function importedProfile(r: TImportRecord): TImportedProfile {
  const d = r.details;
  return {
    profile: {
      campusSiteId: r.campusSiteId,
      sevisId: r.sevisId,
      campusId: r.campusId,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      gender: r.gender,
      birthDate: r.birthDate,
      birthCity: d.birthCity,
      birthCountryCode: d.birthCountryCode,
      citizenshipCountryCode: r.citizenship,
      permanentResidenceCountryCode: d.permanentResidenceCountryCode,
      visaType: r.visaType,
      sevisStatus: 'Initial',
      educationLevel: r.educationLevel,
      major1Code: r.major1,
      programStartDate: r.programStartDate,
      programEndDate: r.programEndDate,
      evCategoryCode: d.evCategoryCode,
      evPositionCode: d.evPositionCode,
      subjectFieldCode: d.subjectFieldCode,
      receivedUsGovtFunds: d.receivedUsGovtFunds,
      englishRequired: d.englishRequired,
      englishRequirementsMet: d.englishRequirementsMet,
      englishNotRequiredReason: d.englishNotRequiredReason,
      academicTermMonths: d.academicTermMonths,
      usAddress: d.usAddress,
      foreignAddress: d.foreignAddress,
      phone: d.phone,
      foreignPhoneCountryCode: d.foreignPhoneCountryCode,
      foreignPhone: d.foreignPhone,
      financials: d.financials,
    },
    siteOfActivity: d.siteOfActivity,
  };
}

/**
 * The check SEVIS's Create of a new record makes before a batch takes it: given what a row becomes
 * and the office's today, the reasons the Create would be held (empty when it would go). The SEVIS
 * module provides it (it owns the batch build), so an upload tells what the batch build will.
 */
export type TNewRecordSevisCheck = (record: TImportedProfile, today: string) => string[];

let sevisCheck: TNewRecordSevisCheck | null = null;

/** The SEVIS module plugs its Create pre-check in here at start-up. */
export function provideNewRecordSevisCheck(check: TNewRecordSevisCheck): void {
  sevisCheck = check;
}

/**
 * Which column of the upload holds the field a SEVIS reason names (the batch build's own words, which
 * begin with the field). A reason naming no column of ours lands on the SEVIS ID column: it is what
 * SEVIS would say about creating this record at all.
 */
const LABEL = studentsApi.STUDENT_FIELD_LABELS;
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const COLUMN_OF_REASON: [RegExp, TImportColumn][] = [
  [/^A phone\b/, 'phone'],
  [/^Last name\b/, 'last_name'],
  [/^First and middle names\b/, 'first_name'],
  [/^Date of birth\b/, 'birth_date'],
  [/^Gender\b/, 'gender'],
  [/^City of birth\b/, 'birth_city'],
  [/^Country of birth\b/, 'birth_country'],
  [/^Country of citizenship\b/, 'citizenship'],
  [/^Country of permanent residence\b/, 'permanent_residence_country'],
  [/^Foreign address: country\b/, 'foreign_country'],
  [/^Foreign address\b/, 'foreign_address_line1'],
  [/^U\.S\. address: state\b|^U\.S\. address .*: the state\b/, 'us_state'],
  [/^U\.S\. address: city\b/, 'us_city'],
  [/^U\.S\. address: ZIP\b|^U\.S\. address .*: the ZIP\b/, 'us_zip'],
  [/^U\.S\. address\b/, 'us_address_line1'],
  [/^Education level\b|^A description of the 'Other' education level\b/, 'education_level'],
  [/^Major\b/, 'major1'],
  [/^Program start date\b/, 'program_start_date'],
  [/^Program end date\b/, 'program_end_date'],
  [startsWith(LABEL.englishRequired!), 'english_required'],
  [startsWith(LABEL.englishRequirementsMet!), 'english_requirements_met'],
  [startsWith(LABEL.englishNotRequiredReason!), 'english_not_required_reason'],
  [startsWith(LABEL.academicTermMonths!), 'academic_term_months'],
  [/^Financial support: Tuition\b|^Tuition\b/, 'tuition'],
  [/^Financial support: Living\b|^Living expenses\b/, 'living_expenses'],
  [/^Expenses of dependents\b/, 'dependent_expenses'],
  [/^The remarks for other expenses\b/, 'other_expenses_remarks'],
  [/^Other expenses\b/, 'other_expenses'],
  [/^Financial support: Personal funds\b|^Personal funds\b/, 'personal_funds'],
  [/^The remarks for funds from this school\b/, 'school_funds_remarks'],
  [/^Funds from this school\b/, 'school_funds'],
  [/^The remarks for funds from other sources\b|^Who gives the funds from other sources\b/, 'other_funds_remarks'],
  [/^Funds from other sources\b/, 'other_funds'],
  [/^On-campus employment\b/, 'employment_funds'],
  [/^Exchange visitor category\b/, 'ev_category_code'],
  [startsWith(LABEL.evPositionCode!), 'ev_position_code'],
  [/^Subject field\b|^A description of the subject field\b/, 'subject_field_code'],
  [startsWith(LABEL.receivedUsGovtFunds!), 'received_us_govt_funds'],
  [/^Site of activity name\b/, 'site_of_activity_name'],
  [/^Site of activity .*ZIP\b/, 'site_of_activity_zip'],
  [/^Site of activity .*state\b/, 'site_of_activity_state'],
  [/^Site of activity .*city\b/, 'site_of_activity_city'],
  [/^Site of activity\b|site of activity\b/i, 'site_of_activity_address'],
];

/** The column a SEVIS reason is about (see COLUMN_OF_REASON). */
export function columnOfSevisReason(reason: string): TImportColumn {
  return COLUMN_OF_REASON.find(([re]) => re.test(reason))?.[1] ?? 'sevis_id';
}

/**
 * What SEVIS will need of each row that creates a SEVIS record (no SEVIS ID), as warnings on its
 * cells: the record is still created (the office may complete it, or invite the student to), and the
 * Create waits in the Batch Manager with the same reasons until the record has what SEVIS needs.
 */
export function sevisWarnings(records: { row: number; record: TImportRecord }[], today: string): TImportIssue[] {
  if (!sevisCheck) return [];
  const out: TImportIssue[] = [];
  for (const { row, record } of records) {
    if (record.sevisId) continue;
    for (const message of sevisCheck(importedProfile(record), today)) out.push({ row, column: columnOfSevisReason(message), message });
  }
  return out;
}
