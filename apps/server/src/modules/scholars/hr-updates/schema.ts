import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../../platform/tenancy/schema.js';

// Scholar HR Updates (docs/product/scholar-hr-updates.md). 0059_scholar_hr_updates.sql has the foreign keys to
// users, scholars and scholar_applications, the row-level security policies and the grants.

/** An HR appointment feed, uploaded as a file or pushed as JSON, compared with the scholars' current cases. */
export const scholarHrImports = pgTable(
  'scholar_hr_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** file | api */
    source: text('source').notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the checked rows: the same feed sent again is recognised while its comparison holds. */
    contentHash: text('content_hash').notNull(),
    rowCount: integer('row_count').notNull().default(0),
    /** Rows per class, as compared. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    ignoredColumns: text('ignored_columns').array().notNull().default([]),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scholar_hr_imports_list_idx').on(t.institutionId, t.createdAt),
    index('scholar_hr_imports_hash_idx').on(t.institutionId, t.contentHash),
  ],
);

/**
 * One feed row: HR's values as checked (`feed`, by field; absent: not given), the scholar and current case it
 * matched, Meridian's values at the comparison (`record`, null when the case is not the importer's), the case
 * version compared, the fields that differ and the class.
 */
export const scholarHrImportRows = pgTable(
  'scholar_hr_import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    importId: uuid('import_id')
      .notNull()
      .references(() => scholarHrImports.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    /** changed | unchanged | not_found | no_case | not_yours */
    class: text('class').notNull(),
    employeeId: text('employee_id').notNull(),
    scholarId: uuid('scholar_id'),
    applicationId: uuid('application_id'),
    /** The case's version when compared; an accepted change of this import moves it on with the case. */
    caseVersion: integer('case_version'),
    feed: jsonb('feed').$type<Record<string, string | null>>().notNull().default({}),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    record: jsonb('record').$type<Record<string, string | null>>(),
    changed: text('changed').array().notNull().default([]),
    message: text('message').notNull().default(''),
    sortName: text('sort_name').notNull().default(''),
    search: text('search').notNull().default(''),
  },
  (t) => [
    uniqueIndex('scholar_hr_import_rows_row_uq').on(t.importId, t.rowNo),
    index('scholar_hr_import_rows_class_idx').on(t.importId, t.class, t.rowNo),
  ],
);

/** One field where HR differs from Meridian: accepted or rejected once, with who and when. */
export const scholarHrChanges = pgTable(
  'scholar_hr_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    importId: uuid('import_id')
      .notNull()
      .references(() => scholarHrImports.id, { onDelete: 'cascade' }),
    rowId: uuid('row_id')
      .notNull()
      .references(() => scholarHrImportRows.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').notNull(),
    /** A THrComparedField. */
    field: text('field').notNull(),
    /** Meridian's value when compared and HR's, as stored (ISO dates, ids, amounts with two decimals). */
    currentValue: text('current_value'),
    hrValue: text('hr_value'),
    /** Why it cannot be accepted (HR's value would not fit the case). */
    note: text('note').notNull().default(''),
    /** accepted | rejected; null while it waits. */
    decision: text('decision'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scholar_hr_changes_field_uq').on(t.rowId, t.field),
    index('scholar_hr_changes_import_idx').on(t.importId, t.decision),
    index('scholar_hr_changes_application_idx').on(t.applicationId),
  ],
);
