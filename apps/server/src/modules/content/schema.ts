import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

/**
 * A page of the office's information for students or scholars (docs/product/site-pages.md). Who sees it
 * (audience, stages, visa types; empty: every one) and its address apply when saved; the heading and text
 * are a draft until published. `version` grows with every change (a stale save is refused).
 */
export const sitePages = pgTable(
  'site_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** The office's name for the page, in its list. */
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    audience: text('audience').notNull(),
    stages: text('stages').array().notNull().default([]),
    visaTypes: text('visa_types').array().notNull().default([]),
    draftTitle: text('draft_title').notNull(),
    /** Cleaned on save (messages' sanitizer). */
    draftBodyHtml: text('draft_body_html').notNull().default(''),
    publishedTitle: text('published_title'),
    publishedBodyHtml: text('published_body_html'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by').references(() => users.id),
    ordinal: integer('ordinal').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('site_pages_slug_uq').on(t.institutionId, t.slug),
    index('site_pages_order_idx').on(t.institutionId, t.audience, t.ordinal),
  ],
);
