import type { TInstitutionSettings } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { fileStorage } from '../../../platform/files/storage.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { storeInstitutionSettings } from '../../../platform/tenancy/institutions.js';
import { loadSettings, storable } from '../settings.js';

/** Removes the uploaded logo: the logo address, if one is set, shows again. Audited; removing none changes nothing. */
export async function deleteLogo(ctx: TContext): Promise<TInstitutionSettings> {
  const actor = requireActor(ctx);
  let removed: string | null = null;
  const saved = await ctx.db(async (tx) => {
    const before = await loadSettings(tx, ctx.institutionId);
    if (!before.logoFile) return before;
    removed = before.logoFile.storageKey;
    await storeInstitutionSettings(tx, ctx.institutionId, storable({ ...before, logoFile: null }));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'institution',
      entityId: ctx.institutionId,
      action: 'institution.logo.removed',
      before: { logo: before.logoFile },
      after: { logo: null },
      ip: ctx.ip,
    });
    return loadSettings(tx, ctx.institutionId);
  });
  if (removed)
    await fileStorage(ctx.services.config.dataDir)
      .delete(removed)
      .catch(() => {});
  return saved;
}
