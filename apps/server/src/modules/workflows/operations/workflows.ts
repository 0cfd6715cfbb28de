import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type workflowsApi, type TUserGroup, type TWorkflow } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { approvals, userGroupMembers, userGroups, workflows, workflowSteps } from '../schema.js';
import { sql } from 'drizzle-orm';

type TWorkflowInput = z.output<typeof workflowsApi.ZWorkflowInput>;
type TGroupInput = z.output<typeof workflowsApi.ZUserGroupInput>;
const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

export async function presentWorkflows(tx: TTx, rows: (typeof workflows.$inferSelect)[]): Promise<TWorkflow[]> {
  if (rows.length === 0) return [];
  const steps = await tx
    .select()
    .from(workflowSteps)
    .where(
      inArray(
        workflowSteps.workflowId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(workflowSteps.ordinal));
  const people = new Map(
    (
      await tx
        .select()
        .from(users)
        .where(inArray(users.role, ['isssAdmin', 'advisor', 'department']))
    ).map((u) => [u.id, name(u)]),
  );
  const groups = new Map((await tx.select().from(userGroups)).map((g) => [g.id, g.name]));
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    eventCode: w.eventCode,
    isActive: w.isActive,
    updatedAt: w.updatedAt.toISOString(),
    steps: steps
      .filter((s) => s.workflowId === w.id)
      .map((s) => ({
        id: s.id,
        ordinal: s.ordinal,
        approverKind: s.approverKind as TWorkflow['steps'][number]['approverKind'],
        approverUserId: s.approverUserId,
        approverGroupId: s.approverGroupId,
        label: s.label,
        approverName:
          s.approverKind === 'faculty_advisor'
            ? 'Faculty advisor (named on the request)'
            : s.approverKind === 'group'
              ? `Group: ${groups.get(s.approverGroupId ?? '') ?? '?'}`
              : (people.get(s.approverUserId ?? '') ?? '?'),
      })),
  }));
}

/** The office's own workflows: a department's workflows (departmentId set) live on that department's page only. */
const officeWorkflow = (id: string) => and(eq(workflows.id, id), isNull(workflows.departmentId));

export async function listWorkflows(ctx: TContext) {
  return ctx.db(async (tx) =>
    presentWorkflows(tx, await tx.select().from(workflows).where(isNull(workflows.departmentId)).orderBy(asc(workflows.name))),
  );
}

async function checkSteps(tx: TTx, input: TWorkflowInput) {
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

export async function createWorkflow(ctx: TContext, input: TWorkflowInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await checkSteps(tx, input);
    const [w] = await tx
      .insert(workflows)
      .values({
        institutionId: ctx.institutionId,
        name: input.name,
        eventCode: input.eventCode,
        isActive: input.isActive,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await writeSteps(tx, ctx, w!.id, input);
    const [out] = await presentWorkflows(tx, [w!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: w!.id,
      action: 'workflow.created',
      after: out,
      ip: ctx.ip,
    });
    return out!;
  });
}

/**
 * Replaces a workflow's steps. Approvals already under way keep the approvers they were created
 * with (an approval row copies its approver), so a change never moves a request mid-review.
 */
export async function updateWorkflow(ctx: TContext, id: string, input: TWorkflowInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(workflows).where(officeWorkflow(id)).for('update');
    if (!before) throw notFound();
    await checkSteps(tx, input);
    const [beforeOut] = await presentWorkflows(tx, [before]);
    const [w] = await tx
      .update(workflows)
      .set({ name: input.name, eventCode: input.eventCode, isActive: input.isActive, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(workflows.id, id))
      .returning();
    // Steps referenced by existing approvals cannot be deleted: detach them first.
    const old = await tx.select({ id: workflowSteps.id }).from(workflowSteps).where(eq(workflowSteps.workflowId, id));
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
    await writeSteps(tx, ctx, id, input);
    const [out] = await presentWorkflows(tx, [w!]);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: id,
      action: 'workflow.updated',
      before: beforeOut,
      after: out,
      ip: ctx.ip,
    });
    return out!;
  });
}

async function presentGroups(tx: TTx, rows: (typeof userGroups.$inferSelect)[]): Promise<TUserGroup[]> {
  if (rows.length === 0) return [];
  const members = await tx
    .select({ groupId: userGroupMembers.groupId, u: users })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(
      inArray(
        userGroupMembers.groupId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    members: members.filter((m) => m.groupId === g.id).map((m) => ({ userId: m.u.id, name: name(m.u), email: m.u.email })),
  }));
}

export async function listUserGroups(ctx: TContext) {
  return ctx.db(async (tx) => presentGroups(tx, await tx.select().from(userGroups).orderBy(asc(userGroups.name))));
}

async function setMembers(tx: TTx, ctx: TContext, groupId: string, memberIds: string[]) {
  const ids = [...new Set(memberIds)];
  const found = ids.length ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)) : [];
  if (found.length !== ids.length) throw badRequest('Choose members from the list.', { memberIds: ['Choose members from the list.'] });
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  if (ids.length) await tx.insert(userGroupMembers).values(ids.map((userId) => ({ institutionId: ctx.institutionId, groupId, userId })));
}

export async function createUserGroup(ctx: TContext, input: TGroupInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [g] = await tx.insert(userGroups).values({ institutionId: ctx.institutionId, name: input.name }).returning();
    await setMembers(tx, ctx, g!.id, input.memberIds);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user_group',
      entityId: g!.id,
      action: 'user-group.created',
      after: input,
      ip: ctx.ip,
    });
    return (await presentGroups(tx, [g!]))[0]!;
  });
}

export async function updateUserGroup(ctx: TContext, id: string, input: TGroupInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(userGroups).where(eq(userGroups.id, id)).for('update');
    if (!before) throw notFound();
    const [beforeOut] = await presentGroups(tx, [before]);
    const [g] = await tx.update(userGroups).set({ name: input.name }).where(eq(userGroups.id, id)).returning();
    await setMembers(tx, ctx, id, input.memberIds);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user_group',
      entityId: id,
      action: 'user-group.updated',
      before: beforeOut,
      after: input,
      ip: ctx.ip,
    });
    return (await presentGroups(tx, [g!]))[0]!;
  });
}

/**
 * Deletes a workflow. Refused while a request type still uses it (choose another first) or a
 * request is in approver review with it; decided approvals keep their approver and comment.
 */
export async function deleteWorkflow(ctx: TContext, id: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(workflows).where(officeWorkflow(id)).for('update');
    if (!before) throw notFound();
    const types = (await tx.execute(sql`select name from request_types where workflow_id = ${id} order by name`)).rows as {
      name: string;
    }[];
    if (types.length) {
      throw new AppError(
        409,
        'IN_USE',
        `This workflow is used by ${types.map((t) => t.name).join(', ')}. Choose another workflow for ${types.length === 1 ? 'it' : 'them'} in Request Configuration first.`,
      );
    }
    const steps = await tx.select({ id: workflowSteps.id }).from(workflowSteps).where(eq(workflowSteps.workflowId, id));
    const stepIds = steps.map((s) => s.id);
    if (stepIds.length) {
      const [open] = await tx
        .select({ id: approvals.id })
        .from(approvals)
        .where(and(inArray(approvals.workflowStepId, stepIds), inArray(approvals.status, ['waiting', 'pending'])))
        .limit(1);
      if (open)
        throw new AppError(
          409,
          'IN_USE',
          'A request is in approver review with this workflow. Wait until its approvers have decided, or dismiss it, before deleting the workflow.',
        );
      await tx.update(approvals).set({ workflowStepId: null }).where(inArray(approvals.workflowStepId, stepIds));
    }
    const [beforeOut] = await presentWorkflows(tx, [before]);
    await tx.delete(workflowSteps).where(eq(workflowSteps.workflowId, id));
    await tx.delete(workflows).where(eq(workflows.id, id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'workflow',
      entityId: id,
      action: 'workflow.deleted',
      before: beforeOut,
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

/** Deletes a user group no workflow step names (approvals already created copied their approver). */
export async function deleteUserGroup(ctx: TContext, id: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(userGroups).where(eq(userGroups.id, id)).for('update');
    if (!before) throw notFound();
    const used = await tx
      .selectDistinct({ name: workflows.name })
      .from(workflowSteps)
      .innerJoin(workflows, eq(workflows.id, workflowSteps.workflowId))
      .where(eq(workflowSteps.approverGroupId, id))
      .orderBy(asc(workflows.name));
    if (used.length) {
      throw new AppError(
        409,
        'IN_USE',
        `This group approves in ${used.map((u) => u.name).join(', ')}. Remove it from ${used.length === 1 ? 'that workflow' : 'those workflows'} first.`,
      );
    }
    const [beforeOut] = await presentGroups(tx, [before]);
    await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, id));
    await tx.delete(userGroups).where(eq(userGroups.id, id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user_group',
      entityId: id,
      action: 'user-group.deleted',
      before: beforeOut,
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

/** People who may approve: staff, faculty advisors and department users. */
export async function listApproverCandidates(ctx: TContext) {
  return ctx.db(async (tx) => {
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.isActive, true), inArray(users.role, ['isssAdmin', 'advisor', 'department'])))
      .orderBy(users.lastName, users.firstName);
    return rows.map((u) => ({ userId: u.id, name: name(u), email: u.email, role: u.role }));
  });
}
