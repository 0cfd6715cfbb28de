import { asc, eq } from 'drizzle-orm';
import type { TApproverCheck } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { workflows, workflowSteps } from '../schema.js';
import { latestApprovalRound } from './latest-approval-round.js';

const KIND_LABELS: Record<string, string> = { faculty_advisor: 'Faculty advisor', group: 'User group', user: 'Approver' };

/**
 * Whether a request's approvers must decide before the office approves it (its type's workflow is
 * active and has steps) and whether they have: every step of the latest approval round approved
 * (a group step is settled by one member's approval). docs/product/requests.md#approvers-before-the-office
 */
export async function approverCheck(tx: TTx, requestId: string, workflowId: string | null): Promise<TApproverCheck> {
  if (!workflowId) return { required: false, approved: false, steps: [] };
  const [wf] = await tx.select({ isActive: workflows.isActive }).from(workflows).where(eq(workflows.id, workflowId));
  const steps = wf?.isActive
    ? await tx
        .select({ kind: workflowSteps.approverKind, label: workflowSteps.label })
        .from(workflowSteps)
        .where(eq(workflowSteps.workflowId, workflowId))
        .orderBy(asc(workflowSteps.ordinal))
    : [];
  if (steps.length === 0) return { required: false, approved: false, steps: [] };
  const round = await latestApprovalRound(tx, requestId);
  const ordinals = [...new Set(round.map((a) => a.ordinal))];
  const approved =
    ordinals.length > 0 &&
    ordinals.every((o) => round.some((a) => a.ordinal === o && a.status === 'approved')) &&
    !round.some((a) => a.status === 'rejected' || a.status === 'pending' || a.status === 'waiting');
  return { required: true, approved, steps: steps.map((s) => s.label.trim() || KIND_LABELS[s.kind] || 'Approver') };
}
