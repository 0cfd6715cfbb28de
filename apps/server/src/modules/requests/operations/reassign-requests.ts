import { and, eq } from 'drizzle-orm';
import { MSG, type requestsApi } from '@meridian/domain';
import type { z } from 'zod';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { openStudentRequestsCondition, NOT_OPEN } from '../queries/assignment-report.query.js';
import { lockRequest } from '../request-locks.js';
import { assertAssignable } from '../request-assignees.js';
import { requests } from '../schema.js';
import { applyAssignment } from './apply-assignment.js';

type TInput = z.output<typeof requestsApi.ZReassignInput>;

const NOT_THEIRS = 'It is no longer assigned to the person the requests are moved from.';
const CLOSED = 'It is not open (a draft, or decided for good).';
const UNREACHED = 'You do not process requests of its campus site.';
const NOT_FOUND = 'This request was not found among those you may process.';

/**
 * Moves open requests from one person to another (docs/product/requests.md#reassigning-open-requests): the
 * ones named, or every open student request of theirs the caller reaches. Each is checked as assigning it
 * one by one would be, in its own transaction, so one that cannot move leaves the others moved.
 */
export async function reassignRequests(ctx: TContext, input: TInput): Promise<requestsApi.TReassignOutput> {
  const actor = requireActor(ctx);
  const ids =
    input.requestIds ??
    (await ctx.db(async (tx) =>
      (
        await tx
          .select({ id: requests.id })
          .from(requests)
          .where(and(await openStudentRequestsCondition(tx, actor), eq(requests.assignedToUserId, input.fromUserId)))
          .orderBy(requests.number)
      ).map((r) => r.id),
    ));
  let moved = 0;
  const skipped: requestsApi.TReassignOutput['skipped'] = [];
  for (const id of [...new Set(ids)]) {
    let number: number | null = null;
    try {
      await ctx.db(async (tx) => {
        const row = await lockRequest(tx, ctx, id, 'process');
        number = row.number;
        if (row.assignedToUserId !== input.fromUserId) throw new AppError(409, 'CONFLICT', NOT_THEIRS);
        if (NOT_OPEN.includes(row.status as (typeof NOT_OPEN)[number])) throw new AppError(409, 'CONFLICT', CLOSED);
        await assertAssignable(tx, row, 'toUserId', input.toUserId);
        await applyAssignment(tx, ctx, row, input.toUserId);
      });
      moved++;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const reason = e.statusCode === 404 ? NOT_FOUND : e.statusCode === 403 ? UNREACHED : e.message || MSG.invalidValue;
      skipped.push({ requestId: id, number: e.statusCode === 404 ? null : number, reason });
    }
  }
  return { moved, skipped };
}
