import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../tenancy/schema.js';

/** The kinds of mail (docs/product/messages.md#delivery): only bulk mail can be unsubscribed from. */
export const MAIL_CATEGORIES = ['transactional', 'compliance', 'bulk'] as const;
export type TMailCategory = (typeof MAIL_CATEGORIES)[number];

/**
 * Every e-mail is recorded here; with SMTP configured the delivery job sends it. The links to records
 * (profile, scholar, request, account) have their foreign keys in the migration (0044_mail_log.sql):
 * the platform does not import the modules' tables.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    toAddress: text('to_address').notNull(),
    cc: text('cc')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    purpose: text('purpose').notNull(),
    category: text('category').$type<TMailCategory>().notNull().default('transactional'),
    /** recorded (no SMTP), queued, sending (claimed by one delivery run), sent, failed */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The mail server's last answer, on success or failure. */
    smtpResponse: text('smtp_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a delivery run claimed it for sending; a claim this old was cut short by a crash. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    profileId: uuid('profile_id'),
    scholarApplicationId: uuid('scholar_application_id'),
    scholarId: uuid('scholar_id'),
    /** The recipient's portal account, when the message went to one. */
    userId: uuid('user_id'),
    requestId: uuid('request_id'),
    /** The staff member who sent it by hand (null: sent by the system). */
    sentBy: uuid('sent_by'),
    /** The mass e-mail it was part of. */
    massSendId: uuid('mass_send_id'),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
);

/** Addresses that asked to receive no more bulk mail from the institution (lower-cased). */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'mail_opt_outs_pk', columns: [t.institutionId, t.address] })],
);
