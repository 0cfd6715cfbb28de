import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A tenant. Settings hold branding, texts, flags and addresses (see domain ZInstitutionSettings). */
export const institutions = pgTable('institutions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Host names that resolve to this institution; with a single institution any host does. */
  hosts: text('hosts').array().notNull().default([]),
  /**
   * The office's IANA time zone: "today" and every date-only value are taken there (ctx.today()).
   * Institutions that existed before it was asked for start in the demo institution's zone.
   */
  timeZone: text('time_zone').notNull().default('America/Chicago'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
