import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

const created = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Named lists of options (lookup sets) that selection questions draw from. */
export const lookupSets = pgTable('lookup_sets', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  name: text('name').notNull(),
  /** [{ value, label }] */
  options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
  ...created,
});

/** A questionnaire (Form Management). Its folders and items live in versions. */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    programType: text('program_type').notNull().default('EB Scholars'),
    isRetired: boolean('is_retired').notNull().default(false),
    /** Shown only when an earlier answer asks for it. */
    isConditional: boolean('is_conditional').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    ...created,
  },
  (t) => [index('questionnaires_list_idx').on(t.institutionId, t.isRetired, t.name)],
);

/**
 * One version of a questionnaire's content: { folders: [{ id, name, ordinal, items: [...] }] }.
 * Answers bind to a version; changing a questionnaire that has answers makes a new version.
 */
export const questionnaireVersions = pgTable(
  'questionnaire_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id),
    versionNo: integer('version_no').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({ folders: [] }),
    createdBy: uuid('created_by').references(() => users.id),
    ...created,
  },
  (t) => [uniqueIndex('questionnaire_versions_no_uq').on(t.questionnaireId, t.versionNo)],
);

/** The answers of one subject (e.g. a request) to one questionnaire version; drafts save any time. */
export const answerSets = pgTable(
  'answer_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    questionnaireVersionId: uuid('questionnaire_version_id')
      .notNull()
      .references(() => questionnaireVersions.id),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** { [itemId]: { value, explanation? } } */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    isSubmitted: boolean('is_submitted').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...created,
  },
  (t) => [uniqueIndex('answer_sets_subject_uq').on(t.subjectType, t.subjectId, t.questionnaireVersionId)],
);

/** Management custom questions (student side; usable on scholar forms too). */
export const customQuestions = pgTable('custom_questions', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  questionType: text('question_type').notNull(),
  questionDataType: text('question_data_type').notNull().default('TEXT'),
  questionText: text('question_text').notNull(),
  questionInstruction: text('question_instruction').notNull().default(''),
  lookupSetId: uuid('lookup_set_id').references(() => lookupSets.id),
  options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
  ordinal: integer('ordinal').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  isHidden: boolean('is_hidden').notNull().default(false),
  isRequired: boolean('is_required').notNull().default(false),
  isDeleted: boolean('is_deleted').notNull().default(false),
  ...created,
});

/** Management custom documents: a file to upload or a questionnaire to fill, per record/dependent/site. */
export const customDocuments = pgTable('custom_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  instructions: text('instructions').notNull().default(''),
  /** questionnaire | file_upload */
  documentType: text('document_type').notNull(),
  questionnaireId: uuid('questionnaire_id').references(() => questionnaires.id),
  /** main | dependent | site_of_activity */
  appliesTo: text('applies_to').notNull().default('main'),
  isRequired: boolean('is_required').notNull().default(false),
  isHidden: boolean('is_hidden').notNull().default(false),
  isVisibleToStudent: boolean('is_visible_to_student').notNull().default(true),
  ordinal: integer('ordinal').notNull().default(0),
  isDeleted: boolean('is_deleted').notNull().default(false),
  ...created,
});

/** Answers to custom questions, per subject (and dependent or site of activity). */
export const customQuestionResponses = pgTable(
  'custom_question_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    customQuestionId: uuid('custom_question_id')
      .notNull()
      .references(() => customQuestions.id),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    dependentId: uuid('dependent_id'),
    soaId: uuid('soa_id'),
    responseData: text('response_data').notNull().default(''),
    responseExplanation: text('response_explanation').notNull().default(''),
    ...created,
  },
  (t) => [
    // One answer per question per subject on the main record (rows per dependent or site of activity come later).
    uniqueIndex('custom_question_responses_subject_uq')
      .on(t.subjectType, t.subjectId, t.customQuestionId)
      .where(sql`dependent_id is null and soa_id is null`),
  ],
);

/**
 * The office's settings of one field of one of its forms (docs/product/field-configuration.md): words, required,
 * and the roles it is hidden from or read-only for. No row: the field is as its form declares it.
 */
export const fieldSettings = pgTable(
  'field_settings',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** A student request code, or 'student_profile' (rules/configurable-forms.ts). */
    formKey: text('form_key').notNull(),
    fieldName: text('field_name').notNull(),
    label: text('label'),
    help: text('help'),
    required: boolean('required'),
    hiddenFor: text('hidden_for').array().notNull().default([]),
    readOnlyFor: text('read_only_for').array().notNull().default([]),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'field_settings_pk', columns: [t.institutionId, t.formKey, t.fieldName] })],
);
