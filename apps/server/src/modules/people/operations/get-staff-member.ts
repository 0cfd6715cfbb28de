import { type TStaffMember } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { presentStaff } from '../staff.presenter.js';
import { loadStaff } from '../staff-rules.js';

/** One staff member with what the caller may change of them. */
export async function getStaffMember(ctx: TContext, userId: string): Promise<TStaffMember> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => presentStaff(await loadStaff(tx, userId), actor));
}
