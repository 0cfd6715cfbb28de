import { asc, eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customDocuments, questionnaires } from '../schema.js';
import { presentCustomDocument } from '../custom-document-fields.js';

/** The custom documents not deleted. */
export async function listCustomDocuments(ctx: TContext): Promise<formsApi.TCustomDocument[]> {
  requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .select({ doc: customDocuments, questionnaireName: questionnaires.name })
      .from(customDocuments)
      .leftJoin(questionnaires, eq(questionnaires.id, customDocuments.questionnaireId))
      .where(eq(customDocuments.isDeleted, false))
      .orderBy(asc(customDocuments.ordinal), asc(customDocuments.createdAt), asc(customDocuments.id));
    return rows.map((r) => presentCustomDocument(r.doc, r.questionnaireName));
  });
}
