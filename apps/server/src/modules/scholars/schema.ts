import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SCHOLAR_PHASES, type TScholarAccountSettings } from '@meridian/domain';
import { institutions } from '../../platform/tenancy/schema.js';
import { campusSites, departments, users } from '../people/schema.js';
import { requests } from '../requests/schema.js';
import { studentProfiles } from '../students/schema.js';

/**
 * A scholar or employee the office sponsors (H-1B, O-1, J-1, F-1 OPT/STEM): the person. Each case
 * (sponsorship request and the application it becomes) is a row of scholar_applications (scholars module).
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
    /** The processed state of the current application (sign-in routing: docs/product/auth.md#where-users-land-after-sign-in). */
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
    /** The person's id in the campus HR system (employee id); null until linked. Unique per institution. */
    employeeId: text('employee_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scholars_user_uq').on(t.userId),
    index('scholars_department_idx').on(t.institutionId, t.departmentId),
    index('scholars_name_idx').on(t.institutionId, t.lastName, t.firstName),
    uniqueIndex('scholars_employee_id_uq')
      .on(t.institutionId, t.employeeId)
      .where(sql`${t.employeeId} is not null`),
  ],
);

/**
 * The branches of `case phase ... end`: a phase's place in the catalogue (1 for the sponsorship request),
 * after them any other value. The dashboard sorts by it and index scholar_applications_phase_sort_idx is on
 * it: the two must read alike for the index to answer the sort (a test compares them). Literals, not
 * parameters, for the same reason; text equality is leakproof, so under row-level security a bound on it
 * is an index condition.
 */
export const PHASE_RANK_BRANCHES = `${SCHOLAR_PHASES.map((p, i) => `when '${p.code}' then ${i + 1}`).join(' ')} else ${SCHOLAR_PHASES.length + 1}`;

/**
 * One case of a scholar: the department's sponsorship request, and, once the office processes it,
 * the application of the chosen visa type that the scholar fills in. Documents, comments, history
 * and approval run on the case engine: `sponsorshipRequestId` is the engine request the department
 * sends for approval; `applicationRequestId` the engine request of the processed program (its type's
 * questionnaires and documents are the visa type's template).
 */
export const scholarApplications = pgTable(
  'scholar_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    scholarId: uuid('scholar_id')
      .notNull()
      .references(() => scholars.id),
    /** The hiring department (hiringDepartmentId). */
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    campusSiteId: integer('campus_site_id').references(() => campusSites.id),
    /** What the department proposed: J-1 | H-1B | O-1 | F-1 OPT/STEM | Don't Know. */
    proposedStatus: text('proposed_status').notNull(),
    proposedStartDate: date('proposed_start_date'),
    proposedEndDate: date('proposed_end_date'),
    position: text('position').notNull().default(''),
    hiringAuthorityName: text('hiring_authority_name').notNull().default(''),
    hiringAuthorityEmail: text('hiring_authority_email').notNull().default(''),
    /** TSponsorshipState: draft | pending_approval | submitted | processed | ineligible | rejected. */
    sponsorshipState: text('sponsorship_state').notNull().default('draft'),
    /** TProcessedState, or '' until processed, or 'Ineligible'. */
    processedState: text('processed_state').notNull().default(''),
    processedStartDate: date('processed_start_date'),
    processedEndDate: date('processed_end_date'),
    /** TApplicationState: not_started | draft | submitted | returned. */
    applicationState: text('application_state').notNull().default('not_started'),
    submittedToIsssAt: timestamp('submitted_to_isss_at', { withTimezone: true }),
    /** The office's phase and status (TScholarPhase / TScholarStatus); every change is in scholar_status_history. */
    phase: text('phase').notNull().default('sponsorship_request'),
    status: text('status').notNull().default('pending'),
    statusChangeDate: date('status_change_date'),
    /** Locked once submitted to the office; staff "unlock" to let the scholar change it again. */
    isLocked: boolean('is_locked').notNull().default(false),
    premiumProcessFlag: boolean('premium_process_flag').notNull().default(false),
    /** Premium processing: receipt number, requested/decided dates, fee, notes. */
    premiumProcessing: jsonb('premium_processing').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** Employment details: employer, title, hours, wages, dates, and the employment flags (opt, stem, cpt, aopFM, academicTraining, onCampus, aopJ). */
    employment: jsonb('employment').$type<Record<string, unknown>>().notNull().default({}),
    /** The application form of the processed visa type (H-1B beneficiary, immigration history, dependents, wages, flags, ...). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The office's data for the department tabs (H-1B/O-1 information: LCA, wage level, SOC code, ...). */
    officeData: jsonb('office_data').$type<Record<string, unknown>>().notNull().default({}),
    sponsorshipRequestId: uuid('sponsorship_request_id').references(() => requests.id),
    applicationRequestId: uuid('application_request_id').references(() => requests.id),
    /** A J-1 case's exchange visitor record in the students module, which carries it to SEVIS (docs/product/scholars-office.md#exchange-visitor-record). */
    exchangeVisitorProfileId: uuid('exchange_visitor_profile_id').references(() => studentProfiles.id),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    /** Optimistic concurrency: a save with an older version is refused (409) so nothing is lost silently. */
    version: integer('version').notNull().default(1),
    /**
     * Copies of the scholar's last and first name and of the department's name, kept by the database
     * (triggers of the migration scholar_dashboard_keyset, whoever writes): the dashboard's sorts end with the name, and with
     * every key on this table each sort is one index walk that starts where the last page ended.
     * Never written by the app.
     */
    scholarLastName: text('scholar_last_name').notNull().default(''),
    scholarFirstName: text('scholar_first_name').notNull().default(''),
    departmentName: text('department_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scholar_applications_scholar_idx').on(t.scholarId),
    index('scholar_applications_department_idx').on(t.institutionId, t.departmentId),
    // The dashboard's sorts, each in its exact order with the case id last (unique): a page is the rows
    // after (or before) the last one shown, found by a range on the index (docs/performance.md).
    index('scholar_applications_updated_sort_idx').on(t.institutionId, t.updatedAt, t.id),
    index('scholar_applications_phase_updated_sort_idx').on(t.institutionId, t.phase, t.updatedAt, t.id),
    index('scholar_applications_name_sort_idx').on(t.institutionId, t.scholarLastName, t.scholarFirstName, t.id),
    index('scholar_applications_department_sort_idx').on(t.institutionId, t.departmentName, t.scholarLastName, t.scholarFirstName, t.id),
    index('scholar_applications_visa_sort_idx').on(t.institutionId, t.processedState, t.scholarLastName, t.scholarFirstName, t.id),
    index('scholar_applications_phase_sort_idx').on(
      t.institutionId,
      sql.raw(`(case "phase" ${PHASE_RANK_BRANCHES} end)`),
      t.scholarLastName,
      t.scholarFirstName,
      t.id,
    ),
    index('scholar_applications_status_sort_idx').on(t.institutionId, t.status, t.scholarLastName, t.scholarFirstName, t.id),
    // No end date comes last both ways: one index for each way (each also serves its own reverse).
    index('scholar_applications_end_sort_idx').on(t.institutionId, t.processedEndDate, t.scholarLastName, t.scholarFirstName, t.id),
    index('scholar_applications_end_desc_sort_idx').on(
      t.institutionId,
      t.processedEndDate.desc().nullsLast(),
      t.scholarLastName.desc().nullsFirst(),
      t.scholarFirstName.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('scholar_applications_sponsorship_uq').on(t.sponsorshipRequestId),
    uniqueIndex('scholar_applications_application_uq').on(t.applicationRequestId),
    uniqueIndex('scholar_applications_exchange_visitor_uq').on(t.exchangeVisitorProfileId),
  ],
);

/** Every phase/status change of a case, with the reference the office recorded (status history). */
export const scholarStatusHistory = pgTable(
  'scholar_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => scholarApplications.id),
    phase: text('phase').notNull(),
    status: text('status').notNull(),
    notes: text('notes').notNull().default(''),
    changeDate: date('change_date').notNull(),
    referenceNumber: text('reference_number').notNull().default(''),
    referenceDate: date('reference_date'),
    changeReason: text('change_reason').notNull().default(''),
    /** The change unlocked the record for the scholar (unlockedActiveRecord). */
    isUnlocked: boolean('is_unlocked').notNull().default(false),
    /** The processed state at the time (visaCode). */
    visaCode: text('visa_code').notNull().default(''),
    changedBy: uuid('changed_by').references(() => users.id),
    /**
     * When it was recorded. The clock's time, not the transaction's: two changes written in one transaction
     * (a case closed as another opens) keep the order they were made in (docs/product/scholars-office.md#status-history).
     */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('scholar_status_history_app_idx').on(t.applicationId, t.createdAt)],
);

/** Departmental Configurations: contacts, sites-of-activity presets and the approval workflow of sponsorship requests. */
export const departmentConfigs = pgTable('department_configs', {
  departmentId: uuid('department_id')
    .primaryKey()
    .references(() => departments.id),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  /** [{ name, title, email, phone, isPrimary }] */
  contacts: jsonb('contacts').$type<Array<Record<string, string | boolean>>>().notNull().default([]),
  /** [{ name, address1, address2, city, state, postalCode, isPrimary }] */
  sitesOfActivity: jsonb('sites_of_activity').$type<Array<Record<string, string | boolean>>>().notNull().default([]),
  /** The department's approval workflow that sponsorship requests go through before the office (null: straight to the office). */
  sponsorshipWorkflowId: uuid('sponsorship_workflow_id'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Scholar Account Settings of an institution (H-1B/O-1 information visible to departments, end-date alert offsets). */
export const scholarAccountSettings = pgTable('scholar_account_settings', {
  institutionId: uuid('institution_id')
    .primaryKey()
    .references(() => institutions.id),
  settings: jsonb('settings').$type<TScholarAccountSettings>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Alerts already sent, so the daily job tells each person once per case, kind, offset and end date. */
export const scholarAlertsSent = pgTable(
  'scholar_alerts_sent',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => scholarApplications.id),
    /** end_date | h1b_six_year | j1_bar */
    kind: text('kind').notNull(),
    offsetDays: integer('offset_days').notNull().default(0),
    forDate: date('for_date').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.kind, t.offsetDays, t.forDate] })],
);
