import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { campusSites, departments, users } from '../people/schema.js';

/** A kind of request an office offers (cpt_request, rcl_request, ...): data, not code. */
export const requestTypes = pgTable(
  'request_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** F-1 | J-1 | Both | All */
    visaScope: text('visa_scope').notNull().default('All'),
    /** Who may start it: student, scholar, department, staff. */
    starters: text('starters').array().notNull().default([]),
    questionnaireIds: uuid('questionnaire_ids').array().notNull().default([]),
    customQuestionIds: uuid('custom_question_ids').array().notNull().default([]),
    documentIds: uuid('document_ids').array().notNull().default([]),
    /** The approval workflow (the workflows module's; the foreign key is declared in the migration, 0002). */
    workflowId: uuid('workflow_id'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('request_types_code_uq').on(t.institutionId, t.code)],
);

/** A case: one request of one type by one requester about one subject, through its states. */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** Human reference shown to users, unique per institution (e.g. 1042). */
    number: integer('number').notNull(),
    requestTypeId: uuid('request_type_id')
      .notNull()
      .references(() => requestTypes.id),
    requesterUserId: uuid('requester_user_id')
      .notNull()
      .references(() => users.id),
    /**
     * Copies of the requester's names, kept by triggers (migration 0029) whoever writes: the staff list
     * sorts by requester through one index of this table. The app never writes them.
     */
    requesterLastName: text('requester_last_name').notNull().default(''),
    requesterFirstName: text('requester_first_name').notNull().default(''),
    subjectUserId: uuid('subject_user_id').references(() => users.id),
    campusSiteId: integer('campus_site_id').references(() => campusSites.id),
    departmentId: uuid('department_id').references(() => departments.id),
    /** draft | submitted | in_review | clarification_requested | adv_review | approved | awaiting_adjudication | completed | dismissed | rejected */
    status: text('status').notNull().default('draft'),
    /** 0 Not yet reviewed, 1 Assigned, 2 Reviewed, 3 Resolved, 4 Require resolution */
    reviewStatus: integer('review_status').notNull().default(0),
    assignedToUserId: uuid('assigned_to_user_id').references(() => users.id),
    /** The faculty advisor the requester named: the approver of a workflow's faculty_advisor step. */
    advisorUserId: uuid('advisor_user_id').references(() => users.id),
    /** Reason given when staff rejected, or the last clarification asked. */
    statusMessage: text('status_message').notNull().default(''),
    /** Locked for editing while an approval is pending. */
    isLocked: boolean('is_locked').notNull().default(false),
    title: text('title').notNull().default(''),
    /** The student record a student request is about (null for scholar/department requests). */
    /** The student record a student's request is about (the students module's; foreign key in migration 0007). */
    profileId: uuid('profile_id'),
    /** The type's own fields (CPT employer, OPT dates, ...), checked by the domain's rules for its code. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requests_number_uq').on(t.institutionId, t.number),
    index('requests_list_idx').on(t.institutionId, t.status, t.updatedAt),
    index('requests_requester_idx').on(t.requesterUserId),
    // The staff list's default sorts, in the list's exact order (tie-break on number), so its first
    // pages read a few index entries instead of sorting every matching request (bench/request-list.bench.ts).
    // NULLS FIRST is PostgreSQL's default for DESC and what ORDER BY ... DESC asks; drizzle would write NULLS LAST.
    // Migration 0035 recreates these three with INCLUDE (id and the filtered columns: status, campus site,
    // assignee, review status, type, student record), which drizzle cannot declare: a page reached by its number skips rows
    // in the index alone.
    index('requests_list_updated_idx').on(t.institutionId, t.updatedAt.desc().nullsFirst(), t.number.desc().nullsFirst()),
    index('requests_list_requester_idx').on(t.institutionId, t.requesterLastName, t.requesterFirstName, t.number),
    index('requests_list_submitted_idx').on(t.institutionId, t.submittedAt.desc().nullsLast(), t.number.desc().nullsFirst()),
    // Each office list's own requests (docs/decisions/032-lists-say-who-and-one-status-vocabulary.md): the
    // Student Request List counts its requests from a partial index, as the list without an area counts
    // from requests_list_idx; the scholar area's requests (those about no student record) have each sort
    // in a small index of their own, so a list with few of them walks only them, not every request.
    // The migration (0033) adds INCLUDE (status, request_type_id, campus_site_id, id) to the scholar area's, for index-only
    // walks; drizzle does not write INCLUDE.
    index('requests_student_list_idx')
      .on(t.institutionId, t.status, t.updatedAt)
      .where(sql`${t.profileId} is not null`),
    index('requests_other_updated_idx')
      .on(t.institutionId, t.updatedAt.desc().nullsFirst(), t.number.desc().nullsFirst())
      .where(sql`${t.profileId} is null`),
    index('requests_other_requester_idx')
      .on(t.institutionId, t.requesterLastName, t.requesterFirstName, t.number)
      .where(sql`${t.profileId} is null`),
    index('requests_other_submitted_idx')
      .on(t.institutionId, t.submittedAt.desc().nullsLast(), t.number.desc().nullsFirst())
      .where(sql`${t.profileId} is null`),
    index('requests_other_number_idx')
      .on(t.institutionId, t.number)
      .where(sql`${t.profileId} is null`),
    index('requests_other_status_idx')
      .on(t.institutionId, t.status, t.number)
      .where(sql`${t.profileId} is null`),
  ],
);

export const requestTasks = pgTable('request_tasks', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  requestId: uuid('request_id')
    .notNull()
    .references(() => requests.id),
  title: text('title').notNull(),
  isDone: boolean('is_done').notNull().default(false),
  assignedToUserId: uuid('assigned_to_user_id').references(() => users.id),
  dueDate: date('due_date'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who a student's request is assigned to when it is first submitted: the first active rule, by ordinal,
 * whose conditions it meets (docs/product/requests.md#assignment-rules). A null condition matches anything.
 */
export const requestAssignmentRules = pgTable(
  'request_assignment_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    ordinal: integer('ordinal').notNull(),
    requestTypeCode: text('request_type_code'),
    campusSiteId: integer('campus_site_id').references(() => campusSites.id),
    /** F-1 | J-1 */
    visaType: text('visa_type'),
    /** Letters, upper-case: the family name's first letters from nameFrom to nameTo, both included. */
    nameFrom: text('name_from'),
    nameTo: text('name_to'),
    assigneeUserId: uuid('assignee_user_id')
      .notNull()
      .references(() => users.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_assignment_rules_order_idx').on(t.institutionId, t.ordinal)],
);
