// Field configuration (docs/product/field-configuration.md): the office's label, help, required, hidden and
// read-only settings of the fields of its forms, read by every signed-in user for their role.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { FIELD_ROLES } from '../../rules/field-configuration.js';
import { defineRoute, ZOk } from '../define.js';

const T = ['forms'];

export const ZFieldRole = z.enum(FIELD_ROLES, { error: MSG.invalidValue });

/** A field's settings as the office saves them: empty words and 'default' keep the form's own. */
export const ZFieldSettingInput = z.object({
  label: z.string().trim().max(120, MSG.invalidLength).default(''),
  help: z.string().trim().max(300, MSG.invalidLength).default(''),
  required: z.enum(['default', 'required', 'optional'], { error: MSG.invalidValue }).default('default'),
  hiddenFor: z.array(ZFieldRole).max(FIELD_ROLES.length).default([]),
  readOnlyFor: z.array(ZFieldRole).max(FIELD_ROLES.length).default([]),
  /** The version the dialog was opened with (0: the field had no settings): a save over a newer change is refused. */
  version: z.number().int().min(0),
});
export type TFieldSettingInput = z.input<typeof ZFieldSettingInput>;

/** One field's saved settings (null: as the form says). */
export const ZFieldSettingRow = z.object({
  formKey: z.string(),
  fieldName: z.string(),
  label: z.string().nullable(),
  help: z.string().nullable(),
  required: z.boolean().nullable(),
  hiddenFor: z.array(ZFieldRole),
  readOnlyFor: z.array(ZFieldRole),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type TFieldSettingRow = z.infer<typeof ZFieldSettingRow>;
export const ZFieldSettingList = z.object({ items: z.array(ZFieldSettingRow) });
export type TFieldSettingList = z.infer<typeof ZFieldSettingList>;

/** What one role gets of a field's settings (rules/field-configuration.ts TRoleFieldSetting). */
export const ZRoleFieldSetting = z.object({
  label: z.string().optional(),
  help: z.string().optional(),
  required: z.boolean().optional(),
  hidden: z.boolean().optional(),
  readOnly: z.boolean().optional(),
});
/** Every configured form's settings for one role: form key → field name → setting. */
export const ZRoleFieldSettings = z.record(z.string(), z.record(z.string(), ZRoleFieldSetting));
export const ZMyFieldSettings = z.object({
  /** The caller's role for field settings (null: a role no setting names). */
  role: ZFieldRole.nullable(),
  forms: ZRoleFieldSettings,
});
export type TMyFieldSettings = z.infer<typeof ZMyFieldSettings>;

export const ZFieldSettingParams = z.object({
  formKey: z.string().max(60, MSG.invalidLength),
  fieldName: z.string().max(60, MSG.invalidLength),
});

export const listFieldSettings = defineRoute({
  method: 'GET',
  path: '/api/field-configuration',
  access: 'fields.configure',
  tags: T,
  summary: 'Every field setting the office saved, on every configurable form (fields without one are as the form says)',
  response: ZFieldSettingList,
});
export const getMyFieldSettings = defineRoute({
  method: 'GET',
  path: '/api/field-configuration/mine',
  access: 'authenticated',
  tags: T,
  summary: "What the office's field settings mean for the caller's role: per form, each field's label, help, required, hidden or read-only",
  response: ZMyFieldSettings,
});
export const saveFieldSetting = defineRoute({
  method: 'PUT',
  path: '/api/field-configuration/:formKey/:fieldName',
  access: 'fields.configure',
  tags: T,
  summary:
    "Save one field's settings: a field SEVIS needs stays required and asked of the student (400 with the message on the setting); a stale version answers 409",
  params: ZFieldSettingParams,
  body: ZFieldSettingInput,
  response: ZFieldSettingRow,
});
export const resetFieldSetting = defineRoute({
  method: 'DELETE',
  path: '/api/field-configuration/:formKey/:fieldName',
  access: 'fields.configure',
  tags: T,
  summary: 'Put one field back as its form declares it (its settings are deleted)',
  params: ZFieldSettingParams,
  response: ZOk,
});
