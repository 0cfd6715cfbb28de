import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { scholarsApi, type workflowsApi, type TWorkflow } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest, forbidden, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { approvals, userGroupMembers, userGroups, workflows, workflowSteps } from '../schema.js';
import { presentWorkflows, writeSteps } from './workflows.js';

type TDeptWorkflowInput = z.output<typeof scholarsApi.ZDeptWorkflowInput>;
type TWorkflowInput = z.output<typeof workflowsApi.ZWorkflowInput>;
const M = scholarsApi.DEPT_MSG;
/** The event a department workflow serves: sponsorship requests (spec 000 s3 "sponsorship request"). */
export const SPONSORSHIP_EVENT = 'SPONSORSHIP_REQUEST';

function departmentOf(actor: TAuthenticatedActor): string {
  if (!actor.departmentId) throw forbidden(M.noDepartment);
  return actor.departmentId;
}

/**
 * Who a department admin may name as an approver: active users of their own department and faculty
 * advisors; a user group only when every member is one of those (no office group, no other department's).
 */
async function candidates(tx: TTx, departmentId: string) {
  const people = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.isActive, true), or(and(eq(users.role, 'department'), eq(users.departmentId, departmentId)), eq(users.role, 'advisor'))),
    )
    .orderBy(users.lastName, users.firstName);
  const ids = new Set(people.map((p) => p.id));
  const members = await tx.select().from(userGroupMembers);
  const groups = (await tx.select().from(userGroups).orderBy(asc(userGroups.name)))
    .map((g) => ({ g, m: members.filter((x) => x.groupId === g.id) }))
    .filter(({ m }) => m.length > 0 && m.every((x) => ids.has(x.userId)));
  return {
    people: people.map((u) => ({ userId: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email, role: u.role })),
    groups: groups.map(({ g, m }) => ({ id: g.id, name: g.name, memberCount: m.length })),
  };
}

/** People and groups a department admin may choose as approvers. */
export async function listDepartmentApproverCandidates(ctx: TContext) {
  const departmentId = departmentOf(requireActor(ctx));
  return ctx.db((tx) => candidates(tx, departmentId));
}

async function checkDepartmentSteps(tx: TTx, departmentId: string, input: TDeptWorkflowInput) {
  const { people, groups } = await candidates(tx, departmentId);
  const errors: Record<string, string[]> = {};
  for (const [i, s] of input.steps.entries()) {
    if (s.approverKind === 'faculty_advisor') errors[`steps.${i}.approverKind`] = [M.advisorStepNotAllowed];
    if (s.approverKind === 'user' && !people.some((p) => p.userId === s.approverUserId))
      errors[`steps.${i}.approverUserId`] = [M.approverNotInDepartment];
    if (s.approverKind === 'group' && !groups.some((g) => g.id === s.approverGroupId))
      errors[`steps.${i}.approverGroupId`] = [M.groupNotInDepartment];
  }
  if (Object.keys(errors).length) throw badRequest('Please check the approvers.', errors);
}

const asWorkflowInput = (input: TDeptWorkflowInput): TWorkflowInput => ({ ...input, eventCode: SPONSORSHIP_EVENT });

/** The department's own workflows (never the office's or another department's). */
export async function listDepartmentWorkflows(ctx: TContext): Promise<TWorkflow[]> {
  const departmentId = departmentOf(requireActor(ctx));
  return ctx.db(async (tx) =>
    presentWorkflows(tx, await tx.select().from(workflows).where(eq(workflows.departmentId, departmentId)).orderBy(asc(workflows.name))),
  );
}

/** One workflow of the department, for use by other modules (e.g. the sponsorship workflow of department configs); null otherwise. */
export async function findDepartmentWorkflow(tx: TTx, departmentId: string, workflowId: string) {
  const [w] = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.departmentId, departmentId)));
  return w ?? null;
}

/** Creates a sponsorship-request workflow of the caller's department. */
export async function createDepartmentWorkflow(ctx: TContext, input: TDeptWorkflowInput): Promise<TWorkflow> {
  const actor = requireActor(ctx);
  const departmentId = departmentOf(actor);
  return ctx.db(async (tx) => {
    await checkDepartmentSteps(tx, departmentId, input);
    const [w] = await tx
      .insert(workflows)
      .values({
        institutionId: ctx.institutionId,
        name: input.name,
        eventCode: SPONSORSHIP_EVENT,
        departmentId,
        isActive: input.isActive,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await writeSteps(tx, ctx, w!.id, asWorkflowInput(input));
    const [out] = await presentWorkflows(tx, [w!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: w!.id,
      action: 'workflow.created',
      after: { ...out, departmentId },
      ip: ctx.ip,
    });
    return out!;
  });
}

/** Changes (or activates/deactivates) one of the department's workflows; any other workflow is not found. */
export async function updateDepartmentWorkflow(ctx: TContext, workflowId: string, input: TDeptWorkflowInput): Promise<TWorkflow> {
  const actor = requireActor(ctx);
  const departmentId = departmentOf(actor);
  return ctx.db(async (tx) => {
    const [before] = await tx
      .select()
      .from(workflows)
      .where(and(eq(workflows.id, workflowId), eq(workflows.departmentId, departmentId)))
      .for('update');
    if (!before) throw notFound();
    await checkDepartmentSteps(tx, departmentId, input);
    const [beforeOut] = await presentWorkflows(tx, [before]);
    const [w] = await tx
      .update(workflows)
      .set({ name: input.name, isActive: input.isActive, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(workflows.id, workflowId))
      .returning();
    // Approvals already under way keep their approvers (they copied them); detach the old steps first.
    const old = await tx.select({ id: workflowSteps.id }).from(workflowSteps).where(eq(workflowSteps.workflowId, workflowId));
    if (old.length)
      await tx
        .update(approvals)
        .set({ workflowStepId: null })
        .where(
          inArray(
            approvals.workflowStepId,
            old.map((o) => o.id),
          ),
        );
    await writeSteps(tx, ctx, workflowId, asWorkflowInput(input));
    const [out] = await presentWorkflows(tx, [w!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: workflowId,
      action: 'workflow.updated',
      before: beforeOut,
      after: out,
      ip: ctx.ip,
    });
    return out!;
  });
}
