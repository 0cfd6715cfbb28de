import { eq } from 'drizzle-orm';
import { type studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { stageItems } from '../../schema.js';
import { loadStageItem, presentStageItems } from '../stage-items.js';

/** Changes which visa types a stage item is for. */
export async function updateStageItem(ctx: TContext, id: string, visaScope: studentsApi.TVisaScope): Promise<studentsApi.TStageItem> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadStageItem(tx, id);
    const [updated] = await tx.update(stageItems).set({ visaScope, updatedAt: new Date() }).where(eq(stageItems.id, row.id)).returning();
    const [out] = await presentStageItems(tx, [updated!]);
    if (!out) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'stage_item',
      entityId: row.id,
      action: 'stage-item.updated',
      before: { visaScope: row.visaScope },
      after: { visaScope },
      ip: ctx.ip,
    });
    return out;
  });
}
