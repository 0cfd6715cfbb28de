import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

/** An uploaded file. Stored under a server-generated key; the original name is only metadata. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    requestId: uuid('request_id'),
    subjectUserId: uuid('subject_user_id').references(() => users.id),
    /** A file of a person's record that has no portal account (e.g. SEVIS's printed form); the office's only. */
    profileId: uuid('profile_id'),
    customDocumentId: uuid('custom_document_id'),
    dependentId: uuid('dependent_id'),
    soaId: uuid('soa_id'),
    categoryId: text('category_id').notNull().default(''),
    checklistItem: text('checklist_item').notNull().default(''),
    fileName: text('file_name').notNull(),
    description: text('description').notNull().default(''),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    isVisibleToRequester: boolean('is_visible_to_requester').notNull().default(true),
    isVisibleToDepartment: boolean('is_visible_to_department').notNull().default(false),
    /** active | rejected | deleted */
    status: text('status').notNull().default('active'),
    rejectReason: text('reject_reason').notNull().default(''),
    linkedFromId: uuid('linked_from_id'),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_request_idx').on(t.requestId),
    index('attachments_subject_idx').on(t.subjectUserId),
    index('attachments_profile_idx').on(t.profileId),
  ],
);
