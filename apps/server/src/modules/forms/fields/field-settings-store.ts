import { and, asc, eq, type SQL } from 'drizzle-orm';
import {
  configurableForm,
  fieldRoleOf,
  resolveRoleFieldSettings,
  type formsApi,
  type TConfigurableFieldInfo,
  type TConfigurableForm,
  type TFieldRole,
  type TRoleFieldSettings,
  type TStoredFieldSetting,
} from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext, type TAuthenticatedActor } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { fieldSettings } from '../schema.js';

export type TFieldSettingsRow = typeof fieldSettings.$inferSelect;

/** A stored row as the domain's rules read it. */
export const stored = (r: TFieldSettingsRow): TStoredFieldSetting => ({
  formKey: r.formKey,
  fieldName: r.fieldName,
  label: r.label,
  help: r.help,
  required: r.required,
  hiddenFor: r.hiddenFor as TFieldRole[],
  readOnlyFor: r.readOnlyFor as TFieldRole[],
});

/** Every setting of the office (the context's institution: row-level security). */
export async function allFieldSettings(tx: TTx): Promise<TFieldSettingsRow[]> {
  return tx.select().from(fieldSettings);
}

/**
 * What the office's field settings mean for one actor's role, per form (docs/product/field-configuration.md):
 * what the forms draw in the browser and what the owning modules check on the server.
 */
export async function roleFieldSettings(tx: TTx, actor: Pick<TAuthenticatedActor, 'role'> | null): Promise<TRoleFieldSettings> {
  const role = fieldRoleOf(actor?.role);
  if (!role) return {};
  return resolveRoleFieldSettings((await allFieldSettings(tx)).map(stored), role);
}

/** The configurable form and field the address names; 404 otherwise. */
export function knownField(formKey: string, fieldName: string): { form: TConfigurableForm; field: TConfigurableFieldInfo } {
  const form = configurableForm(formKey);
  const field = form?.fields.find((f) => f.name === fieldName);
  if (!form || !field) throw notFound();
  return { form, field };
}

/** The row-level key of one field's settings (row-level security keeps the institution). */
export const fieldKey = (formKey: string, fieldName: string) =>
  and(eq(fieldSettings.formKey, formKey), eq(fieldSettings.fieldName, fieldName));

/** One field's row, locked for a change when asked. */
export async function loadFieldSetting(tx: TTx, formKey: string, fieldName: string, lock = false): Promise<TFieldSettingsRow | null> {
  const q = tx.select().from(fieldSettings).where(fieldKey(formKey, fieldName));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A row as the API shows it, with the name of who changed it last. */
export function presentFieldSetting(r: TFieldSettingsRow, updatedByName: string | null): formsApi.TFieldSettingRow {
  const s = stored(r);
  return {
    ...s,
    hiddenFor: [...s.hiddenFor],
    readOnlyFor: [...s.readOnlyFor],
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    updatedByName,
  };
}

/** Every setting of the office with who changed each last. */
export async function presentedFieldSettings(tx: TTx, where?: SQL): Promise<formsApi.TFieldSettingRow[]> {
  const rows = await tx
    .select({ s: fieldSettings, f: users.firstName, l: users.lastName })
    .from(fieldSettings)
    .leftJoin(users, eq(users.id, fieldSettings.updatedBy))
    .where(where)
    .orderBy(asc(fieldSettings.formKey), asc(fieldSettings.fieldName));
  return rows.map((r) => presentFieldSetting(r.s, r.f != null ? `${r.f} ${r.l ?? ''}`.trim() : null));
}

/** The Logs' record of a change to a field's settings (Configuration log type). */
export async function auditFieldSetting(
  tx: TTx,
  ctx: TContext,
  action: 'field-configuration.saved' | 'field-configuration.reset',
  formKey: string,
  fieldName: string,
  before: TFieldSettingsRow | null,
  after: TFieldSettingsRow | null,
): Promise<void> {
  const shown = (r: TFieldSettingsRow | null) => (r ? { ...stored(r), version: r.version } : null);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'field-setting',
    entityId: `${formKey}.${fieldName}`,
    action,
    before: shown(before),
    after: shown(after),
    ip: ctx.ip,
  });
}
