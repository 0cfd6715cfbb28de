import { and, eq } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { notifications } from '../schema.js';
import { updateOwnNotifications } from '../own-notifications.js';

/** Marks every visible notification of the caller read. */
export const markAllNotificationsRead = (ctx: TContext) =>
  updateOwnNotifications(ctx, { isRead: true }, and(eq(notifications.isRead, false), eq(notifications.isHidden, false)));
