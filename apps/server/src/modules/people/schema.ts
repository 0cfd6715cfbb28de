import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TStaffPermissions } from '@meridian/domain';
import { institutions } from '../institutions/schema.js';

export const campusSites = pgTable('campus_sites', {
  id: serial('id').primaryKey(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  name: text('name').notNull(),
  code: text('code').notNull(),
});

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

/**
 * A student's record (F-1 student or J-1 exchange visitor): identity, SEVIS data, program and stage.
 * Owned by the students module (modules/students); kept here because sign-in routing reads it.
 */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** The portal account; null until the student is invited to the portal. */
    userId: uuid('user_id').references(() => users.id),
    currentStage: text('current_stage').notNull().default('invited'),
    campusSiteId: integer('campus_site_id').references(() => campusSites.id),
    /** N followed by 10 digits once SEVIS has created the record. */
    sevisId: text('sevis_id'),
    /** The school's own id (student number), unique per institution when given. */
    campusId: text('campus_id'),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    suffix: text('suffix').notNull().default(''),
    email: text('email').notNull().default(''),
    gender: text('gender').notNull().default(''),
    birthDate: date('birth_date'),
    birthCity: text('birth_city').notNull().default(''),
    birthCountryCode: text('birth_country_cd').notNull().default(''),
    citizenshipCountryCode: text('citizenship_country_cd').notNull().default(''),
    permanentResidenceCountryCode: text('permanent_residence_country_cd').notNull().default(''),
    /** F-1 | J-1 */
    visaType: text('visa_type').notNull().default('F-1'),
    /** SEVIS status: Initial, Active, Terminated, Completed, Canceled, Deactivated, No Show, Invalid, Inactive. */
    sevisStatus: text('sevis_status').notNull().default('Initial'),
    sevisStatusDate: date('sevis_status_date'),
    /** Education level code (SEVIS EducationLevel: 01 Associate … 06 Language training, 11 Other). */
    educationLevel: text('education_level').notNull().default(''),
    major1Code: text('major1_cd').notNull().default(''),
    major2Code: text('major2_cd').notNull().default(''),
    minorCode: text('minor_cd').notNull().default(''),
    programStartDate: date('program_start_date'),
    programEndDate: date('program_end_date'),
    /** I-20 (F-1) or DS-2019 (J-1) issue date and reason. */
    documentIssueDate: date('document_issue_date'),
    documentIssueReason: text('document_issue_reason').notNull().default(''),
    /** Exchange visitors: category code (e.g. 1A), subject field code (CIP), position code. */
    evCategoryCode: text('ev_category_cd').notNull().default(''),
    subjectFieldCode: text('subject_field_cd').notNull().default(''),
    /** Current academic session (registration): start, end, and whether it is the last one. */
    sessionStartDate: date('session_start_date'),
    sessionEndDate: date('session_end_date'),
    isLastSession: boolean('is_last_session').notNull().default(false),
    /** Registered in SEVIS for the current session. */
    isRegistered: boolean('is_registered').notNull().default(false),
    /**
     * What SEVIS requires on a new I-20 (and a change of level) and our record had no place for
     * (issue 6): English proficiency (required? met? else why not required) and the academic term length.
     */
    englishRequired: boolean('english_required'),
    englishRequirementsMet: boolean('english_requirements_met'),
    englishNotRequiredReason: text('english_not_required_reason').notNull().default(''),
    academicTermMonths: integer('academic_term_months'),
    /** What SEVIS requires on a new DS-2019: the exchange visitor's position code and whether they receive U.S. government funds. */
    evPositionCode: text('ev_position_code').notNull().default(''),
    receivedUsGovtFunds: boolean('received_us_govt_funds'),
    portOfEntry: text('port_of_entry').notNull().default(''),
    entryDate: date('entry_date'),
    /** '' | in | out, with the other school's name and release date. */
    transferDirection: text('transfer_direction').notNull().default(''),
    transferSchool: text('transfer_school').notNull().default(''),
    transferReleaseDate: date('transfer_release_date'),
    usAddress: jsonb('us_address').$type<TAddress>().notNull().default({}),
    foreignAddress: jsonb('foreign_address').$type<TAddress>().notNull().default({}),
    phone: text('phone').notNull().default(''),
    /** Funding for the I-20/DS-2019 (tuition, living, personal, school, other), whole dollars. */
    financials: jsonb('financials').$type<Record<string, number | string>>().notNull().default({}),
    /** 0 none; 1 the student may sign in. */
    portalAccess: integer('portal_access').notNull().default(0),
    tags: text('tags').array().notNull().default([]),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('student_profiles_user_uq').on(t.userId),
    uniqueIndex('student_profiles_sevis_uq').on(t.institutionId, t.sevisId),
    uniqueIndex('student_profiles_campus_id_uq').on(t.institutionId, t.campusId),
    index('student_profiles_list_idx').on(t.institutionId, t.visaType, t.sevisStatus, t.lastName, t.firstName),
    index('student_profiles_site_idx').on(t.institutionId, t.campusSiteId),
  ],
);

export interface TAddress {
  line1?: string | undefined;
  line2?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  postalCode?: string | undefined;
  countryCode?: string | undefined;
}

/**
 * A scholar or employee the office sponsors (H-1B, O-1, J-1, F-1 OPT/STEM): the person. Each case
 * (sponsorship request and the application it becomes) is a row of scholar_applications (scholars module).
 * Kept here because sign-in routing reads it; the scholars module owns every write.
 */
export const scholars = pgTable(
  'scholars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** The portal account; null until the department invites the scholar. */
    userId: uuid('user_id').references(() => users.id),
    /** The hiring department; department users see only their department's scholars. */
    departmentId: uuid('department_id').references(() => departments.id),
    /** The processed state of the current application (sign-in routing, spec 000 s4). */
    processedState: text('processed_state').notNull().default(''),
    /** The case the scholar works on now (latest application). */
    currentApplicationId: uuid('current_application_id'),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    birthDate: date('birth_date'),
    gender: text('gender').notNull().default(''),
    citizenshipCountryCode: text('citizenship_country_cd').notNull().default(''),
    birthCountryCode: text('birth_country_cd').notNull().default(''),
    alienNumber: text('alien_number').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scholars_user_uq').on(t.userId),
    index('scholars_department_idx').on(t.institutionId, t.departmentId),
    index('scholars_name_idx').on(t.institutionId, t.lastName, t.firstName),
  ],
);
