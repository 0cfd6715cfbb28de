import { eq } from 'drizzle-orm';
import { fileExtension, lettersApi, sanitizeFileName } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError, fieldError } from '../../../platform/errors/app-error.js';
import { sniffKind } from '../../../platform/files/sniff.js';
import { fileStorage, newStorageKey } from '../../../platform/files/storage.js';
import { virusScanner } from '../../../platform/files/virus-scan.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { imageSize } from '../letter-pdf.js';
import { loadTemplate, presentLoaded, templateAuditShape } from '../letter-template.presenter.js';
import { letterTemplates } from '../schema.js';

const M = lettersApi.LETTER_MSG;
const TYPES: Record<string, 'image/png' | 'image/jpeg'> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/**
 * Stores a template's signature image (docs/product/letters.md#the-signature): PNG or JPEG by name and by
 * its first bytes, readable as an image, at most 1 MB, scanned; the previous image is removed once the new
 * one is in place.
 */
export async function uploadLetterSignature(
  ctx: TContext,
  templateId: string,
  file: { fileName: string; data: Buffer },
): Promise<lettersApi.TLetterTemplate> {
  const actor = requireActor(ctx);
  const fileName = sanitizeFileName(file.fileName);
  if (file.data.length === 0) throw fieldError('file', M.signatureRequired);
  if (file.data.length > lettersApi.LETTER_SIGNATURE_MAX_BYTES) throw fieldError('file', M.signatureTooLarge, 413);
  const contentType = TYPES[fileExtension(fileName)];
  if (!contentType || sniffKind(file.data) !== (contentType === 'image/png' ? 'png' : 'jpeg') || !imageSize(file.data))
    throw fieldError('file', M.signatureType);
  // The template must exist (404) before anything is stored.
  await ctx.db((tx) => loadTemplate(tx, templateId));
  const scan = await virusScanner()
    .scan(file.data)
    .catch(() => {
      throw new AppError(503, 'SCANNER_UNAVAILABLE', 'Files cannot be checked for viruses right now. Please try again later.');
    });
  if (!scan.isClean) throw fieldError('file', 'This file did not pass the virus check.');
  const storage = fileStorage(ctx.services.config.dataDir);
  const storageKey = newStorageKey();
  await storage.put(storageKey, file.data);
  let replaced: string | null = null;
  try {
    const saved = await ctx.db(async (tx) => {
      const before = await loadTemplate(tx, templateId);
      replaced = before.signatureStorageKey;
      const [row] = await tx
        .update(letterTemplates)
        .set({
          signatureStorageKey: storageKey,
          signatureFileName: fileName,
          signatureContentType: contentType,
          signatureSizeBytes: file.data.length,
          updatedAt: new Date(),
          updatedBy: actor.userId,
        })
        .where(eq(letterTemplates.id, templateId))
        .returning();
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'letter_template',
        entityId: templateId,
        action: 'letter_template.signature_uploaded',
        before: templateAuditShape(before),
        after: templateAuditShape(row!),
        ip: ctx.ip,
      });
      return presentLoaded(tx, row!);
    });
    if (replaced) await storage.delete(replaced).catch(() => {});
    return saved;
  } catch (e) {
    await storage.delete(storageKey).catch(() => {});
    throw e;
  }
}
