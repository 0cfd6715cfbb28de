import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ATTACHMENT_MSG, sanitizeFileName, type TAttachment, type TUploadAttachmentFields } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { fileStorage, newStorageKey } from '../../../platform/files/storage.js';
import { allowedContentType } from '../../../platform/files/sniff.js';
import { virusScanner } from '../../../platform/files/virus-scan.js';
import { AppError, badRequest, fieldError, forbidden } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customDocuments } from '../../forms/index.js';
import { canAccessRequest, getAccessibleRequest, type TRequestRow } from '../../requests/index.js';
import { recordParts } from '../record-parts.js';
import { requestView, userView, type TAttachmentView } from '../attachment.policy.js';
import { attachmentAuditShape, presentAttachment, uploaderNames } from '../attachment.presenter.js';
import { attachments } from '../schema.js';

export interface TUploadedFile {
  fileName: string;
  data: Buffer;
}

/**
 * Stores one uploaded file on a request or a person's record: the content must match its
 * extension, the scanner must pass it, and only office staff choose who else sees it.
 */
export async function uploadAttachment(ctx: TContext, fields: TUploadAttachmentFields, file: TUploadedFile): Promise<TAttachment> {
  const actor = requireActor(ctx);
  const fileName = sanitizeFileName(file.fileName);
  if (file.data.length === 0) throw fieldError('file', ATTACHMENT_MSG.empty);
  const contentType = allowedContentType(fileName, file.data);
  if (!contentType) throw fieldError('file', ATTACHMENT_MSG.typeNotAllowed);
  if (!!fields.requestId === !!fields.subjectUserId)
    throw badRequest(ATTACHMENT_MSG.targetRequired, { requestId: [ATTACHMENT_MSG.targetRequired] });

  return ctx.db(async (tx) => {
    let view: TAttachmentView;
    let request: TRequestRow | null = null;
    if (fields.requestId) {
      request = await getAccessibleRequest(tx, ctx, fields.requestId, 'read');
      view = requestView(actor, request);
      if (view !== 'all' && !canAccessRequest(actor, request, 'write')) throw forbidden('This request cannot be changed now.');
      // A file for one dependent or site of activity must name one of the request's student record.
      if (fields.dependentId) {
        const ok = request.profileId ? await recordParts().hasDependent(tx, request.profileId, fields.dependentId) : false;
        if (!ok) throw fieldError('dependentId', 'Choose one of the dependents on this record.');
      }
      if (fields.soaId) {
        const ok = request.profileId ? await recordParts().hasSiteOfActivity(tx, request.profileId, fields.soaId) : false;
        if (!ok) throw fieldError('soaId', 'Choose one of the sites of activity on this record.');
      }
    } else {
      view = await userView(tx, ctx, fields.subjectUserId!);
      // A person's record files are the office's; a student files only what their current portal stage asks of them.
      if (view !== 'all') {
        if (actor.role !== 'ISSSstudent' || fields.subjectUserId !== actor.userId || !fields.customDocumentId) throw forbidden();
        const refusal = await recordParts().mayFileOwnDocument(tx, ctx, fields);
        if (refusal) throw refusal.field ? fieldError(refusal.field, refusal.message) : forbidden(refusal.message);
      }
    }
    if (fields.customDocumentId) {
      const [doc] = await tx
        .select({ id: customDocuments.id })
        .from(customDocuments)
        .where(and(eq(customDocuments.id, fields.customDocumentId), eq(customDocuments.isDeleted, false)));
      if (!doc) throw fieldError('customDocumentId', 'The document was not found.');
    }

    const scan = await virusScanner()
      .scan(file.data)
      .catch(() => {
        throw new AppError(503, 'SCANNER_UNAVAILABLE', 'Files cannot be checked for viruses right now. Please try again later.');
      });
    if (!scan.isClean) {
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'attachment',
        entityId: fields.requestId ?? fields.subjectUserId!,
        action: 'attachment.infected',
        after: { fileName, signature: scan.signature },
        ip: ctx.ip,
      });
      throw fieldError('file', ATTACHMENT_MSG.infected);
    }

    // Who sees it: staff decide; a requester's own upload is visible to them, a department's to the department.
    const isStaff = view === 'all';
    const isVisibleToRequester = isStaff ? fields.isVisibleToRequester : view === 'requester' || actor.userId === request?.requesterUserId;
    const isVisibleToDepartment = isStaff ? fields.isVisibleToDepartment : actor.role === 'department';

    const storageKey = newStorageKey();
    await fileStorage(ctx.services.config.dataDir).put(storageKey, file.data);
    const [row] = await tx
      .insert(attachments)
      .values({
        institutionId: ctx.institutionId,
        requestId: fields.requestId,
        subjectUserId: fields.requestId ? (request?.subjectUserId ?? null) : fields.subjectUserId,
        customDocumentId: fields.customDocumentId,
        dependentId: fields.dependentId,
        soaId: fields.soaId,
        categoryId: fields.categoryId,
        checklistItem: fields.checklistItem,
        fileName,
        description: fields.description,
        contentType,
        sizeBytes: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        storageKey,
        isVisibleToRequester,
        isVisibleToDepartment,
        uploadedBy: actor.userId,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: row!.id,
      action: 'attachment.uploaded',
      after: attachmentAuditShape(row!),
      ip: ctx.ip,
    });
    return presentAttachment({ row: row!, view, request }, actor, await uploaderNames(tx, [row!]));
  });
}
