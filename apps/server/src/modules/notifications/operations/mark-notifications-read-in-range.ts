import { and, eq, gte, lt } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { notifications } from '../schema.js';
import { updateOwnNotifications } from '../own-notifications.js';

/** A day (or any period) as the user's browser bounds it: the server does not guess their time zone. */
export const markNotificationsReadInRange = (ctx: TContext, start: string, end: string) =>
  updateOwnNotifications(
    ctx,
    { isRead: true },
    and(
      gte(notifications.createdAt, new Date(start)),
      lt(notifications.createdAt, new Date(end)),
      eq(notifications.isRead, false),
      eq(notifications.isHidden, false),
    ),
  );
