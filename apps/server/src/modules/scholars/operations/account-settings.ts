import { DEFAULT_SCHOLAR_ACCOUNT_SETTINGS, scholarsApi, ZScholarAccountSettings, type TScholarAccountSettings } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { scholarAccountSettings } from '../schema.js';

/** The institution's scholar account settings (row-level security scopes the read to the tenant); defaults when never saved. */
export async function readAccountSettings(tx: TTx): Promise<TScholarAccountSettings> {
  const [row] = await tx.select().from(scholarAccountSettings).limit(1);
  if (!row) return DEFAULT_SCHOLAR_ACCOUNT_SETTINGS;
  const parsed = ZScholarAccountSettings.safeParse({ ...DEFAULT_SCHOLAR_ACCOUNT_SETTINGS, ...row.settings });
  return parsed.success ? parsed.data : DEFAULT_SCHOLAR_ACCOUNT_SETTINGS;
}

/** Account Settings for H-1B and O-1 as the page reads them. */
export async function getAccountSettings(ctx: TContext): Promise<TScholarAccountSettings> {
  return ctx.db((tx) => readAccountSettings(tx));
}

/** Changes the Account Settings for H-1B and O-1 (offsets kept longest first); audited with before and after. */
export async function updateAccountSettings(ctx: TContext, input: scholarsApi.TAccountSettingsInput): Promise<TScholarAccountSettings> {
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
