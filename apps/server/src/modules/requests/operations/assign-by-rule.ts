import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { matchingRule } from '../assignment-rules.js';
import { type TRequestRow } from '../request.policy.js';
import { applyAssignment } from './apply-assignment.js';

/**
 * A student request submitted for the first time with nobody assigned is assigned by the first rule it
 * meets, in the submit's transaction (docs/product/requests.md#assignment-rules). A resubmitted request
 * keeps whoever has it.
 */
export async function assignByRule(tx: TTx, ctx: TContext, before: TRequestRow, submitted: TRequestRow, typeCode: string) {
  if (before.status !== 'draft' || submitted.assignedToUserId || !submitted.profileId) return submitted;
  const rule = await matchingRule(tx, submitted, typeCode);
  if (!rule) return submitted;
  return applyAssignment(tx, ctx, submitted, rule.assigneeUserId, { ruleId: rule.id, ordinal: rule.ordinal });
}
