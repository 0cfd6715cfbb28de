import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

/** Comments on a request or a record; authors edit and delete their own. */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** request | user */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** Staff-only notes are never shown to the requester. */
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('comments_subject_idx').on(t.subjectType, t.subjectId, t.createdAt)],
);
