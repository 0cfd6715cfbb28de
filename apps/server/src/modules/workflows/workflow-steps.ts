import { and, eq, isNull } from 'drizzle-orm';
import { workflowsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { type TContext } from '../../platform/http/context.js';
import { approverStanding } from './approver-rules.js';
import { userGroupMembers, userGroups, workflows, workflowSteps } from './schema.js';

export type TWorkflowInput = z.output<typeof workflowsApi.ZWorkflowInput>;

/** The office's own workflows: a department's workflows (departmentId set) live on that department's page only. */
export const officeWorkflow = (id: string) => and(eq(workflows.id, id), isNull(workflows.departmentId));

const W = workflowsApi.WORKFLOW_MSG;

/**
 * Every step's approver must be someone who may approve (docs/product/workflows.md#who-may-approve): a
 * person who is active office staff, a department user or a faculty advisor of the institution; a user
 * group of the institution with no student or scholar among its members; or the faculty advisor named on
 * the request. 400 with a message on the step's approver field otherwise.
 */
export async function checkSteps(tx: TTx, ctx: TContext, input: TWorkflowInput) {
  const errors: Record<string, string[]> = {};
  const people = await approverStanding(
    tx,
    ctx.institutionId,
    input.steps.flatMap((s) => (s.approverKind === 'user' && s.approverUserId ? [s.approverUserId] : [])),
  );
  for (const [i, s] of input.steps.entries()) {
    if (s.approverKind === 'user') {
      const standing = s.approverUserId ? people.get(s.approverUserId) : undefined;
      if (standing !== 'approver')
        errors[`steps.${i}.approverUserId`] = [
          standing === 'not-approver' ? W.notApprover : standing === 'inactive' ? W.inactiveApprover : W.choosePerson,
        ];
    }
    if (s.approverKind === 'group') {
      const [g] = s.approverGroupId
        ? await tx
            .select({ id: userGroups.id })
            .from(userGroups)
            .where(and(eq(userGroups.id, s.approverGroupId), eq(userGroups.institutionId, ctx.institutionId)))
        : [];
      if (!g) errors[`steps.${i}.approverGroupId`] = [W.chooseGroup];
      else {
        const members = await tx.select({ id: userGroupMembers.userId }).from(userGroupMembers).where(eq(userGroupMembers.groupId, g.id));
        const standing = await approverStanding(
          tx,
          ctx.institutionId,
          members.map((m) => m.id),
        );
        if (members.some((m) => standing.get(m.id) === undefined || standing.get(m.id) === 'not-approver'))
          errors[`steps.${i}.approverGroupId`] = [W.groupNotApprovers];
      }
    }
  }
  if (Object.keys(errors).length) throw badRequest(W.checkApprovers, errors);
}

/** Replaces a workflow's steps with the input's, numbered in order. */
export async function writeSteps(tx: TTx, ctx: TContext, workflowId: string, input: TWorkflowInput) {
  await tx.delete(workflowSteps).where(eq(workflowSteps.workflowId, workflowId));
  await tx.insert(workflowSteps).values(
    input.steps.map((s, i) => ({
      institutionId: ctx.institutionId,
      workflowId,
      ordinal: i + 1,
      approverKind: s.approverKind,
      approverUserId: s.approverKind === 'user' ? s.approverUserId : null,
      approverGroupId: s.approverKind === 'group' ? s.approverGroupId : null,
      label: s.label,
    })),
  );
}
