import { describe, expect, it } from 'vitest';
import { HIGHEST_EDUCATION_OPTIONS, SCHOLAR_CATEGORIES } from '../catalog/scholars.js';
import { LOOKUP_MSG, lookupCheckerOf, type TLookupValueLike } from './lookup-values.js';
import {
  displayScholarValue,
  parseScholarDraft,
  SCHOLAR_APP_MSG as M,
  scholarFormDef,
  scholarFormOf,
  validateScholarApplication,
} from './scholar-application.js';

const TODAY = '2026-11-22';
const beneficiary = {
  firstName: 'Hiro',
  lastName: 'Tanaka',
  dateOfBirth: '1990-04-01',
  countryOfBirth: 'JP',
  countryOfCitizenship: 'JP',
  email: 'hiro@example.edu',
  phone: '+81 3 1234 5678',
  foreignAddressStreet: '1-2-3 Hongo',
  foreignAddressCity: 'Tokyo',
  foreignAddressCountry: 'JP',
};

/**
 * The office's lists as a fixture (docs/product/lookups.md): Japan and Norway by ISO code, Massachusetts, the
 * categories and levels as seeded, and what the office did to them: Wyoming and level 6 retired, a category of its own.
 */
const value = (code: string, attributes: Record<string, string> = {}, activeUntil: string | null = null): TLookupValueLike => ({
  code,
  label: code,
  attributes,
  activeUntil,
});
const LISTS = lookupCheckerOf(
  {
    'birth-countries': [value('JA', { iso: 'JP' }), value('NO', { iso: 'NO' })],
    'citizenship-countries': [value('JA', { iso: 'JP' }), value('NO', { iso: 'NO' }), value('UR', { iso: 'SU' }, '1992-01-01')],
    'us-states': [value('MA'), value('WY', {}, '2026-01-01')],
    'highest-education': [...HIGHEST_EDUCATION_OPTIONS.map((o) => value(o.value, {}, o.value === '6' ? '2026-01-01' : null))],
    'scholar-categories': [...SCHOLAR_CATEGORIES.map((c) => value(c)), value('VISITING FELLOW')],
  },
  '2026-11-22',
);
export const VALID_H1B = {
  ...beneficiary,
  highestEducation: '3',
  highestDegreeDate: '2020-06-30',
  fieldOfStudy: 'Physics',
  immigrationHistory: [{ subjectName: 'Hiro Tanaka', status: 'J-1', periodofStayFromDate: '2020-09-01', periodofStayToDate: '2022-08-31' }],
  tripsOutsideUs: [{ departureDate: '2021-12-20', returnDate: '2022-01-05' }],
  isHavingFamily: false,
  h1bCapOut: false,
  i140Flag: false,
  cnmiFlag: false,
  offsiteWorkFlag: false,
  beneficiaryStatusFlag: true,
  currentEmployeeFlag: false,
  actualWages: [{ name: 'Research Associate', wages: '$65,000 per year' }],
  documentType: 'passport',
  documentNumber: 'TK1234567',
  documentIssueDate: '2020-01-10',
  documentExpiryDate: '2030-01-09',
};
const h1b = (patch: Record<string, unknown>) => validateScholarApplication('H-1B', { ...VALID_H1B, ...patch }, 'submit', TODAY);

describe('scholar application forms by processed state', () => {
  it('maps each processed state to its form and variant, and none for the rest', () => {
    expect(scholarFormOf('H-1BExtension')).toEqual({ kind: 'h1b', variant: 'extension' });
    expect(scholarFormOf('O-1Amendment')).toEqual({ kind: 'o1', variant: 'amendment' });
    expect(scholarFormOf('o1Extension')).toEqual({ kind: 'o1', variant: 'extension' });
    expect(scholarFormOf('J-1')?.kind).toBe('j1');
    expect(scholarFormOf('F-1 OPT/STEM')?.kind).toBe('f1');
    expect(scholarFormOf('')).toBeNull();
    expect(scholarFormOf('Ineligible')).toBeNull();
    expect(scholarFormDef('H-1B')?.title).toBe('H-1B Request');
  });

  it('draws highest education, category, states and countries from the office’s lists, not from options of its own', () => {
    const fields = (state: string) => {
      const top = scholarFormDef(state)!.sections.flatMap((s) => s.fields);
      return [...top, ...top.flatMap((f) => f.item ?? [])];
    };
    const lookupOf = (state: string, name: string) => fields(state).filter((x) => x.name === name);
    expect(lookupOf('H-1B', 'highestEducation').map((f) => [f.lookup, f.options])).toEqual([[{ key: 'highest-education' }, undefined]]);
    expect(lookupOf('J-1', 'category')[0]).toMatchObject({ type: 'select', lookup: { key: 'scholar-categories' } });
    expect(lookupOf('J-1', 'category')[0]!.options).toBeUndefined();
    expect(lookupOf('J-1', 'siteOfActivityState')[0]!.lookup).toEqual({ key: 'us-states' });
    expect(lookupOf('J-1', 'usAddressState')[0]!.lookup).toEqual({ key: 'us-states' });
    expect(lookupOf('J-1', 'countryOfBirth').map((f) => f.lookup)).toEqual([
      { key: 'birth-countries', by: 'iso' },
      { key: 'birth-countries', by: 'iso' },
    ]);
    expect(lookupOf('O-1', 'countryOfCitizenship')[0]!.lookup).toEqual({ key: 'citizenship-countries', by: 'iso' });
    expect(lookupOf('F-1 OPT/STEM', 'foreignAddressCountry')[0]!.lookup).toEqual({ key: 'citizenship-countries', by: 'iso' });
    // The list's seed keeps the nine options verbatim.
    expect(HIGHEST_EDUCATION_OPTIONS.map((o) => o.label)).toEqual([
      "Associate's degree",
      "Bachelor's degree",
      'Doctorate degree',
      'High School Graduate Diploma or the equivalent',
      "Master's degree",
      'No Diploma',
      'One or more years of college with no degree',
      'Professional degree',
      'Some college credit but less than 1 year',
    ]);
  });
});

describe('drafts', () => {
  it('keep anything of the right type, even incomplete or half-typed dates', () => {
    expect(
      validateScholarApplication(
        'H-1B',
        { firstName: 'Hi', dateOfBirth: '04/0', immigrationHistory: [{ periodofStayFromDate: '' }] },
        'draft',
        TODAY,
      ),
    ).toEqual({});
  });
  it('refuse wrong types and over-long text on the field', () => {
    const e = validateScholarApplication(
      'H-1B',
      { firstName: 'x'.repeat(201), h1bCapOut: 'maybe', immigrationHistory: 'none' },
      'draft',
      TODAY,
    );
    expect(e.firstName).toEqual([M.invalidLength]);
    expect(e.h1bCapOut).toEqual([M.invalidValue]);
    expect(e.immigrationHistory).toEqual([M.invalidValue]);
  });
  it('drop fields the form does not have', () => {
    expect(parseScholarDraft(scholarFormDef('H-1B')!, { firstName: 'A', isLocked: false })).toEqual({ firstName: 'A' });
  });
});

describe('H-1B submit', () => {
  it('accepts a complete form', () => {
    expect(h1b({})).toEqual({});
  });
  it('says Required field on each missing required field, yes/no flags included', () => {
    const e = validateScholarApplication('H-1B', {}, 'submit', TODAY);
    for (const k of [
      'firstName',
      'dateOfBirth',
      'highestEducation',
      'highestDegreeDate',
      'h1bCapOut',
      'isHavingFamily',
      'documentNumber',
    ]) {
      expect(e[k]).toEqual([M.required]);
    }
    expect(e.middleName).toBeUndefined();
    expect(h1b({ cnmiFlag: null }).cnmiFlag).toEqual([M.required]);
  });
  it('checks the highest education and countries against the office’s lists: not listed, or retired, on the field', () => {
    const listed = (patch: Record<string, unknown>) =>
      validateScholarApplication('H-1B', { ...VALID_H1B, ...patch }, 'submit', TODAY, { check: LISTS });
    expect(listed({ highestEducation: '9' })).toEqual({});
    expect(listed({ highestEducation: '10' }).highestEducation).toEqual([LOOKUP_MSG.notInList]);
    expect(listed({ highestEducation: '6' }).highestEducation).toEqual([LOOKUP_MSG.retired]);
    expect(listed({ countryOfBirth: 'Japan' }).countryOfBirth).toEqual([LOOKUP_MSG.notInList]);
    expect(listed({ countryOfCitizenship: 'jp', foreignAddressCountry: 'NO' })).toEqual({});
    expect(listed({ foreignAddressCountry: 'SU' }).foreignAddressCountry).toEqual([LOOKUP_MSG.retired]);
    expect(listed({ usAddressState: 'ZZ' }).usAddressState).toEqual([LOOKUP_MSG.notInList]);
    // Without the lists (a browser before they load) the other side checks.
    expect(h1b({ highestEducation: '10' })).toEqual({});
  });
  it('keeps a value the application already holds when the office has retired it since; a value given anew must be offered', () => {
    const held = { ...VALID_H1B, highestEducation: '6', usAddressState: 'WY' };
    expect(validateScholarApplication('H-1B', held, 'submit', TODAY, { check: LISTS, before: held })).toEqual({});
    expect(validateScholarApplication('H-1B', held, 'draft', TODAY, { check: LISTS, before: VALID_H1B })).toEqual({
      highestEducation: [LOOKUP_MSG.retired],
      usAddressState: [LOOKUP_MSG.retired],
    });
  });
  it('refuses a code not on the list in a draft too, on its field (a list entry’s by its path); partial data is still fine', () => {
    const draft = {
      firstName: 'Hiro',
      isHavingFamily: true,
      dependents: [{ firstName: 'Yui', countryOfBirth: 'JP' }, { countryOfBirth: 'Japan' }],
    };
    expect(validateScholarApplication('H-1B', draft, 'draft', TODAY, { check: LISTS })).toEqual({
      'dependents.1.countryOfBirth': [LOOKUP_MSG.notInList],
    });
    // A dependent's country the application holds stays valid in any entry, when others are removed or added.
    const before = { dependents: [{ countryOfBirth: 'XX' }] };
    const after = { dependents: [{ countryOfBirth: 'NO' }, { countryOfBirth: 'XX' }] };
    expect(validateScholarApplication('H-1B', after, 'draft', TODAY, { check: LISTS, before })).toEqual({});
  });
  it('wants an immigration period to end after it starts (same day refused)', () => {
    const period = (to: string) => ({
      immigrationHistory: [{ subjectName: 'H', status: 'H-1B', periodofStayFromDate: '2021-01-01', periodofStayToDate: to }],
    });
    expect(h1b(period('2021-01-02'))).toEqual({});
    expect(h1b(period('2021-01-01'))['immigrationHistory.0.periodofStayToDate']).toEqual([M.periodToAfterFrom]);
    expect(h1b(period('2021-02-30'))['immigrationHistory.0.periodofStayToDate']).toEqual([M.invalidDate]);
    expect(h1b({ immigrationHistory: [{ status: 'H-1B' }] })['immigrationHistory.0.subjectName']).toEqual([M.required]);
  });
  it('accepts a same-day trip abroad, not a return before the departure', () => {
    expect(h1b({ tripsOutsideUs: [{ departureDate: '2022-03-01', returnDate: '2022-03-01' }] })).toEqual({});
    expect(h1b({ tripsOutsideUs: [{ departureDate: '2022-03-01', returnDate: '2022-02-28' }] })['tripsOutsideUs.0.returnDate']).toEqual([
      M.returnAfterDeparture,
    ]);
  });
  it('asks for the I-140 date only when an I-140 was approved, and not in the future', () => {
    expect(h1b({ i140Flag: true }).i140IssuedDate).toEqual([M.required]);
    expect(h1b({ i140Flag: true, i140IssuedDate: TODAY })).toEqual({});
    expect(h1b({ i140Flag: true, i140IssuedDate: '2026-11-23' }).i140IssuedDate).toEqual([M.notInFuture]);
    expect(h1b({ i140Flag: false, i140IssuedDate: 'garbage' })).toEqual({});
  });
  it('wants the document to expire after it was issued', () => {
    expect(h1b({ documentExpiryDate: '2020-01-10' }).documentExpiryDate).toEqual([M.expiryAfterIssue]);
    expect(h1b({ documentExpiryDate: '2020-01-11' })).toEqual({});
  });
  it('wants a date of birth in the past', () => {
    expect(h1b({ dateOfBirth: TODAY }).dateOfBirth).toEqual([M.birthInPast]);
    expect(h1b({ dateOfBirth: '2026-11-21' })).toEqual({});
  });
  it('asks for dependents when family comes, with their fields and benefits', () => {
    expect(h1b({ isHavingFamily: true }).dependents).toEqual([M.familyNeedsDependent]);
    const child = {
      firstName: 'Yui',
      lastName: 'Tanaka',
      relationship: 'child',
      dateOfBirth: '2019-05-05',
      countryOfBirth: 'Japan',
      benefits: [{ name: 'Health insurance' }],
    };
    expect(h1b({ isHavingFamily: true, dependents: [child] })).toEqual({});
    expect(h1b({ isHavingFamily: true, dependents: [{ ...child, relationship: 'cousin', benefits: [{ name: '' }] }] })).toEqual({
      'dependents.0.relationship': [M.invalidValue],
      'dependents.0.benefits.0.name': [M.required],
    });
  });
  it('asks for the employment start of a current employee; the end after it', () => {
    expect(h1b({ currentEmployeeFlag: true }).currentEmploymentStartDate).toEqual([M.required]);
    expect(
      h1b({ currentEmployeeFlag: true, currentEmploymentStartDate: '2023-01-01', currentEmploymentEndDate: '2023-01-01' })
        .currentEmploymentEndDate,
    ).toEqual([M.endAfterStart]);
  });
  it('checks e-mail, phone, A-Number and counts', () => {
    expect(h1b({ email: 'hiro@' }).email).toEqual([M.invalidEmail]);
    expect(h1b({ phone: '12ab' }).phone).toEqual([M.invalidPhone]);
    expect(h1b({ alienNumber: 'A1234567' })).toEqual({});
    expect(h1b({ alienNumber: 'A123456789' })).toEqual({});
    expect(h1b({ alienNumber: 'A123456' }).alienNumber).toEqual([M.alienNumber]);
    expect(h1b({ numberofEmployees: '12.5' }).numberofEmployees).toEqual([M.invalidNumber]);
  });
  it('extension and amendment add the current receipt number and the reason', () => {
    const ext = validateScholarApplication('H-1BExtension', VALID_H1B, 'submit', TODAY);
    expect(ext).toEqual({ currentReceiptNumber: [M.required], reasonForExtension: [M.required] });
    expect(
      validateScholarApplication(
        'H-1BAmendment',
        { ...VALID_H1B, currentReceiptNumber: 'EAC219001234', reasonForAmendment: 'New site' },
        'submit',
        TODAY,
      ),
    ).toEqual({ currentReceiptNumber: [M.receiptNumber] });
    expect(
      validateScholarApplication(
        'H-1BAmendment',
        { ...VALID_H1B, currentReceiptNumber: 'EAC2190012345', reasonForAmendment: 'New site' },
        'submit',
        TODAY,
      ),
    ).toEqual({});
  });
});

const doc = { documentType: 'passport', documentNumber: 'X1', documentIssueDate: '2020-01-01', documentExpiryDate: '2030-01-01' };
describe('O-1 submit', () => {
  const o1 = (patch: Record<string, unknown>, state = 'O-1') =>
    validateScholarApplication(
      state,
      {
        ...beneficiary,
        ...doc,
        o1Classification: 'O-1A',
        fieldOfAbility: 'Particle physics',
        consultationGroup: 'APS',
        evidenceCriteriaO1A: ['awards', 'judging', 'scholarly_articles'],
        ...patch,
      },
      'submit',
      TODAY,
    );
  it('needs at least three evidence criteria of the chosen classification', () => {
    expect(o1({})).toEqual({});
    expect(o1({ evidenceCriteriaO1A: ['awards', 'judging'] }).evidenceCriteriaO1A).toEqual([M.evidenceMin]);
    expect(o1({ o1Classification: 'O-1B' }).evidenceCriteriaO1B).toEqual([M.evidenceMin]);
    expect(o1({ evidenceCriteriaO1A: ['awards', 'judging', 'flying'] }).evidenceCriteriaO1A).toEqual([M.invalidValue]);
  });
  it('checks the itinerary dates and the extension fields', () => {
    expect(
      o1({ itinerary: [{ eventName: 'Talk', location: 'Boston', fromDate: '2027-03-02', toDate: '2027-03-01' }] })['itinerary.0.toDate'],
    ).toEqual([M.endAfterStart]);
    expect(o1({}, 'o1Extension')).toEqual({ currentReceiptNumber: [M.required], reasonForExtension: [M.required] });
  });
});

describe('J-1 submit', () => {
  const j1 = (patch: Record<string, unknown>) =>
    validateScholarApplication(
      'J-1',
      {
        ...beneficiary,
        category: 'RESEARCH SCHOLAR',
        subjectFieldCode: '40.0801',
        siteOfActivityName: 'Physics Building',
        siteOfActivityAddress1: '1 Main St',
        siteOfActivityCity: 'Boston',
        siteOfActivityState: 'MA',
        siteOfActivityPostalCode: '02139',
        fundingProgramSponsor: '50000',
        isHavingFamily: false,
        ...patch,
      },
      'submit',
      TODAY,
    );
  it('accepts the ten categories and a CIP code like 26.0101', () => {
    expect(j1({})).toEqual({});
    expect(j1({ category: 'TEACHER', subjectFieldCode: '26.0101' })).toEqual({});
    const listed = { check: LISTS };
    expect(validateScholarApplication('J-1', { category: 'TEACHER', siteOfActivityState: 'MA' }, 'draft', TODAY, listed)).toEqual({});
    expect(validateScholarApplication('J-1', { category: 'STUDENT' }, 'draft', TODAY, listed).category).toEqual([LOOKUP_MSG.notInList]);
    // A category the office keeps on its list is one the form takes.
    expect(validateScholarApplication('J-1', { category: 'VISITING FELLOW' }, 'draft', TODAY, listed)).toEqual({});
    expect(j1({ subjectFieldCode: '26.101' }).subjectFieldCode).toEqual([M.cipCode]);
    expect(j1({ subjectFieldCode: '260101' }).subjectFieldCode).toEqual([M.cipCode]);
  });
  it('wants funding in whole dollars, at least one source, and who gives "other"', () => {
    expect(j1({ fundingProgramSponsor: '' }).fundingProgramSponsor).toEqual([M.fundingNeeded]);
    expect(j1({ fundingProgramSponsor: '0' }).fundingProgramSponsor).toEqual([M.fundingNeeded]);
    expect(j1({ fundingProgramSponsor: '1' })).toEqual({});
    expect(j1({ fundingPersonal: '100.50' }).fundingPersonal).toEqual([M.wholeDollars]);
    expect(j1({ fundingOther: '10' }).fundingOtherDescription).toEqual([M.required]);
  });
  it('checks prior J periods', () => {
    expect(j1({ priorJStatus: [{ category: 'STUDENT', fromDate: '2018-01-01', toDate: '2017-12-31' }] })['priorJStatus.0.toDate']).toEqual([
      M.periodToAfterFrom,
    ]);
    expect(j1({ priorJStatus: [{ category: 'STUDENT', fromDate: '2018-01-01', toDate: '2019-12-31' }] })).toEqual({});
  });
});

describe('F-1 OPT/STEM submit', () => {
  const f1 = (patch: Record<string, unknown>) =>
    validateScholarApplication(
      'F-1 OPT/STEM',
      {
        ...beneficiary,
        sevisId: 'N0012345678',
        optType: 'post_completion',
        eadNumber: 'IOE0912345678',
        eadStartDate: '2027-01-01',
        eadEndDate: '2027-12-31',
        employerName: 'Meridian University',
        jobTitle: 'Research Assistant',
        hoursPerWeek: '20',
        startDate: '2027-01-01',
        ...patch,
      },
      'submit',
      TODAY,
    );
  it('accepts 20 hours a week, not 19', () => {
    expect(f1({})).toEqual({});
    expect(f1({ hoursPerWeek: '19' }).hoursPerWeek).toEqual([M.hoursMin]);
  });
  it('checks the SEVIS id, the EAD number and its dates', () => {
    expect(f1({ sevisId: 'N001234567' }).sevisId).toEqual([M.sevisId]);
    expect(f1({ sevisId: 'n0012345678' }).sevisId).toEqual([M.sevisId]);
    expect(f1({ eadNumber: 'IOE091234567' }).eadNumber).toEqual([M.eadNumber]);
    expect(f1({ eadEndDate: '2027-01-01' }).eadEndDate).toEqual([M.endAfterStart]);
    expect(f1({ startDate: '2026-12-31' }).startDate).toEqual([M.startWithinEad]);
    expect(f1({ startDate: '2027-12-31' })).toEqual({});
    expect(f1({ startDate: '2028-01-01' }).startDate).toEqual([M.startWithinEad]);
  });
  it("asks STEM OPT for the employer's E-Verify number", () => {
    expect(f1({ optType: 'stem' }).eVerifyNumber).toEqual([M.required]);
    expect(f1({ optType: 'stem', eVerifyNumber: '123' }).eVerifyNumber).toEqual([M.eVerifyNumber]);
    expect(f1({ optType: 'stem', eVerifyNumber: '1234' })).toEqual({});
  });
});

describe('display', () => {
  it('shows dates MM/DD/YYYY, flags Yes/No and options by label', () => {
    expect(displayScholarValue({ name: 'd', label: 'D', type: 'date' }, '2027-03-01')).toBe('03/01/2027');
    expect(displayScholarValue({ name: 'f', label: 'F', type: 'yesno' }, false)).toBe('No');
    const documents = [
      { value: 'passport', label: 'Passport' },
      { value: 'i94', label: 'I-94' },
    ];
    expect(displayScholarValue({ name: 'e', label: 'E', type: 'select', options: documents }, 'i94')).toBe('I-94');
  });
});
