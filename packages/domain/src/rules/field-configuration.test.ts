import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  applyFieldConfiguration,
  configureFields,
  FIELD_CONFIG_MSG,
  fieldRoleOf,
  refusedFieldChanges,
  roleFieldSetting,
  type TFieldSetting,
} from './field-configuration.js';
import {
  CONFIGURABLE_FORMS,
  configurableField,
  configurableForm,
  fieldSettingIssues,
  resolveRoleFieldSettings,
  SEVIS_NEEDED_REQUEST_FIELDS,
  STUDENT_PROFILE_FORM,
} from './configurable-forms.js';
import {
  STUDENT_REQUEST_CODES,
  STUDENT_REQUEST_FORMS,
  studentRequestFields,
  validateStudentRequestData,
} from './student-request-fields.js';

// docs/product/field-configuration.md: the office's settings, turned into what one role gets and applied to a form.

const NONE: TFieldSetting = { label: null, help: null, required: null, hiddenFor: [], readOnlyFor: [] };
const setting = (s: Partial<TFieldSetting>): TFieldSetting => ({ ...NONE, ...s });
const names = (form: { sections: { fields: { name: string }[] }[] }) => form.sections.flatMap((s) => s.fields.map((f) => f.name));

describe('what one role gets of a setting', () => {
  it('words and required apply to every role; hidden and read-only to the roles named', () => {
    const s = setting({ label: 'Company', help: 'As on the offer letter', required: true, hiddenFor: ['staff'], readOnlyFor: ['student'] });
    expect(roleFieldSetting(s, 'student')).toEqual({ label: 'Company', help: 'As on the offer letter', required: true, readOnly: true });
    expect(roleFieldSetting(s, 'staff')).toEqual({ label: 'Company', help: 'As on the offer letter', required: true, hidden: true });
    expect(roleFieldSetting(NONE, 'student')).toEqual({});
  });

  it('keeps a field SEVIS needs required and asked of the student, whatever was stored', () => {
    const lock = { required: 'sevis', askedOf: ['student'] } as const;
    const s = setting({ required: false, hiddenFor: ['student', 'staff'], readOnlyFor: ['student'] });
    expect(roleFieldSetting(s, 'student', lock)).toEqual({});
    expect(roleFieldSetting(s, 'staff', lock)).toEqual({ hidden: true });
  });

  it('names the role of each kind of user (advisors have none)', () => {
    expect([fieldRoleOf('ISSSstudent'), fieldRoleOf('scholar'), fieldRoleOf('department'), fieldRoleOf('isssAdmin')]).toEqual([
      'student',
      'scholar',
      'department',
      'staff',
    ]);
    expect(fieldRoleOf('advisor')).toBeNull();
    expect(fieldRoleOf(null)).toBeNull();
  });
});

describe('a form as one role gets it', () => {
  const cpt = STUDENT_REQUEST_FORMS.cpt_request;

  it('leaves hidden fields out, words fields the office’s way, and sets required', () => {
    const form = applyFieldConfiguration(cpt, {
      cpt_course: { hidden: true },
      employer_name: { label: 'Company name', help: 'As on your offer letter' },
      cpt_employment_remark: { required: true },
      supervisor_phone: { required: false },
    });
    expect(names(form)).not.toContain('cpt_course');
    expect(names(form)).toHaveLength(names(cpt).length - 1);
    const field = (n: string) => form.sections.flatMap((s) => s.fields).find((f) => f.name === n)!;
    expect(field('employer_name')).toMatchObject({ label: 'Company name', help: 'As on your offer letter', required: true });
    expect(field('cpt_employment_remark').required).toBe(true);
    expect(field('supervisor_phone').required).toBe(false);
    // The definition itself is untouched.
    expect(names(cpt)).toContain('cpt_course');
    expect(cpt.sections[0]!.fields[0]!.label).toBe('Employer name');
  });

  it('shows a read-only field, never as required of the role that cannot change it', () => {
    const [f] = configureFields(studentRequestFields('cpt_request'), { employer_name: { readOnly: true } });
    expect(f).toMatchObject({ name: 'employer_name', readOnly: true, required: false });
  });

  it('drops a section whose every field is hidden, and gives the form back as it is without settings', () => {
    const hidden = Object.fromEntries(cpt.sections[3]!.fields.map((f) => [f.name, { hidden: true }]));
    expect(applyFieldConfiguration(cpt, hidden).sections.map((s) => s.title)).not.toContain(cpt.sections[3]!.title);
    expect(applyFieldConfiguration(cpt, undefined)).toBe(cpt);
    expect(applyFieldConfiguration(cpt, {})).toBe(cpt);
  });
});

describe('the checks of a student request with the settings of the role filling it in', () => {
  const ctx = { today: '2026-06-01', programEndDate: '2027-06-01' };
  const VALID = {
    employer_name: 'Acme',
    employer_job_title: 'Analyst',
    supervisor_name: 'Dana Boss',
    supervisor_phone: '6175550100',
    cpt_address_line_1: '1 Main Street',
    cpt_city: 'Boston',
    cpt_state: 'MA',
    cpt_postal_code: '02139',
    cpt_start_date: '2026-07-01',
    cpt_end_date: '2026-08-01',
    cpt_full_or_part_time: '02',
    cpt_hours_per_week: '20',
    cpt_employment_comment: 'Required internship.',
  };
  const submit = (data: Record<string, unknown>, cpt_request: Record<string, object>) =>
    validateStudentRequestData('cpt_request', data, { ...ctx, fieldSettings: { cpt_request } }, 'submit');

  it('asks for a newly required field with the field’s message, and not for one made optional or hidden', () => {
    expect(submit(VALID, { cpt_course: { required: true } })).toEqual({ cpt_course: [MSG.required] });
    const { supervisor_phone: _a, cpt_employment_comment: _b, ...rest } = VALID;
    expect(submit(rest, { supervisor_phone: { required: false }, cpt_employment_comment: { hidden: true } })).toEqual({});
    expect(submit(rest, {})).toEqual({ supervisor_phone: [MSG.required], cpt_employment_comment: [MSG.required] });
  });

  it('does not check a hidden field’s saved value; a read-only one is not asked of the role', () => {
    expect(submit({ ...VALID, employer_ein: 'x' }, { employer_ein: { hidden: true } })).toEqual({});
    const { supervisor_name: _c, ...noSupervisor } = VALID;
    expect(submit(noSupervisor, { supervisor_name: { readOnly: true } })).toEqual({});
  });

  it('does not ask for the phone set when the phone is not asked of the role', () => {
    const opt = {
      opt_type: '02',
      requested_start_date: '2026-07-01',
      requested_end_date: '2027-06-30',
      opt_full_or_part_time: '01',
      user_email: 'sam@example.edu',
    };
    const check = (opt_request: Record<string, object>) =>
      validateStudentRequestData('opt_request', opt, { ...ctx, fieldSettings: { opt_request } }, 'submit');
    expect(Object.keys(check({}))).toEqual(['phone_number']);
    expect(check({ phone_number: { hidden: true } })).toEqual({});
  });
});

describe('what a role may not change', () => {
  const settings = { a: { hidden: true }, b: { readOnly: true }, c: { label: 'C' } };
  it('refuses a value for a hidden field and a change to a read-only one, on the field', () => {
    expect(refusedFieldChanges(settings, ['a', 'b', 'c'], { a: 'x', b: 'y' }, { a: 'z', b: 'w', c: 'v' })).toEqual({
      a: [FIELD_CONFIG_MSG.hidden],
      b: [FIELD_CONFIG_MSG.readOnly],
    });
  });
  it('takes what was saved, sent back, as no change (empty and missing are the same)', () => {
    expect(refusedFieldChanges(settings, ['a', 'b'], { a: 'x' }, { a: 'x', b: '' })).toEqual({});
    expect(refusedFieldChanges(settings, ['a'], { a: 'x' }, { a: 'y' })).toEqual({ a: [FIELD_CONFIG_MSG.hidden] });
    // Only what the role sent is looked at.
    expect(refusedFieldChanges(settings, [], { a: 'x' }, { a: 'y' })).toEqual({});
    expect(refusedFieldChanges(undefined, ['a'], {}, { a: 'y' })).toEqual({});
  });
});

describe('the configurable forms', () => {
  it('are every student request form, then the student profile', () => {
    expect(CONFIGURABLE_FORMS.map((f) => f.key)).toEqual([...STUDENT_REQUEST_CODES, STUDENT_PROFILE_FORM]);
    for (const code of STUDENT_REQUEST_CODES)
      expect(configurableForm(code)!.fields.map((f) => f.name)).toEqual(names(STUDENT_REQUEST_FORMS[code]));
  });

  it('name only fields their forms have as the ones SEVIS needs, each required by default', () => {
    for (const [code, fields] of Object.entries(SEVIS_NEEDED_REQUEST_FIELDS)) {
      for (const name of fields) {
        const f = configurableField(code, name);
        expect(f, `${code}.${name}`).toBeDefined();
        expect(f!.required, `${code}.${name}`).not.toBe('never');
        expect(f!.lock).toEqual({ required: 'sevis', askedOf: ['student'] });
      }
    }
  });

  it('refuses on its setting what a field’s lock or its form’s roles do not allow', () => {
    const form = configurableForm('cpt_request')!;
    const sevis = configurableField('cpt_request', 'employer_name')!;
    expect(fieldSettingIssues(form, sevis, { required: false, hiddenFor: ['student'], readOnlyFor: [] })).toEqual({
      required: FIELD_CONFIG_MSG.cannotBeOptional,
      hiddenFor: FIELD_CONFIG_MSG.cannotHide('Students'),
    });
    const free = configurableField('cpt_request', 'cpt_course')!;
    expect(fieldSettingIssues(form, free, { required: false, hiddenFor: ['staff'], readOnlyFor: ['student'] })).toEqual({});
    expect(fieldSettingIssues(form, free, { required: null, hiddenFor: ['department'], readOnlyFor: ['staff'] })).toEqual({
      hiddenFor: FIELD_CONFIG_MSG.notForThisForm('Department users'),
      readOnlyFor: FIELD_CONFIG_MSG.notEnteredBy('Office staff'),
    });
    expect(fieldSettingIssues(form, free, { required: null, hiddenFor: ['student'], readOnlyFor: ['student'] })).toHaveProperty(
      'readOnlyFor',
    );
  });

  it('resolves what the office stored for one role, keeping locks and leaving out what does not apply', () => {
    const rows = [
      { formKey: 'cpt_request', fieldName: 'employer_name', ...setting({ required: false, hiddenFor: ['student'], label: 'Company' }) },
      { formKey: 'cpt_request', fieldName: 'cpt_course', ...setting({ hiddenFor: ['student'] }) },
      { formKey: 'cpt_request', fieldName: 'gone_field', ...setting({ hiddenFor: ['student'] }) },
      { formKey: 'gone_form', fieldName: 'x', ...setting({ label: 'X' }) },
      { formKey: STUDENT_PROFILE_FORM, fieldName: 'phone', ...setting({ readOnlyFor: ['student'] }) },
    ];
    expect(resolveRoleFieldSettings(rows, 'student')).toEqual({
      cpt_request: { employer_name: { label: 'Company' }, cpt_course: { hidden: true } },
      [STUDENT_PROFILE_FORM]: { phone: { readOnly: true } },
    });
    // Staff read request forms (not the profile); scholars see neither.
    expect(resolveRoleFieldSettings(rows, 'staff')).toEqual({ cpt_request: { employer_name: { label: 'Company' } } });
    expect(resolveRoleFieldSettings(rows, 'scholar')).toEqual({});
    expect(resolveRoleFieldSettings(rows, null)).toEqual({});
  });
});
