import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TLookupAttributeField } from '@meridian/domain';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

/** One of the office's code lists (docs/product/lookups.md): what it is, and whether the office may add values. */
export const lookupLists = pgTable(
  'lookup_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** SEVIS's table and schema type the seeded values copy. */
    source: text('source').notNull().default(''),
    allowsOfficeValues: boolean('allows_office_values').notNull().default(false),
    /** The attributes the list's values carry (a country's ISO code), as TLookupAttributeField. */
    attributes: jsonb('attributes').$type<TLookupAttributeField[]>().notNull().default([]),
    /** The seed catalog's version this list was last brought up to (catalog/seed-catalog.ts CATALOG_VERSION). */
    seedVersion: integer('seed_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lookup_lists_key_uq').on(t.institutionId, t.key)],
);

/**
 * A value of a list. Never deleted (the application role may not): retired from `activeUntil` on, the first
 * day it is no longer offered, so records that hold it keep their code and label. A seeded value
 * (`isOfficial`) keeps its code and attributes; `officialLabel` keeps SEVIS's words when the office relabels it.
 */
export const lookupValues = pgTable(
  'lookup_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    listId: uuid('list_id')
      .notNull()
      .references(() => lookupLists.id),
    code: text('code').notNull(),
    label: text('label').notNull(),
    officialLabel: text('official_label'),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    activeFrom: date('active_from'),
    activeUntil: date('active_until'),
    isOfficial: boolean('is_official').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lookup_values_code_uq').on(t.listId, t.code), index('lookup_values_order_idx').on(t.listId, t.sortOrder, t.code)],
);
