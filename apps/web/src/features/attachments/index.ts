export { RequestDocuments, type RequestDocumentsProps, type TRequiredDocument } from './components/request-documents';
export { useRequestAttachments } from './api/attachments';
