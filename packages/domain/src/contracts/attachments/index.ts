import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZOk } from '../define.js';
import { ZJob } from '../jobs/index.js';

export const ATTACHMENT_STATUSES = ['active', 'rejected', 'deleted'] as const;

export const ZAttachment = z.object({
  id: z.uuid(),
  requestId: z.uuid().nullable(),
  subjectUserId: z.uuid().nullable(),
  customDocumentId: z.uuid().nullable(),
  dependentId: z.uuid().nullable(),
  soaId: z.uuid().nullable(),
  categoryId: z.string(),
  checklistItem: z.string(),
  fileName: z.string(),
  description: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(ATTACHMENT_STATUSES),
  rejectReason: z.string(),
  isVisibleToRequester: z.boolean(),
  isVisibleToDepartment: z.boolean(),
  linkedFromId: z.uuid().nullable(),
  uploadedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** What the caller may do with it (the server decides; the screen only shows). */
  canDelete: z.boolean(),
  canManage: z.boolean(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false', '']), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const optionalUuid = z
  .union([z.uuid({ error: MSG.invalidValue }), z.literal(''), z.literal('0')])
  .optional()
  .transform((v) => (v && v !== '0' ? v : null));
const text = (max: number) => z.string().trim().max(max, MSG.invalidLength).default('');

/** The multipart fields beside the file: numbers default to 0, text to '' (docs/product/attachments.md#uploading). */
export const ZUploadAttachmentFields = z.object({
  requestId: optionalUuid,
  subjectUserId: optionalUuid,
  customDocumentId: optionalUuid,
  dependentId: optionalUuid,
  soaId: optionalUuid,
  categoryId: text(64),
  checklistItem: text(200),
  description: text(1000),
  isVisibleToRequester: flag.default(false),
  isVisibleToDepartment: flag.default(false),
});
export type TUploadAttachmentFields = z.infer<typeof ZUploadAttachmentFields>;

export const ZAttachmentIdParams = z.object({ attachmentId: z.uuid({ error: MSG.notFound }) });
export const ZRequestIdParams = z.object({ requestId: z.uuid({ error: MSG.notFound }) });
export const ZUserIdParams = z.object({ userId: z.uuid({ error: MSG.notFound }) });

export const uploadAttachment = defineRoute({
  method: 'POST',
  path: '/api/attachments',
  access: 'attachments.upload',
  tags: ['attachments'],
  summary: 'Upload one file (multipart/form-data: file plus the fields of ZUploadAttachmentFields); 10 MB at most',
  response: ZAttachment,
});
export const listRequestAttachments = defineRoute({
  method: 'GET',
  path: '/api/requests/:requestId/attachments',
  access: 'attachments.read',
  tags: ['attachments'],
  summary: "A request's attachments the caller may see",
  params: ZRequestIdParams,
  response: z.array(ZAttachment),
});
export const listUserAttachments = defineRoute({
  method: 'GET',
  path: '/api/users/:userId/attachments',
  access: 'attachments.manage',
  tags: ['attachments'],
  summary: "Files filed on a person's record (staff)",
  params: ZUserIdParams,
  response: z.array(ZAttachment),
});
export const getAttachment = defineRoute({
  method: 'GET',
  path: '/api/attachments/:attachmentId',
  access: 'attachments.read',
  tags: ['attachments'],
  summary: "One attachment's metadata",
  params: ZAttachmentIdParams,
  response: ZAttachment,
});
export const downloadAttachment = defineRoute({
  method: 'GET',
  path: '/api/attachments/:attachmentId/download',
  access: 'attachments.read',
  tags: ['attachments'],
  summary: 'The file itself, as an attachment (binary)',
  params: ZAttachmentIdParams,
  response: z.unknown(),
});
export const rejectAttachment = defineRoute({
  method: 'POST',
  path: '/api/attachments/:attachmentId/reject',
  access: 'attachments.manage',
  tags: ['attachments'],
  summary: 'Reject a file with a reason; the uploader is notified',
  params: ZAttachmentIdParams,
  body: z.object({ reason: z.string().trim().min(1, MSG.required).max(1000, MSG.invalidLength) }),
  response: ZAttachment,
});
export const updateAttachmentVisibility = defineRoute({
  method: 'PUT',
  path: '/api/attachments/:attachmentId/visibility',
  access: 'attachments.manage',
  tags: ['attachments'],
  summary: 'Who besides the office sees the file',
  params: ZAttachmentIdParams,
  body: z.object({ isVisibleToRequester: z.boolean(), isVisibleToDepartment: z.boolean() }),
  response: ZAttachment,
});
export const updateAttachmentCategory = defineRoute({
  method: 'PUT',
  path: '/api/attachments/:attachmentId/category',
  access: 'attachments.manage',
  tags: ['attachments'],
  summary: 'Change the category (and checklist item) of a file',
  params: ZAttachmentIdParams,
  body: z.object({
    categoryId: z.string().trim().max(64, MSG.invalidLength),
    checklistItem: z.string().trim().max(200, MSG.invalidLength).optional(),
  }),
  response: ZAttachment,
});
export const linkAttachment = defineRoute({
  method: 'POST',
  path: '/api/attachments/:attachmentId/link',
  access: 'attachments.manage',
  tags: ['attachments'],
  summary: 'File the same document on another request (a linked copy sharing the stored file)',
  params: ZAttachmentIdParams,
  body: z.object({ requestId: z.uuid({ error: MSG.invalidValue }) }),
  response: ZAttachment,
});
export const deleteAttachment = defineRoute({
  method: 'DELETE',
  path: '/api/attachments/:attachmentId',
  access: 'attachments.upload',
  tags: ['attachments'],
  summary: 'Remove a file (its uploader while the request is editable, or the office)',
  params: ZAttachmentIdParams,
  response: ZOk,
});
/** One document the request type asks for, with whether a file is on the request for it. */
export const ZChecklistDocument = z.object({
  documentId: z.uuid(),
  name: z.string(),
  instructions: z.string(),
  isRequired: z.boolean(),
  hasFile: z.boolean(),
  /** For a per-dependent or per-site-of-activity document: which one this file is for (else null and ''). */
  dependentId: z.uuid().nullable().default(null),
  soaId: z.uuid().nullable().default(null),
  forWhom: z.string().default(''),
});
export type TChecklistDocument = z.infer<typeof ZChecklistDocument>;
export const getDocumentChecklist = defineRoute({
  method: 'GET',
  path: '/api/requests/:requestId/document-checklist',
  access: 'attachments.read',
  tags: ['attachments'],
  summary:
    "The file-upload documents the request's type asks for (as far as the caller may see them), in order, with whether each has a file",
  params: ZRequestIdParams,
  response: z.array(ZChecklistDocument),
});

export const ZCombinedPdfInput = z.object({
  attachmentIds: z
    .array(z.uuid({ error: MSG.invalidValue }))
    .min(1, MSG.required)
    .max(50, MSG.invalidLength),
});
/** The job kind that combines attachments into one PDF (docs/product/operations.md#long-work-runs-as-jobs). */
export const COMBINED_PDF_JOB = 'attachments.combined-pdf';
/** The combining job's result; the PDF (combined-documents.pdf) is the job's file. */
export const ZCombinedPdfResult = z.object({ documents: z.number().int(), pages: z.number().int() });
export type TCombinedPdfResult = z.infer<typeof ZCombinedPdfResult>;
export const combinedPdf = defineRoute({
  method: 'POST',
  path: '/api/attachments/combined-pdf',
  access: 'attachments.manage',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: ['attachments'],
  summary:
    'Starts combining several attachments into one PDF in the order given (PDF pages copied, images scaled to 532 pt at most): 202 with the job, whose file is combined-documents.pdf and whose result is a ZCombinedPdfResult',
  body: ZCombinedPdfInput,
  response: ZJob,
});
