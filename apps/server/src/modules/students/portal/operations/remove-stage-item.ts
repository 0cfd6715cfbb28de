import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { stageItems } from '../../schema.js';
import { loadStageItem } from '../stage-items.js';

/** Takes an item off its stage. */
export async function removeStageItem(ctx: TContext, id: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadStageItem(tx, id);
    await tx.delete(stageItems).where(eq(stageItems.id, row.id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'stage_item',
      entityId: row.id,
      action: 'stage-item.removed',
      before: {
        stage: row.stage,
        visaScope: row.visaScope,
        customQuestionId: row.customQuestionId,
        customDocumentId: row.customDocumentId,
      },
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
