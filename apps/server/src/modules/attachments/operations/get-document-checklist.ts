import { and, asc, eq, inArray } from 'drizzle-orm';
import type { attachmentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customDocuments } from '../../forms/index.js';
import { getAccessibleRequest, requestTypes } from '../../requests/index.js';
import { requestView } from '../attachment.policy.js';
import { documentSlots } from '../queries/document-slots.js';

type TChecklistDocument = attachmentsApi.TChecklistDocument;

/**
 * The request type's file-upload documents for the Documents section: the requester and the
 * department see those visible to students; the office sees all that are not hidden.
 */
export async function getDocumentChecklist(ctx: TContext, requestId: string): Promise<TChecklistDocument[]> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const request = await getAccessibleRequest(tx, ctx, requestId, 'read');
    const isStaff = requestView(actor, request) === 'all';
    const [type] = await tx
      .select({ documentIds: requestTypes.documentIds })
      .from(requestTypes)
      .where(eq(requestTypes.id, request.requestTypeId));
    const ids = type?.documentIds ?? [];
    if (ids.length === 0) return [];
    const docs = await tx
      .select()
      .from(customDocuments)
      .where(
        and(
          inArray(customDocuments.id, ids),
          eq(customDocuments.documentType, 'file_upload'),
          eq(customDocuments.isDeleted, false),
          eq(customDocuments.isHidden, false),
          isStaff ? undefined : eq(customDocuments.isVisibleToStudent, true),
        ),
      )
      .orderBy(asc(customDocuments.ordinal), asc(customDocuments.name));
    if (docs.length === 0) return [];
    // One entry per file needed: per dependent / per site of activity documents once for each of them.
    return (await documentSlots(tx, request, docs)).map((x) => ({
      documentId: x.doc.id,
      name: x.doc.name,
      instructions: x.doc.instructions,
      isRequired: x.doc.isRequired,
      hasFile: x.hasFile,
      dependentId: x.dependentId,
      soaId: x.soaId,
      forWhom: x.forWhom,
    }));
  });
}
