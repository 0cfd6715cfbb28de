import type { requestsApi } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { orderedRules, presentRules } from '../assignment-rules.js';

/** The office's assignment rules of student requests, in the order they are tried. */
export async function listAssignmentRules(ctx: TContext): Promise<requestsApi.TAssignmentRule[]> {
  return ctx.db(async (tx) => presentRules(tx, await orderedRules(tx)));
}
