import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { SEVIS_RULE_MSG } from './sevis-entry-rules.js';
import { LOOKUP_MSG, lookupCheckerOf } from './lookup-values.js';
import { EMPLOYMENT_TIME_CODES, EMPLOYMENT_TIME_LOOKUP } from '../catalog/sevis-reason-codes.js';
import {
  normalizeStudentRequestData,
  dependentChoiceOptions,
  dependentRequestChange,
  NEW_DEPENDENT,
  REQUEST_FIELD_MSG,
  STUDENT_REQUEST_CODES,
  STUDENT_REQUEST_FORMS,
  studentRequestFields,
  validateStudentRequestData,
  type TStudentRequestCode,
  type TStudentRequestContext,
  type TStudentRequestData,
  type TStudentRequestDependent,
} from './student-request-fields.js';

const ctx = { today: '2026-11-22', programStartDate: '2025-08-20', programEndDate: '2028-05-15', sessionEndDate: '2026-12-15' };
const draft = (code: TStudentRequestCode, data: TStudentRequestData) => validateStudentRequestData(code, data, ctx, 'draft');
const submit = (code: TStudentRequestCode, data: TStudentRequestData, c = ctx) => validateStudentRequestData(code, data, c, 'submit');
/** The message on one field after a draft save of just that value (undefined when accepted). */
const one = (code: TStudentRequestCode, name: string, value: unknown) => draft(code, { [name]: value })[name]?.[0];
const x = (n: number, ch = 'a') => ch.repeat(n);
/** The office's list of SEVIS Table 6 as seeded, `retired` no longer offered. */
const employmentTimes = (retired?: string) =>
  lookupCheckerOf(
    {
      'employment-times': EMPLOYMENT_TIME_CODES.map((c) => ({
        ...c,
        attributes: {},
        activeUntil: c.code === retired ? '2026-01-01' : null,
      })),
    },
    ctx.today,
  );
/** As `one`, with the employment-time list held (the browser's loaded list, the server's reader). */
const listed = (code: TStudentRequestCode, name: string, value: unknown, lookups = employmentTimes()) =>
  validateStudentRequestData(code, { [name]: value }, { ...ctx, lookups }, 'draft')[name]?.[0];

describe('student request forms', () => {
  it('has a form for each of the ten codes, every field named once per form', () => {
    expect(Object.keys(STUDENT_REQUEST_FORMS).sort()).toEqual([...STUDENT_REQUEST_CODES].sort());
    for (const code of STUDENT_REQUEST_CODES) {
      const names = studentRequestFields(code).map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
      // A select offers its own options or a code list's (docs/product/lookups.md#how-forms-use-the-lists).
      for (const f of studentRequestFields(code)) if (f.kind === 'select') expect(f.options?.length || f.lookup?.key).toBeTruthy();
    }
  });
  it('OPT offers pre-completion 01 and post-completion 02', () => {
    const optType = studentRequestFields('opt_request').find((f) => f.name === 'opt_type')!;
    expect(optType.options).toEqual([
      { value: '01', label: 'Pre-completion' },
      { value: '02', label: 'Post-completion' },
    ]);
  });
  it('a field the form does not have is refused', () => {
    expect(draft('cpt_request', { newjobsalary: '85000' })).toEqual({ newjobsalary: [MSG.invalidValue] });
  });
});

describe('draft checks formats only; submit asks for required fields', () => {
  it('an empty draft is fine, an empty submit lists every required field', () => {
    expect(draft('cpt_request', {})).toEqual({});
    const errors = submit('cpt_request', {});
    expect(errors.employer_name).toEqual([MSG.required]);
    expect(errors.cpt_start_date).toEqual([MSG.required]);
    expect(errors.cpt_address_line_2).toBeUndefined();
    expect(errors.cpt_route_code).toBeUndefined();
  });
  it('blank strings count as empty', () => {
    expect(submit('col_request', { new_major: '   ' }).new_major).toEqual([MSG.required]);
  });
});

describe("employer_name: letters, digits, space and , . / : ' # & -", () => {
  it.each(['Acme Corp.', "O'Brien & Sons, Inc. #2 - A/B: C", 'Lab 42'])('accepts %s', (v) => {
    expect(one('cpt_request', 'employer_name', v)).toBeUndefined();
  });
  it.each(['Acme!', 'Acme (US)', 'Acme@mail', 'Acme_Corp', 'Acme; Ltd', 'Ünïcode'])('refuses %s', (v) => {
    expect(one('cpt_request', 'employer_name', v)).toBe(MSG.invalidValue);
  });
});

describe('employer_job_title: letters, digits, comma, space', () => {
  it('accepts letters, digits, commas and spaces', () => {
    expect(one('cpt_request', 'employer_job_title', 'Engineer, Level 2')).toBeUndefined();
  });
  it.each(['Engineer.', 'R&D Intern', 'Analyst-II', 'Dev/Ops'])('refuses %s', (v) => {
    expect(one('cpt_request', 'employer_job_title', v)).toBe(MSG.invalidValue);
  });
});

describe('max lengths (Invalid length)', () => {
  const cases: [TStudentRequestCode, string, number][] = [
    ['cpt_request', 'cpt_address_line_1', 60],
    ['cpt_request', 'cpt_address_line_2', 60],
    ['transfer_in', 'foreign_address_line_1', 60],
    ['transfer_in', 'foreign_address_line_2', 60],
    ['transfer_in', 'foreign_city', 60],
    ['transfer_in', 'foreign_state_cd', 30],
    ['on_campus_employment_request', 'on_campus_employer_name', 40],
    ['opt_stem_extend', 'evsatobjectives', 1000],
    ['opt_request', 'student_remarks', 1000],
    ['opt_employer_update', 'employment_remarks', 250],
    ['on_campus_employment_request', 'employment_remarks', 250],
    ['program_extension', 'other_funding_remarks', 500],
    ['program_extension', 'school_funding_remarks', 500],
    ['program_extension', 'other_amount_remarks', 500],
    ['program_extension', 'reason_for_extension', 500],
    ['cpt_request', 'cpt_employment_comment', 250],
    ['cpt_request', 'cpt_employment_remark', 250],
    ['registration_request', 'register_remarks', 300],
  ];
  it.each(cases)('%s %s: %i characters pass, one more does not', (code, name, max) => {
    expect(one(code, name, x(max))).toBeUndefined();
    expect(one(code, name, x(max + 1))).toBe(MSG.invalidLength);
  });
  it('on_campus_hours_per_week: at most 3 characters', () => {
    expect(one('on_campus_employment_request', 'on_campus_hours_per_week', '20')).toBeUndefined();
    expect(one('on_campus_employment_request', 'on_campus_hours_per_week', '100')).toBeUndefined();
    expect(one('on_campus_employment_request', 'on_campus_hours_per_week', '1000')).toBe(MSG.invalidLength);
    expect(one('on_campus_employment_request', 'on_campus_hours_per_week', 'ten')).toBe(MSG.invalidNumber);
  });
  it('on_campus_zip_code: at most 5', () => {
    expect(one('on_campus_employment_request', 'on_campus_zip_code', '02139')).toBeUndefined();
    expect(one('on_campus_employment_request', 'on_campus_zip_code', '021391')).toBe(MSG.invalidLength);
  });
});

describe('phones (Invalid phone)', () => {
  it.each(['supervisor_phone'])('%s is exactly 10 digits: 9 and 11 fail, letters fail', (name) => {
    expect(one('cpt_request', name, '123456789')).toBe(MSG.invalidPhone);
    expect(one('cpt_request', name, '1234567890')).toBeUndefined();
    expect(one('cpt_request', name, '22345678901')).toBe(MSG.invalidPhone);
    expect(one('cpt_request', name, '12345-7890')).toBe(MSG.invalidPhone);
    expect(one('cpt_request', name, '123456789O')).toBe(MSG.invalidPhone);
    // Written as people write it (docs/product/ui.md#digits-amounts-and-text): accepted, 10 digits either side of the punctuation.
    for (const typed of ['617-555-0100', '(617) 555-0100', '617.555.0100', '+1 617 555 0100'])
      expect(one('cpt_request', name, typed), typed).toBeUndefined();
    expect(one('cpt_request', name, '617-555-010')).toBe(MSG.invalidPhone);
    expect(one('cpt_request', name, '617-555-01000')).toBe(MSG.invalidPhone);
  });
  it('phone_number is exactly 10 digits, unchecked when no_phone is 1', () => {
    expect(one('opt_request', 'phone_number', '123456789')).toBe(MSG.invalidPhone);
    expect(one('opt_request', 'phone_number', '1234567890')).toBeUndefined();
    expect(one('opt_request', 'phone_number', '22345678901')).toBe(MSG.invalidPhone);
    expect(one('opt_request', 'phone_number', '217 555 0199')).toBeUndefined();
    expect(draft('opt_request', { phone_number: '123', no_phone: '1' })).toEqual({});
    expect(draft('opt_request', { phone_number: '123', no_phone: '0' }).phone_number).toEqual([MSG.invalidPhone]);
  });
  it('foreign_country_number: up to 4 digits', () => {
    expect(one('opt_request', 'foreign_country_number', '1234')).toBeUndefined();
    expect(one('opt_request', 'foreign_country_number', '12345')).toBe(MSG.invalidPhone);
    expect(one('opt_request', 'foreign_country_number', '+91')).toBeUndefined();
    expect(one('opt_request', 'foreign_country_number', '+12345')).toBe(MSG.invalidPhone);
  });
  it('foreign_phone_number: up to 20 digits', () => {
    expect(one('opt_request', 'foreign_phone_number', x(20, '9'))).toBeUndefined();
    expect(one('opt_request', 'foreign_phone_number', x(21, '9'))).toBe(MSG.invalidPhone);
    expect(one('opt_request', 'foreign_phone_number', '98 7654')).toBeUndefined();
    expect(one('opt_request', 'foreign_phone_number', `${x(20, '9')} 9`)).toBe(MSG.invalidPhone);
    expect(one('opt_request', 'foreign_phone_number', '98 76A4')).toBe(MSG.invalidPhone);
  });
  describe('the phone set on submit', () => {
    const base = {
      opt_type: '02',
      opt_full_or_part_time: '01',
      requested_start_date: '2027-06-01',
      requested_end_date: '2028-05-31',
      user_email: 'a@b.edu',
    };
    const phoneErrors = (extra: TStudentRequestData) => {
      const e = submit('opt_request', { ...base, ...extra });
      return {
        phone_number: e.phone_number,
        foreign_country_number: e.foreign_country_number,
        foreign_phone_number: e.foreign_phone_number,
      };
    };
    const none = { phone_number: undefined, foreign_country_number: undefined, foreign_phone_number: undefined };
    it('valid with no_phone 1', () => expect(phoneErrors({ no_phone: '1' })).toEqual(none));
    it('valid with a U.S. number', () => expect(phoneErrors({ phone_number: '6175550100' })).toEqual(none));
    it('valid with both foreign number and country code', () =>
      expect(phoneErrors({ foreign_phone_number: '9876543210', foreign_country_number: '91' })).toEqual(none));
    it('nothing given: the U.S. number is asked for', () => expect(phoneErrors({}).phone_number).toEqual([MSG.required]));
    it('a foreign number without its country code is not enough', () =>
      expect(phoneErrors({ foreign_phone_number: '9876543210' })).toEqual({ ...none, foreign_country_number: [MSG.required] }));
    it('a country code without a number is not enough', () =>
      expect(phoneErrors({ foreign_country_number: '91' })).toEqual({ ...none, foreign_phone_number: [MSG.required] }));
    it('no_phone 0 is the same as not ticked', () => expect(phoneErrors({ no_phone: '0' }).phone_number).toEqual([MSG.required]));
    it('the whole valid form passes', () => expect(submit('opt_request', { ...base, no_phone: true })).toEqual({}));
  });
});

describe('digits', () => {
  it('employer_ein: exactly 9 digits', () => {
    expect(one('opt_stem_extend', 'employer_ein', '12345678')).toBe(MSG.invalidLength);
    expect(one('opt_stem_extend', 'employer_ein', '123456789')).toBeUndefined();
    expect(one('opt_stem_extend', 'employer_ein', '1234567890')).toBe(MSG.invalidLength);
    // Written as the IRS prints it (XX-XXXXXXX): accepted; one digit short or over is still the wrong length.
    expect(one('opt_stem_extend', 'employer_ein', '12-3456789')).toBeUndefined();
    expect(one('opt_stem_extend', 'employer_ein', '12-345678')).toBe(MSG.invalidLength);
    expect(one('opt_stem_extend', 'employer_ein', '12-34567890')).toBe(MSG.invalidLength);
    expect(one('opt_stem_extend', 'employer_ein', 'ABCDEFGHI')).toBe(MSG.invalidNumber);
    // CPT asks for it too (optional there): the same rule.
    expect(one('cpt_request', 'employer_ein', '12345678')).toBe(MSG.invalidLength);
    expect(one('cpt_request', 'employer_ein', '123456789')).toBeUndefined();
    expect(submit('cpt_request', {}).employer_ein).toBeUndefined();
  });
  it('newjobsalary: digits, at most 999999', () => {
    expect(one('opt_employer_update', 'newjobsalary', '999999')).toBeUndefined();
    expect(one('opt_employer_update', 'newjobsalary', 999999)).toBeUndefined();
    expect(one('opt_employer_update', 'newjobsalary', '1000000')).toBe(MSG.invalidValue);
    expect(one('opt_employer_update', 'newjobsalary', '55000.50')).toBe(MSG.invalidNumber);
    expect(one('opt_employer_update', 'newjobsalary', '55k')).toBe(MSG.invalidNumber);
  });
  it('keeps what the server stores as digits: the punctuation of phones and EINs out, amounts untouched', () => {
    expect(
      normalizeStudentRequestData('opt_employer_update', {
        employer_ein: '12-3456789',
        newjobsalary: '55000.50',
        employer_name: 'A-B Labs',
      }),
    ).toEqual({ employer_ein: '123456789', newjobsalary: '55000.50', employer_name: 'A-B Labs' });
    expect(normalizeStudentRequestData('cpt_request', { supervisor_phone: '+1 (617) 555-0100' })).toEqual({
      supervisor_phone: '6175550100',
    });
  });
  it('keeps a whole number as its digits when typed with a space, and anything else as typed for its message', () => {
    expect(normalizeStudentRequestData('cpt_request', { cpt_hours_per_week: ' 2 0 ' })).toEqual({ cpt_hours_per_week: '20' });
    expect(normalizeStudentRequestData('cpt_request', { cpt_hours_per_week: '12.5' })).toEqual({ cpt_hours_per_week: '12.5' });
    expect(one('cpt_request', 'cpt_hours_per_week', '12.5')).toBe(MSG.invalidNumber);
  });
  it('cpt_postal_code: at most 5 digits', () => {
    expect(one('cpt_request', 'cpt_postal_code', '02139')).toBeUndefined();
    expect(one('cpt_request', 'cpt_postal_code', '021390')).toBe(MSG.invalidLength);
    expect(one('cpt_request', 'cpt_postal_code', '0213A')).toBe(MSG.invalidNumber);
  });
  it('cpt_route_code: at most 4 digits', () => {
    expect(one('cpt_request', 'cpt_route_code', '1234')).toBeUndefined();
    expect(one('cpt_request', 'cpt_route_code', '12345')).toBe(MSG.invalidLength);
    expect(one('cpt_request', 'cpt_route_code', '12a')).toBe(MSG.invalidNumber);
  });
  it('money: up to 6 integer digits and 2 decimals', () => {
    expect(one('program_extension', 'personal_funds', '999999.99')).toBeUndefined();
    expect(one('program_extension', 'personal_funds', '1000000')).toBe(MSG.invalidNumber);
    expect(one('program_extension', 'personal_funds', '10.555')).toBe(MSG.invalidNumber);
  });
});

describe('other single-field rules', () => {
  it('user_email is an e-mail', () => {
    expect(one('opt_request', 'user_email', 'ana@univ.edu')).toBeUndefined();
    expect(one('opt_request', 'user_email', 'ana@univ')).toBe(MSG.invalidEmail);
    expect(one('opt_request', 'user_email', 'ana univ.edu')).toBe(MSG.invalidEmail);
  });
  it('foreign_zip_code: up to 20 letters, digits, space, hyphen', () => {
    expect(one('transfer_in', 'foreign_zip_code', 'SW1A 1AA')).toBeUndefined();
    expect(one('transfer_in', 'foreign_zip_code', '110-001')).toBeUndefined();
    expect(one('transfer_in', 'foreign_zip_code', x(20, '1'))).toBeUndefined();
    expect(one('transfer_in', 'foreign_zip_code', x(21, '1'))).toBe(MSG.invalidLength);
    expect(one('transfer_in', 'foreign_zip_code', '110#001')).toBe(MSG.invalidValue);
  });
  it('employer_full_or_part_time may not be 02', () => {
    expect(listed('opt_employer_update', 'employer_full_or_part_time', '01')).toBeUndefined();
    expect(listed('opt_employer_update', 'employer_full_or_part_time', '02')).toBe(REQUEST_FIELD_MSG.fullTimeOnly);
    expect(listed('opt_stem_extend', 'employer_full_or_part_time', '02')).toBe(REQUEST_FIELD_MSG.fullTimeOnly);
    expect(listed('opt_employer_update', 'employer_full_or_part_time', '03')).toBe(LOOKUP_MSG.notInList);
  });
  it('a select refuses a value it does not offer', () => {
    expect(one('opt_request', 'opt_type', '03')).toBe(MSG.invalidValue);
    expect(one('rcl_request', 'rcl_reason', 'medical')).toBeUndefined();
  });
  it('transfer-in SEVIS ID is N and 10 digits', () => {
    expect(one('transfer_in', 'previous_sevis_id', 'N0012345678')).toBeUndefined();
    expect(one('transfer_in', 'previous_sevis_id', 'N001234567')).toBe(MSG.invalidValue);
  });
});

describe('dates', () => {
  it.each(['1753-01-01', '9999-12-31', '2024-02-29'])('%s is a valid date', (d) => {
    expect(one('cpt_request', 'cpt_start_date', d)).toBeUndefined();
  });
  it.each(['1752-12-31', '2023-02-29', '2026-13-01', '2026-00-10', '11/22/2026', 'tomorrow', '2026-1-5'])('%s is not', (d) => {
    expect(one('cpt_request', 'cpt_start_date', d)).toBe(MSG.invalidDate);
  });
  it('an end date before its start date is refused, the same day is fine', () => {
    expect(draft('cpt_request', { cpt_start_date: '2027-01-10', cpt_end_date: '2027-01-09' }).cpt_end_date).toEqual([
      REQUEST_FIELD_MSG.endBeforeStart,
    ]);
    expect(draft('cpt_request', { cpt_start_date: '2027-01-10', cpt_end_date: '2027-01-10' })).toEqual({});
  });
  describe('new_program_end_date: no later than current program end plus one year', () => {
    it('the limit day passes, the day after does not', () => {
      expect(one('program_extension', 'new_program_end_date', '2029-05-15')).toBeUndefined();
      expect(one('program_extension', 'new_program_end_date', '2029-05-16')).toBe(
        'The new program end date can be at most one year after your current program end date (05/15/2028), so no later than 05/15/2029.',
      );
    });
    it('must extend: the current end date itself is refused', () => {
      expect(one('program_extension', 'new_program_end_date', '2028-05-15')).toBe(REQUEST_FIELD_MSG.newEndNotLater('2028-05-15'));
      expect(one('program_extension', 'new_program_end_date', '2028-05-16')).toBeUndefined();
    });
    it('a program ending on Feb 29 may extend to Feb 28 next year', () => {
      const leap = { ...ctx, programEndDate: '2028-02-29' };
      expect(validateStudentRequestData('program_extension', { new_program_end_date: '2029-02-28' }, leap, 'draft')).toEqual({});
      expect(validateStudentRequestData('program_extension', { new_program_end_date: '2029-03-01' }, leap, 'draft')).toHaveProperty(
        'new_program_end_date',
      );
    });
  });
  describe('registration session dates', () => {
    const reg = (data: TStudentRequestData) => draft('registration_request', data);
    it('current_session_start_date on or after program start', () => {
      expect(reg({ current_session_start_date: '2025-08-20' })).toEqual({});
      expect(reg({ current_session_start_date: '2025-08-19' }).current_session_start_date).toEqual([
        'The session start date must be on or after your program start date (08/20/2025).',
      ]);
    });
    it('current_session_end_date on or after session start and today', () => {
      expect(reg({ current_session_start_date: '2026-12-01', current_session_end_date: '2026-12-01' })).toEqual({});
      expect(reg({ current_session_start_date: '2026-12-01', current_session_end_date: '2026-11-30' }).current_session_end_date).toEqual([
        REQUEST_FIELD_MSG.sessionEndBeforeStart,
      ]);
      expect(reg({ current_session_end_date: '2026-11-22' })).toEqual({});
      expect(reg({ current_session_end_date: '2026-11-21' }).current_session_end_date).toEqual([REQUEST_FIELD_MSG.sessionEndPast]);
    });
    it('next_session_start_date required when last_session is 0, not when 1', () => {
      const full = { current_session_start_date: '2026-08-25', current_session_end_date: '2026-12-15' };
      expect(submit('registration_request', { ...full, last_session: '0' }).next_session_start_date).toEqual([MSG.required]);
      expect(submit('registration_request', { ...full, last_session: '1' })).toEqual({});
      expect(submit('registration_request', { ...full, last_session: '0', next_session_start_date: '2027-01-12' })).toEqual({});
    });
    it('next_session_start_date on or after the current session end and today', () => {
      const full = { current_session_start_date: '2026-08-25', current_session_end_date: '2026-12-15', last_session: '0' };
      expect(reg({ ...full, next_session_start_date: '2026-12-15' })).toEqual({});
      expect(reg({ ...full, next_session_start_date: '2026-12-14' }).next_session_start_date).toEqual([
        'The next session must start on or after the current session end date (12/15/2026).',
      ]);
      // without a current session end in the form, the record's session end applies; then today.
      expect(reg({ next_session_start_date: '2026-12-14' }).next_session_start_date).toEqual([
        REQUEST_FIELD_MSG.nextSessionBeforeEnd('2026-12-15'),
      ]);
      const noSession = { ...ctx, sessionEndDate: null };
      expect(validateStudentRequestData('registration_request', { next_session_start_date: '2026-11-21' }, noSession, 'draft')).toEqual({
        next_session_start_date: [REQUEST_FIELD_MSG.nextSessionPast],
      });
      expect(validateStudentRequestData('registration_request', { next_session_start_date: '2026-11-22' }, noSession, 'draft')).toEqual({});
    });
  });
});

describe('conditional requirements', () => {
  it('program extension: remarks on school or other funding are needed only when that amount is given', () => {
    const base = { new_program_end_date: '2029-01-15', reason_for_extension: 'Thesis research took longer.' };
    expect(submit('program_extension', base)).toEqual({});
    expect(submit('program_extension', { ...base, school_funding: '12000' }).school_funding_remarks).toEqual([MSG.required]);
    expect(submit('program_extension', { ...base, other_funding: '500.50' }).other_funding_remarks).toEqual([MSG.required]);
    expect(submit('program_extension', { ...base, other_funding: '0' })).toEqual({});
  });
});

describe('OPT full or part time (SEVIS Table 6: 01 full time, 02 part time)', () => {
  it('is required on submit, and only the codes the office’s list offers are accepted', () => {
    expect(submit('opt_request', { opt_type: '01' }).opt_full_or_part_time).toEqual([MSG.required]);
    expect(listed('opt_request', 'opt_full_or_part_time', '01')).toBeUndefined();
    expect(listed('opt_request', 'opt_full_or_part_time', '02')).toBeUndefined();
    expect(listed('opt_request', 'opt_full_or_part_time', '03')).toBe(LOOKUP_MSG.notInList);
    expect(listed('opt_request', 'opt_full_or_part_time', '02', employmentTimes('02'))).toBe(LOOKUP_MSG.retired);
    // Without the list (before the browser loads it) the server's reader decides.
    expect(one('opt_request', 'opt_full_or_part_time', '03')).toBeUndefined();
  });
});

describe('full or part time: one list, the hours as each kind of employment counts them', () => {
  const field = (code: TStudentRequestCode, name: string) => studentRequestFields(code).find((f) => f.name === name)!;
  it('CPT, OPT and the OPT employers read the office’s list of SEVIS Table 6', () => {
    for (const [code, name] of [
      ['cpt_request', 'cpt_full_or_part_time'],
      ['opt_request', 'opt_full_or_part_time'],
      ['opt_employer_update', 'employer_full_or_part_time'],
      ['opt_stem_extend', 'employer_full_or_part_time'],
    ] as const) {
      expect(field(code, name).lookup, name).toEqual(EMPLOYMENT_TIME_LOOKUP);
      expect(field(code, name).options, name).toBeUndefined();
    }
    expect(listed('cpt_request', 'cpt_full_or_part_time', '02')).toBeUndefined();
    expect(listed('cpt_request', 'cpt_full_or_part_time', '02', employmentTimes('02'))).toBe(LOOKUP_MSG.retired);
  });
  it('CPT: full time above 20 hours a week; OPT and its employers: 20 hours or more', () => {
    expect(field('cpt_request', 'cpt_full_or_part_time').help).toMatch(
      /^Full time is more than 20 hours a week, part time 20 hours or less\./,
    );
    expect(field('cpt_request', 'cpt_full_or_part_time').help).toMatch(/full-time CPT end your eligibility for OPT/);
    expect(field('opt_request', 'opt_full_or_part_time').help).toBe('Full time is 20 hours a week or more, part time less than 20.');
    for (const code of ['opt_employer_update', 'opt_stem_extend'] as const)
      expect(field(code, 'employer_full_or_part_time').help).toMatch(/^Full time is 20 hours a week or more, part time less than 20\./);
  });
});

describe('program end earlier and deferred start (SEVIS Program/Shorten, Program/ManageSessionDates)', () => {
  const c = { ...ctx, programStartDate: '2025-08-20', programEndDate: '2027-05-15' };
  const check = (code: TStudentRequestCode, data: TStudentRequestData) => validateStudentRequestData(code, data, c, 'draft');
  it('a completion date or shortened end: before the current end (the day before passes, the end itself does not)', () => {
    expect(check('complete_program_request', { completion_date: '2027-05-14' })).toEqual({});
    expect(check('complete_program_request', { completion_date: '2027-05-15' }).completion_date).toEqual([
      REQUEST_FIELD_MSG.endNotEarlier('2027-05-15'),
    ]);
    expect(check('shorten_program_request', { shortened_program_end_date: '2025-08-19' }).shortened_program_end_date).toEqual([
      REQUEST_FIELD_MSG.endBeforeProgramStart('2025-08-20'),
    ]);
    expect(check('shorten_program_request', { shortened_program_end_date: '2025-08-20' })).toEqual({});
  });
  it('a deferred start: after the current start (the same day is refused, the next passes), and an end on or after it', () => {
    expect(check('defer_attendance_request', { deferred_program_start_date: '2025-08-20' }).deferred_program_start_date).toEqual([
      REQUEST_FIELD_MSG.startNotLater('2025-08-20'),
    ]);
    expect(check('defer_attendance_request', { deferred_program_start_date: '2025-08-21' })).toEqual({});
    expect(
      check('defer_attendance_request', { deferred_program_start_date: '2026-01-10', deferred_program_end_date: '2026-01-09' })
        .deferred_program_end_date,
    ).toEqual([REQUEST_FIELD_MSG.endBeforeStart]);
  });
  it('information updates ask nothing unless a part is started: an address needs street, city, state and ZIP', () => {
    expect(submit('contact_info_update', {})).toEqual({});
    expect(Object.keys(submit('contact_info_update', { us_city: 'Boston' })).sort()).toEqual([
      'us_address_line_1',
      'us_state',
      'us_zip_code',
    ]);
    expect(one('program_info_update', 'new_major_code', '14.0901')).toBeUndefined();
    expect(one('program_info_update', 'new_major_code', '140901')).toBe(MSG.invalidValue);
    expect(one('dependent_info_update', 'dependent_birth_country', 'pe')).toBe(MSG.invalidValue);
  });
});

// SEVIS Create-UpdateStudent 6.55 Dependent: Add for a new F-2, Edit (with the dependent's SEVIS ID) for one SEVIS has;
// the entry rules of rules/sevis-entry-rules.ts on what the update adds or changes.
describe('Dependent Information Update: a dependent on the record, or a new one', () => {
  const spouse: TStudentRequestDependent = {
    id: '0b9e2f4a-5c61-4c1e-9d0a-1f2e3d4c5b6a',
    sevisId: 'N0031234568',
    firstName: 'Arjun',
    lastName: 'Sharma',
    relationshipCode: '01',
    gender: 'M',
    birthDate: '1997-11-02',
    birthCity: 'Pune',
    birthCountryCode: 'IN',
    citizenshipCountryCode: 'IN',
    permanentResidenceCountryCode: 'IN',
  };
  const child: TStudentRequestDependent = {
    ...spouse,
    id: '7d1c3b2a-9e8f-4a6b-8c5d-2e1f0a9b8c7d',
    sevisId: null,
    firstName: 'Anika',
    relationshipCode: '02',
    gender: 'F',
    birthDate: '2016-05-01',
  };
  const onRecord = { ...ctx, visaType: 'F-1', dependents: [spouse, child] };
  const check = (data: TStudentRequestData, mode: 'draft' | 'submit' = 'draft', c: TStudentRequestContext = onRecord) =>
    validateStudentRequestData('dependent_info_update', data, c, mode);
  const newChild = {
    dependent_id: NEW_DEPENDENT,
    dependent_first_name: 'Ana',
    dependent_last_name: 'Sharma',
    dependent_relationship: '02',
    dependent_gender: 'F',
    dependent_birth_date: '2019-02-03',
    dependent_birth_country: 'IN',
    dependent_citizenship_country: 'IN',
  };

  it('offers each dependent on record with its SEVIS ID where SEVIS has it, then a new one', () => {
    expect(dependentChoiceOptions(onRecord.dependents)).toEqual([
      { value: spouse.id, label: 'Arjun Sharma (spouse, SEVIS ID N0031234568)' },
      { value: child.id, label: 'Anika Sharma (child, no SEVIS ID yet)' },
      { value: NEW_DEPENDENT, label: 'Add a new dependent' },
    ]);
    expect(dependentChoiceOptions(null)).toEqual([{ value: NEW_DEPENDENT, label: 'Add a new dependent' }]);
  });

  it('refuses a dependent that is not on this record (another record’s, or no longer active), and what is not an id', () => {
    expect(check({ dependent_id: '11111111-2222-4333-8444-555555555555', dependent_birth_city: 'Delhi' }).dependent_id).toEqual([
      REQUEST_FIELD_MSG.dependentNotOnRecord,
    ]);
    expect(check({ dependent_id: 'Arjun' }).dependent_id).toEqual([MSG.invalidValue]);
    // Before the record's dependents are known (the browser while they load) the server decides.
    expect(check({ dependent_id: '11111111-2222-4333-8444-555555555555' }, 'draft', { ...ctx, visaType: 'F-1', dependents: null })).toEqual(
      {},
    );
  });

  it('asks which dependent as soon as a field is filled in; a new one needs what SEVIS Add requires, one on record only its changes', () => {
    expect(check({}, 'submit')).toEqual({});
    expect(check({ dependent_birth_city: 'Delhi' }, 'submit')).toEqual({ dependent_id: [MSG.required] });
    expect(Object.keys(check({ dependent_id: NEW_DEPENDENT }, 'submit')).sort()).toEqual([
      'dependent_birth_country',
      'dependent_birth_date',
      'dependent_citizenship_country',
      'dependent_first_name',
      'dependent_gender',
      'dependent_last_name',
      'dependent_relationship',
    ]);
    expect(check(newChild, 'submit')).toEqual({});
    expect(check({ dependent_id: spouse.id, dependent_birth_city: 'Mumbai' }, 'submit')).toEqual({});
  });

  it('says what changes: the columns given that differ from the record', () => {
    const data = { dependent_id: spouse.id, dependent_first_name: 'Arjun', dependent_birth_city: 'Mumbai' };
    expect(dependentRequestChange(data, [spouse, child])).toEqual({
      choice: spouse.id,
      existing: spouse,
      values: { firstName: 'Arjun', birthCity: 'Mumbai' },
      changed: ['birthCity'],
    });
    expect(dependentRequestChange(newChild, [spouse]).existing).toBeNull();
  });

  it('SEVIS S1105: a second spouse is refused, new or by changing a child; the spouse on record may be changed', () => {
    expect(check({ ...newChild, dependent_relationship: '01', dependent_birth_date: '1998-01-01' }).dependent_relationship).toEqual([
      SEVIS_RULE_MSG.secondSpouse,
    ]);
    expect(check({ dependent_id: child.id, dependent_relationship: '01' }).dependent_relationship).toEqual([SEVIS_RULE_MSG.secondSpouse]);
    expect(check({ dependent_id: spouse.id, dependent_relationship: '01', dependent_last_name: 'Rao' })).toEqual({});
  });

  it('SEVIS S1014: a child is under 21 on the office’s day: born the day after the cutoff passes, on it is refused', () => {
    // Today 11/22/2026: a child born on or before 11/22/2005 is 21 or more.
    expect(check({ ...newChild, dependent_birth_date: '2005-11-23' })).toEqual({});
    expect(check({ ...newChild, dependent_birth_date: '2005-11-22' }).dependent_birth_date).toEqual([
      SEVIS_RULE_MSG.childTooOld('2005-11-22'),
    ]);
    expect(check({ dependent_id: child.id, dependent_birth_date: '2005-11-22' }).dependent_birth_date).toEqual([
      SEVIS_RULE_MSG.childTooOld('2005-11-22'),
    ]);
    // A spouse on record made a child keeps a birth date of 21 or more: said on the relationship.
    const withoutSpouse = { ...onRecord, dependents: [spouse] };
    expect(check({ dependent_id: spouse.id, dependent_relationship: '02' }, 'draft', withoutSpouse).dependent_relationship).toEqual([
      SEVIS_RULE_MSG.childTooOld('2005-11-22'),
    ]);
  });

  it('SEVIS S1148: names hold the letters A to Z and single spaces, on a new dependent and on a change', () => {
    expect(check({ ...newChild, dependent_first_name: 'José' }).dependent_first_name).toEqual([SEVIS_RULE_MSG.nameCharacters]);
    expect(check({ dependent_id: spouse.id, dependent_last_name: 'Sharma-Rao' }).dependent_last_name).toEqual([
      SEVIS_RULE_MSG.nameCharacters,
    ]);
    expect(check({ dependent_id: spouse.id, dependent_last_name: 'Sharma Rao' })).toEqual({});
  });

  it('an F-2 born in the United States is refused (a U.S. citizen); what SEVIS already holds is not checked again', () => {
    expect(check({ ...newChild, dependent_birth_country: 'US' }).dependent_birth_country).toEqual([SEVIS_RULE_MSG.usBornF2]);
    expect(check({ ...newChild, dependent_birth_country: 'US' }, 'draft', { ...onRecord, visaType: 'J-1' })).toEqual({});
    const oldSpouse = { ...spouse, birthDate: '1990-01-01', firstName: 'José' };
    expect(check({ dependent_id: spouse.id, dependent_birth_city: 'Goa' }, 'draft', { ...onRecord, dependents: [oldSpouse] })).toEqual({});
  });
});
