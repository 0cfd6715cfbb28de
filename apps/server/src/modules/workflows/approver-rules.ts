import { and, eq, inArray } from 'drizzle-orm';
import { workflowsApi } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { users } from '../people/index.js';

/** What a chosen approver is: one who may approve, one who can no longer sign in, one who never may approve. */
export type TApproverStanding = 'approver' | 'inactive' | 'not-approver';

/**
 * The standing of the users behind these ids as approvers (docs/product/workflows.md#who-may-approve):
 * users of this institution only (another institution's, or an unknown id, is absent from the map); an
 * approver is active and office staff, a department user or admin, or a faculty advisor, never a
 * student or a scholar.
 */
export async function approverStanding(tx: TTx, institutionId: string, ids: string[]): Promise<Map<string, TApproverStanding>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.institutionId, institutionId), inArray(users.id, unique)));
  return new Map(
    rows.map((u) => [u.id, !workflowsApi.isApproverRole(u.role) ? 'not-approver' : u.isActive ? 'approver' : 'inactive'] as const),
  );
}
