import { eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customDocuments } from '../schema.js';
import {
  loadLiveCustomDocument,
  prepareCustomDocument,
  presentCustomDocument,
  type TCustomDocumentFields,
} from '../custom-document-fields.js';

/** Changes a custom document. */
export async function updateCustomDocument(ctx: TContext, id: string, input: TCustomDocumentFields): Promise<formsApi.TCustomDocument> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadLiveCustomDocument(tx, id);
    const { values, questionnaireName } = await prepareCustomDocument(tx, input);
    const [updated] = await tx
      .update(customDocuments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(customDocuments.id, row.id))
      .returning();
    const out = presentCustomDocument(updated!, questionnaireName);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_document',
      entityId: row.id,
      action: 'custom-document.updated',
      before: presentCustomDocument(row, null),
      after: out,
      ip: ctx.ip,
    });
    return out;
  });
}
