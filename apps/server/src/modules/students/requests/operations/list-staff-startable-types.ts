import { asc } from 'drizzle-orm';
import { isOfficeStudentRequest } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { requestTypes } from '../../../requests/index.js';
import { reachableProfile, startableFor } from '../startable-types.js';

/** Types staff may start (starter 'staff') that apply to the student's visa type; the office's own say so (isOfficeRequest). */
export async function listStaffStartableTypes(ctx: TContext, profileId: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const p = await reachableProfile(tx, actor, profileId);
    const rows = await tx.select().from(requestTypes).orderBy(asc(requestTypes.name));
    return rows.filter(startableFor(p.visaType)).map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      description: t.description,
      isOfficeRequest: isOfficeStudentRequest(t.code),
    }));
  });
}
