import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { customDocuments } from '../../forms/index.js';
import { requests } from '../../requests/index.js';
import { documentSlots } from '../queries/document-slots.js';

/**
 * The required documents a request still lacks: of `documentIds` (the request type's documents),
 * those required, not hidden, visible to the student and of type file_upload, with no active
 * attachment carrying that customDocumentId on the request. In the documents' order; a per-dependent
 * or per-site document is missing once for each dependent or site of the student's record without its file.
 */
export async function missingRequiredDocuments(
  tx: TTx,
  requestId: string,
  documentIds: string[],
): Promise<{ documentId: string; name: string; key: string }[]> {
  if (documentIds.length === 0) return [];
  const required = await tx
    .select()
    .from(customDocuments)
    .where(
      and(
        inArray(customDocuments.id, documentIds),
        eq(customDocuments.isRequired, true),
        eq(customDocuments.isHidden, false),
        eq(customDocuments.isVisibleToStudent, true),
        eq(customDocuments.documentType, 'file_upload'),
        eq(customDocuments.isDeleted, false),
      ),
    )
    .orderBy(asc(customDocuments.ordinal), asc(customDocuments.name));
  if (required.length === 0) return [];
  const [request] = await tx.select({ id: requests.id, profileId: requests.profileId }).from(requests).where(eq(requests.id, requestId));
  if (!request) return [];
  // A required visible document needs a file for the main record, each dependent or each site of activity.
  return (await documentSlots(tx, request, required))
    .filter((x) => !x.hasFile)
    .map((x) => ({
      documentId: x.doc.id,
      name: x.forWhom ? `${x.doc.name} for ${x.forWhom}` : x.doc.name,
      key: x.dependentId ? `${x.doc.id}.dependent.${x.dependentId}` : x.soaId ? `${x.doc.id}.soa.${x.soaId}` : x.doc.id,
    }));
}
