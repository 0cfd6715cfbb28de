import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { campusSites, users } from '../people/schema.js';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A student's record (F-1 student or J-1 exchange visitor): identity, SEVIS data, program and stage.
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
     * (docs/product/students-records.md#the-record): English proficiency (required? met? else why not
     * required) and the academic term length.
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
    /**
     * A phone outside the United States (SEVIS TelephoneType Foreign: the country calling code, 1-4
     * digits, and the number, up to 20 characters): SEVIS wants a U.S. or a foreign phone for every
     * F-1 and M-1 student (SEVIS S1164), and most new students have only a foreign one.
     */
    foreignPhoneCountryCode: text('foreign_phone_country_code').notNull().default(''),
    foreignPhone: text('foreign_phone').notNull().default(''),
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

/** A dependent (F-2 / J-2) of a student. A change to identity or countries is flagged for SEVIS. */
export const studentDependents = pgTable(
  'student_dependents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    sevisId: text('sevis_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** 01 spouse, 02 child (SEVIS relationship codes). */
    relationshipCode: text('relationship_to_principal_cd').notNull(),
    email: text('email').notNull().default(''),
    gender: text('gender').notNull().default(''),
    birthDate: date('date_of_birth'),
    birthCity: text('birth_city').notNull().default(''),
    birthCountryCode: text('birth_country_cd').notNull().default(''),
    citizenshipCountryCode: text('country_of_citizenship_cd').notNull().default(''),
    permanentResidenceCountryCode: text('country_of_permanent_residence_cd').notNull().default(''),
    /** Set when identity or countries changed since SEVIS last heard; cleared when the event is queued/sent. */
    needsSevisUpdate: boolean('needs_sevis_update').notNull().default(false),
    /** Active | Terminated */
    status: text('status').notNull().default('Active'),
    terminationReasonCode: text('termination_reason_cd').notNull().default(''),
    ...stamps,
  },
  (t) => [index('student_dependents_profile_idx').on(t.profileId)],
);

/** An exchange visitor's site of activity. */
export const studentSitesOfActivity = pgTable(
  'student_sites_of_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    name: text('name').notNull(),
    address: jsonb('address').$type<TAddress>().notNull().default({}),
    isPrimary: boolean('is_primary').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** SEVIS's id of the site (the transaction log's SiteId), once SEVIS has added it. */
    sevisSiteId: text('sevis_site_id').notNull().default(''),
    ...stamps,
  },
  (t) => [index('student_soa_profile_idx').on(t.profileId)],
);

/**
 * A trainee's or intern's Training/Internship Placement Plan (T/IPP, form DS-7002), one per exchange
 * visitor record: the participant information SEVIS asks (EV schema 6.27 ParticipantInfo) or the
 * program that exempts them from a T/IPP (SEVISTable.xsd TippExemptProgram: IWT, KW). Its sites and
 * phases are in student_tipp_sites and student_tipp_phases (docs/product/students-records.md).
 */
export const studentTipps = pgTable(
  'student_tipps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    /** '' | IWT (Intern Work and Travel) | KW (Korea WEST): exempt from a T/IPP. */
    exemptProgram: text('exempt_program').notNull().default(''),
    /** ParticipantInfo IsIWT: asked of an intern who is a citizen of Ireland (SEVIS S2261). */
    isIwt: boolean('is_iwt'),
    email: text('email').notNull().default(''),
    fieldOfStudy: text('field_of_study').notNull().default(''),
    yearsOfExperience: integer('years_of_experience'),
    typeOfDegree: text('type_of_degree').notNull().default(''),
    /** ParticipantInfo DateAwardedOrExpected. */
    degreeDate: date('degree_date'),
    ...stamps,
  },
  (t) => [uniqueIndex('student_tipps_profile_uq').on(t.profileId)],
);

/** A T/IPP placement site (EV schema 6.27 TippSite): the host, its address, compensation and supervisor, and the signatures. */
export const studentTippSites = pgTable(
  'student_tipp_sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    name: text('name').notNull(),
    /** line1, line2, city, state, postalCode (GenericSiteOfActivity: a U.S. address, 5-digit ZIP). */
    address: jsonb('address').$type<TAddress>().notNull().default({}),
    isPrimary: boolean('is_primary').notNull().default(false),
    employerEin: text('employer_ein').notNull(),
    fullTimeEmployees: integer('full_time_employees').notNull(),
    /** SEVISTable.xsd AnnualRevenue 01-04. */
    annualRevenue: text('annual_revenue').notNull(),
    websiteUrl: text('website_url').notNull(),
    /** Y | N */
    workersComp: text('workers_comp').notNull(),
    workersCompCarrier: text('workers_comp_carrier').notNull().default(''),
    /** Y | N | E (exempt) */
    workersCompForEv: text('workers_comp_for_ev').notNull(),
    evHoursPerWeek: integer('ev_hours_per_week').notNull(),
    /** Y | N */
    stipend: text('stipend').notNull(),
    /** Dollars as SEVIS writes them (USDollars: up to 7 digits, optional cents). */
    stipendAmount: text('stipend_amount').notNull().default(''),
    /** SEVISTable.xsd StipendFrequency 01 hour … 05 year. */
    stipendFrequency: text('stipend_frequency').notNull().default(''),
    nonMonetaryComp: text('non_monetary_comp').notNull().default(''),
    supervisorLastName: text('supervisor_last_name').notNull(),
    supervisorFirstName: text('supervisor_first_name').notNull(),
    supervisorTitle: text('supervisor_title').notNull(),
    supervisorPhone: text('supervisor_phone').notNull(),
    supervisorPhoneExt: text('supervisor_phone_ext').notNull().default(''),
    supervisorEmail: text('supervisor_email').notNull(),
    supervisorFax: text('supervisor_fax').notNull().default(''),
    /** The responsible officer who signed the plan: their SEVIS user name and the date (TippSignatureDates ProgramOfficial). */
    officialUserName: text('official_user_name').notNull().default(''),
    officialSignatureDate: date('official_signature_date'),
    evSignatureDate: date('ev_signature_date'),
    /** false once removed from the plan (kept: SEVIS may still have to delete it by its SiteId). */
    isActive: boolean('is_active').notNull().default(true),
    /** SEVIS's SiteId from the transaction log, once SEVIS added the site. */
    sevisSiteId: text('sevis_site_id').notNull().default(''),
    /** When a Create or TIPP/AddSite carrying the site went into a batch: SEVIS has it, or is adding it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('student_tipp_sites_profile_idx').on(t.profileId)],
);

/** A phase of a T/IPP site (EV schema 6.27 TippPhase): dates, training field, phase supervisor and the plan's narrative. */
export const studentTippPhases = pgTable(
  'student_tipp_phases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    siteId: uuid('site_id')
      .notNull()
      .references(() => studentTippSites.id),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    trainingField: text('training_field').notNull(),
    supervisorLastName: text('supervisor_last_name').notNull(),
    supervisorFirstName: text('supervisor_first_name').notNull(),
    supervisorMiddleInitial: text('supervisor_middle_initial').notNull().default(''),
    supervisorTitle: text('supervisor_title').notNull(),
    supervisorEmail: text('supervisor_email').notNull(),
    supervisorPhone: text('supervisor_phone').notNull(),
    supervisorPhoneExt: text('supervisor_phone_ext').notNull().default(''),
    supervisorSignatureDate: date('supervisor_signature_date'),
    evRole: text('ev_role').notNull(),
    goalsAndObjectives: text('goals_and_objectives').notNull(),
    supervisorQualifications: text('supervisor_qualifications').notNull(),
    culturalActivities: text('cultural_activities').notNull(),
    skillsLearned: text('skills_learned').notNull(),
    teachingMethod: text('teaching_method').notNull(),
    competencyMeasurement: text('competency_measurement').notNull(),
    additionalRemarks: text('additional_remarks').notNull().default(''),
    /** false once removed from the plan (kept: SEVIS may still have to delete it by its PhaseId). */
    isActive: boolean('is_active').notNull().default(true),
    /** SEVIS's PhaseId from the transaction log, once SEVIS added the phase. */
    sevisPhaseId: text('sevis_phase_id').notNull().default(''),
    /** When a Create, TIPP/AddSite or TIPP/AddPhase carrying the phase went into a batch. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('student_tipp_phases_site_idx').on(t.siteId), index('student_tipp_phases_profile_idx').on(t.profileId)],
);

/**
 * Practical training and employment: CPT, OPT (phase 01 pre-, 02 post-completion, 03 STEM),
 * academic training and on-campus employment; authorised periods and the employers in them.
 */
export const studentEmployments = pgTable(
  'student_employments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    /** cpt | opt | stem | academic_training | on_campus */
    kind: text('kind').notNull(),
    /** OPT phase 01 | 02 | 03; '' otherwise. */
    optPhase: text('opt_phase').notNull().default(''),
    /** requested | approved | cancelled */
    status: text('status').notNull().default('approved'),
    /** Authorised period (EAD dates for OPT). */
    authorizedStartDate: date('authorized_start_date'),
    authorizedEndDate: date('authorized_end_date'),
    employerName: text('employer_name').notNull().default(''),
    employerEin: text('employer_ein').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    employerAddress: jsonb('employer_address').$type<TAddress>().notNull().default({}),
    /** Employment with this employer. */
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** 01 full time, 02 part time (SEVIS codes). */
    fullOrPartTime: text('full_or_part_time').notNull().default(''),
    hoursPerWeek: integer('hours_per_week'),
    /** STEM: the I-983 training plan attachment, and the six-monthly validation reports. */
    i983AttachmentId: uuid('i983_attachment_id'),
    requestId: uuid('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [index('student_employments_profile_idx').on(t.profileId, t.kind)],
);

/** STEM OPT validation reports (every six months) and I-983 evaluations. */
export const stemReports = pgTable(
  'stem_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    employmentId: uuid('employment_id').references(() => studentEmployments.id),
    /** validation_report | evaluation */
    kind: text('kind').notNull(),
    dueDate: date('due_date').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    attachmentId: uuid('attachment_id'),
    notes: text('notes').notNull().default(''),
    ...stamps,
  },
  (t) => [index('stem_reports_profile_idx').on(t.profileId, t.dueDate)],
);

/**
 * A change SEVIS must hear about, until a batch carries it (docs/product/sevis-batches.md#pending-events).
 * Built from an approved request or a record change; the event type is the SEVIS batch event (CPTEmployment,
 * OPTEmployment, Dependent...).
 */
export const sevisPendingEvents = pgTable(
  'sevis_pending_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    dependentId: uuid('dependent_id'),
    /** Create | Registration | CPTEmployment | OPTEmployment | OPTEmployer | AuthDropBelowFC | EducationLevel | Program | Dependent | PersonalInfo | FinancialInfo | Reprint | Status | Biographical | SiteOfActivity | Validate | TIPP | Reprint7002 */
    eventType: text('event_type').notNull(),
    /** Sub-action, e.g. Extension / Shorten / Edit for Program, Add / Edit / Cancel for CPT, STEMExtend. */
    action: text('action').notNull().default(''),
    /** What the batch builder needs, captured when the event was raised. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** pending | held | batched | sent | succeeded | failed | cancelled */
    status: text('status').notNull().default('pending'),
    message: text('message').notNull().default(''),
    /** The SEVIS result code of the last batch that carried it (S1xxx), with `message`. */
    resultCode: text('result_code').notNull().default(''),
    requestId: uuid('request_id'),
    batchId: uuid('batch_id'),
    createdBy: uuid('created_by').references(() => users.id),
    ...stamps,
  },
  (t) => [
    index('sevis_pending_events_profile_idx').on(t.profileId),
    index('sevis_pending_events_status_idx').on(t.institutionId, t.status, t.createdAt),
  ],
);

/** A student's (or staff's) requested correction of profile fields, approved side by side. */
export const studentProfileCorrections = pgTable(
  'student_profile_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    /** { field: { from, to } } */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    reason: text('reason').notNull().default(''),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    decisionNote: text('decision_note').notNull().default(''),
    requestedBy: uuid('requested_by').references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('student_profile_corrections_idx').on(t.institutionId, t.status, t.createdAt)],
);

/** Which custom questions and documents each stage asks for (student-stage-configuration). */
export const stageItems = pgTable(
  'stage_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** invited | pre_arrival | check_in | continuing | postcompletion_graduated */
    stage: text('stage').notNull(),
    /** F-1 | J-1 | All */
    visaScope: text('visa_scope').notNull().default('All'),
    customQuestionId: uuid('custom_question_id'),
    customDocumentId: uuid('custom_document_id'),
    ordinal: integer('ordinal').notNull().default(0),
    ...stamps,
  },
  (t) => [index('stage_items_stage_idx').on(t.institutionId, t.stage, t.ordinal)],
);

/** The welcome wizard an invited student walks through (welcome-wizard-configurations). */
export const welcomeWizardSteps = pgTable('welcome_wizard_steps', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  /** content | questions | documents | confirm */
  kind: text('kind').notNull().default('content'),
  /** For questions/documents steps: the custom question or document ids shown. */
  itemIds: uuid('item_ids').array().notNull().default([]),
  visaScope: text('visa_scope').notNull().default('All'),
  ordinal: integer('ordinal').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...stamps,
});

/** A student's progress through a stage's items and the wizard (completed steps). */
export const studentStageProgress = pgTable(
  'student_stage_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => studentProfiles.id),
    stage: text('stage').notNull(),
    completedStepIds: uuid('completed_step_ids').array().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [uniqueIndex('student_stage_progress_uq').on(t.profileId, t.stage)],
);

/** A batch upload of students (CSV/XLSX): parsed and checked first, committed all-or-nothing. */
export const studentImports = pgTable(
  'student_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    fileName: text('file_name').notNull(),
    /** previewed | committed | failed | discarded */
    status: text('status').notNull().default('previewed'),
    rowCount: integer('row_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The parsed rows as checked (values by column), kept until committed or discarded. */
    rows: jsonb('rows').$type<Record<string, string>[]>().notNull().default([]),
    /** [{ row, column, message }] */
    errors: jsonb('errors').$type<{ row: number; column: string; message: string }[]>().notNull().default([]),
    /** What SEVIS will still need of rows that create a SEVIS record: [{ row, column, message }]; they do not block. */
    warnings: jsonb('warnings').$type<{ row: number; column: string; message: string }[]>().notNull().default([]),
    warningCount: integer('warning_count').notNull().default(0),
    campusSiteId: integer('campus_site_id').references(() => campusSites.id),
    createdBy: uuid('created_by').references(() => users.id),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('student_imports_created_idx').on(t.institutionId, t.createdAt)],
);

/**
 * The Student List's title counts of one institution, by campus site (null: records without a site), as
 * counted at `counted_at` for the office's day `counted_for` (docs/decisions/025). `sites` holds
 * [{ site, counts: { <title>: n } }]; each caller is answered the sum over the sites they reach.
 */
export const studentTitleCounts = pgTable('student_title_counts', {
  institutionId: uuid('institution_id')
    .primaryKey()
    .references(() => institutions.id),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  countedFor: date('counted_for').notNull(),
  sites: jsonb('sites').$type<{ site: number | null; counts: Record<string, number> }[]>().notNull(),
});

/**
 * One row per statement that wrote student records, employments or corrections since the institution's
 * title counts were taken (written by triggers, cleared by the count that saw them): while any is left,
 * the counts are not exact (docs/decisions/025).
 */
export const studentTitleCountChanges = pgTable(
  'student_title_count_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_title_count_changes_idx').on(t.institutionId)],
);

/**
 * An active-student import (docs/product/active-student-import.md): the campus SIS's enrolment feed, uploaded
 * as a file or pushed as JSON, compared with the student records; its rows are in activeStudentImportRows.
 */
export const activeStudentImports = pgTable(
  'active_student_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** file | api */
    source: text('source').notNull(),
    fileName: text('file_name').notNull(),
    /** compared | applied | discarded */
    status: text('status').notNull().default('compared'),
    rowCount: integer('row_count').notNull().default(0),
    /** Rows per comparison class, as compared. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    ignoredColumns: text('ignored_columns').array().notNull().default([]),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedBy: uuid('applied_by').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('active_student_imports_list_idx').on(t.institutionId, t.createdAt)],
);

/**
 * One row of an active-student import: the feed's values as checked (null: not given), the record it matched,
 * the record's values at the comparison, the fields that differ and the class; a record active in Meridian
 * but absent from the feed is a row without a row number. `outcome` is written in the transaction that
 * applies the row, so an apply resumed after a crash never takes it twice.
 */
export const activeStudentImportRows = pgTable(
  'active_student_import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    importId: uuid('import_id')
      .notNull()
      .references(() => activeStudentImports.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no'),
    /** pending (while comparing) | changed | unchanged | not_found | absent | conflict | not_yours */
    class: text('class').notNull().default('pending'),
    profileId: uuid('profile_id').references(() => studentProfiles.id),
    /** sevis | campus */
    matchedBy: text('matched_by'),
    sevisId: text('sevis_id'),
    campusId: text('campus_id'),
    lastName: text('last_name'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    email: text('email'),
    siteCode: text('site_code'),
    siteId: integer('site_id'),
    major: text('major'),
    educationLevel: text('education_level'),
    enrollmentStatus: text('enrollment_status'),
    credits: numeric('credits', { precision: 4, scale: 2 }),
    completionDate: date('completion_date'),
    /** Values SEVIS would not take on the record, by field (a name with other characters than letters and spaces). */
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** The record's values at the comparison, by field. */
    record: jsonb('record').$type<Record<string, string | number | null>>(),
    changed: text('changed').array().notNull().default([]),
    message: text('message').notNull().default(''),
    search: text('search').notNull().default(''),
    excluded: boolean('excluded').notNull().default(false),
    /** applied | skipped | failed, once an apply took the row */
    outcome: text('outcome'),
    outcomeMessage: text('outcome_message').notNull().default(''),
    sevisUpdates: integer('sevis_updates').notNull().default(0),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('active_student_import_rows_row_uq').on(t.importId, t.rowNo),
    index('active_student_import_rows_class_idx').on(t.importId, t.class, t.rowNo),
    index('active_student_import_rows_profile_idx').on(t.importId, t.profileId),
  ],
);

/** What the campus SIS last said of a student's enrolment this term (set by the active-student import). */
export const studentEnrollments = pgTable('student_enrollments', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => studentProfiles.id),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  /** An ENROLLMENT_STATUSES code. */
  status: text('status').notNull().default(''),
  credits: numeric('credits', { precision: 4, scale: 2 }),
  importId: uuid('import_id'),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
});
