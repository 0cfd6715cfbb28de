import { and, eq } from 'drizzle-orm';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { notifications } from './schema.js';

/** Changes the caller's own notifications that match, and says how many changed. */
export async function updateOwnNotifications(
  ctx: TContext,
  set: Partial<typeof notifications.$inferInsert>,
  where?: ReturnType<typeof and>,
) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set(set)
      .where(and(eq(notifications.userId, actor.userId), where))
      .returning({ id: notifications.id });
    return { updated: rows.length };
  });
}
