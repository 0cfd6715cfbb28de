import { asc, eq, inArray } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { customDocuments, questionnaires } from '../../../forms/index.js';
import { requestTypes } from '../../../requests/index.js';
import { KEY_OF_CODE, presentTemplate } from '../scholar-templates.js';

/** Templates per visa type: each program request type's questionnaires and documents, and what may be chosen. */
export async function listScholarTemplates(ctx: TContext): Promise<scholarsApi.TTemplatesOutput> {
  return ctx.db(async (tx) => {
    const types = await tx
      .select()
      .from(requestTypes)
      .where(inArray(requestTypes.code, Object.keys(KEY_OF_CODE)));
    const order = (code: string) => scholarsApi.TEMPLATE_PROGRAM_KEYS.indexOf(KEY_OF_CODE[code]!);
    const qs = await tx.select().from(questionnaires).orderBy(asc(questionnaires.name));
    const docs = await tx
      .select()
      .from(customDocuments)
      .where(eq(customDocuments.isDeleted, false))
      .orderBy(asc(customDocuments.ordinal), asc(customDocuments.name));
    return {
      templates: types.sort((a, b) => order(a.code) - order(b.code)).map(presentTemplate),
      questionnaires: qs.map((q) => ({ id: q.id, name: q.name, description: q.description, isRetired: q.isRetired })),
      documents: docs.map((d) => ({
        id: d.id,
        name: d.name,
        documentType: d.documentType,
        isRequired: d.isRequired,
        appliesTo: d.appliesTo,
      })),
    };
  });
}
