import { SCHOLAR_CATEGORY_EV_CODES, type scholarsApi, studentsApi, type TScholarCategory } from '@meridian/domain';
import type { TCreateExchangeVisitorInput } from '../../students/index.js';
import type { TCaseRow, TScholarRow } from '../scholar.policy.js';
import { officeDataOf } from './office-case.js';

type TFieldErrors = Record<string, string[]>;

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
): { value: TCreateExchangeVisitorInput } | { errors: TFieldErrors } {
  const d = c.data ?? {};
  const office = officeDataOf(c);
  const category = (str(d.category) || office.j1Category) as TScholarCategory | '';
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
    evCategoryCode: firstOf(input.evCategoryCode, category ? SCHOLAR_CATEGORY_EV_CODES[category] : ''),
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
  return { value: { record: record.data, site: site.data, permanentResidenceCountryCode: permanent, financials } };
}
