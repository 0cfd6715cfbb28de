import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { userGroups } from '../schema.js';
import { presentGroups, setGroupMembers, type TGroupInput } from '../user-groups.js';

/** Adds a user group that workflow steps may name as approvers. */
export async function createUserGroup(ctx: TContext, input: TGroupInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [g] = await tx.insert(userGroups).values({ institutionId: ctx.institutionId, name: input.name }).returning();
    await setGroupMembers(tx, ctx, g!.id, input.memberIds);
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
