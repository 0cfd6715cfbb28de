import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import * as ops from './operations/notifications.js';

export function notificationRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, notificationsApi.listNotifications, (ctx, { query }) => ops.listNotifications(ctx, query));
  registerRoute(app, s, notificationsApi.markNotificationsRead, (ctx, { body }) => ops.markRead(ctx, body.ids));
  registerRoute(app, s, notificationsApi.markNotificationsReadInRange, (ctx, { body }) => ops.markReadInRange(ctx, body.start, body.end));
  registerRoute(app, s, notificationsApi.markAllNotificationsRead, (ctx) => ops.markAllRead(ctx));
  registerRoute(app, s, notificationsApi.hideNotifications, (ctx, { body }) => ops.hide(ctx, body.ids));
}
