import type { TInstitutionSettings, TUpdateInstitutionSettingsInput } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { storeInstitutionSettings } from '../../../platform/tenancy/institutions.js';
import { loadSettings } from '../settings.js';

/** Replaces the settings; audited with before and after. */
export async function updateInstitutionSettings(ctx: TContext, input: TUpdateInstitutionSettingsInput): Promise<TInstitutionSettings> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadSettings(tx, ctx.institutionId);
    const after = { ...before, ...input };
    await storeInstitutionSettings(tx, ctx.institutionId, after);
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
}
