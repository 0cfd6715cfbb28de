import {
  dependentSevisIssues,
  lookupIssue,
  type TDependentFacts,
  MSG,
  type scholarsApi,
  studentsApi,
  type TLookupChecker,
  type TLookupRef,
} from '@meridian/domain';
import type { TCreateExchangeVisitorInput } from '../../students/index.js';
import type { TCaseRow, TScholarRow } from '../scholar.policy.js';
import { officeDataOf } from './office-case.js';

type TFieldErrors = Record<string, string[]>;
type TDependentFields = NonNullable<TCreateExchangeVisitorInput['dependents']>[number];

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const amount = (v: unknown): number => (/^\d+(\.\d+)?$/.test(str(v)) ? Number(str(v)) : 0);
const firstOf = (...vs: Array<string | null | undefined>): string => vs.find((v) => !!v) ?? '';

/** The message when the case lacks what the SEVIS record needs; the fields say what. */
export const MSG_CASE_INCOMPLETE = 'The exchange visitor record cannot be created yet: complete the fields marked.';
export const MSG_POSITION_REQUIRED = 'Enter the position code the DS-2019 shows (SEVIS Table 28, e.g. 213)';
export const MSG_SITE_REQUIRED = "The scholar's J-1 application has no site of activity: SEVIS needs one on the DS-2019";

/** The office's lists the record's program category and position come from (docs/product/lookups.md#how-forms-use-the-lists). */
const EV_CATEGORY: TLookupRef = { key: 'ev-categories' };
const EV_POSITION: TLookupRef = { key: 'ev-positions' };
/** An exchange visitor's subject field: a CIP code of the exchange visitor schema. */
const EV_SUBJECT: TLookupRef = { key: 'subject-fields', where: { ev: 'Y' } };
/** Why a J-2's DS-2019 is printed (EVPrintReasonType): a new J-2's purpose. */
const EV_PRINT_REASON: TLookupRef = { key: 'ev-print-reasons' };
/** The lists a J-2's countries come from; records keep a country's ISO code. */
const J2_COUNTRIES: readonly { field: 'birthCountryCode' | 'citizenshipCountryCode' | 'permanentResidenceCountryCode'; ref: TLookupRef }[] =
  [
    { field: 'birthCountryCode', ref: { key: 'birth-countries', by: 'iso' } },
    { field: 'citizenshipCountryCode', ref: { key: 'citizenship-countries', by: 'iso' } },
    { field: 'permanentResidenceCountryCode', ref: { key: 'citizenship-countries', by: 'iso' } },
  ];

/** The case's J-1 category (a code of the office's `scholar-categories` list): the application's, else the office's. */
export const caseScholarCategory = (c: TCaseRow): string => str((c.data ?? {}).category) || officeDataOf(c).j1Category || '';

/** The program category the record is sent as: the office's, else the one the case's J-1 category maps to on the list. */
const programCategoryOf = (input: scholarsApi.TCaseExchangeVisitorInput, categoryEv: string): string =>
  firstOf(str(input.evCategoryCode), categoryEv);

/**
 * A J-1 case's exchange visitor record, from what the case holds (the scholar, the J-1 application the
 * scholar filled in, the office's J-1 program data) and what the office confirms
 * (docs/product/scholars-office.md#exchange-visitor-record). Checked with the record's own rules;
 * errors come back on the confirmation's field names where it has one.
 */
export function exchangeVisitorRecordOf(
  c: TCaseRow,
  scholar: TScholarRow,
  input: scholarsApi.TCaseExchangeVisitorInput,
  today: string,
  /** What the office's lists offer today of the codes caseLookupChecks named (none: not checked against them). */
  lookups: TLookupChecker = () => undefined,
  /**
   * The program category (SEVIS Table 15) the case's J-1 category is sent as: its `ev` attribute on the office's
   * `scholar-categories` list; empty for a category the office added without one, whose program category the office
   * gives on the form (evCategoryCode).
   */
  categoryEv = '',
): { value: TCreateExchangeVisitorInput; leftOut: string[] } | { errors: TFieldErrors } {
  const d = c.data ?? {};
  const office = officeDataOf(c);
  const gov = amount(d.fundingUsGovernment);
  const record = studentsApi.ZStudentCreateInput.safeParse({
    firstName: firstOf(str(d.firstName), scholar.firstName),
    middleName: firstOf(str(d.middleName), scholar.middleName),
    lastName: firstOf(str(d.lastName), scholar.lastName),
    email: firstOf(str(d.email), scholar.email),
    birthDate: firstOf(str(d.dateOfBirth), scholar.birthDate),
    gender: firstOf(input.gender, scholar.gender),
    birthCity: input.birthCity ?? '',
    birthCountryCode: firstOf(input.birthCountryCode, scholar.birthCountryCode),
    citizenshipCountryCode: firstOf(input.citizenshipCountryCode, scholar.citizenshipCountryCode),
    visaType: 'J-1',
    campusSiteId: c.campusSiteId ?? input.campusSiteId ?? 0,
    sevisId: office.sevisId,
    programStartDate: firstOf(office.ds2019StartDate, c.processedStartDate, c.proposedStartDate),
    programEndDate: firstOf(office.ds2019EndDate, c.processedEndDate, c.proposedEndDate),
    evCategoryCode: programCategoryOf(input, categoryEv),
    subjectFieldCode: firstOf(input.subjectFieldCode, office.subjectFieldCode, str(d.subjectFieldCode)),
    evPositionCode: input.evPositionCode ?? '',
    receivedUsGovtFunds: gov > 0,
    usAddress: {
      line1: str(d.usAddressStreet),
      city: str(d.usAddressCity),
      state: str(d.usAddressState),
      postalCode: str(d.usAddressZip),
    },
  });
  const errors: TFieldErrors = {};
  if (!record.success)
    for (const issue of record.error.issues) {
      const key = String(issue.path[0] ?? 'evCategoryCode');
      (errors[key] ??= []).push(issue.message);
    }
  if (!(input.evPositionCode ?? '').trim()) errors.evPositionCode = [MSG_POSITION_REQUIRED];
  const gender = genderIssue(firstOf(input.gender, scholar.gender), lookups);
  if (gender && !errors.gender) errors.gender = [gender];
  // Category and position from the office's lists offered today (the record is new: a retired code is refused); a
  // field whose shape already failed keeps that message, a code the list lacks gets the field's own.
  const listed: [string, TLookupRef, string, string][] = [
    ['evCategoryCode', EV_CATEGORY, programCategoryOf(input, categoryEv), studentsApi.MSG_EV_CATEGORY],
    ['evPositionCode', EV_POSITION, str(input.evPositionCode), studentsApi.MSG_EV_POSITION],
  ];
  for (const [field, ref, value, own] of listed) {
    const status = value && !errors[field] ? lookups(ref, value) : undefined;
    const issue = lookupIssue(status);
    if (issue) errors[field] = [status === 'unknown' ? own : issue];
  }
  // The record's countries and subject field too: a new record takes only what the lists offer today.
  const codes = recordCodesOf(c, input, scholar);
  for (const { field, ref } of RECORD_CODES) {
    const value = codes[field];
    const issue = value && !errors[field] ? lookupIssue(lookups(ref, value)) : null;
    if (issue) errors[field] = [issue];
  }
  const site = studentsApi.ZSiteOfActivityInput.safeParse({
    name: str(d.siteOfActivityName),
    address: {
      line1: str(d.siteOfActivityAddress1),
      line2: str(d.siteOfActivityAddress2),
      city: str(d.siteOfActivityCity),
      state: str(d.siteOfActivityState),
      postalCode: str(d.siteOfActivityPostalCode),
    },
    isPrimary: true,
  });
  if (!site.success) errors.siteOfActivity = [MSG_SITE_REQUIRED];
  const family = j2DependentsOf(d, input.dependents ?? [], today, lookups);
  Object.assign(errors, family.errors);
  if (!record.success || !site.success || Object.keys(errors).length) return { errors };
  const permanent = firstOf(input.permanentResidenceCountryCode, record.data.citizenshipCountryCode);
  // The DS-2019's funding (SEVIS FinancialInfo): the program sponsor is this institution; personal and other funds as given.
  const financials: Record<string, number | string> = {};
  if (amount(d.fundingProgramSponsor)) financials.schoolFunds = amount(d.fundingProgramSponsor);
  if (amount(d.fundingPersonal)) financials.personalFunds = amount(d.fundingPersonal);
  if (amount(d.fundingOther)) {
    financials.otherFunds = amount(d.fundingOther);
    financials.otherFundsRemarks = str(d.fundingOtherDescription);
  }
  return {
    value: { record: record.data, site: site.data, permanentResidenceCountryCode: permanent, financials, dependents: family.dependents },
    leftOut: family.leftOut,
  };
}

/** The exchange visitor's gender: the office's, else the scholar's; a code of the office's `genders` list. */
const caseGenderOf = (input: scholarsApi.TCaseExchangeVisitorInput, scholar: Pick<TScholarRow, 'gender'>): string =>
  firstOf(str(input.gender), scholar.gender);

/** The record's own codes of the office's lists as the new record takes them: the office's, else the case's or the scholar's. */
function recordCodesOf(
  c: TCaseRow,
  input: scholarsApi.TCaseExchangeVisitorInput,
  scholar: Pick<TScholarRow, 'birthCountryCode' | 'citizenshipCountryCode'>,
) {
  const citizenship = firstOf(input.citizenshipCountryCode, scholar.citizenshipCountryCode);
  return {
    birthCountryCode: firstOf(input.birthCountryCode, scholar.birthCountryCode),
    citizenshipCountryCode: citizenship,
    permanentResidenceCountryCode: firstOf(input.permanentResidenceCountryCode, citizenship),
    subjectFieldCode: firstOf(input.subjectFieldCode, officeDataOf(c).subjectFieldCode, str((c.data ?? {}).subjectFieldCode)),
  };
}
/** The record's countries and subject field, each with the list it comes from (records keep a country's ISO code). */
const RECORD_CODES: readonly { field: keyof ReturnType<typeof recordCodesOf>; ref: TLookupRef }[] = [
  ...J2_COUNTRIES,
  { field: 'subjectFieldCode', ref: EV_SUBJECT },
];

/** The exchange visitor's gender, countries and subject field for the server's reader of the lists (caseLookupChecks names the other codes). */
export function caseRecordChecks(
  c: TCaseRow,
  input: scholarsApi.TCaseExchangeVisitorInput,
  scholar: Pick<TScholarRow, 'gender' | 'birthCountryCode' | 'citizenshipCountryCode'>,
): { ref: TLookupRef; value: string }[] {
  const gender = caseGenderOf(input, scholar);
  const codes = recordCodesOf(c, input, scholar);
  return [
    ...(gender ? [{ ref: studentsApi.GENDER_LOOKUP, value: gender }] : []),
    ...RECORD_CODES.map(({ field, ref }) => ({ ref, value: codes[field] })).filter((x) => x.value !== ''),
  ];
}

/**
 * The exchange visitor's gender against the office's list: the record is new, so a code the list does not offer
 * today is refused, and U (unknown) is not for an exchange visitor (SEVIS Table 36).
 */
function genderIssue(gender: string, lookups: TLookupChecker): string | null {
  if (!gender) return null;
  const status = lookups(studentsApi.EV_GENDER_LOOKUP, gender);
  if (status === 'unknown' && lookups(studentsApi.GENDER_LOOKUP, gender) !== 'unknown') return studentsApi.MSG_EV_GENDER;
  return lookupIssue(status);
}

/** The application's relationship words as SEVIS Table 35 codes (DependentCodeType). */
const RELATIONSHIP_CODES: Record<string, '01' | '02'> = { spouse: '01', child: '02' };
/** The office's list a J-2's relationship comes from (docs/product/lookups.md#how-forms-use-the-lists). */
const RELATIONSHIP: TLookupRef = { key: 'dependent-relationships' };
const isEntry = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The family the application brings (none when the scholar answered that no family comes). */
const familyOf = (d: Record<string, unknown>): unknown[] =>
  d.isHavingFamily === false || !Array.isArray(d.dependents) ? [] : d.dependents;
/** A J-2's relationship: the office's confirmation, else the application's word as its code. */
const relationshipOf = (a: Record<string, unknown>, o: scholarsApi.TCaseEvDependentInput): string =>
  firstOf(str(o.relationshipCode), RELATIONSHIP_CODES[str(a.relationship)]);

/** A J-2's countries as the record takes them: the office's confirmation, else the application's code of birth country. */
function j2CountriesOf(a: Record<string, unknown>, o: scholarsApi.TCaseEvDependentInput) {
  const applicationCountry = str(a.countryOfBirth);
  const citizenship = str(o.citizenshipCountryCode);
  return {
    // The application asks the country of birth in words; a two-letter code there is taken as it is.
    birthCountryCode: firstOf(str(o.birthCountryCode), /^[A-Za-z]{2}$/.test(applicationCountry) ? applicationCountry : ''),
    citizenshipCountryCode: citizenship,
    permanentResidenceCountryCode: firstOf(str(o.permanentResidenceCountryCode), citizenship),
  };
}

/**
 * The codes of a case's exchange visitor record that come from the office's lists, for the server's reader: the
 * program category and position, and each J-2's relationship and countries (the record and every J-2 are new, so a
 * retired code is refused). `categoryEv` as exchangeVisitorRecordOf takes it.
 */
export function caseLookupChecks(
  c: TCaseRow,
  input: scholarsApi.TCaseExchangeVisitorInput,
  categoryEv = '',
): { ref: TLookupRef; value: string }[] {
  const confirmed = input.dependents ?? [];
  const record = [
    { ref: EV_CATEGORY, value: programCategoryOf(input, categoryEv) },
    { ref: EV_POSITION, value: str(input.evPositionCode) },
  ];
  const family = familyOf(c.data ?? {}).flatMap((raw, i) => {
    const a = isEntry(raw) ? raw : {};
    const o = confirmed[i] ?? {};
    if (o.include === false) return [];
    const countries = j2CountriesOf(a, o);
    return [
      { ref: RELATIONSHIP, value: relationshipOf(a, o) },
      { ref: EV_PRINT_REASON, value: str(o.formPurpose) },
      ...J2_COUNTRIES.map(({ field, ref }) => ({ ref, value: countries[field] })),
    ];
  });
  return [...record, ...family].filter((x) => x.value !== '');
}

/**
 * The family the scholar's J-1 application brings (its `dependents`, unless the scholar answered that
 * no family comes) as J-2 dependents of the record (a SEVIS record for the accompanying spouse and
 * children, 22 CFR 62.70(a)(4)): names, relationship and birth date from the
 * application, what it does not hold as SEVIS codes from the office's confirmation (entry i for the
 * application's dependent i). Each is checked as the record's own dependent form checks it (names
 * SEVIS S1148 / S1142, one spouse S1105 / S2119, a child under 21 S1014 / S2121, a birth date not in
 * the future S1067 / S2133) plus what a Create needs of a J-2 (gender, city of birth: NonImgBioType of
 * the EV schema 6.27) and the DS-2019 purpose (EVPrintReasonType 06 / 08); what fails is named on
 * `dependents.<i>.<field>`, never dropped. Only a dependent the office leaves out (`include: false`) is
 * not added, and the History Log says so.
 */
function j2DependentsOf(
  d: Record<string, unknown>,
  confirmed: readonly scholarsApi.TCaseEvDependentInput[],
  today: string,
  lookups: TLookupChecker,
): { dependents: TDependentFields[]; leftOut: string[]; errors: TFieldErrors } {
  const out = { dependents: [] as TDependentFields[], leftOut: [] as string[], errors: {} as TFieldErrors };
  const family = familyOf(d);
  const others: TDependentFacts[] = [];
  family.forEach((raw, i) => {
    const a = isEntry(raw) ? raw : {};
    const o: scholarsApi.TCaseEvDependentInput = confirmed[i] ?? {};
    const name = `${firstOf(str(o.firstName), str(a.firstName))} ${firstOf(str(o.lastName), str(a.lastName))}`.trim();
    if (o.include === false) {
      out.leftOut.push(name);
      return;
    }
    const own: TFieldErrors = {};
    // One message a field: the first thing to fix.
    const add = (field: string, message: string) => {
      own[field] ??= [message];
    };
    const facts = {
      firstName: firstOf(str(o.firstName), str(a.firstName)),
      lastName: firstOf(str(o.lastName), str(a.lastName)),
      relationshipCode: relationshipOf(a, o),
      birthDate: firstOf(str(o.birthDate), str(a.dateOfBirth)),
      gender: o.gender ?? '',
      birthCity: str(o.birthCity),
      ...j2CountriesOf(a, o),
      formPurpose: o.formPurpose ?? '',
    };
    // The relationship from the office's list offered today, first: SEVIS's rules read it.
    const listed = facts.relationshipCode ? lookupIssue(lookups(RELATIONSHIP, facts.relationshipCode)) : null;
    if (listed) add('relationshipCode', listed);
    const parsed = studentsApi.ZStudentDependentInput.safeParse(facts);
    if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'firstName'), issue.message);
    // Countries from the office's lists offered today, after their shape (a J-2 is a new dependent).
    for (const { field, ref } of J2_COUNTRIES) {
      const issue = facts[field] ? lookupIssue(lookups(ref, facts[field])) : null;
      if (issue) add(field, issue);
    }
    // A CreateEV dependent needs its gender and city of birth (NonImgBioType, EV schema 6.27); a J-2 its DS-2019 purpose.
    if (!facts.gender) add('gender', MSG.required);
    if (!facts.birthCity) add('birthCity', MSG.required);
    if (!facts.formPurpose) add('formPurpose', MSG.required);
    else {
      const purpose = lookupIssue(lookups(EV_PRINT_REASON, facts.formPurpose));
      if (purpose) add('formPurpose', purpose);
    }
    // SEVIS's own dependent rules, the family counted as a whole (a second spouse is one whatever the first one lacks).
    const birthDate = parsed.success ? parsed.data.birthDate : /^\d{4}-\d{2}-\d{2}$/.test(facts.birthDate) ? facts.birthDate : '';
    for (const [field, message] of Object.entries(dependentSevisIssues({ ...facts, birthDate }, { visaType: 'J-1', today, others })))
      add(field, message);
    others.push(facts);
    if (parsed.success && !Object.keys(own).length) out.dependents.push(parsed.data);
    for (const [field, messages] of Object.entries(own)) out.errors[`dependents.${i}.${field}`] = messages;
  });
  return out;
}
