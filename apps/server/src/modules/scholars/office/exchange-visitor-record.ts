import {
  dependentSevisIssues,
  lookupIssue,
  type TDependentFacts,
  MSG,
  SCHOLAR_CATEGORY_EV_CODES,
  type scholarsApi,
  studentsApi,
  type TLookupChecker,
  type TLookupRef,
  type TScholarCategory,
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
): { value: TCreateExchangeVisitorInput; leftOut: string[] } | { errors: TFieldErrors } {
  const d = c.data ?? {};
  const office = officeDataOf(c);
  // A category the office added to its list has no program category here: the office gives it (evCategoryCode).
  const category = str(d.category) || office.j1Category;
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
    evCategoryCode: firstOf(input.evCategoryCode, SCHOLAR_CATEGORY_EV_CODES[category as TScholarCategory]),
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

/**
 * The codes of a case's exchange visitor record that come from the office's lists, for the server's reader:
 * each J-2's relationship (every J-2 is a new dependent, so a retired relationship is refused).
 */
export function caseLookupChecks(c: TCaseRow, input: scholarsApi.TCaseExchangeVisitorInput): { ref: TLookupRef; value: string }[] {
  const confirmed = input.dependents ?? [];
  return familyOf(c.data ?? {}).flatMap((raw, i) => {
    const value = relationshipOf(isEntry(raw) ? raw : {}, confirmed[i] ?? {});
    return value ? [{ ref: RELATIONSHIP, value }] : [];
  });
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
    const applicationCountry = str(a.countryOfBirth);
    const citizenship = str(o.citizenshipCountryCode);
    const facts = {
      firstName: firstOf(str(o.firstName), str(a.firstName)),
      lastName: firstOf(str(o.lastName), str(a.lastName)),
      relationshipCode: relationshipOf(a, o),
      birthDate: firstOf(str(o.birthDate), str(a.dateOfBirth)),
      gender: o.gender ?? '',
      birthCity: str(o.birthCity),
      // The application asks the country of birth in words; a two-letter code there is taken as it is.
      birthCountryCode: firstOf(str(o.birthCountryCode), /^[A-Za-z]{2}$/.test(applicationCountry) ? applicationCountry : ''),
      citizenshipCountryCode: citizenship,
      permanentResidenceCountryCode: firstOf(str(o.permanentResidenceCountryCode), citizenship),
      formPurpose: o.formPurpose ?? '',
    };
    // The relationship from the office's list offered today, first: SEVIS's rules read it.
    const listed = facts.relationshipCode ? lookupIssue(lookups(RELATIONSHIP, facts.relationshipCode)) : null;
    if (listed) add('relationshipCode', listed);
    const parsed = studentsApi.ZStudentDependentInput.safeParse(facts);
    if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'firstName'), issue.message);
    // A CreateEV dependent needs its gender and city of birth (NonImgBioType, EV schema 6.27); a J-2 its DS-2019 purpose.
    if (!facts.gender) add('gender', MSG.required);
    if (!facts.birthCity) add('birthCity', MSG.required);
    if (!facts.formPurpose) add('formPurpose', MSG.required);
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
