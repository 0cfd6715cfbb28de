import { studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { allStageItems, presentStageItems } from '../stage-items.js';

/** Every stage's items in order. */
export async function listStageItems(ctx: TContext): Promise<studentsApi.TStageItem[]> {
  requireActor(ctx);
  return ctx.db(async (tx) =>
    presentStageItems(
      tx,
      (await allStageItems(tx)).filter((r) => (studentsApi.PORTAL_STAGES as readonly string[]).includes(r.stage)),
    ),
  );
}
