import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { attachmentsApi, ATTACHMENT_MAX_BYTES, ATTACHMENT_MSG, MSG, textOf } from '@meridian/domain';
import { AppError, badRequest, fieldError, type TFieldErrors } from '../../platform/errors/app-error.js';
import { fileStorage } from '../../platform/files/storage.js';
import { refuseUnstorableText, registerRawRoute, registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { COMBINED_PDF_JOB, combinedPdf, startCombinedPdf, type TCombinedPdfJob } from './operations/combined-pdf.js';
import { registerJobKind } from '../../platform/jobs/runner.js';
import { listRequestAttachments } from './operations/list-request-attachments.js';
import { listUserAttachments } from './operations/list-user-attachments.js';
import { getAttachment } from './operations/get-attachment.js';
import { rejectAttachment } from './operations/reject-attachment.js';
import { updateAttachmentVisibility } from './operations/update-attachment-visibility.js';
import { updateAttachmentCategory } from './operations/update-attachment-category.js';
import { linkAttachment } from './operations/link-attachment.js';
import { deleteAttachment } from './operations/delete-attachment.js';
import { getDocumentChecklist } from './operations/get-document-checklist.js';
import { uploadAttachment, type TUploadedFile } from './operations/upload-attachment.js';
import { contentDisposition, missingFile } from '../../platform/files/download.js';
import { downloadAttachment } from './operations/download-attachment.js';

const tooLarge = () => new AppError(413, 'TOO_LARGE', ATTACHMENT_MSG.tooLarge, { file: [ATTACHMENT_MSG.tooLarge] });

/** Reads the multipart body: one file part named 'file' (at most 10 MB) and text fields. */
async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; file: TUploadedFile | null }> {
  if (!req.isMultipart()) throw fieldError('file', ATTACHMENT_MSG.fileRequired);
  const fields: Record<string, string> = {};
  let file: TUploadedFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 30, fieldSize: 4000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') file = { fileName: part.filename ?? '', data };
      } else {
        fields[part.fieldname] = textOf(part.value);
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Upload one file at a time.');
    throw badRequest('The upload could not be read.');
  }
  return { fields, file };
}

export async function attachmentRoutes(app: FastifyInstance, s: TServices): Promise<void> {
  // Only these routes read multipart; everything else stays JSON with the 1 MB body limit.
  await app.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1 } });

  registerRawRoute(app, s, attachmentsApi.uploadAttachment, async (ctx, req) => {
    const { fields, file } = await readUpload(req);
    refuseUnstorableText({ body: fields });
    const parsed = attachmentsApi.ZUploadAttachmentFields.safeParse(fields);
    if (!parsed.success) {
      const fieldErrors: TFieldErrors = {};
      for (const i of parsed.error.issues) (fieldErrors[i.path.join('.') || '_'] ??= []).push(i.message);
      throw badRequest(Object.values(fieldErrors)[0]?.[0] ?? MSG.invalidValue, fieldErrors, 'VALIDATION');
    }
    if (!file) throw fieldError('file', ATTACHMENT_MSG.fileRequired);
    return uploadAttachment(ctx, parsed.data, file);
  });
  registerRoute(app, s, attachmentsApi.listRequestAttachments, (ctx, { params }) => listRequestAttachments(ctx, params.requestId));
  registerRoute(app, s, attachmentsApi.getDocumentChecklist, (ctx, { params }) => getDocumentChecklist(ctx, params.requestId));
  registerRoute(app, s, attachmentsApi.listUserAttachments, (ctx, { params }) => listUserAttachments(ctx, params.userId));
  registerRoute(app, s, attachmentsApi.getAttachment, (ctx, { params }) => getAttachment(ctx, params.attachmentId));
  registerRawRoute(app, s, attachmentsApi.downloadAttachment, async (ctx, req, reply) => {
    const params = attachmentsApi.ZAttachmentIdParams.safeParse(req.params);
    if (!params.success) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
    const row = await downloadAttachment(ctx, params.data.attachmentId);
    const stream = await fileStorage(s.config.dataDir)
      .read(row.storageKey)
      .catch((e: unknown) => missingFile(e, req.log));
    return reply
      .header('Content-Type', row.contentType)
      .header('Content-Length', String(row.sizeBytes))
      .header('Content-Disposition', contentDisposition(row.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stream);
  });
  registerRoute(app, s, attachmentsApi.rejectAttachment, (ctx, { params, body }) =>
    rejectAttachment(ctx, params.attachmentId, body.reason),
  );
  registerRoute(app, s, attachmentsApi.updateAttachmentVisibility, (ctx, { params, body }) =>
    updateAttachmentVisibility(ctx, params.attachmentId, body),
  );
  registerRoute(app, s, attachmentsApi.updateAttachmentCategory, (ctx, { params, body }) =>
    updateAttachmentCategory(ctx, params.attachmentId, body),
  );
  registerRoute(app, s, attachmentsApi.linkAttachment, (ctx, { params, body }) => linkAttachment(ctx, params.attachmentId, body.requestId));
  registerRoute(app, s, attachmentsApi.deleteAttachment, (ctx, { params }) => deleteAttachment(ctx, params.attachmentId));
  registerJobKind<TCombinedPdfJob>({ kind: COMBINED_PDF_JOB, run: combinedPdf });
  registerRoute(app, s, attachmentsApi.combinedPdf, (ctx, { body }) => startCombinedPdf(ctx, body.attachmentIds), { startsJob: true });
}
