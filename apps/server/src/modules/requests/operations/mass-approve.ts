import { eq } from 'drizzle-orm';
import { MSG } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { requests } from '../schema.js';
import { applyStaffTransition } from './apply-staff-transition.js';

/** Approves many requests, each in its own transaction so one failure does not undo the others. */
export async function massApprove(ctx: TContext, requestIds: string[]) {
  const results = [];
  for (const id of [...new Set(requestIds)]) {
    try {
      const row = await ctx.db((tx) => applyStaffTransition(tx, ctx, id, 'approve', ''));
      results.push({ requestId: id, ok: true, number: row.number, message: `Request #${row.number} was approved.` });
    } catch (e) {
      const err = e as AppError;
      if (!(e instanceof AppError)) throw e;
      const number =
        err.statusCode === 404
          ? null
          : await ctx.db(async (tx) => (await tx.select({ n: requests.number }).from(requests).where(eq(requests.id, id)))[0]?.n ?? null);
      results.push({ requestId: id, ok: false, number, message: err.statusCode === 403 ? MSG.noAccessPage : err.message });
    }
  }
  return { results };
}
