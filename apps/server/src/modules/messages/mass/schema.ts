import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../../platform/tenancy/schema.js';

/**
 * Mass e-mail (docs/product/messages.md#email-communications): a send and what was chosen as its
 * recipients (0047_mass_email.sql has the foreign keys to users, templates and the outbox).
 */
export const massSends = pgTable(
  'mass_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    createdBy: uuid('created_by').notNull(),
    recordKind: text('record_kind').notNull(),
    /** What was chosen: a list title with its filters, a dashboard tab with its filters, or record ids. */
    recipientSource: jsonb('recipient_source').notNull(),
    /** The choice in words, for the log ("Student List: Active, site Main"). */
    recipientLabel: text('recipient_label').notNull().default(''),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    templateId: uuid('template_id'),
    ccDepartment: boolean('cc_department').notNull().default(false),
    isCompliance: boolean('is_compliance').notNull().default(false),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    /** scheduled → preparing (the job queues the copies) → sending (all in the outbox) → done; or cancelled. */
    status: text('status').notNull(),
    totalCount: integer('total_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('mass_sends_log_idx').on(t.institutionId, t.createdAt)],
);

/** One recipient of a send, fixed when the send was created; `outboxId` is its latest message. */
export const massSendRecipients = pgTable(
  'mass_send_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    massSendId: uuid('mass_send_id').notNull(),
    recordId: uuid('record_id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    cc: text('cc'),
    /** pending (waiting for the job), queued (its message is in the outbox), skipped, failed. */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    outboxId: uuid('outbox_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('mass_send_recipients_record_unique').on(t.massSendId, t.recordId),
    index('mass_send_recipients_status_idx').on(t.massSendId, t.status),
  ],
);
