import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../tenancy/schema.js';

/** Every e-mail is recorded here; with SMTP configured the delivery job sends it. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    purpose: text('purpose').notNull(),
    /** recorded (no SMTP), queued, sending (claimed by one delivery run), sent, failed */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a delivery run claimed it for sending; a claim this old was cut short by a crash. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
);
