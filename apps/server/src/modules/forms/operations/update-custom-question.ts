import { eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customQuestions } from '../schema.js';
import {
  loadLiveCustomQuestion,
  prepareCustomQuestion,
  presentCustomQuestion,
  type TCustomQuestionFields,
} from '../custom-question-fields.js';

/** Changes a custom question. */
export async function updateCustomQuestion(ctx: TContext, id: string, input: TCustomQuestionFields): Promise<formsApi.TCustomQuestion> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadLiveCustomQuestion(tx, id);
    const [updated] = await tx
      .update(customQuestions)
      .set({ ...(await prepareCustomQuestion(tx, input)), updatedAt: new Date() })
      .where(eq(customQuestions.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_question',
      entityId: row.id,
      action: 'custom-question.updated',
      before: presentCustomQuestion(row),
      after: presentCustomQuestion(updated!),
      ip: ctx.ip,
    });
    return presentCustomQuestion(updated!);
  });
}
