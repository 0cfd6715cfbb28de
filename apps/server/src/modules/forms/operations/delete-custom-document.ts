import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customDocuments } from '../schema.js';
import { loadLiveCustomDocument, presentCustomDocument } from '../custom-document-fields.js';

/** Soft delete: files already uploaded against it stay with their records. */
export async function deleteCustomDocument(ctx: TContext, id: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadLiveCustomDocument(tx, id);
    await tx.update(customDocuments).set({ isDeleted: true, updatedAt: new Date() }).where(eq(customDocuments.id, row.id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_document',
      entityId: row.id,
      action: 'custom-document.deleted',
      before: presentCustomDocument(row, null),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
