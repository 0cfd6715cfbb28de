import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customQuestions } from '../schema.js';
import { prepareCustomQuestion, presentCustomQuestion, type TCustomQuestionFields } from '../custom-question-fields.js';

/** Adds a custom question that request types and stages may ask. */
export async function createCustomQuestion(ctx: TContext, input: TCustomQuestionFields): Promise<formsApi.TCustomQuestion> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [row] = await tx
      .insert(customQuestions)
      .values({ institutionId: ctx.institutionId, ...(await prepareCustomQuestion(tx, input)) })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_question',
      entityId: row!.id,
      action: 'custom-question.created',
      after: presentCustomQuestion(row!),
      ip: ctx.ip,
    });
    return presentCustomQuestion(row!);
  });
}
