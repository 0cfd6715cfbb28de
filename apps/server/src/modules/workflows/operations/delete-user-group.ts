import { asc, eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { userGroupMembers, userGroups, workflows, workflowSteps } from '../schema.js';
import { presentGroups } from '../user-groups.js';

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
