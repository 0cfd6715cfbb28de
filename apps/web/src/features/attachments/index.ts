export { RequestDocuments, type RequestDocumentsProps, type TRequiredDocument } from './components/request-documents';
export { useListRequestAttachments } from './api/attachments';
export { uploadAttachment, downloadAttachment, attachmentsQueryKey } from './api/attachments';
export { formatSize } from './components/request-documents';
