import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customQuestions } from '../schema.js';
import { loadLiveCustomQuestion, presentCustomQuestion } from '../custom-question-fields.js';

/** Soft delete: responses already given keep their question. */
export async function deleteCustomQuestion(ctx: TContext, id: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadLiveCustomQuestion(tx, id);
    await tx.update(customQuestions).set({ isDeleted: true, updatedAt: new Date() }).where(eq(customQuestions.id, row.id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_question',
      entityId: row.id,
      action: 'custom-question.deleted',
      before: presentCustomQuestion(row),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
