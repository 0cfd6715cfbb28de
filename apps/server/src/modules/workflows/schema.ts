import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

/** Groups of approvers (HR, Dean's office, ...). */
export const userGroups = pgTable('user_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** A workflow item: the approval chain for one event (e.g. SPONSORSHIP_REQUEST, a request type). */
export const workflows = pgTable('workflows', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  name: text('name').notNull(),
  eventCode: text('event_code').notNull(),
  departmentId: uuid('department_id'),
  isActive: boolean('is_active').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id),
  updatedBy: uuid('updated_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One step of a chain: a user, a group, or the requester's faculty advisor (named when the request starts). */
export const workflowSteps = pgTable('workflow_steps', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  workflowId: uuid('workflow_id')
    .notNull()
    .references(() => workflows.id),
  ordinal: integer('ordinal').notNull(),
  /** user | group | faculty_advisor */
  approverKind: text('approver_kind').notNull(),
  approverUserId: uuid('approver_user_id').references(() => users.id),
  approverGroupId: uuid('approver_group_id').references(() => userGroups.id),
  label: text('label').notNull().default(''),
});

/** One approval of one request at one step, by one approver. */
export const approvals = pgTable('approvals', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  requestId: uuid('request_id').notNull(),
  workflowStepId: uuid('workflow_step_id').references(() => workflowSteps.id),
  ordinal: integer('ordinal').notNull(),
  approverUserId: uuid('approver_user_id').references(() => users.id),
  approverName: text('approver_name').notNull().default(''),
  approverEmail: text('approver_email').notNull(),
  /** waiting | pending | approved | rejected | cancelled */
  status: text('status').notNull().default('waiting'),
  comment: text('comment').notNull().default(''),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed, single-use, expiring approval links, bound to one approver and one step; stored hashed. */
export const approvalLinks = pgTable('approval_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  approvalId: uuid('approval_id')
    .notNull()
    .references(() => approvals.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
