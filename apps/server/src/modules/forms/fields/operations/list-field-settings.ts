import { fieldRoleOf, type formsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { presentedFieldSettings, roleFieldSettings } from '../field-settings-store.js';

/** Every field setting the office saved (the list is short: read whole). */
export async function listFieldSettings(ctx: TContext): Promise<formsApi.TFieldSettingList> {
  return ctx.db(async (tx) => ({ items: await presentedFieldSettings(tx) }));
}

/** What the settings mean for the caller's role (docs/product/field-configuration.md#what-each-role-reads). */
export async function getMyFieldSettings(ctx: TContext): Promise<formsApi.TMyFieldSettings> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => ({ role: fieldRoleOf(actor.role), forms: await roleFieldSettings(tx, actor) }));
}
