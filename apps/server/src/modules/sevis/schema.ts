import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, jsonb } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { campusSites, users } from '../people/schema.js';
import { sevisPendingEvents, studentProfiles } from '../students/schema.js';

/**
 * SEVIS settings per campus site and program kind (F: school code; J: program number): the
 * organisation SEVIS knows, its PDSO/RO and their 10-character SEVIS user id, batch numbering and
 * whether batches are built nightly (docs/product/sevis-settings.md#nightly-batching).
 */
export const sevisSettings = pgTable(
  'sevis_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    campusSiteId: integer('campus_site_id')
      .notNull()
      .references(() => campusSites.id),
    /** F (student, school code [A-Z]{3}214F\d{8}) | J (exchange visitor, program number P-n-nnnnn / G-n-nnnnn). */
    programKind: text('program_kind').notNull(),
    orgId: text('org_id').notNull(),
    /** The PDSO (F) or RO (J) who sends batches by default, and their SEVIS user id (exactly 10 characters). */
    officialName: text('official_name').notNull().default(''),
    officialSevisUserId: text('official_sevis_user_id').notNull(),
    /** The first batch number, 1 to 99999999999999 (bigint: an integer column stops at 2147483647); batch ids continue from here (14 characters, unique per OrgID). */
    startingBatchNumber: bigint('starting_batch_number', { mode: 'number' }).notNull().default(1),
    /** Build batches of pending events for this site every night (scheduled job). */
    isAutoBatch: boolean('is_auto_batch').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sevis_settings_site_uq').on(t.institutionId, t.campusSiteId, t.programKind)],
);

/**
 * SEVIS Permissions: which DSOs (F, sevisDSOAdmins) and AROs (J, sevisAROAdmins) may send the batches of
 * a campus site, each with their own 10-character SEVIS user id (the batch's userID).
 */
export const sevisSenders = pgTable(
  'sevis_senders',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** The campus site whose batches they send (its SEVIS Settings' OrgIDs). */
    campusSiteId: integer('campus_site_id')
      .notNull()
      .references(() => campusSites.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** DSO | ARO */
    kind: text('kind').notNull(),
    sevisUserId: text('sevis_user_id').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campusSiteId, t.userId, t.kind] })],
);

/** A SEVIS batch file: validated against the XSD before it is stored; its records are sevis_batch_records. */
export const sevisBatches = pgTable(
  'sevis_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    settingsId: uuid('settings_id')
      .notNull()
      .references(() => sevisSettings.id),
    orgId: text('org_id').notNull(),
    /** Exactly 14 characters, unique per OrgID (SEVIS answers S0010 to a duplicate). */
    batchId: text('batch_id').notNull(),
    /** student (Create-UpdateStudent 6.55) | ev (Create-UpdateExchangeVisitor 6.27) */
    kind: text('kind').notNull(),
    /** pending | sent | completed | completed_with_errors */
    status: text('status').notNull().default('pending'),
    recordCount: integer('record_count').notNull().default(0),
    /** The batch's userID: the sender's SEVIS user id. */
    sevisUserId: text('sevis_user_id').notNull(),
    xml: text('xml').notNull(),
    /** Batch-level result from the transaction log (S0000, S0020, ...). */
    resultCode: text('result_code').notNull().default(''),
    resultMessage: text('result_message').notNull().default(''),
    /** manual (downloaded and uploaded by hand) | transport (sent through the batch interface) */
    sentVia: text('sent_via').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    sentBy: uuid('sent_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sevis_batches_org_batch_uq').on(t.institutionId, t.orgId, t.batchId),
    index('sevis_batches_list_idx').on(t.institutionId, t.status, t.createdAt),
  ],
);

/** A SEVIS batch as stored. */
export type TBatchRow = typeof sevisBatches.$inferSelect;

/** One record of a batch: the event(s) it carries, the requestID SEVIS echoes back, and its result. */
export const sevisBatchRecords = pgTable(
  'sevis_batch_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    batchRowId: uuid('batch_row_id')
      .notNull()
      .references(() => sevisBatches.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => sevisPendingEvents.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    /** create | update */
    recordKind: text('record_kind').notNull(),
    /** The record's requestID in the XML (1-20 characters): how the transaction log is matched back. */
    sevisRequestId: text('sevis_request_id').notNull(),
    /** sent | succeeded | failed */
    status: text('status').notNull().default('sent'),
    resultCode: text('result_code').notNull().default(''),
    resultMessage: text('result_message').notNull().default(''),
    /** The SEVIS id SEVIS assigned (create records). */
    assignedSevisId: text('assigned_sevis_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sevis_batch_records_batch_idx').on(t.batchRowId),
    uniqueIndex('sevis_batch_records_request_uq').on(t.batchRowId, t.sevisRequestId),
    index('sevis_batch_records_profile_idx').on(t.profileId),
  ],
);

/** A transaction log imported (by hand or through the transport); the same file twice changes nothing. */
export const sevisTransactionLogs = pgTable(
  'sevis_transaction_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    batchRowId: uuid('batch_row_id').references(() => sevisBatches.id),
    orgId: text('org_id').notNull().default(''),
    batchId: text('batch_id').notNull().default(''),
    fileName: text('file_name').notNull().default(''),
    /** SHA-256 of the transaction log XML: a second import of the same log is recognised and changes nothing. */
    sha256: text('sha256').notNull(),
    resultCode: text('result_code').notNull().default(''),
    resultMessage: text('result_message').notNull().default(''),
    succeededCount: integer('succeeded_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    importedBy: uuid('imported_by').references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sevis_transaction_logs_sha_uq').on(t.institutionId, t.sha256)],
);

/** An RTI list export uploaded for comparison with our records (history of imports). */
export const rtiImports = pgTable(
  'rti_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    fileName: text('file_name').notNull(),
    /** student | ev */
    kind: text('kind').notNull().default('student'),
    /** preview | applied | discarded */
    status: text('status').notNull().default('preview'),
    rowCount: integer('row_count').notNull().default(0),
    changedCount: integer('changed_count').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    insertedCount: integer('inserted_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    appliedBy: uuid('applied_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('rti_imports_list_idx').on(t.institutionId, t.createdAt)],
);

/** One row of an RTI import: the values read, the record it matched and the field-by-field differences. */
export const rtiImportRows = pgTable(
  'rti_import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    importId: uuid('import_id')
      .notNull()
      .references(() => rtiImports.id),
    rowNumber: integer('row_number').notNull(),
    sevisId: text('sevis_id').notNull().default(''),
    profileId: uuid('profile_id').references(() => studentProfiles.id),
    /** The row's values by our field name. */
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    /** { field: { ours, rti } } for each field that differs. */
    diffs: jsonb('diffs').$type<Record<string, { ours: string; rti: string }>>().notNull().default({}),
    /** unchanged | changed | new | error */
    state: text('state').notNull(),
    message: text('message').notNull().default(''),
    /** updated | inserted, once applied */
    appliedAction: text('applied_action'),
  },
  (t) => [index('rti_import_rows_import_idx').on(t.importId, t.rowNumber)],
);
