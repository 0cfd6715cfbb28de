import { sanitizeFileName, type TInstitutionSettings } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { fileStorage, newStorageKey } from '../../../platform/files/storage.js';
import { virusScanner } from '../../../platform/files/virus-scan.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { storeInstitutionSettings } from '../../../platform/tenancy/institutions.js';
import { checkLogoFile } from '../logo-file.js';
import { loadSettings, storable } from '../settings.js';

/**
 * Stores an uploaded logo and makes it the institution's (docs/product/institutions.md#the-logo): the
 * file is checked (kind, size, an SVG's content) and scanned before anything is written; the old file
 * is removed once the new one is in place. Audited with before and after.
 */
export async function uploadLogo(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<TInstitutionSettings> {
  const actor = requireActor(ctx);
  const fileName = sanitizeFileName(file.fileName);
  const { contentType, sha256 } = checkLogoFile(fileName, file.data);
  const scan = await virusScanner()
    .scan(file.data)
    .catch(() => {
      throw new AppError(503, 'SCANNER_UNAVAILABLE', 'Files cannot be checked for viruses right now. Please try again later.');
    });
  if (!scan.isClean)
    throw new AppError(400, 'VALIDATION', 'This file did not pass the virus check.', { file: ['This file did not pass the virus check.'] });
  const storage = fileStorage(ctx.services.config.dataDir);
  const storageKey = newStorageKey();
  await storage.put(storageKey, file.data);
  let replaced: string | null = null;
  try {
    const saved = await ctx.db(async (tx) => {
      const before = await loadSettings(tx, ctx.institutionId);
      replaced = before.logoFile?.storageKey ?? null;
      const after = { ...before, logoFile: { storageKey, fileName, contentType, sizeBytes: file.data.length, sha256 } };
      await storeInstitutionSettings(tx, ctx.institutionId, storable(after));
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'institution',
        entityId: ctx.institutionId,
        action: 'institution.logo.uploaded',
        before: { logo: before.logoFile },
        after: { logo: after.logoFile },
        ip: ctx.ip,
      });
      return loadSettings(tx, ctx.institutionId);
    });
    if (replaced) await storage.delete(replaced).catch(() => {});
    return saved;
  } catch (e) {
    await storage.delete(storageKey).catch(() => {});
    throw e;
  }
}
