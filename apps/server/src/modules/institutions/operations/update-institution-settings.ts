import type { TInstitutionSettings, TUpdateInstitutionSettingsInput } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { storeInstitutionSettings } from '../../../platform/tenancy/institutions.js';
import { loadSettings, storable } from '../settings.js';

/** Replaces the settings; audited with before and after. A new time zone is today's source from the next request on. */
export async function updateInstitutionSettings(ctx: TContext, input: TUpdateInstitutionSettingsInput): Promise<TInstitutionSettings> {
  const actor = requireActor(ctx);
  const saved = await ctx.db(async (tx) => {
    const before = await loadSettings(tx, ctx.institutionId);
    // A client that does not send the student welcome (it is newer than the rest) keeps the stored one.
    const after = {
      ...before,
      ...input,
      studentLoginWelcomeText: input.studentLoginWelcomeText ?? before.studentLoginWelcomeText,
      mailRetentionDays: input.mailRetentionDays ?? before.mailRetentionDays,
    };
    await storeInstitutionSettings(tx, ctx.institutionId, storable(after), after.timeZone);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'institution',
      entityId: ctx.institutionId,
      action: 'institution.settings.updated',
      before,
      after,
      ip: ctx.ip,
    });
    return after;
  });
  // The tenancy carries each institution's zone: the next request takes its today in the new one.
  ctx.services.tenancy.invalidate();
  return saved;
}
