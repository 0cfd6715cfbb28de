import { eq } from 'drizzle-orm';
import { type studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { stageItems } from '../../schema.js';
import { allStageItems, presentStageItems } from '../stage-items.js';

/** One stage's items in the given order (every item of the stage exactly once). */
export async function reorderStageItems(ctx: TContext, stage: studentsApi.TPortalStage, ids: string[]): Promise<studentsApi.TStageItem[]> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx.select().from(stageItems).where(eq(stageItems.stage, stage)).for('update');
    const known = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== rows.length || !ids.every((i) => known.has(i))) {
      throw badRequest('The list changed meanwhile: reload the page and try again.', {
        ids: ['The list changed meanwhile: reload the page and try again.'],
      });
    }
    for (const [i, id] of ids.entries())
      await tx
        .update(stageItems)
        .set({ ordinal: i + 1, updatedAt: new Date() })
        .where(eq(stageItems.id, id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'stage_items',
      entityId: ctx.institutionId,
      action: 'stage-items.reordered',
      before: { stage, order: [...rows].sort((a, b) => a.ordinal - b.ordinal).map((r) => r.id) },
      after: { stage, order: ids },
      ip: ctx.ip,
    });
    return presentStageItems(
      tx,
      (await allStageItems(tx)).filter((r) => r.stage === stage),
    );
  });
}
