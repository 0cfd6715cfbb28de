import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { userGroups } from '../schema.js';
import { presentGroups, setGroupMembers, type TGroupInput } from '../user-groups.js';

/** Renames a user group and replaces its members. */
export async function updateUserGroup(ctx: TContext, id: string, input: TGroupInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(userGroups).where(eq(userGroups.id, id)).for('update');
    if (!before) throw notFound();
    const [beforeOut] = await presentGroups(tx, [before]);
    const [g] = await tx.update(userGroups).set({ name: input.name }).where(eq(userGroups.id, id)).returning();
    await setGroupMembers(tx, ctx, id, input.memberIds);
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
