import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

/** In-app notifications of the bell (docs/product/notifications.md). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    typeName: text('type_name').notNull(),
    /**
     * What the notice is about, stored where it is made so the bell opens it (docs/product/notifications.md#what-a-notice-opens):
     * a request, a scholar and their case (scholar_applications), or a student record (student_profiles).
     * Pointers only, without foreign keys: the records belong to higher modules, and a notice outlives
     * nothing it points at (a missing record opens as "not found").
     */
    requestId: uuid('request_id'),
    scholarId: uuid('scholar_id'),
    scholarApplicationId: uuid('scholar_application_id'),
    profileId: uuid('profile_id'),
    isRead: boolean('is_read').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.isHidden, t.createdAt)],
);
