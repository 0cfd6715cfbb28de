// What other modules may use of attachments.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { customDocuments } from '../forms/schema.js';
import { attachments } from './schema.js';

export { attachments } from './schema.js';

/**
 * The required documents a request still lacks: of `documentIds` (the request type's documents),
 * those required, not hidden, visible to the student and of type file_upload, with no active
 * attachment carrying that customDocumentId on the request. In the documents' order.
 * Per dependent / per site of activity ("a file for each") is not checked yet: one file counts for all.
 */
export async function missingRequiredDocuments(tx: TTx, requestId: string, documentIds: string[]): Promise<{ documentId: string; name: string }[]> {
  if (documentIds.length === 0) return [];
  const required = await tx.select({ id: customDocuments.id, name: customDocuments.name }).from(customDocuments)
    .where(and(
      inArray(customDocuments.id, documentIds), eq(customDocuments.isRequired, true), eq(customDocuments.isHidden, false),
      eq(customDocuments.isVisibleToStudent, true), eq(customDocuments.documentType, 'file_upload'), eq(customDocuments.isDeleted, false),
    ))
    .orderBy(asc(customDocuments.ordinal), asc(customDocuments.name));
  if (required.length === 0) return [];
  const present = await tx.selectDistinct({ id: attachments.customDocumentId }).from(attachments)
    .where(and(eq(attachments.requestId, requestId), eq(attachments.status, 'active'), inArray(attachments.customDocumentId, required.map((d) => d.id))));
  const have = new Set(present.map((p) => p.id));
  return required.filter((d) => !have.has(d.id)).map((d) => ({ documentId: d.id, name: d.name }));
}
