import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../../platform/tenancy/schema.js';
import { users } from '../../people/index.js';
import { emailTemplates } from '../templates/schema.js';

/**
 * Automated e-mail settings (docs/product/messages.md#automated-e-mail): a row only for an event whose defaults
 * the office changed. `visaTypes` empty: every visa type the event applies to.
 */
export const automatedEmailSettings = pgTable(
  'automated_email_settings',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    eventKey: text('event_key').notNull(),
    enabled: boolean('enabled').notNull(),
    visaTypes: text('visa_types').array().notNull().default([]),
    templateId: uuid('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    leadDays: integer('lead_days').array().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [primaryKey({ name: 'automated_email_settings_pk', columns: [t.institutionId, t.eventKey] })],
);

/** One reminder sent: the key makes a second run for the same record, date and lead time send nothing. */
export const automatedEmailSent = pgTable(
  'automated_email_sent',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    eventKey: text('event_key').notNull(),
    recordId: uuid('record_id').notNull(),
    forDate: date('for_date').notNull(),
    leadDays: integer('lead_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'automated_email_sent_pk', columns: [t.institutionId, t.eventKey, t.recordId, t.forDate, t.leadDays] })],
);
