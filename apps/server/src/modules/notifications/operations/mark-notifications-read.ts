import { and, eq, inArray } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { notifications } from '../schema.js';
import { updateOwnNotifications } from '../own-notifications.js';

/** Marks the caller's chosen notifications read. */
export const markNotificationsRead = (ctx: TContext, ids: string[]) =>
  updateOwnNotifications(ctx, { isRead: true }, and(inArray(notifications.id, ids), eq(notifications.isRead, false)));
