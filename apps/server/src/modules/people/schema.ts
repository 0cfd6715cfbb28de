import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TStaffPermissions } from '@meridian/domain';
import { institutions } from '../../platform/tenancy/schema.js';

export const campusSites = pgTable(
  'campus_sites',
  {
    id: serial('id').primaryKey(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** An inactive site keeps its records and settings but is not offered for new ones (docs/product/people.md#campus-sites). */
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('campus_sites_code_uq').on(t.institutionId, sql`lower(${t.code})`),
    uniqueIndex('campus_sites_name_uq').on(t.institutionId, sql`lower(${t.name})`),
  ],
);

export const departments = pgTable('departments', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  name: text('name').notNull(),
  code: text('code').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    staffPermissions: jsonb('staff_permissions').$type<TStaffPermissions | null>(),
    isDepartmentAdmin: boolean('is_department_admin').notNull().default(false),
    departmentId: uuid('department_id').references(() => departments.id),
    campusSiteId: integer('campus_site_id').references(() => campusSites.id),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_uq').on(t.institutionId, sql`lower(${t.userName})`),
    index('users_email_idx').on(t.institutionId, sql`lower(${t.email})`),
  ],
);
