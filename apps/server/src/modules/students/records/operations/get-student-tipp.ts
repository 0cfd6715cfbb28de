import type { TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { presentTipp } from '../tipp-fields.js';

/** An exchange visitor's T/IPP (DS-7002) as the DS-7002 tab shows it; for other records it says it does not apply (SEVIS S2218). */
export async function getStudentTipp(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => presentTipp(tx, ctx, await getAccessibleProfile(tx, ctx, profileId, 'read')));
}
