import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute } from '../define.js';

/** Polling interval and first page (docs/product/notifications.md#the-panel). */
export const NOTIFICATION_POLL_MS = 300000;
export const NOTIFICATION_FIRST_PAGE = 10;

export const ZNotification = z.object({
  id: z.uuid(),
  text: z.string(),
  typeName: z.string(),
  /**
   * What the notice is about (docs/product/notifications.md#what-a-notice-opens): a request, a scholar and
   * their case, a student record. All null: a notice about nothing to open (older notices), shown as text.
   */
  requestId: z.uuid().nullable(),
  scholarId: z.uuid().nullable(),
  /** The scholar case (sponsorship request and the application it became) the notice is about. */
  scholarApplicationId: z.uuid().nullable(),
  /** The student record the notice is about (a student's request, correction, stage or OPT counter). */
  profileId: z.uuid().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  /** Not hidden: the panel's total (docs/product/notifications.md#the-panel). */
  total: z.number().int(),
  /** Neither read nor hidden: the badge. */
  totalUnread: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

const ZIds = z.object({
  ids: z
    .array(z.uuid({ error: MSG.invalidValue }))
    .min(1, MSG.required)
    .max(200, MSG.invalidLength),
});
const ZUpdated = z.object({ updated: z.number().int() });

export const listNotifications = defineRoute({
  method: 'GET',
  path: '/api/notifications',
  access: 'authenticated',
  tags: ['notifications'],
  summary: "The caller's notifications, newest first (start/limit paging)",
  query: z.object({
    start: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_FIRST_PAGE),
  }),
  response: ZNotificationList,
});
export const markNotificationsRead = defineRoute({
  method: 'POST',
  path: '/api/notifications/read',
  access: 'authenticated',
  tags: ['notifications'],
  summary: 'Mark some of your notifications read',
  body: ZIds,
  response: ZUpdated,
});
export const markNotificationsReadInRange = defineRoute({
  method: 'POST',
  path: '/api/notifications/read-range',
  access: 'authenticated',
  tags: ['notifications'],
  summary: "Mark read your notifications of a period (the browser sends the bounds of the office's day, in the institution's time zone)",
  body: z
    .object({
      start: z.iso.datetime({ offset: true, error: MSG.invalidDate }),
      end: z.iso.datetime({ offset: true, error: MSG.invalidDate }),
    })
    .refine((v) => new Date(v.start) < new Date(v.end), { message: MSG.invalidDate, path: ['end'] }),
  response: ZUpdated,
});
export const markAllNotificationsRead = defineRoute({
  method: 'POST',
  path: '/api/notifications/read-all',
  access: 'authenticated',
  tags: ['notifications'],
  summary: 'Mark all your notifications read',
  response: ZUpdated,
});
export const hideNotifications = defineRoute({
  method: 'POST',
  path: '/api/notifications/hide',
  access: 'authenticated',
  tags: ['notifications'],
  summary: 'Hide some of your notifications',
  body: ZIds,
  response: ZUpdated,
});
