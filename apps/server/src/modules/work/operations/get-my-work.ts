import { addDays, can, workApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { countRequestsQuery } from '../../requests/index.js';
import { countSystemErrors } from '../../sevis/index.js';
import { countDeadlines } from '../../students/index.js';
import { myPendingApprovals, myTasksDue } from '../queries/my-work.query.js';

const count = (c: { total: number; totalCapped: boolean }): workApi.TWorkCount => ({ count: c.total, capped: c.totalCapped });

/**
 * My work (docs/product/my-work.md): what waits for the caller, each count taken with the same scope and
 * filter as the list it opens (the request list, System Errors, the deadlines), so the number on the card
 * is the number of rows the list shows. Parts the caller may not open are left out (null).
 */
export async function getMyWork(ctx: TContext): Promise<workApi.TMyWork> {
  const actor = requireActor(ctx);
  const today = ctx.today();
  const weekEnd = addDays(today, workApi.WORK_WEEK_DAYS - 1);
  return ctx.db(async (tx) => {
    const processes = can(actor, 'requests.process');
    // One transaction, one connection: the parts run one after another.
    const requests = processes
      ? {
          assignedToMe: count(
            await countRequestsQuery(tx, actor, { area: 'student', status: [...workApi.OPEN_REQUEST_STATUSES], assigned: 'me' }),
          ),
          unassigned: count(
            await countRequestsQuery(tx, actor, {
              area: 'student',
              status: [...workApi.UNASSIGNED_REQUEST_STATUSES],
              assigned: 'unassigned',
            }),
          ),
          withApprovers: count(await countRequestsQuery(tx, actor, { area: 'student', status: ['adv_review'] })),
        }
      : null;
    const myApprovals = await myPendingApprovals(tx, actor);
    const sevis = can(actor, 'sevis.read') ? await countSystemErrors(tx, actor) : null;
    let deadlines: workApi.TMyWork['deadlines'] = null;
    if (can(actor, 'students.read')) {
      const byKind = await countDeadlines(tx, actor, today, workApi.WORK_WEEK_DAYS);
      deadlines = { total: Object.values(byKind).reduce((a, b) => a + b, 0), byKind };
    }
    const tasks = processes ? await myTasksDue(tx, actor, weekEnd) : null;
    return { today, weekEnd, requests, myApprovals, sevis, deadlines, tasks };
  });
}
