import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customDocuments } from '../schema.js';
import { prepareCustomDocument, presentCustomDocument, type TCustomDocumentFields } from '../custom-document-fields.js';

/** Adds a custom document that request types may ask for. */
export async function createCustomDocument(ctx: TContext, input: TCustomDocumentFields): Promise<formsApi.TCustomDocument> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { values, questionnaireName } = await prepareCustomDocument(tx, input);
    const [row] = await tx
      .insert(customDocuments)
      .values({ institutionId: ctx.institutionId, ...values })
      .returning();
    const out = presentCustomDocument(row!, questionnaireName);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_document',
      entityId: row!.id,
      action: 'custom-document.created',
      after: out,
      ip: ctx.ip,
    });
    return out;
  });
}
