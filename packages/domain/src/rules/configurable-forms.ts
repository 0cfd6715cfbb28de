import { CORRECTABLE_FIELDS, STUDENT_FIELD_LABELS } from '../contracts/students/records.js';
import {
  FIELD_CONFIG_MSG,
  FIELD_ROLE_LABELS,
  roleFieldSetting,
  type TFieldLock,
  type TFieldRole,
  type TFieldSetting,
  type TRoleFieldSettings,
} from './field-configuration.js';
import { STUDENT_REQUEST_CODES, STUDENT_REQUEST_FORMS, type TStudentRequestCode } from './student-request-fields.js';

/**
 * The forms an office can configure (docs/product/field-configuration.md#the-forms): each student request
 * form, as STUDENT_REQUEST_FORMS declares it, and the student profile (the identity and contact fields a
 * student reads on My profile and may ask the office to correct). Each field says how it is required by
 * default and what the office may not change of it.
 */

export type TConfigurableFieldInfo = {
  name: string;
  label: string;
  help: string;
  section: string;
  /** Required by default always, under conditions (other answers), or never. */
  required: 'always' | 'conditional' | 'never';
  lock: TFieldLock;
};
export type TConfigurableForm = {
  key: string;
  title: string;
  group: string;
  /** Who sees the form, and whether they fill it in (read-only makes sense only for them). */
  roles: readonly { role: TFieldRole; enters: boolean }[];
  fields: readonly TConfigurableFieldInfo[];
};

/** The form key of the student profile. */
export const STUDENT_PROFILE_FORM = 'student_profile';

/**
 * The values SEVIS needs from each student request, when the form asks for them (the update the approval
 * sends, or what the office enters in SEVIS RTI): they stay required and asked of the student.
 */
export const SEVIS_NEEDED_REQUEST_FIELDS: Partial<Record<TStudentRequestCode, readonly string[]>> = {
  cpt_request: [
    'employer_name',
    'cpt_address_line_1',
    'cpt_city',
    'cpt_state',
    'cpt_postal_code',
    'cpt_start_date',
    'cpt_end_date',
    'cpt_full_or_part_time',
  ],
  opt_request: ['opt_type', 'requested_start_date', 'requested_end_date', 'opt_full_or_part_time'],
  opt_employer_update: [
    'employer_name',
    'employer_address_line_1',
    'employer_city',
    'employer_state',
    'employer_zip_code',
    'employment_start_date',
    'employer_full_or_part_time',
  ],
  opt_stem_extend: [
    'employer_name',
    'employer_ein',
    'everify_number',
    'employer_address_line_1',
    'employer_city',
    'employer_state',
    'employer_zip_code',
    'employer_full_or_part_time',
    'requested_start_date',
    'requested_end_date',
  ],
  rcl_request: ['rcl_reason', 'rcl_start_date', 'rcl_end_date'],
  col_request: ['new_education_level', 'new_major', 'col_program_start_date', 'col_program_end_date'],
  transfer_in: [
    'previous_sevis_id',
    'sevis_release_date',
    'transfer_program_start_date',
    'foreign_address_line_1',
    'foreign_city',
    'foreign_country',
  ],
  program_extension: ['new_program_end_date', 'reason_for_extension', 'school_funding_remarks', 'other_funding_remarks'],
  registration_request: ['current_session_start_date', 'current_session_end_date', 'last_session', 'next_session_start_date'],
  complete_program_request: ['completion_date'],
  shorten_program_request: ['shortened_program_end_date'],
  cancel_request: ['cancel_reason'],
  defer_attendance_request: ['deferred_program_start_date', 'deferred_program_end_date'],
  transfer_out: ['transfer_school_name', 'transfer_release_date'],
  contact_info_update: ['us_address_line_1', 'us_city', 'us_state', 'us_zip_code'],
  financial_info_update: ['school_funding_remarks', 'other_funding_remarks'],
  dependent_info_update: [
    'dependent_id',
    'dependent_first_name',
    'dependent_last_name',
    'dependent_relationship',
    'dependent_gender',
    'dependent_birth_date',
    'dependent_birth_country',
    'dependent_citizenship_country',
  ],
};

const REQUEST_ROLES = [
  { role: 'student', enters: true },
  { role: 'staff', enters: false },
] as const;

function requestForm(code: TStudentRequestCode): TConfigurableForm {
  const form = STUDENT_REQUEST_FORMS[code];
  const sevis = new Set(SEVIS_NEEDED_REQUEST_FIELDS[code] ?? []);
  return {
    key: code,
    title: form.title,
    group: 'Student requests',
    roles: REQUEST_ROLES,
    fields: form.sections.flatMap((s) =>
      s.fields.map((f) => ({
        name: f.name,
        label: f.label,
        help: f.help ?? '',
        section: s.title,
        required: typeof f.required === 'function' ? ('conditional' as const) : f.required ? ('always' as const) : ('never' as const),
        lock: sevis.has(f.name) ? { required: 'sevis' as const, askedOf: ['student' as const] } : {},
      })),
    ),
  };
}

/** The student profile's fields the record itself needs (SEVIS's, or the portal's sign-in e-mail). */
const PROFILE_LOCKS: Record<string, TFieldLock> = {
  firstName: { required: 'record' },
  lastName: { required: 'sevis' },
  birthDate: { required: 'sevis' },
  citizenshipCountryCode: { required: 'sevis' },
  email: { required: 'record' },
};
/** The help My profile gives these fields (apps/web students/records record-fields.ts), for the office's table. */
const PROFILE_HELP: Record<string, string> = {
  phone: '10 digits, e.g. 217-555-0199',
  foreignPhoneCountryCode: 'Country calling code, e.g. 91 or +91',
  foreignPhone: 'SEVIS needs a U.S. or a foreign phone',
};
const CONTACT = new Set(['email', 'phone', 'foreignPhoneCountryCode', 'foreignPhone', 'usAddress', 'foreignAddress']);

const profileForm: TConfigurableForm = {
  key: STUDENT_PROFILE_FORM,
  title: 'Student profile (My profile)',
  group: 'Student records',
  roles: [{ role: 'student', enters: true }],
  fields: CORRECTABLE_FIELDS.map((name) => ({
    name,
    label: STUDENT_FIELD_LABELS[name] ?? name,
    help: PROFILE_HELP[name] ?? '',
    section: CONTACT.has(name) ? 'Contact' : 'Identity',
    required: PROFILE_LOCKS[name] ? ('always' as const) : ('never' as const),
    lock: PROFILE_LOCKS[name] ?? {},
  })),
};

/** Every configurable form: the student requests in their catalogue's order, then the student profile. */
export const CONFIGURABLE_FORMS: readonly TConfigurableForm[] = [...STUDENT_REQUEST_CODES.map(requestForm), profileForm];

const BY_KEY = new Map(CONFIGURABLE_FORMS.map((f) => [f.key, f]));

export function configurableForm(key: string): TConfigurableForm | undefined {
  return BY_KEY.get(key);
}

export function configurableField(formKey: string, fieldName: string): TConfigurableFieldInfo | undefined {
  return BY_KEY.get(formKey)?.fields.find((f) => f.name === fieldName);
}

/** A stored setting, as the server reads it. */
export type TStoredFieldSetting = TFieldSetting & { formKey: string; fieldName: string };

/**
 * What one role gets of every form's settings (the forms and fields the catalogue still has; locks kept),
 * leaving out what changes nothing for it.
 */
export function resolveRoleFieldSettings(rows: readonly TStoredFieldSetting[], role: TFieldRole | null): TRoleFieldSettings {
  const out: TRoleFieldSettings = {};
  if (!role) return out;
  for (const row of rows) {
    const form = configurableForm(row.formKey);
    const field = form?.fields.find((f) => f.name === row.fieldName);
    if (!form || !field || !form.roles.some((r) => r.role === role)) continue;
    const s = roleFieldSetting(row, role, field.lock);
    if (!Object.keys(s).length) continue;
    (out[row.formKey] ??= {})[row.fieldName] = s;
  }
  return out;
}

/**
 * What is wrong with a setting an office wants to save, by input field (`required`, `hiddenFor`,
 * `readOnlyFor`); empty when it may be saved. The form and field are known (checked before).
 */
export function fieldSettingIssues(
  form: TConfigurableForm,
  field: TConfigurableFieldInfo,
  s: Pick<TFieldSetting, 'required' | 'hiddenFor' | 'readOnlyFor'>,
): Record<string, string> {
  const issues: Record<string, string> = {};
  if (s.required === false && field.lock.required)
    issues.required = field.lock.required === 'sevis' ? FIELD_CONFIG_MSG.cannotBeOptional : FIELD_CONFIG_MSG.cannotBeOptionalRecord;
  const roleOf = (r: TFieldRole) => form.roles.find((x) => x.role === r);
  for (const r of s.hiddenFor) {
    if (!roleOf(r)) issues.hiddenFor ??= FIELD_CONFIG_MSG.notForThisForm(FIELD_ROLE_LABELS[r]);
    else if (field.lock.askedOf?.includes(r)) issues.hiddenFor ??= FIELD_CONFIG_MSG.cannotHide(FIELD_ROLE_LABELS[r]);
  }
  for (const r of s.readOnlyFor) {
    const role = roleOf(r);
    if (!role) issues.readOnlyFor ??= FIELD_CONFIG_MSG.notForThisForm(FIELD_ROLE_LABELS[r]);
    else if (!role.enters) issues.readOnlyFor ??= FIELD_CONFIG_MSG.notEnteredBy(FIELD_ROLE_LABELS[r]);
    else if (field.lock.askedOf?.includes(r)) issues.readOnlyFor ??= FIELD_CONFIG_MSG.cannotReadOnly(FIELD_ROLE_LABELS[r]);
    else if (s.hiddenFor.includes(r)) issues.readOnlyFor ??= `${FIELD_ROLE_LABELS[r]}: choose hidden or read-only, not both.`;
  }
  return issues;
}

/** The words the configuration page says of a locked field. */
export function fieldLockNote(lock: TFieldLock): string | null {
  if (lock.required === 'sevis') return FIELD_CONFIG_MSG.lockedBySevis;
  if (lock.required === 'record') return FIELD_CONFIG_MSG.lockedByRecord;
  return null;
}
