export { RequestDocuments } from './components/request-documents';
export { uploadAttachment, downloadAttachment, attachmentsQueryKey } from './api/attachments';
export { formatSize } from './components/request-documents';
