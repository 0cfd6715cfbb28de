import { and, eq, inArray } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { notifications } from '../schema.js';
import { updateOwnNotifications } from '../own-notifications.js';

/** Hides the caller's chosen notifications from the bell. */
export const hideNotifications = (ctx: TContext, ids: string[]) =>
  updateOwnNotifications(ctx, { isHidden: true }, and(inArray(notifications.id, ids), eq(notifications.isHidden, false)));
