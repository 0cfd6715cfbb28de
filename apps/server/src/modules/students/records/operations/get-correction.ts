import { type TContext } from '../../../../platform/http/context.js';
import { presentCorrection, loadCorrection } from '../correction-fields.js';

/** A correction side by side with the current record: [{ field, label, current, requested }]. */
export async function getCorrection(ctx: TContext, correctionId: string) {
  return ctx.db(async (tx) => {
    const { c, p } = await loadCorrection(tx, ctx, correctionId, 'read');
    return presentCorrection(tx, ctx, c, p);
  });
}
