import { and, eq, inArray } from 'drizzle-orm';
import { addDays } from '@meridian/domain';
import {
  sevisPendingEvents,
  stageItems,
  stemReports,
  studentDependents,
  studentEmployments,
  studentImports,
  studentProfileCorrections,
  studentProfiles,
  studentSitesOfActivity,
  studentTippPhases,
  studentTipps,
  studentTippSites,
  welcomeWizardSteps,
} from '../../src/modules/students/schema.js';
import type { TTestApp } from '../app.js';
import { daysFromToday, nextSeq, only, owner } from './db.js';
import { siteIdOf, userOf, type TSiteCode } from './people.js';

export type TStudentRow = typeof studentProfiles.$inferSelect;
type TInsert<T extends { $inferInsert: unknown }> = T['$inferInsert'];
/** Overrides of a row that belongs to a student record (its institution and record come from the record). */
type TPartOf<T extends { $inferInsert: unknown }> = Partial<Omit<TInsert<T>, 'id' | 'institutionId' | 'profileId'>>;
type TRecordRef = Pick<TStudentRow, 'id' | 'institutionId'>;

let sevisSeq = 0;
/** A SEVIS id (N + 10 digits) no other record of the run holds. */
export function uniqueSevisId(): string {
  sevisSeq += 1;
  return `N${String(9000000000 + ((process.pid * 7919 + Date.now() + sevisSeq) % 99_999_999)).padStart(10, '0')}`;
}

export interface TStudentOverrides extends Partial<Omit<TInsert<typeof studentProfiles>, 'id' | 'userId' | 'campusSiteId'>> {
  /** A demo user name (e.g. 'student') whose portal account this record becomes; the user must have none yet. */
  user?: string | null | undefined;
  /** The campus site by code (default MAIN), or null. */
  site?: TSiteCode | null | undefined;
}

/**
 * A student record as intake leaves it once SEVIS knows it: an F-1 continuing student, Active in
 * SEVIS with a SEVIS id, at Main Campus, with a program. With `user`, the record is that account's
 * (invited to the portal).
 */
export async function buildStudent(t: TTestApp, o: TStudentOverrides = {}): Promise<TStudentRow> {
  const { user, site, ...values } = o;
  const institutionId = values.institutionId ?? t.institutionA;
  const i = nextSeq();
  const account = user ? await userOf(t, user, institutionId) : null;
  if (account && account.role !== 'ISSSstudent') throw new Error(`factory: ${user} is not a student account`);
  return only(
    await owner(t)
      .insert(studentProfiles)
      .values({
        sevisId: uniqueSevisId(),
        firstName: `Test${i}`,
        lastName: `Student${i}`,
        email: `test${i}.${process.pid}.${Date.now()}@example.edu`,
        visaType: 'F-1',
        sevisStatus: 'Active',
        currentStage: 'continuing',
        educationLevel: '05',
        birthDate: '1999-04-12',
        birthCountryCode: 'IN',
        citizenshipCountryCode: 'IN',
        programStartDate: '2025-08-20',
        programEndDate: '2027-05-15',
        ...(account ? { portalAccess: 1 } : {}),
        ...values,
        institutionId,
        userId: account?.id ?? null,
        campusSiteId: site === null ? null : await siteIdOf(t, site ?? 'MAIN', institutionId),
      })
      .returning(),
    'student record',
  );
}

/** The record of a student portal account (the demo 'student' has one from the seed). */
export async function studentOf(t: TTestApp, userName = 'student', institutionId = t.institutionA): Promise<TStudentRow> {
  const u = await userOf(t, userName, institutionId);
  return only(await owner(t).select().from(studentProfiles).where(eq(studentProfiles.userId, u.id)), `student record of ${userName}`);
}

/**
 * Changes fields of a record the way the office's record edit saves them (the tests that use it are
 * about what follows from the fields, not about editing them).
 */
export async function updateStudent(
  t: TTestApp,
  profileId: string,
  change: Partial<Omit<TInsert<typeof studentProfiles>, 'id' | 'institutionId'>>,
): Promise<TStudentRow> {
  return only(
    await owner(t)
      .update(studentProfiles)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(studentProfiles.id, profileId))
      .returning(),
    `student record ${profileId}`,
  );
}

/** A dependent (F-2/J-2) of a record: a spouse born in India by default, not yet known to SEVIS. */
export async function buildDependent(
  t: TTestApp,
  record: TRecordRef,
  o: TPartOf<typeof studentDependents> = {},
): Promise<typeof studentDependents.$inferSelect> {
  const i = nextSeq();
  return only(
    await owner(t)
      .insert(studentDependents)
      .values({
        firstName: `Dependent${i}`,
        lastName: 'Fixture',
        relationshipCode: '01',
        birthDate: '1998-03-03',
        ...o,
        institutionId: record.institutionId,
        profileId: record.id,
      })
      .returning(),
    'dependent',
  );
}

/** A site of activity of an exchange visitor's record. */
export async function buildSiteOfActivity(
  t: TTestApp,
  record: TRecordRef,
  o: TPartOf<typeof studentSitesOfActivity> = {},
): Promise<typeof studentSitesOfActivity.$inferSelect> {
  return only(
    await owner(t)
      .insert(studentSitesOfActivity)
      .values({ name: 'Research Lab', address: { city: 'Springfield' }, ...o, institutionId: record.institutionId, profileId: record.id })
      .returning(),
    'site of activity',
  );
}

/** A trainee's T/IPP participant information (EV schema 6.27 ParticipantInfo). */
export async function buildTipp(t: TTestApp, record: TRecordRef, o: TPartOf<typeof studentTipps> = {}) {
  return only(
    await owner(t)
      .insert(studentTipps)
      .values({
        email: 'trainee@example.edu',
        fieldOfStudy: 'Mechanical engineering',
        yearsOfExperience: 2,
        typeOfDegree: 'Master of Science',
        degreeDate: '2025-06-30',
        ...o,
        institutionId: record.institutionId,
        profileId: record.id,
      })
      .returning(),
    'T/IPP',
  );
}

/** A T/IPP placement site of a record (EV schema 6.27 TippSite), primary unless told. */
export async function buildTippSite(t: TTestApp, record: TRecordRef, o: TPartOf<typeof studentTippSites> = {}) {
  return only(
    await owner(t)
      .insert(studentTippSites)
      .values({
        name: 'Fraunhofer USA',
        address: { line1: '5 Channel Center Street', city: 'Boston', state: 'MA', postalCode: '02210' },
        isPrimary: true,
        employerEin: '382345678',
        fullTimeEmployees: 240,
        annualRevenue: '03',
        websiteUrl: 'https://www.fraunhofer.org',
        workersComp: 'Y',
        workersCompForEv: 'Y',
        evHoursPerWeek: 40,
        stipend: 'N',
        supervisorLastName: 'Whitfield',
        supervisorFirstName: 'Karen',
        supervisorTitle: 'Director of Research',
        supervisorPhone: '6175550190',
        supervisorEmail: 'k.whitfield@example.org',
        ...o,
        institutionId: record.institutionId,
        profileId: record.id,
      })
      .returning(),
    'T/IPP site',
  );
}

/** A phase of a T/IPP site (EV schema 6.27 TippPhase). */
export async function buildTippPhase(
  t: TTestApp,
  site: Pick<typeof studentTippSites.$inferSelect, 'id' | 'institutionId' | 'profileId'>,
  o: TPartOf<typeof studentTippPhases> & { startDate: string; endDate: string },
) {
  return only(
    await owner(t)
      .insert(studentTippPhases)
      .values({
        name: 'Orientation',
        trainingField: 'Applied laser technology',
        supervisorLastName: 'Okafor',
        supervisorFirstName: 'Daniel',
        supervisorTitle: 'Senior Engineer',
        supervisorEmail: 'd.okafor@example.org',
        supervisorPhone: '6175550191',
        evRole: 'Assist in experiments.',
        goalsAndObjectives: 'Learn laser cladding.',
        supervisorQualifications: 'Ten years leading the laser group.',
        culturalActivities: 'Museum visits.',
        skillsLearned: 'Process monitoring.',
        teachingMethod: 'Hands-on training.',
        competencyMeasurement: 'Monthly evaluation.',
        ...o,
        institutionId: site.institutionId,
        profileId: site.profileId,
        siteId: site.id,
      })
      .returning(),
    'T/IPP phase',
  );
}

/**
 * An employment row of a record: an approved OPT (phase 02) authorisation of a year unless told; an
 * OPT or STEM period given by one end gets the other from its length (a year, two for STEM). With
 * `employerName` and `startDate` it is an employer period inside its authorisation. CPT and other
 * kinds are authorised for the period they are worked, as approving the request records them.
 */
export async function buildEmployment(
  t: TTestApp,
  record: TRecordRef,
  o: TPartOf<typeof studentEmployments> = {},
): Promise<typeof studentEmployments.$inferSelect> {
  const kind = o.kind ?? (o.optPhase === '03' ? 'stem' : 'opt');
  const isOpt = kind === 'opt' || kind === 'stem';
  if (o.employerName && !o.startDate) throw new Error('factory: an employer period starts on a date');
  let start = o.authorizedStartDate;
  let end = o.authorizedEndDate;
  if (isOpt) {
    const days = kind === 'stem' ? 729 : 364;
    if (start === undefined && end === undefined) start = daysFromToday(0);
    if (start === undefined) start = end ? addDays(end, -days) : null;
    if (end === undefined) end = start ? addDays(start, days) : null;
  } else {
    start ??= o.startDate ?? null;
    end ??= o.endDate ?? null;
  }
  if (start && end && end < start) throw new Error('factory: an authorisation ends after it starts');
  return only(
    await owner(t)
      .insert(studentEmployments)
      .values({
        status: 'approved',
        ...(o.employerName ? { employerEin: '123456789', fullOrPartTime: '01' } : {}),
        ...o,
        kind,
        optPhase: isOpt ? (o.optPhase ?? (kind === 'stem' ? '03' : '02')) : (o.optPhase ?? ''),
        authorizedStartDate: start,
        authorizedEndDate: end,
        institutionId: record.institutionId,
        profileId: record.id,
      })
      .returning(),
    'employment',
  );
}

/** A STEM validation report due on a date, on a STEM authorisation of the record. */
export async function buildStemReport(
  t: TTestApp,
  employment: Pick<typeof studentEmployments.$inferSelect, 'id' | 'institutionId' | 'profileId' | 'kind'>,
  o: Partial<Omit<TInsert<typeof stemReports>, 'id' | 'institutionId' | 'profileId' | 'employmentId'>> = {},
): Promise<typeof stemReports.$inferSelect> {
  if (employment.kind !== 'stem') throw new Error('factory: STEM reports belong to a STEM OPT authorisation');
  return only(
    await owner(t)
      .insert(stemReports)
      .values({
        kind: 'validation_report',
        dueDate: daysFromToday(10),
        ...o,
        institutionId: employment.institutionId,
        profileId: employment.profileId,
        employmentId: employment.id,
      })
      .returning(),
    'STEM report',
  );
}

/** A pending correction of a record's fields (what a student asks for from the portal). */
export async function buildProfileCorrection(
  t: TTestApp,
  record: TRecordRef,
  o: TPartOf<typeof studentProfileCorrections> = {},
): Promise<typeof studentProfileCorrections.$inferSelect> {
  return only(
    await owner(t)
      .insert(studentProfileCorrections)
      .values({ changes: { first_name: { from: 'A', to: 'B' } }, ...o, institutionId: record.institutionId, profileId: record.id })
      .returning(),
    'profile correction',
  );
}

/** A SEVIS update waiting for a batch (a Registration by default, with the session dates it reports). */
export async function buildPendingEvent(
  t: TTestApp,
  record: TRecordRef,
  o: TPartOf<typeof sevisPendingEvents> = {},
): Promise<typeof sevisPendingEvents.$inferSelect> {
  if (o.dependentId) {
    const [dep] = await owner(t)
      .select({ id: studentDependents.id })
      .from(studentDependents)
      .where(and(eq(studentDependents.id, o.dependentId), eq(studentDependents.profileId, record.id)));
    if (!dep) throw new Error("factory: a dependent's SEVIS update names a dependent of the same record");
  }
  return only(
    await owner(t)
      .insert(sevisPendingEvents)
      .values({
        eventType: 'Registration',
        action: 'Register',
        payload: { sessionStartDate: daysFromToday(-10), sessionEndDate: daysFromToday(100), nextSessionStartDate: daysFromToday(120) },
        ...o,
        institutionId: record.institutionId,
        profileId: record.id,
      })
      .returning(),
    'SEVIS pending event',
  );
}

/** A step of the welcome wizard. */
export async function buildWizardStep(
  t: TTestApp,
  o: Partial<Omit<TInsert<typeof welcomeWizardSteps>, 'id'>> = {},
): Promise<typeof welcomeWizardSteps.$inferSelect> {
  return only(
    await owner(t)
      .insert(welcomeWizardSteps)
      .values({ title: 'Fixture step', ...o, institutionId: o.institutionId ?? t.institutionA })
      .returning(),
    'wizard step',
  );
}

/** A custom question or document a stage asks for. */
export async function buildStageItem(
  t: TTestApp,
  o: Partial<Omit<TInsert<typeof stageItems>, 'id'>> & Pick<TInsert<typeof stageItems>, 'stage'>,
): Promise<typeof stageItems.$inferSelect> {
  if (!o.customQuestionId === !o.customDocumentId) throw new Error('factory: a stage item is one custom question or one custom document');
  return only(
    await owner(t)
      .insert(stageItems)
      .values({ ...o, institutionId: o.institutionId ?? t.institutionA })
      .returning(),
    'stage item',
  );
}

/** A batch upload of students as its preview leaves it (or committed / discarded). */
export async function buildStudentImport(
  t: TTestApp,
  o: Partial<Omit<TInsert<typeof studentImports>, 'id'>> = {},
): Promise<typeof studentImports.$inferSelect> {
  return only(
    await owner(t)
      .insert(studentImports)
      .values({ fileName: 'students.csv', ...o, institutionId: o.institutionId ?? t.institutionA })
      .returning(),
    'student import',
  );
}

/** A CPT request's form as its submit rules accept it: a part-time internship in the coming months. */
export const cptRequestData = (o: Record<string, unknown> = {}): Record<string, unknown> => ({
  employer_name: 'Acme Labs',
  employer_job_title: 'Data Analyst, Intern',
  supervisor_name: 'Dana Boss',
  supervisor_phone: '6175550100',
  cpt_address_line_1: '1 Main Street',
  cpt_city: 'Boston',
  cpt_state: 'MA',
  cpt_postal_code: '02139',
  cpt_route_code: '1234',
  cpt_start_date: daysFromToday(30),
  cpt_end_date: daysFromToday(120),
  cpt_full_or_part_time: '02',
  cpt_hours_per_week: '20',
  cpt_employment_comment: 'Required internship of ENGR 590.',
  ...o,
});

/** A program extension's form as its submit rules accept it: a new end one month after the record's. */
export function programExtensionData(
  record: Pick<TStudentRow, 'programEndDate'>,
  o: Record<string, unknown> = {},
): Record<string, unknown> {
  if (!record.programEndDate) throw new Error('factory: a program extension extends a program end date');
  return { new_program_end_date: addDays(record.programEndDate, 30), reason_for_extension: 'My thesis needs another term.', ...o };
}

/** What SEVIS needs of a record for a registration or a personal-info update: gender, birth city, U.S. address, the session. */
export const sevisReadyRecord = () =>
  ({
    gender: 'F',
    birthCity: 'Pune',
    usAddress: { line1: '12 Oak St', city: 'Boston', state: 'MA', postalCode: '02115', countryCode: 'US' },
    sessionStartDate: daysFromToday(-10),
    sessionEndDate: daysFromToday(100),
    isRegistered: false,
  }) satisfies TStudentOverrides;

/**
 * A student on post-completion OPT (phase 02, a year long) that started `daysAgo` days ago, a month
 * after their program ended, without an employer yet.
 */
export async function buildOptStudent(
  t: TTestApp,
  daysAgo: number,
  o: TStudentOverrides = {},
): Promise<TStudentRow & { authorization: typeof studentEmployments.$inferSelect; authStart: string; authEnd: string }> {
  const s = await buildStudent(t, { programEndDate: daysFromToday(-daysAgo - 30), ...o });
  const authorization = await buildEmployment(t, s, { optPhase: '02', authorizedStartDate: daysFromToday(-daysAgo) });
  return { ...s, authorization, authStart: authorization.authorizedStartDate!, authEnd: authorization.authorizedEndDate! };
}

/**
 * What a batch that SEVIS accepted leaves on a record: its open SEVIS updates sent, and the
 * dependents SEVIS created given their SEVIS ids (dependent id -> SEVIS id) and nothing left to tell.
 */
export async function recordSevisAccepted(
  t: TTestApp,
  profileId: string,
  o: { dependentSevisIds?: Record<string, string> | undefined } = {},
): Promise<void> {
  await owner(t)
    .update(sevisPendingEvents)
    .set({ status: 'sent', updatedAt: new Date() })
    .where(and(eq(sevisPendingEvents.profileId, profileId), inArray(sevisPendingEvents.status, ['pending', 'held', 'batched'])));
  for (const [id, sevisId] of Object.entries(o.dependentSevisIds ?? {}))
    await owner(t)
      .update(studentDependents)
      .set({ sevisId, needsSevisUpdate: false, updatedAt: new Date() })
      .where(and(eq(studentDependents.id, id), eq(studentDependents.profileId, profileId)));
}

/** Holds a record's pending SEVIS updates back with a message, as the batch builder does when the schema refuses one. */
export async function holdPendingEvents(t: TTestApp, profileId: string, message: string): Promise<void> {
  await owner(t)
    .update(sevisPendingEvents)
    .set({ status: 'held', message, updatedAt: new Date() })
    .where(and(eq(sevisPendingEvents.profileId, profileId), eq(sevisPendingEvents.status, 'pending')));
}
