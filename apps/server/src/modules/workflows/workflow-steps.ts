import { and, eq, isNull } from 'drizzle-orm';
import { type workflowsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { type TContext } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { userGroups, workflows, workflowSteps } from './schema.js';

export type TWorkflowInput = z.output<typeof workflowsApi.ZWorkflowInput>;

/** The office's own workflows: a department's workflows (departmentId set) live on that department's page only. */
export const officeWorkflow = (id: string) => and(eq(workflows.id, id), isNull(workflows.departmentId));

/** Every step's approver must be an active person or an existing user group (400 otherwise). */
export async function checkSteps(tx: TTx, input: TWorkflowInput) {
  const errors: Record<string, string[]> = {};
  for (const [i, s] of input.steps.entries()) {
    if (s.approverKind === 'user') {
      const [u] = s.approverUserId
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, s.approverUserId), eq(users.isActive, true)))
        : [];
      if (!u) errors[`steps.${i}.approverUserId`] = ['Choose a person.'];
    }
    if (s.approverKind === 'group') {
      const [g] = s.approverGroupId
        ? await tx.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.id, s.approverGroupId))
        : [];
      if (!g) errors[`steps.${i}.approverGroupId`] = ['Choose a user group.'];
    }
  }
  if (Object.keys(errors).length) throw badRequest('Please check the approvers.', errors);
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
