import { createHash } from 'node:crypto';
import { ATTACHMENT_MSG, sanitizeFileName } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { fileStorage, newStorageKey } from '../../../platform/files/storage.js';
import { allowedContentType } from '../../../platform/files/sniff.js';
import { virusScanner } from '../../../platform/files/virus-scan.js';
import { AppError, fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../../requests/index.js';
import { recordParts } from '../record-parts.js';
import { attachmentAuditShape } from '../attachment.presenter.js';
import { attachments } from '../schema.js';
import type { TUploadedFile } from './upload-attachment.js';

interface TOfficeDocument {
  description: string;
  /** Shown to the person as well (a letter written for them, docs/product/letters.md#filed-letters); the office's only by default. */
  isVisibleToPerson?: boolean;
  /** Runs in the same transaction once the file is recorded, e.g. to note what produced it. */
  alsoInTx?: (tx: TTx, attachmentId: string) => Promise<void>;
}

/** Where a document goes, once the caller is known to reach it: the attachment's own columns for that place. */
type TPlace = (tx: TTx) => Promise<{
  profileId?: string;
  requestId?: string;
  subjectUserId?: string | null;
  isVisibleToDepartment: boolean;
  audit?: Record<string, unknown>;
}>;

/**
 * Files a document the office wrote, with the same checks as every upload: the content matches the
 * name, the scanner passes it, the caller reaches the place (`place` refuses otherwise). One transaction:
 * the file, its audit entry and `alsoInTx`.
 */
async function fileOfficeDocument(ctx: TContext, place: TPlace, o: TOfficeDocument, file: TUploadedFile): Promise<string> {
  const actor = requireActor(ctx);
  const fileName = sanitizeFileName(file.fileName);
  if (file.data.length === 0) throw fieldError('file', ATTACHMENT_MSG.empty);
  const contentType = allowedContentType(fileName, file.data);
  if (!contentType) throw fieldError('file', ATTACHMENT_MSG.typeNotAllowed);
  return ctx.db(async (tx) => {
    const where = await place(tx);
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
        ...(where.profileId ? { profileId: where.profileId } : {}),
        ...(where.requestId ? { requestId: where.requestId, subjectUserId: where.subjectUserId ?? null } : {}),
        fileName,
        description: o.description.slice(0, 1000),
        contentType,
        sizeBytes: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        storageKey,
        isVisibleToRequester: o.isVisibleToPerson ?? false,
        isVisibleToDepartment: where.isVisibleToDepartment,
        uploadedBy: actor.userId,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: row!.id,
      action: 'attachment.uploaded',
      after: { ...attachmentAuditShape(row!), ...where.audit },
      ip: ctx.ip,
    });
    if (o.alsoInTx) await o.alsoInTx(tx, row!.id);
    return row!.id;
  });
}

/**
 * Files a document on a person's record that has no portal account (so no person to file it on),
 * e.g. the printed form SEVIS returns for a new record (docs/product/sevis-results.md#transaction-logs),
 * or a letter (docs/product/letters.md#filed-letters): the caller must reach the record (404 otherwise).
 */
export function fileRecordDocument(ctx: TContext, o: TOfficeDocument & { profileId: string }, file: TUploadedFile): Promise<string> {
  return fileOfficeDocument(
    ctx,
    async (tx) => {
      if (!(await recordParts().staffReachesRecord(tx, ctx, o.profileId))) throw notFound();
      return { profileId: o.profileId, isVisibleToDepartment: false, audit: { profileId: o.profileId } };
    },
    o,
    file,
  );
}

/**
 * Files a document the office wrote on a request, e.g. a letter for a scholar case filed on its
 * sponsorship request (docs/product/letters.md#records): the caller must process the request (404 when
 * they do not reach it, 403 when they may only read it); shown to the requester and the subject, and to
 * the department, only when asked.
 */
export function fileRequestDocument(ctx: TContext, o: TOfficeDocument & { requestId: string }, file: TUploadedFile): Promise<string> {
  return fileOfficeDocument(
    ctx,
    async (tx) => {
      const request = await getAccessibleRequest(tx, ctx, o.requestId, 'process');
      return { requestId: request.id, subjectUserId: request.subjectUserId, isVisibleToDepartment: o.isVisibleToPerson ?? false };
    },
    o,
    file,
  );
}
