import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { EV_SHORTEN_REASONS, MATRICULATION_CODES } from '../catalog/sevis-request-codes.js';
import { EV_TERMINATION_REASONS, F2_TERMINATION_REASONS, STUDENT_TERMINATION_REASONS } from '../catalog/sevis-reason-codes.js';
import { LOOKUP_MSG, lookupCheckerOf } from './lookup-values.js';
import { SEVIS_RULE_MSG } from './sevis-entry-rules.js';
import {
  DEPENDENT_ROWS_MAX,
  dependentRows,
  normalizeStudentRequestData,
  REQUEST_CATALOGUE_MSG,
  REQUEST_FIELD_MSG,
  STUDENT_REQUEST_CODES,
  studentRequestFields,
  studentRequestForm,
  validateStudentRequestData,
  type TStudentRequestCode,
  type TStudentRequestContext,
  type TStudentRequestData,
  type TStudentRequestDependent,
} from './student-request-fields.js';

/*
 * The rules of the catalogue's later forms and of the exchange visitor variants
 * (docs/product/students-requests.md#the-catalogue, #exchange-visitor-variants).
 */
const F1: TStudentRequestContext = {
  today: '2026-11-22',
  programStartDate: '2025-08-20',
  programEndDate: '2028-05-15',
  sessionEndDate: null,
  visaType: 'F-1',
};
const J1: TStudentRequestContext = { ...F1, visaType: 'J-1' };
const check = (code: TStudentRequestCode, data: TStudentRequestData, ctx = F1, mode: 'draft' | 'submit' = 'submit') =>
  validateStudentRequestData(code, data, ctx, mode);
const names = (code: TStudentRequestCode, visa: string) => studentRequestFields(code, visa).map((f) => f.name);
const field = (code: TStudentRequestCode, visa: string, name: string) => studentRequestFields(code, visa).find((f) => f.name === name)!;

describe('the student visa selects the variant of a form serving both (no _ev codes)', () => {
  it('every code has one form; each variant names each field once and offers choices in every select', () => {
    for (const code of STUDENT_REQUEST_CODES)
      for (const visa of ['F-1', 'J-1']) {
        const list = names(code, visa);
        expect(new Set(list).size, `${code} ${visa}`).toBe(list.length);
        // A select offers its own choices or draws them from the office's code list (lookup).
        for (const f of studentRequestFields(code, visa))
          if (f.kind === 'select') expect(f.options?.length || (f.lookup ? 1 : 0), f.name).toBeGreaterThan(0);
      }
  });

  it('Cancel Program: an exchange visitor gives no SEVIS Table 10 reason (the exchange visitor batch has none) but must explain', () => {
    expect(names('cancel_request', 'F-1')).toContain('cancel_reason');
    expect(names('cancel_request', 'J-1')).not.toContain('cancel_reason');
    expect(check('cancel_request', {}, J1)).toEqual({ student_remarks: [MSG.required] });
    expect(check('cancel_request', {}, F1)).toEqual({ cancel_reason: [MSG.required] });
    // A value of the other variant is not on the student's form.
    expect(check('cancel_request', { cancel_reason: '01', student_remarks: 'x' }, J1, 'draft')).toEqual({
      cancel_reason: [MSG.invalidValue],
    });
    // Exchange visitor schema Status/Invalid Remarks: RemarksNoWSType, at most 500.
    expect(field('cancel_request', 'J-1', 'student_remarks').maxLength).toBe(500);
    expect(studentRequestForm('cancel_request', 'J-1').sections[0]!.note).toContain('invalid');
  });

  it('Shorten Program: an exchange visitor chooses SEVIS’s reason (EVCompletionCodeType), an F-1 student does not', () => {
    expect(field('shorten_program_request', 'J-1', 'ev_shorten_reason').options?.map((o) => o.value)).toEqual(
      EV_SHORTEN_REASONS.map((r) => r.code),
    );
    expect(names('shorten_program_request', 'F-1')).not.toContain('ev_shorten_reason');
    const data = { shortened_program_end_date: '2027-05-15', shorten_reason: 'Thesis done.' };
    expect(check('shorten_program_request', data, F1)).toEqual({});
    expect(check('shorten_program_request', data, J1)).toEqual({ ev_shorten_reason: [MSG.required] });
    expect(check('shorten_program_request', { ...data, ev_shorten_reason: 'POCE' }, J1)).toEqual({});
  });

  it('Program Information Update: an exchange visitor changes the subject field (CIP), not majors and minor', () => {
    expect(names('program_info_update', 'J-1')).toEqual(['new_subject_field_code', 'subject_field_remarks', 'student_remarks']);
    expect(check('program_info_update', { new_subject_field_code: '26.0102' }, J1)).toEqual({});
    expect(check('program_info_update', { new_subject_field_code: '26.01' }, J1, 'draft')).toEqual({
      new_subject_field_code: [MSG.invalidValue],
    });
    expect(check('program_info_update', { new_major_code: '11.0701' }, J1, 'draft')).toEqual({ new_major_code: [MSG.invalidValue] });
  });

  it('Transfer in and out: a J-1 names the sponsor by its exchange visitor program number (SEVIS OrganizationIDType)', () => {
    expect(names('transfer_out', 'J-1')).toContain('transfer_program_number');
    expect(names('transfer_out', 'J-1')).not.toContain('transfer_school_code');
    const one = (v: string) => check('transfer_out', { transfer_program_number: v }, J1, 'draft').transfer_program_number?.[0];
    // P-1 to P-4 and G-1 to G-7, five digits.
    expect(one('P-1-12345')).toBeUndefined();
    expect(one('G-7-00001')).toBeUndefined();
    expect(one('P-5-12345')).toBe(REQUEST_CATALOGUE_MSG.programNumber);
    expect(one('G-8-12345')).toBe(REQUEST_CATALOGUE_MSG.programNumber);
    expect(one('P-1-1234')).toBe(REQUEST_CATALOGUE_MSG.programNumber);
    expect(check('transfer_in', { previous_program_number: 'P-3-54321' }, J1, 'draft')).toEqual({});
  });

  it('Financial Information Update: an exchange visitor names another source (SEVIS OtherFunds/Other Name, at most 60)', () => {
    expect(field('financial_info_update', 'J-1', 'other_funding_remarks')).toMatchObject({ kind: 'text', maxLength: 60 });
    expect(field('financial_info_update', 'F-1', 'other_funding_remarks')).toMatchObject({ kind: 'textarea', maxLength: 500 });
    expect(check('financial_info_update', { other_funding: '100', other_funding_remarks: 'x'.repeat(61) }, J1, 'draft')).toEqual({
      other_funding_remarks: [MSG.invalidLength],
    });
  });

  it('Dependent Information Update: a new J-2 needs its DS-2019 purpose (exchange visitor Dependent/Add FormPurpose)', () => {
    const ana = {
      dependent_id: 'new',
      dependent_first_name: 'Ana',
      dependent_last_name: 'Rivera',
      dependent_relationship: '02',
      dependent_gender: 'F',
      dependent_birth_date: '2019-02-03',
      dependent_birth_country: 'PE',
      dependent_citizenship_country: 'PE',
    };
    expect(check('dependent_info_update', ana, { ...F1, dependents: [] })).toEqual({});
    // The exchange visitor schema's Dependent/Add also requires the birth city and country of permanent residence.
    expect(check('dependent_info_update', ana, { ...J1, dependents: [] })).toEqual({
      dependent_form_purpose: [MSG.required],
      dependent_birth_city: [MSG.required],
      dependent_residence_country: [MSG.required],
    });
    const j2 = { ...ana, dependent_form_purpose: '06', dependent_birth_city: 'Lima', dependent_residence_country: 'PE' };
    expect(check('dependent_info_update', j2, { ...J1, dependents: [] })).toEqual({});
  });
});

describe('Matriculation (J-1: exchange visitor schema Program/Matriculate)', () => {
  it('offers SEVIS’s matriculation codes A, B, M, D', () => {
    expect(field('matriculation_request', 'J-1', 'matriculation_code').options?.map((o) => o.value)).toEqual(['A', 'B', 'M', 'D']);
    expect(MATRICULATION_CODES.map((c) => c.category)).toEqual(['1B', '1C', '1D', '1E']);
    expect(check('matriculation_request', {}, J1)).toEqual({
      matriculation_code: [MSG.required],
      matriculation_program_end_date: [MSG.required],
    });
  });
  // SEVIS S2229 "Matriculation program end date must be after the current program end date"; a degree student's
  // participation lasts while they pursue the degree (22 CFR 62.23(h)(1)).
  it('the new program end comes after the current one (SEVIS S2229; 22 CFR 62.23(h))', () => {
    const at = (end: string) => check('matriculation_request', { matriculation_code: 'D', matriculation_program_end_date: end }, J1);
    expect(at('2028-05-15')).toEqual({ matriculation_program_end_date: [REQUEST_FIELD_MSG.newEndNotLater('2028-05-15')] });
    expect(at('2028-05-16')).toEqual({});
  });
});

describe('Terminate SEVIS Record (the office’s request)', () => {
  it('an F-1 record takes a reason of the office’s Table 13 list (F-1 column), a J-1 record of Table 24 and its effective date', () => {
    expect(field('terminate_request', 'F-1', 'termination_reason').lookup).toEqual({
      key: 'student-termination-reasons',
      where: { f1: 'Y' },
    });
    expect(field('terminate_request', 'J-1', 'termination_reason').lookup).toEqual({ key: 'ev-termination-reasons' });
    expect(names('terminate_request', 'F-1')).not.toContain('termination_effective_date');
    // Exchange visitor schema Status/Terminate EffectiveDate is required; ending participation, 22 CFR 62.40.
    expect(check('terminate_request', { termination_reason: 'FALACT' }, J1)).toEqual({ termination_effective_date: [MSG.required] });
    const lookups = lookupCheckerOf(
      {
        'student-termination-reasons': STUDENT_TERMINATION_REASONS.map((r) => ({ ...r, attributes: { f1: 'Y' } })),
        'ev-termination-reasons': EV_TERMINATION_REASONS.map((r) => ({ ...r, attributes: {} })),
      },
      F1.today,
    );
    expect(check('terminate_request', { termination_reason: 'FALACT' }, { ...F1, lookups }, 'draft')).toEqual({
      termination_reason: [LOOKUP_MSG.notInList],
    });
    expect(check('terminate_request', { termination_reason: '16' }, { ...J1, lookups }, 'draft')).toEqual({
      termination_reason: [LOOKUP_MSG.notInList],
    });
    expect(check('terminate_request', { termination_reason: '16' }, { ...F1, lookups }, 'draft')).toEqual({});
  });
  // SEVIS S1059 and S1104: other remarks with reason 16 "Otherwise failing to maintain status" only, and then
  // required (the DSO reports the student's failure to maintain status, 8 CFR 214.3(g)(2)).
  it('F-1: other remarks are required with 16 and refused with any other reason (SEVIS S1059, S1104; 8 CFR 214.3(g)(2))', () => {
    expect(check('terminate_request', { termination_reason: '16' }, F1)).toEqual({ termination_other_remarks: [MSG.required] });
    expect(check('terminate_request', { termination_reason: '16', termination_other_remarks: 'Stopped attending.' }, F1)).toEqual({});
    expect(check('terminate_request', { termination_reason: '01', termination_other_remarks: 'Left.' }, F1)).toEqual({
      termination_other_remarks: [REQUEST_CATALOGUE_MSG.otherRemarksOnlyWith16],
    });
    expect(check('terminate_request', { termination_reason: '01' }, F1)).toEqual({});
  });
  // SEVIS S2222: other remarks are required when the termination reason is OTHER (22 CFR 62.40).
  it('J-1: OTHER needs other remarks, other reasons may carry them (SEVIS S2222; 22 CFR 62.40)', () => {
    const base = { termination_effective_date: '2026-11-20' };
    expect(check('terminate_request', { ...base, termination_reason: 'OTHER' }, J1)).toEqual({ termination_other_remarks: [MSG.required] });
    expect(
      check('terminate_request', { ...base, termination_reason: 'OTHER', termination_other_remarks: 'Left the program.' }, J1),
    ).toEqual({});
    expect(check('terminate_request', { ...base, termination_reason: 'FALINS', termination_other_remarks: 'No insurance.' }, J1)).toEqual(
      {},
    );
  });
});

describe('Several Dependents: one request, one row per dependent', () => {
  const spouse: TStudentRequestDependent = {
    id: '11111111-1111-4111-8111-111111111111',
    sevisId: 'N0031234568',
    firstName: 'Arjun',
    lastName: 'Sharma',
    relationshipCode: '01',
    gender: 'M',
    birthDate: '1996-01-01',
    birthCity: 'Pune',
    birthCountryCode: 'IN',
    citizenshipCountryCode: 'IN',
    permanentResidenceCountryCode: 'IN',
  };
  const child: TStudentRequestDependent = {
    ...spouse,
    id: '22222222-2222-4222-8222-222222222222',
    firstName: 'Mira',
    relationshipCode: '02',
    birthDate: '2015-06-01',
    sevisId: null,
  };
  const withDeps = (ctx: TStudentRequestContext) => ({ ...ctx, dependents: [spouse, child] });
  const newChild = {
    change: 'add',
    dependent_first_name: 'Ana',
    dependent_last_name: 'Sharma',
    dependent_relationship: '02',
    dependent_gender: 'F',
    dependent_birth_date: '2024-02-03',
    dependent_birth_country: 'IN',
    dependent_citizenship_country: 'IN',
  };
  const rows = (...r: TStudentRequestData[]) => ({ dependent_changes: r });

  it('asks for at least one row, and each row for what it needs: a new one all SEVIS’s Add needs, a change or end its dependent', () => {
    expect(check('dependent_info_multi', {}, withDeps(F1))).toEqual({ dependent_changes: [MSG.required] });
    expect(check('dependent_info_multi', rows({ change: 'add' }, { change: 'end' }), withDeps(F1))).toEqual({
      'dependent_changes.0.dependent_first_name': [MSG.required],
      'dependent_changes.0.dependent_last_name': [MSG.required],
      'dependent_changes.0.dependent_relationship': [MSG.required],
      'dependent_changes.0.dependent_gender': [MSG.required],
      'dependent_changes.0.dependent_birth_date': [MSG.required],
      'dependent_changes.0.dependent_birth_country': [MSG.required],
      'dependent_changes.0.dependent_citizenship_country': [MSG.required],
      'dependent_changes.1.dependent_id': [MSG.required],
      'dependent_changes.1.end_reason': [MSG.required],
    });
    expect(
      check('dependent_info_multi', rows(newChild, { change: 'end', dependent_id: child.id, end_reason: '03' }), withDeps(F1)),
    ).toEqual({});
  });

  it(`at most ${DEPENDENT_ROWS_MAX} rows; a row is an object of the row's fields`, () => {
    const many = Array.from({ length: DEPENDENT_ROWS_MAX + 1 }, () => ({ change: 'add' }));
    expect(check('dependent_info_multi', { dependent_changes: many }, withDeps(F1), 'draft')).toEqual({
      dependent_changes: [REQUEST_CATALOGUE_MSG.tooManyRows(DEPENDENT_ROWS_MAX)],
    });
    expect(check('dependent_info_multi', { dependent_changes: ['x'] }, withDeps(F1), 'draft')).toEqual({
      dependent_changes: [MSG.invalidValue],
    });
    expect(check('dependent_info_multi', rows({ change: 'add', colour: 'blue' }), withDeps(F1), 'draft')).toEqual({
      'dependent_changes.0.colour': [MSG.invalidValue],
    });
  });

  it('the F-2 end reasons are four of the office’s Table 3 list, the J-2 ones its Table 18 list (End Status); "Other" needs words (SEVIS S1034, S2130)', () => {
    const rf = (visa: string) => field('dependent_info_multi', visa, 'dependent_changes').rowFields!.find((f) => f.name === 'end_reason')!;
    expect(rf('F-1').lookup).toEqual({ key: 'dependent-termination-reasons', codes: ['02', '03', '04', '09'] });
    expect(rf('J-1').lookup).toEqual({ key: 'ev-dependent-end-reasons' });
    const lookups = lookupCheckerOf(
      {
        'dependent-termination-reasons': F2_TERMINATION_REASONS.map((r) => ({ ...r, attributes: {} })),
        'ev-dependent-end-reasons': ['02', '04', '09'].map((code) => ({ code, label: code, attributes: {} })),
      },
      F1.today,
    );
    const end = (reason: string, ctx: TStudentRequestContext) =>
      check('dependent_info_multi', rows({ change: 'end', dependent_id: spouse.id, end_reason: reason }), withDeps({ ...ctx, lookups }));
    expect(end('09', F1)).toEqual({ 'dependent_changes.0.end_remarks': [MSG.required] });
    expect(end('09', J1)).toEqual({ 'dependent_changes.0.end_remarks': [MSG.required] });
    expect(end('04', F1)).toEqual({});
    expect(end('04', J1)).toEqual({});
    // 05 UNAUTHORIZED EMPLOYMENT is the office's to give (the Dependents tab), not a student's; Table 18 has no 05.
    expect(end('05', F1)).toEqual({ 'dependent_changes.0.end_reason': [LOOKUP_MSG.notInList] });
    expect(end('05', J1)).toEqual({ 'dependent_changes.0.end_reason': [LOOKUP_MSG.notInList] });
  });

  // One spouse (SEVIS S1105 / S2119): an F-2 or J-2 spouse is the principal's one spouse (8 CFR 214.2(f)(3); 22 CFR 62.2).
  it('a second spouse is refused across rows, unless the request ends the spouse on record (SEVIS S1105, S2119; 8 CFR 214.2(f)(3))', () => {
    const wife = { ...newChild, dependent_first_name: 'Leela', dependent_relationship: '01', dependent_birth_date: '1995-02-03' };
    expect(check('dependent_info_multi', rows(wife), withDeps(F1))).toEqual({
      'dependent_changes.0.dependent_relationship': [SEVIS_RULE_MSG.secondSpouse],
    });
    expect(check('dependent_info_multi', rows({ change: 'end', dependent_id: spouse.id, end_reason: '04' }, wife), withDeps(F1))).toEqual(
      {},
    );
    // Two new spouses in one request: the second is refused.
    const alone = { ...F1, dependents: [] };
    expect(check('dependent_info_multi', rows(wife, { ...wife, dependent_first_name: 'Uma' }), alone)).toEqual({
      'dependent_changes.1.dependent_relationship': [SEVIS_RULE_MSG.secondSpouse],
    });
  });

  // A child is under 21 (SEVIS S1014 / S2121; INA 101(b)(1) as 8 CFR 214.2(f)(3) and 22 CFR 62.2 use it).
  it('a child added must be under 21 on the office’s today (SEVIS S1014, S2121)', () => {
    const at = (birth: string) =>
      check('dependent_info_multi', rows({ ...newChild, dependent_birth_date: birth }), { ...F1, dependents: [] })[
        'dependent_changes.0.dependent_birth_date'
      ];
    expect(at('2005-11-22')).toBeDefined();
    expect(at('2005-11-23')).toBeUndefined();
  });

  it('a dependent is in one row only, is on the record, and a change changes something', () => {
    const upd = { change: 'update', dependent_id: spouse.id, dependent_birth_city: 'Mumbai' };
    expect(check('dependent_info_multi', rows(upd), withDeps(F1))).toEqual({});
    expect(check('dependent_info_multi', rows(upd, { change: 'end', dependent_id: spouse.id, end_reason: '04' }), withDeps(F1))).toEqual({
      'dependent_changes.1.dependent_id': [REQUEST_CATALOGUE_MSG.dependentTwice],
    });
    expect(check('dependent_info_multi', rows({ ...upd, dependent_id: '33333333-3333-4333-8333-333333333333' }), withDeps(F1))).toEqual({
      'dependent_changes.0.dependent_id': [REQUEST_FIELD_MSG.dependentNotOnRecord],
    });
    expect(check('dependent_info_multi', rows({ change: 'update', dependent_id: spouse.id }), withDeps(F1))).toEqual({
      'dependent_changes.0.dependent_id': [REQUEST_CATALOGUE_MSG.nothingChanges],
    });
    // A draft is saved with nothing to change yet.
    expect(check('dependent_info_multi', rows({ change: 'update', dependent_id: spouse.id }), withDeps(F1), 'draft')).toEqual({});
  });

  it('a new J-2 needs the DS-2019 purpose; an F-2 has no such field', () => {
    expect(check('dependent_info_multi', rows(newChild), { ...J1, dependents: [] })).toEqual({
      'dependent_changes.0.dependent_form_purpose': [MSG.required],
      'dependent_changes.0.dependent_birth_city': [MSG.required],
      'dependent_changes.0.dependent_residence_country': [MSG.required],
    });
    const j2 = { ...newChild, dependent_form_purpose: '08', dependent_birth_city: 'Pune', dependent_residence_country: 'IN' };
    expect(check('dependent_info_multi', rows(j2), { ...J1, dependents: [] })).toEqual({});
    expect(check('dependent_info_multi', rows({ ...newChild, dependent_form_purpose: '08' }), { ...F1, dependents: [] }, 'draft')).toEqual({
      'dependent_changes.0.dependent_form_purpose': [MSG.invalidValue],
    });
  });

  it('rows are kept trimmed, without empty values', () => {
    const kept = normalizeStudentRequestData(
      'dependent_info_multi',
      rows({ change: 'add', dependent_first_name: ' Ana ', dependent_last_name: '' }),
    );
    expect(dependentRows(kept)).toEqual([{ change: 'add', dependent_first_name: 'Ana' }]);
  });
});
