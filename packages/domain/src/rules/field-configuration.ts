import type { TRole } from '../catalog/roles.js';

/**
 * Field configuration (docs/product/field-configuration.md): an office words the fields of its forms its own
 * way (label, help), makes a field required or optional, and hides a field from a role or shows it to that
 * role without letting it change the value. This file knows no form: it turns the office's settings into
 * what one role gets, and applies that to any form definition made of sections of named fields. The forms
 * that can be configured, and the locks on their fields, are in rules/configurable-forms.ts.
 */

/** The roles a setting can name: who fills a form in, and who reads it. */
export const FIELD_ROLES = ['student', 'scholar', 'department', 'staff'] as const;
export type TFieldRole = (typeof FIELD_ROLES)[number];

export const FIELD_ROLE_LABELS: Record<TFieldRole, string> = {
  student: 'Students',
  scholar: 'Scholars',
  department: 'Department users',
  staff: 'Office staff',
};

/** The role a signed-in user's settings are read for (advisors, who act through a link, have none). */
export function fieldRoleOf(role: TRole | null | undefined): TFieldRole | null {
  switch (role) {
    case 'ISSSstudent':
      return 'student';
    case 'scholar':
      return 'scholar';
    case 'department':
      return 'department';
    case 'isssAdmin':
      return 'staff';
    default:
      return null;
  }
}

/** The office's setting of one field, as stored: null (or an empty list) means "as the form says". */
export type TFieldSetting = {
  label: string | null;
  help: string | null;
  /** true: required; false: optional; null: as the form says. */
  required: boolean | null;
  hiddenFor: readonly TFieldRole[];
  readOnlyFor: readonly TFieldRole[];
};

/** What one role gets of a field's setting: only what differs from the form's own definition. */
export type TRoleFieldSetting = {
  label?: string | undefined;
  help?: string | undefined;
  required?: boolean | undefined;
  /** Not shown to this role, not asked of it, and its value is not taken from it. */
  hidden?: boolean | undefined;
  /** Shown to this role, but a change to the value is refused. */
  readOnly?: boolean | undefined;
};
/** One form's settings for one role, by field name. */
export type TRoleFormSettings = Record<string, TRoleFieldSetting>;
/** Every configured form's settings for one role, by form key. */
export type TRoleFieldSettings = Record<string, TRoleFormSettings>;

/**
 * What the office may not change of a field. `required`: the field stays required (SEVIS needs it, or the
 * record cannot be kept without it). `askedOf`: the roles that fill the field in and must keep being asked
 * for it (a field SEVIS needs cannot be hidden from, nor made read-only for, the student who gives it).
 */
export type TFieldLock = { required?: 'sevis' | 'record' | undefined; askedOf?: readonly TFieldRole[] | undefined };

/** The words of field configuration, the same in the browser and on the server. */
export const FIELD_CONFIG_MSG = {
  hidden: 'This field is not asked of you, so its value cannot be set here.',
  readOnly: 'This field cannot be changed here: the office keeps it as it is.',
  lockedBySevis: 'SEVIS needs this field: it stays required, and it stays shown and editable for whoever fills it in.',
  lockedByRecord: 'The record cannot be kept without this field: it stays required.',
  cannotBeOptional: 'SEVIS needs this field: it cannot be made optional.',
  cannotBeOptionalRecord: 'The record cannot be kept without this field: it cannot be made optional.',
  cannotHide: (role: string) => `SEVIS needs this field: it cannot be hidden from ${role.toLowerCase()}.`,
  cannotReadOnly: (role: string) => `SEVIS needs this field: ${role.toLowerCase()} must be able to fill it in.`,
  unknownForm: 'This form cannot be configured.',
  unknownField: 'This form has no such field.',
  notForThisForm: (role: string) => `This form is not shown to ${role.toLowerCase()}.`,
  notEnteredBy: (role: string) => `${role} do not fill this form in: they only read it.`,
  stale: 'Someone else changed this field’s settings while you were editing. Close the dialog and open it again to see their change.',
} as const;

/** The setting one role gets of a field, with the field's locks kept whatever was stored. */
export function roleFieldSetting(s: TFieldSetting, role: TFieldRole, lock: TFieldLock = {}): TRoleFieldSetting {
  const out: TRoleFieldSetting = {};
  if (s.label) out.label = s.label;
  if (s.help) out.help = s.help;
  if (s.required === true || (s.required === false && !lock.required)) out.required = s.required;
  const asked = lock.askedOf?.includes(role) ?? false;
  if (s.hiddenFor.includes(role) && !asked) out.hidden = true;
  else if (s.readOnlyFor.includes(role) && !asked) out.readOnly = true;
  return out;
}

/** A field any form definition can give: its name, words, and whether it is required (always, or by the data). */
export type TConfigurableField = {
  name: string;
  label: string;
  help?: string | undefined;
  required?: boolean | ((data: Record<string, unknown>) => boolean) | undefined;
};
/** A field as one role gets it: read-only when the office said so (a read-only field is never required of that role). */
export type TConfiguredField<F extends TConfigurableField> = F & { readOnly?: boolean | undefined };

/**
 * The fields one role is asked, in order: hidden ones left out, labels and help as the office words them,
 * required as the office set it (a read-only field is not required of a role that cannot change it).
 */
export function configureFields<F extends TConfigurableField>(
  fields: readonly F[],
  settings: TRoleFormSettings | null | undefined,
): TConfiguredField<F>[] {
  if (!settings) return [...fields];
  const out: TConfiguredField<F>[] = [];
  for (const f of fields) {
    const s = settings[f.name];
    if (!s) {
      out.push(f);
      continue;
    }
    if (s.hidden) continue;
    const field: TConfiguredField<F> = { ...f };
    if (s.label) field.label = s.label;
    if (s.help) field.help = s.help;
    if (s.required !== undefined) field.required = s.required;
    if (s.readOnly) {
      field.readOnly = true;
      field.required = false;
    }
    out.push(field);
  }
  return out;
}

type TSectionOf<T> = T extends { sections: readonly (infer S)[] } ? S : never;
type TFieldOf<T> = TSectionOf<T> extends { fields: readonly (infer F)[] } ? F : never;
/** A form definition as one role gets it: the same sections, each with its fields configured. */
export type TConfiguredForm<T> = Omit<T, 'sections'> & {
  sections: (Omit<TSectionOf<T>, 'fields'> & { fields: TConfiguredField<TFieldOf<T> & TConfigurableField>[] })[];
};

/**
 * A form definition (sections of fields) as one role gets it (configureFields on each section); a section
 * left with no field is left out.
 */
export function applyFieldConfiguration<T extends { sections: readonly { fields: readonly TConfigurableField[] }[] }>(
  form: T,
  settings: TRoleFormSettings | null | undefined,
): TConfiguredForm<T> {
  if (!settings || !Object.keys(settings).length) return form as unknown as TConfiguredForm<T>;
  return {
    ...form,
    sections: form.sections.map((s) => ({ ...s, fields: configureFields(s.fields, settings) })).filter((s) => s.fields.length > 0),
  } as unknown as TConfiguredForm<T>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(emptyAsNull(a)) === JSON.stringify(emptyAsNull(b));
function emptyAsNull(v: unknown): unknown {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
  return v;
}

/**
 * The changes one role may not make (docs/product/field-configuration.md#what-the-server-refuses): a value of a
 * field hidden from it, or a change to a field that is read-only for it. `before` is what is saved, `after`
 * what would be; only the fields named in `given` (what the role sent) are looked at. Returns
 * { field: [message] }, empty when every change is allowed.
 */
export function refusedFieldChanges(
  settings: TRoleFormSettings | null | undefined,
  given: readonly string[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!settings) return errors;
  for (const name of given) {
    const s = settings[name];
    if (!s || (!s.hidden && !s.readOnly) || same(before[name], after[name])) continue;
    errors[name] = [s.hidden ? FIELD_CONFIG_MSG.hidden : FIELD_CONFIG_MSG.readOnly];
  }
  return errors;
}
