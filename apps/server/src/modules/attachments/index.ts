// What other modules may use of attachments.
export { attachments } from './schema.js';
export { missingRequiredDocuments } from './operations/missing-required-documents.js';
export { provideRecordParts, type TRecordParts, type TRecordPart } from './record-parts.js';
export { plugAttachments } from './plug.js';
export { uploadAttachment } from './operations/upload-attachment.js';
export { fileRecordDocument } from './operations/file-record-document.js';
export { fileRequestDocument } from './operations/file-record-document.js';
export { attachmentRoutes } from './routes.js';
export { requestView, userView, type TAttachmentView } from './attachment.policy.js';
