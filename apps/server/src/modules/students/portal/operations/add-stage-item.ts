import { and, eq } from 'drizzle-orm';
import { type studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { customDocuments, customQuestions } from '../../../forms/index.js';
import { stageItems } from '../../schema.js';
import { presentStageItems } from '../stage-items.js';

const CHOOSE_ONE = 'Choose a question or a document.';

const ALREADY = 'This stage already asks it.';

/** Adds a question or document at the end of a stage's list. */
export async function addStageItem(
  ctx: TContext,
  input: {
    stage: studentsApi.TPortalStage;
    visaScope: studentsApi.TVisaScope;
    customQuestionId: string | null;
    customDocumentId: string | null;
  },
): Promise<studentsApi.TStageItem> {
  const actor = requireActor(ctx);
  if (!!input.customQuestionId === !!input.customDocumentId) throw fieldError('customQuestionId', CHOOSE_ONE);
  return ctx.db(async (tx) => {
    if (input.customQuestionId) {
      const [q] = await tx
        .select({ id: customQuestions.id })
        .from(customQuestions)
        .where(and(eq(customQuestions.id, input.customQuestionId), eq(customQuestions.isDeleted, false)));
      if (!q) throw fieldError('customQuestionId', CHOOSE_ONE);
    } else {
      const [d] = await tx
        .select({ id: customDocuments.id })
        .from(customDocuments)
        .where(and(eq(customDocuments.id, input.customDocumentId!), eq(customDocuments.isDeleted, false)));
      if (!d) throw fieldError('customDocumentId', CHOOSE_ONE);
    }
    const same = await tx.select().from(stageItems).where(eq(stageItems.stage, input.stage));
    if (
      same.some(
        (r) =>
          (input.customQuestionId && r.customQuestionId === input.customQuestionId) ||
          (input.customDocumentId && r.customDocumentId === input.customDocumentId),
      )
    ) {
      throw fieldError(input.customQuestionId ? 'customQuestionId' : 'customDocumentId', ALREADY);
    }
    const ordinal = same.length ? Math.max(...same.map((r) => r.ordinal)) + 1 : 1;
    const [row] = await tx
      .insert(stageItems)
      .values({ institutionId: ctx.institutionId, ...input, ordinal })
      .returning();
    const [out] = await presentStageItems(tx, [row!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'stage_item',
      entityId: row!.id,
      action: 'stage-item.added',
      after: out,
      ip: ctx.ip,
    });
    return out!;
  });
}
