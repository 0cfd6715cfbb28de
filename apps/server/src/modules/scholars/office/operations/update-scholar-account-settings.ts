import { scholarsApi, type TScholarAccountSettings } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { scholarAccountSettings } from '../../schema.js';
import { readAccountSettings } from '../../account-settings.js';

/** Changes the Account Settings for H-1B and O-1 (offsets kept longest first); audited with before and after. */
export async function updateScholarAccountSettings(
  ctx: TContext,
  input: scholarsApi.TAccountSettingsInput,
): Promise<TScholarAccountSettings> {
  const actor = requireActor(ctx);
  const body = scholarsApi.ZAccountSettingsInput.parse(input);
  const settings: TScholarAccountSettings = { ...body, endDateAlertOffsets: [...body.endDateAlertOffsets].sort((a, b) => b - a) };
  return ctx.db(async (tx) => {
    const before = await readAccountSettings(tx);
    await tx
      .insert(scholarAccountSettings)
      .values({ institutionId: ctx.institutionId, settings, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: scholarAccountSettings.institutionId,
        set: { settings, updatedBy: actor.userId, updatedAt: new Date() },
      });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_account_settings',
      entityId: ctx.institutionId,
      action: 'scholar.account-settings.updated',
      before,
      after: settings,
      ip: ctx.ip,
    });
    return settings;
  });
}
