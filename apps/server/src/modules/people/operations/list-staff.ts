import { type TListStaffQuery } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { listStaffQuery } from '../queries/list-staff.query.js';
import { presentStaff } from '../staff.presenter.js';

/** Staff Management's list: office staff searched, filtered and paged. */
export async function listStaff(ctx: TContext, q: TListStaffQuery) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { rows, total } = await listStaffQuery(tx, q);
    return { items: rows.map((r) => presentStaff(r, actor)), total, page: q.page, pageSize: q.pageSize };
  });
}
