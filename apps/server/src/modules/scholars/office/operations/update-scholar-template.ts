import { eq, inArray } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import { badRequest, notFound } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { customDocuments, questionnaires } from '../../../forms/index.js';
import { requestTypes, updateRequestType } from '../../../requests/index.js';
import { KEY_OF_CODE } from '../scholar-templates.js';

/**
 * Chooses the questionnaires and documents of one visa type. The change runs through the requests
 * module's request-type update, so its checks and its audit event (before and after) apply.
 */
export async function updateScholarTemplate(
  ctx: TContext,
  code: string,
  input: scholarsApi.TTemplateInput,
): Promise<scholarsApi.TTemplate> {
  const body = scholarsApi.ZTemplateInput.parse(input);
  const questionnaireIds = [...new Set(body.questionnaireIds)];
  const documentIds = [...new Set(body.documentIds)];
  const type = await ctx.db(async (tx) => {
    const [t] = await tx.select().from(requestTypes).where(eq(requestTypes.code, code));
    if (!t || !KEY_OF_CODE[code]) throw notFound();
    const qs = questionnaireIds.length
      ? await tx
          .select({ id: questionnaires.id, isRetired: questionnaires.isRetired })
          .from(questionnaires)
          .where(inArray(questionnaires.id, questionnaireIds))
      : [];
    const known = new Set(qs.map((q) => q.id));
    const wasChosen = new Set(t.questionnaireIds);
    // A retired questionnaire may stay where it was, but is not newly added.
    if (questionnaireIds.some((id) => !known.has(id) || (!wasChosen.has(id) && qs.find((q) => q.id === id)?.isRetired))) {
      throw badRequest('Choose questionnaires from the list.', { questionnaireIds: ['Choose questionnaires from the list.'] });
    }
    const ds = documentIds.length
      ? await tx.select({ id: customDocuments.id }).from(customDocuments).where(inArray(customDocuments.id, documentIds))
      : [];
    if (ds.length !== documentIds.length)
      throw badRequest('Choose documents from the list.', { documentIds: ['Choose documents from the list.'] });
    return t;
  });
  const updated = await updateRequestType(ctx, type.id, {
    code: type.code,
    name: type.name,
    description: type.description,
    visaScope: type.visaScope as 'All',
    starters: type.starters as [],
    questionnaireIds,
    customQuestionIds: type.customQuestionIds,
    documentIds,
    workflowId: type.workflowId,
    isEnabled: type.isEnabled,
  });
  const key = KEY_OF_CODE[code]!;
  return {
    key,
    code,
    label: scholarsApi.TEMPLATE_LABELS[key],
    requestTypeId: updated.id,
    requestTypeName: updated.name,
    questionnaireIds: updated.questionnaireIds,
    documentIds: updated.documentIds,
    updatedAt: updated.updatedAt,
  };
}
