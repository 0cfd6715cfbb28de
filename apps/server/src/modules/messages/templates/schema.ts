import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../../platform/tenancy/schema.js';
import { users } from '../../people/index.js';

/**
 * E-mail templates (docs/product/messages.md#e-mail-templates): `key` names the system message an edit
 * replaces (null: the office's own template). The current wording is here; every save is also a version.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    key: text('key'),
    name: text('name').notNull(),
    recordKind: text('record_kind').notNull(),
    subject: text('subject').notNull(),
    /** Cleaned on save (sanitize-html.ts). */
    bodyHtml: text('body_html').notNull(),
    /** The plain-text part, derived from the HTML. */
    bodyText: text('body_text').notNull(),
    /** A system message's edit is used while active; "Reset to default" turns it off. */
    isActive: boolean('is_active').notNull().default(true),
    currentVersion: integer('current_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [index('email_templates_name_idx').on(t.institutionId, t.name)],
);

/** Every saved wording of a template, newest highest. */
export const emailTemplateVersions = pgTable(
  'email_template_versions',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => emailTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    savedBy: uuid('saved_by').references(() => users.id),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'email_template_versions_pk', columns: [t.templateId, t.version] })],
);
