import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { lettersApi } from '@meridian/domain';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

/** A letter template (docs/product/letters.md#templates). The signature image is a file in file storage. */
export const letterTemplates = pgTable('letter_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  name: text('name').notNull(),
  recordKind: text('record_kind').notNull().$type<lettersApi.TLetterRecordKind>(),
  body: jsonb('body').notNull().$type<lettersApi.TLetterBlock[]>(),
  showLogo: boolean('show_logo').notNull().default(true),
  addressLines: text('address_lines').array().notNull().default([]),
  signerName: text('signer_name').notNull().default(''),
  signerTitle: text('signer_title').notNull().default(''),
  signatureStorageKey: text('signature_storage_key'),
  signatureFileName: text('signature_file_name'),
  signatureContentType: text('signature_content_type'),
  signatureSizeBytes: integer('signature_size_bytes'),
  defaultVisibility: text('default_visibility').notNull().default('office').$type<lettersApi.TLetterVisibility>(),
  isActive: boolean('is_active').notNull().default(true),
  /** Deleted templates are kept: the letters filed from them still name them. */
  isDeleted: boolean('is_deleted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id),
});
export type TLetterTemplateRow = typeof letterTemplates.$inferSelect;

/**
 * Each letter written and filed: which template, which record (a student record or a scholar case, never
 * both), which document (docs/product/letters.md#filed-letters).
 */
export const lettersIssued = pgTable('letters_issued', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  templateId: uuid('template_id')
    .notNull()
    .references(() => letterTemplates.id),
  /** The student record the letter is for; null for a scholar case's letter. */
  profileId: uuid('profile_id'),
  /** The scholar case the letter is for (filed on its sponsorship request); null for a student record's letter. */
  applicationId: uuid('application_id'),
  attachmentId: uuid('attachment_id').notNull(),
  /** The batch job that wrote it: a job run again after a crash skips the records it already filed. */
  jobId: uuid('job_id'),
  visibility: text('visibility').notNull().$type<lettersApi.TLetterVisibility>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
});
