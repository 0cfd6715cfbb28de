import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TNotificationList } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { notifications } from '../schema.js';

/** The caller's notifications (never anybody else's), newest first, with the totals of the bell. */
export async function listNotifications(ctx: TContext, q: { start: number; limit: number }): Promise<TNotificationList> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const mine = and(eq(notifications.userId, actor.userId), eq(notifications.isHidden, false));
    const [totals] = await tx
      .select({
        total: count(),
        totalUnread: sql<number>`count(*) filter (where ${notifications.isRead} = false)`.mapWith(Number),
      })
      .from(notifications)
      .where(mine);
    // Notices written before their case was stored with them name only the case's engine request or the
    // scholar: the case is found from those (read under row-level security: null when not the reader's).
    const applicationId = sql<string | null>`coalesce(${notifications.scholarApplicationId},
      (select a.id from scholar_applications a where ${notifications.requestId} is not null
        and (a.sponsorship_request_id = ${notifications.requestId} or a.application_request_id = ${notifications.requestId}) limit 1),
      (select s.current_application_id from scholars s where s.id = ${notifications.scholarId}))`;
    const rows = await tx
      .select({ n: notifications, applicationId })
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset(q.start);
    return {
      items: rows.map(({ n: r, applicationId: a }) => ({
        id: r.id,
        text: r.text,
        typeName: r.typeName,
        requestId: r.requestId,
        scholarId: r.scholarId,
        scholarApplicationId: a ?? null,
        profileId: r.profileId,
        isRead: r.isRead,
        createdAt: r.createdAt.toISOString(),
      })),
      total: totals?.total ?? 0,
      totalUnread: totals?.totalUnread ?? 0,
    };
  });
}
