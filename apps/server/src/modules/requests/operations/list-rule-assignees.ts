import type { TPersonRef } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { ruleAssigneeOptions } from '../assignment-rules.js';

/** Staff a rule of this campus site (or of any site) may assign student requests to. */
export async function listRuleAssignees(ctx: TContext, campusSiteId: number | null): Promise<TPersonRef[]> {
  return ctx.db(async (tx) =>
    (await ruleAssigneeOptions(tx, ctx.institutionId, campusSiteId)).map((u) => ({
      userId: u.id,
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
    })),
  );
}
