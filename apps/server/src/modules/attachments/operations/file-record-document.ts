import { createHash } from 'node:crypto';
import { ATTACHMENT_MSG, sanitizeFileName } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { fileStorage, newStorageKey } from '../../../platform/files/storage.js';
import { allowedContentType } from '../../../platform/files/sniff.js';
import { virusScanner } from '../../../platform/files/virus-scan.js';
import { AppError, fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { recordParts } from '../record-parts.js';
import { attachmentAuditShape } from '../attachment.presenter.js';
import { attachments } from '../schema.js';
import type { TUploadedFile } from './upload-attachment.js';

/**
 * Files a document on a person's record that has no portal account (so no person to file it on),
 * e.g. the printed form SEVIS returns for a new record (docs/product/sevis-results.md#transaction-logs):
 * the office's only, never shown to the student. Same checks as every upload: content matches the
 * name, the scanner passes it, the caller reaches the record.
 */
export async function fileRecordDocument(
  ctx: TContext,
  o: {
    profileId: string;
    description: string;
    /** Shown to the person as well (a letter written for them, docs/product/letters.md#filed-letters); the office's only by default. */
    isVisibleToPerson?: boolean;
    /** Runs in the same transaction once the file is recorded, e.g. to note what produced it. */
    alsoInTx?: (tx: TTx, attachmentId: string) => Promise<void>;
  },
  file: TUploadedFile,
): Promise<string> {
  const actor = requireActor(ctx);
  const fileName = sanitizeFileName(file.fileName);
  if (file.data.length === 0) throw fieldError('file', ATTACHMENT_MSG.empty);
  const contentType = allowedContentType(fileName, file.data);
  if (!contentType) throw fieldError('file', ATTACHMENT_MSG.typeNotAllowed);
  return ctx.db(async (tx) => {
    if (!(await recordParts().staffReachesRecord(tx, ctx, o.profileId))) throw notFound();
    const scan = await virusScanner()
      .scan(file.data)
      .catch(() => {
        throw new AppError(503, 'SCANNER_UNAVAILABLE', 'Files cannot be checked for viruses right now. Please try again later.');
      });
    if (!scan.isClean) throw fieldError('file', ATTACHMENT_MSG.infected);
    const storageKey = newStorageKey();
    await fileStorage(ctx.services.config.dataDir).put(storageKey, file.data);
    const [row] = await tx
      .insert(attachments)
      .values({
        institutionId: ctx.institutionId,
        profileId: o.profileId,
        fileName,
        description: o.description.slice(0, 1000),
        contentType,
        sizeBytes: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        storageKey,
        isVisibleToRequester: o.isVisibleToPerson ?? false,
        isVisibleToDepartment: false,
        uploadedBy: actor.userId,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: row!.id,
      action: 'attachment.uploaded',
      after: { ...attachmentAuditShape(row!), profileId: o.profileId },
      ip: ctx.ip,
    });
    if (o.alsoInTx) await o.alsoInTx(tx, row!.id);
    return row!.id;
  });
}
