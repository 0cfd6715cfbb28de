import type { z } from 'zod';
import {
  FIELD_CONFIG_MSG,
  fieldSettingIssues,
  type formsApi,
  type TConfigurableFieldInfo,
  type TFieldRole,
  type TFieldSetting,
} from '@meridian/domain';
import { badRequest, conflict } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { fieldSettings } from '../../schema.js';
import { auditFieldSetting, fieldKey, knownField, loadFieldSetting, presentedFieldSettings } from '../field-settings-store.js';

type TInput = z.output<typeof formsApi.ZFieldSettingInput>;

/**
 * The settings as stored: words and a required that say what the form says already are kept as "as the
 * form says" (null), so the field follows its form if the form's own wording changes.
 */
function normalized(field: TConfigurableFieldInfo, input: TInput): TFieldSetting {
  const required = input.required === 'required' ? true : input.required === 'optional' ? false : null;
  const redundant = (required === true && field.required === 'always') || (required === false && field.required === 'never');
  const roles = (list: readonly TFieldRole[]) => [...new Set(list)];
  return {
    label: input.label && input.label !== field.label ? input.label : null,
    help: input.help && input.help !== field.help ? input.help : null,
    required: redundant ? null : required,
    hiddenFor: roles(input.hiddenFor),
    readOnlyFor: roles(input.readOnlyFor),
  };
}

/**
 * Saves one field's settings (docs/product/field-configuration.md#changing-a-field): a field SEVIS needs stays
 * required and asked of the student who gives it; a save over a newer change is refused (409).
 */
export async function saveFieldSetting(
  ctx: TContext,
  formKey: string,
  fieldName: string,
  input: TInput,
): Promise<formsApi.TFieldSettingRow> {
  const actor = requireActor(ctx);
  const { form, field } = knownField(formKey, fieldName);
  const values = normalized(field, input);
  const issues = Object.entries(fieldSettingIssues(form, field, values));
  if (issues.length) throw badRequest(issues[0]![1], Object.fromEntries(issues.map(([k, m]) => [k, [m]])));
  return ctx.db(async (tx) => {
    const before = await loadFieldSetting(tx, formKey, fieldName, true);
    if ((before?.version ?? 0) !== input.version) throw conflict(FIELD_CONFIG_MSG.stale);
    const columns = { ...values, hiddenFor: [...values.hiddenFor], readOnlyFor: [...values.readOnlyFor], updatedBy: actor.userId };
    const [after] = before
      ? await tx
          .update(fieldSettings)
          .set({ ...columns, updatedAt: new Date(), version: before.version + 1 })
          .where(fieldKey(formKey, fieldName))
          .returning()
      : // Two first saves at once: the second finds the row taken, as a stale version would.
        await tx
          .insert(fieldSettings)
          .values({ institutionId: ctx.institutionId, formKey, fieldName, ...columns })
          .onConflictDoNothing()
          .returning();
    if (!after) throw conflict(FIELD_CONFIG_MSG.stale);
    await auditFieldSetting(tx, ctx, 'field-configuration.saved', formKey, fieldName, before, after);
    const [shown] = await presentedFieldSettings(tx, fieldKey(formKey, fieldName));
    return shown!;
  });
}

/** Puts a field back as its form declares it; nothing to reset is not a mistake. */
export async function resetFieldSetting(ctx: TContext, formKey: string, fieldName: string): Promise<{ ok: true }> {
  knownField(formKey, fieldName);
  return ctx.db(async (tx) => {
    const before = await loadFieldSetting(tx, formKey, fieldName, true);
    if (!before) return { ok: true as const };
    await tx.delete(fieldSettings).where(fieldKey(formKey, fieldName));
    await auditFieldSetting(tx, ctx, 'field-configuration.reset', formKey, fieldName, before, null);
    return { ok: true as const };
  });
}
