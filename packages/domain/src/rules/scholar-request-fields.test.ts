import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { REQUEST_FIELD_MSG } from './student-request-fields.js';
import { lookupCheckerOf } from './lookup-values.js';
import {
  isScholarRequestCode,
  j1MaximumEnd,
  j1ProgramLastDay,
  SCHOLAR_REQUEST_CODES,
  SCHOLAR_REQUEST_FORMS,
  SCHOLAR_REQUEST_MSG,
  scholarRequestApplies,
  scholarRequestForm,
  validateScholarRequestData,
  type TScholarRequestCode,
  type TScholarRequestContext,
} from './scholar-request-fields.js';

const SITE = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Physics Building',
  address: { line1: '1 Science Way', line2: '', city: 'Cambridge', state: 'MA', postalCode: '02138' },
  isPrimary: true,
};
const ctx = (o: Partial<TScholarRequestContext> = {}): TScholarRequestContext => ({
  today: '2026-11-22',
  visaType: 'J-1',
  category: 'RESEARCH SCHOLAR',
  programStartDate: '2027-01-04',
  programEndDate: '2028-01-03',
  hasExchangeVisitorRecord: true,
  sites: [SITE],
  dependents: [],
  ...o,
});
const submit = (code: TScholarRequestCode, data: Record<string, unknown>, c = ctx()) => validateScholarRequestData(code, data, c, 'submit');
const draft = (code: TScholarRequestCode, data: Record<string, unknown>, c = ctx()) => validateScholarRequestData(code, data, c, 'draft');

describe('scholar request forms', () => {
  it('has a form for each code, every field named once', () => {
    expect(Object.keys(SCHOLAR_REQUEST_FORMS).sort()).toEqual([...SCHOLAR_REQUEST_CODES].sort());
    for (const code of SCHOLAR_REQUEST_CODES) {
      const names = SCHOLAR_REQUEST_FORMS[code].sections.flatMap((s) => s.fields.map((f) => f.name));
      expect(new Set(names).size).toBe(names.length);
    }
    expect(isScholarRequestCode('soa_add_request')).toBe(true);
    expect(isScholarRequestCode('cpt_request')).toBe(false);
  });
  it('offers the J-1 program types only to a J-1 case; the information updates to any', () => {
    expect(scholarRequestApplies('amend_program_request', 'J-1')).toBe(true);
    expect(scholarRequestApplies('program_extension', 'H-1B')).toBe(false);
    expect(scholarRequestApplies('soa_update_request', '')).toBe(false);
    expect(scholarRequestApplies('contact_info_update', 'H-1B')).toBe(true);
    expect(
      submit(
        'program_extension',
        { new_program_end_date: '2028-06-30', reason_for_extension: 'x', extension_funding: 'y' },
        ctx({ visaType: 'H-1B' }),
      ),
    ).toEqual({ new_program_end_date: [SCHOLAR_REQUEST_MSG.j1Only('H-1B')] });
  });
  it('lists the record’s sites as the Update Site of Activity choices', () => {
    const field = scholarRequestForm('soa_update_request', ctx()).sections[0]!.fields[0]!;
    expect(field.options).toEqual([{ value: SITE.id, label: 'Physics Building (primary)' }]);
  });
});

describe('the longest J-1 program of a category (22 CFR part 62)', () => {
  it('ends the day before the same day months later', () => {
    expect(j1ProgramLastDay('2027-01-04', 60)).toBe('2032-01-03');
    expect(j1ProgramLastDay('2027-01-04', 6)).toBe('2027-07-03');
    expect(j1ProgramLastDay('2027-08-31', 6)).toBe('2028-02-28');
    expect(j1ProgramLastDay('2027-01-01', 12)).toBe('2027-12-31');
  });
  it('has no fixed maximum for a category the regulation leaves to the office and the Department of State', () => {
    expect(j1MaximumEnd('TEACHER', '2027-01-04')).toBeNull();
    expect(j1MaximumEnd('', '2027-01-04')).toBeNull();
    expect(j1MaximumEnd('PROFESSOR', null)).toBeNull();
  });

  // 22 CFR 62.20(i)(1): professors and research scholars, at most five years.
  it.each(['PROFESSOR', 'RESEARCH SCHOLAR'])('a %s program extends to five years, not a day more (22 CFR 62.20(i)(1))', (category) => {
    const c = ctx({ category });
    const ext = (end: string) =>
      submit('program_extension', { new_program_end_date: end, reason_for_extension: 'More data', extension_funding: 'Grant' }, c);
    expect(ext('2032-01-03')).toEqual({});
    expect(ext('2032-01-04')).toEqual({
      new_program_end_date: [SCHOLAR_REQUEST_MSG.beyondMaximum(category, '5 years', '22 CFR 62.20(i)(1)', '2032-01-03')],
    });
  });
  // 22 CFR 62.21(g): short-term scholars, at most six months.
  it('a Short-term Scholar program extends to six months, not a day more (22 CFR 62.21(g))', () => {
    const c = ctx({ category: 'SHORT-TERM SCHOLAR', programEndDate: '2027-03-31' });
    const ext = (end: string) =>
      submit('program_extension', { new_program_end_date: end, reason_for_extension: 'Workshop', extension_funding: 'Own' }, c);
    expect(ext('2027-07-03')).toEqual({});
    expect(ext('2027-07-04').new_program_end_date![0]).toBe(
      "A Short-term Scholar's program lasts at most 6 months (22 CFR 62.21(g)): the program end date can be no later than 07/03/2027. A longer program needs the Department of State.",
    );
  });
  // 22 CFR 62.26(i): specialists, at most one year.
  it('a Specialist program extends to one year, not a day more (22 CFR 62.26(i))', () => {
    const c = ctx({ category: 'SPECIALIST', programEndDate: '2027-06-30' });
    const ext = (end: string) =>
      submit('program_extension', { new_program_end_date: end, reason_for_extension: 'r', extension_funding: 'f' }, c);
    expect(ext('2028-01-03')).toEqual({});
    expect(Object.keys(ext('2028-01-04'))).toEqual(['new_program_end_date']);
  });
  // 22 CFR 62.22(k)(1): interns 12 months, trainees 18 months.
  it('an Intern program extends to 12 months and a Trainee program to 18 (22 CFR 62.22(k)(1))', () => {
    const ext = (category: string, end: string) =>
      submit(
        'program_extension',
        { new_program_end_date: end, reason_for_extension: 'r', extension_funding: 'f' },
        ctx({ category, programEndDate: '2027-06-30' }),
      );
    expect(ext('INTERN', '2028-01-03')).toEqual({});
    expect(Object.keys(ext('INTERN', '2028-01-04'))).toEqual(['new_program_end_date']);
    expect(ext('TRAINEE', '2028-07-03')).toEqual({});
    expect(Object.keys(ext('TRAINEE', '2028-07-04'))).toEqual(['new_program_end_date']);
  });
});

describe('program_extension', () => {
  const base = { reason_for_extension: 'The experiment runs longer', extension_funding: 'Department grant, $5,000 a month' };
  it('moves the end later than it is now, in the students’ words', () => {
    expect(submit('program_extension', { ...base, new_program_end_date: '2028-01-03' })).toEqual({
      new_program_end_date: [REQUEST_FIELD_MSG.newEndNotLater('2028-01-03')],
    });
    expect(submit('program_extension', { ...base, new_program_end_date: '2028-01-04' })).toEqual({});
  });
  it('asks for the date, the reason and the funding at submit, not in a draft', () => {
    expect(Object.keys(submit('program_extension', {})).sort()).toEqual([
      'extension_funding',
      'new_program_end_date',
      'reason_for_extension',
    ]);
    expect(draft('program_extension', {})).toEqual({});
    expect(draft('program_extension', { new_program_end_date: '2028-02-30' })).toEqual({ new_program_end_date: [MSG.invalidDate] });
    expect(draft('program_extension', { surprise: 'x' })).toEqual({ surprise: [MSG.invalidValue] });
  });
});

describe('amend_program_request', () => {
  const reason = { amend_reason: 'The lab opens later' };
  it('must change something', () => {
    expect(submit('amend_program_request', reason)).toEqual({ amend_program_start_date: [SCHOLAR_REQUEST_MSG.nothingToAmend] });
  });
  it('moves the start, not into the past, and keeps the end after it', () => {
    expect(submit('amend_program_request', { ...reason, amend_program_start_date: '2026-11-22' })).toEqual({});
    expect(submit('amend_program_request', { ...reason, amend_program_start_date: '2026-11-21' })).toEqual({
      amend_program_start_date: [SCHOLAR_REQUEST_MSG.startPast],
    });
    expect(submit('amend_program_request', { ...reason, amend_program_start_date: '2028-01-03' })).toEqual({
      amend_program_start_date: [SCHOLAR_REQUEST_MSG.endBeforeStart('2028-01-03')],
    });
  });
  it('never ends the program earlier: that is the office’s SEVIS Shorten', () => {
    expect(submit('amend_program_request', { ...reason, amend_program_end_date: '2028-01-02' })).toEqual({
      amend_program_end_date: [SCHOLAR_REQUEST_MSG.endNotEarlier('2028-01-03')],
    });
  });
  // 22 CFR 62.20(i)(1): the amended program, start to end, within five years for a research scholar.
  it('keeps the amended program within the category’s maximum, counted from the new start (22 CFR 62.20(i)(1))', () => {
    const both = (end: string) =>
      submit('amend_program_request', { ...reason, amend_program_start_date: '2027-03-01', amend_program_end_date: end });
    expect(both('2032-02-29')).toEqual({});
    expect(Object.keys(both('2032-03-01'))).toEqual(['amend_program_end_date']);
  });
  it('asks what a new subject field covers, in CIP form', () => {
    expect(submit('amend_program_request', { ...reason, amend_subject_field_code: '40.0801' })).toEqual({
      amend_subject_field_remarks: [MSG.required],
    });
    expect(draft('amend_program_request', { amend_subject_field_code: '400801' })).toEqual({
      amend_subject_field_code: [SCHOLAR_REQUEST_MSG.cipCode],
    });
  });
});

describe('sites of activity', () => {
  const site = {
    soa_site_name: 'Marine Lab',
    soa_address_line_1: '7 Harbor Rd',
    soa_city: 'Woods Hole',
    soa_state: 'MA',
    soa_zip_code: '02543',
  };
  it('adds a site with its address, a name not already the record’s', () => {
    expect(submit('soa_add_request', site)).toEqual({});
    expect(submit('soa_add_request', { ...site, soa_site_name: 'physics building' })).toEqual({
      soa_site_name: [SCHOLAR_REQUEST_MSG.siteNameTaken('physics building')],
    });
    expect(draft('soa_add_request', { soa_zip_code: '0254' })).toEqual({ soa_zip_code: [SCHOLAR_REQUEST_MSG.zip] });
    expect(draft('soa_add_request', { soa_site_name: 'x'.repeat(61) })).toEqual({ soa_site_name: [MSG.invalidLength] });
  });
  it('waits for the exchange visitor record', () => {
    expect(submit('soa_add_request', site, ctx({ hasExchangeVisitorRecord: false, sites: [] }))).toEqual({
      soa_site_name: [SCHOLAR_REQUEST_MSG.noExchangeVisitorRecord],
    });
  });
  it('updates one of the record’s sites, and must change something', () => {
    expect(submit('soa_update_request', { soa_site_id: SITE.id, soa_city: 'Boston' })).toEqual({});
    expect(submit('soa_update_request', { soa_site_id: SITE.id, soa_city: 'Cambridge' })).toEqual({
      soa_site_name: [SCHOLAR_REQUEST_MSG.nothingToChangeOnSite],
    });
    expect(draft('soa_update_request', { soa_site_id: '22222222-2222-4222-8222-222222222222' })).toEqual({
      soa_site_id: [SCHOLAR_REQUEST_MSG.siteNotOnRecord],
    });
  });
});

describe('the information updates are the students’ forms and rules', () => {
  it('contact and demographic updates check as the students’ do', () => {
    expect(submit('contact_info_update', { us_city: 'Boston' }, ctx({ visaType: 'H-1B' }))).toHaveProperty('us_address_line_1', [
      MSG.required,
    ]);
    // The gender is one of the office's gender codes (SEVIS Table 36), an exchange visitor's one marked for them.
    const genders = [
      { code: 'M', label: 'Male', attributes: { ev: 'Y' } },
      { code: 'F', label: 'Female', attributes: { ev: 'Y' } },
      { code: 'U', label: 'Unknown', attributes: {} },
    ];
    const lookups = lookupCheckerOf({ genders }, '2026-11-22');
    expect(draft('demographic_update', { new_gender: 'Q' }, ctx({ lookups }))).toHaveProperty('new_gender');
    expect(draft('demographic_update', { new_gender: 'U' }, ctx({ lookups }))).toHaveProperty('new_gender');
    expect(draft('demographic_update', { new_gender: 'U' }, ctx({ lookups, visaType: 'H-1B' }))).toEqual({});
    expect(submit('demographic_update', { new_last_name: 'Rivera' }, ctx({ visaType: 'O-1' }))).toEqual({});
  });
  it('a dependent update chooses a J-2 on the record or a new one', () => {
    expect(draft('dependent_info_update', { dependent_id: '33333333-3333-4333-8333-333333333333' })).toEqual({
      dependent_id: [REQUEST_FIELD_MSG.dependentNotOnRecord],
    });
  });
});
