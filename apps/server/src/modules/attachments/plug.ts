import { registerSubmitCheck } from '../requests/index.js';
import { missingRequiredDocuments } from './operations/missing-required-documents.js';

/** What the attachments module adds to the case engine: a request is submitted with its required documents. */
export function plugAttachments(): void {
  registerSubmitCheck('required-documents', async (tx, request, type) => {
    const errors: Record<string, string[]> = {};
    if (!type.documentIds.length) return errors;
    for (const d of await missingRequiredDocuments(tx, request.id, type.documentIds))
      errors[`documents.${d.key}`] = [`Please upload ${d.name}.`];
    return errors;
  });
}
