import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { listNotifications } from './operations/list-notifications.js';
import { markNotificationsRead } from './operations/mark-notifications-read.js';
import { markNotificationsReadInRange } from './operations/mark-notifications-read-in-range.js';
import { markAllNotificationsRead } from './operations/mark-all-notifications-read.js';
import { hideNotifications } from './operations/hide-notifications.js';

export function notificationRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, notificationsApi.listNotifications, (ctx, { query }) => listNotifications(ctx, query));
  registerRoute(app, s, notificationsApi.markNotificationsRead, (ctx, { body }) => markNotificationsRead(ctx, body.ids));
  registerRoute(app, s, notificationsApi.markNotificationsReadInRange, (ctx, { body }) =>
    markNotificationsReadInRange(ctx, body.start, body.end),
  );
  registerRoute(app, s, notificationsApi.markAllNotificationsRead, (ctx) => markAllNotificationsRead(ctx));
  registerRoute(app, s, notificationsApi.hideNotifications, (ctx, { body }) => hideNotifications(ctx, body.ids));
}
