import { and, eq } from 'drizzle-orm';
import { SCHOLAR_PROGRAM_TYPES, scholarFormDef, validateScholarForm, type TScholarAccountSettings } from '@meridian/domain';
import { departments, users } from '../../src/modules/people/schema.js';
import {
  departmentConfigs,
  scholarAccountSettings,
  scholarApplications,
  scholars,
  scholarStatusHistory,
} from '../../src/modules/scholars/schema.js';
import type { TTestApp } from '../app.js';
import { daysFromToday, nextSeq, only, owner } from './db.js';
import { buildUser, departmentIdOf, userOf, type TDepartmentCode } from './people.js';
import { buildRequest, requestTypeOf, type TRequestRow } from './requests.js';

export type TScholarRow = typeof scholars.$inferSelect;
export type TScholarApplicationRow = typeof scholarApplications.$inferSelect;

export interface TScholarCase {
  application: TScholarApplicationRow;
  scholar: TScholarRow;
  sponsorshipRequest: TRequestRow;
  applicationRequest: TRequestRow | null;
  applicationId: string;
  scholarId: string;
  scholarUserId: string | null;
  sponsorshipRequestId: string;
  applicationRequestId: string | null;
}

export interface TScholarCaseOptions extends Partial<
  Omit<
    typeof scholarApplications.$inferInsert,
    'id' | 'institutionId' | 'scholarId' | 'departmentId' | 'sponsorshipRequestId' | 'applicationRequestId' | 'createdBy'
  >
> {
  institutionId?: string | undefined;
  /** The hiring department (PHYS: the demo 'dept' user's, CS or MED). */
  department?: TDepartmentCode | undefined;
  /** '' (with the office, not yet processed), a program ('H-1B', 'J-1', ...) or 'Ineligible'. */
  processedState?: string | undefined;
  /** A demo user name (e.g. 'scholar') whose scholar record the case is on; null: nobody invited yet. */
  user?: string | null | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
}

const PROGRAM_CODE: Record<string, string> = SCHOLAR_PROGRAM_TYPES;

/** The department's sponsorship requester: its department user (the demo 'dept' for PHYS), else a new one. */
async function departmentUser(t: TTestApp, institutionId: string, departmentId: string): Promise<string> {
  const [u] = await owner(t)
    .select({ userName: users.userName })
    .from(users)
    .where(and(eq(users.institutionId, institutionId), eq(users.departmentId, departmentId), eq(users.role, 'department')))
    .orderBy(users.createdAt)
    .limit(1);
  if (u) return u.userName;
  return (await buildUser(t, { institutionId, role: 'department', departmentId, isDepartmentAdmin: true })).userName;
}

/**
 * A scholar case as the department and the office leave it: the scholar, the department's sponsorship
 * request (sent to the office unless `sponsorshipState` says draft), and once processed as a program
 * the office's application request of that program, the status history row processing writes, and
 * the form data the scholar saved or submitted (checked with the form's own rules). Ineligible cases
 * are closed with the sponsorship request rejected.
 */
export async function buildScholarCase(t: TTestApp, o: TScholarCaseOptions = {}): Promise<TScholarCase> {
  const { institutionId = t.institutionA, department = 'PHYS', processedState = '', user, firstName, lastName, email, ...rest } = o;
  const db = owner(t);
  const i = nextSeq();
  const departmentId = await departmentIdOf(t, department, institutionId);
  const [dept] = await db.select({ name: departments.name }).from(departments).where(eq(departments.id, departmentId));
  const account = user ? await userOf(t, user, institutionId) : null;
  const names = {
    firstName: firstName ?? `Scholar${i}`,
    lastName: lastName ?? `Case${i}`,
    email: email ?? `scholar${i}.${process.pid}.${Date.now()}@example.edu`,
  };
  const processed = processedState !== '' && processedState !== 'Ineligible';
  const sponsorshipState = rest.sponsorshipState ?? (processedState === '' ? 'submitted' : processed ? 'processed' : 'ineligible');
  const applicationState = rest.applicationState ?? 'not_started';
  if (!processed && applicationState !== 'not_started') throw new Error('factory: only a processed case has an application');
  if (processed && !(processedState in PROGRAM_CODE)) throw new Error(`factory: no program ${processedState}`);
  const data = rest.data ?? {};
  if (processed) {
    const def = scholarFormDef(processedState);
    const mode = applicationState === 'submitted' ? 'submit' : 'draft';
    const errors = def ? validateScholarForm(def, data, mode, daysFromToday(0)) : {};
    if (Object.keys(errors).length)
      throw new Error(
        `factory: a ${applicationState} ${processedState} application needs data its form accepts: ${JSON.stringify(errors)}`,
      );
  } else if (Object.keys(data).length) throw new Error('factory: the scholar fills a form only once the case is processed');

  // A new case of an invited scholar is on their one scholar record; its details follow the new case.
  const [existing] = account ? await db.select().from(scholars).where(eq(scholars.userId, account.id)) : [];
  const scholar = existing
    ? only(
        await db
          .update(scholars)
          .set({ ...names, departmentId, updatedAt: new Date() })
          .where(eq(scholars.id, existing.id))
          .returning(),
        'scholar',
      )
    : only(
        await db
          .insert(scholars)
          .values({ ...names, institutionId, departmentId, userId: account?.id ?? null })
          .returning(),
        'scholar',
      );

  const requester = await departmentUser(t, institutionId, departmentId);
  const proposed = {
    proposedStatus: rest.proposedStatus ?? 'H-1B',
    proposedStartDate: rest.proposedStartDate ?? '2027-01-04',
    proposedEndDate: rest.proposedEndDate ?? '2029-12-31',
    position: rest.position ?? 'Research Associate',
    hiringAuthorityName: rest.hiringAuthorityName ?? 'Prof. Ada Lovelace',
  };
  // The engine request of each sponsorship state; the department workflow's states are reached through the API.
  const statuses: Record<string, 'draft' | 'submitted' | 'completed' | 'rejected'> = {
    draft: 'draft',
    submitted: 'submitted',
    processed: 'completed',
    ineligible: 'rejected',
  };
  const sponsorshipStatus = statuses[sponsorshipState];
  if (!sponsorshipStatus) throw new Error(`factory: a ${sponsorshipState} sponsorship request goes through the department's workflow`);
  if (processedState !== '' && sponsorshipState !== (processed ? 'processed' : 'ineligible'))
    throw new Error(`factory: a case processed as ${processedState} has its sponsorship request ${processed ? 'processed' : 'ineligible'}`);
  const sponsorshipRequest = await buildRequest(t, {
    institutionId,
    requestTypeId: (await requestTypeOf(t, PROGRAM_CODE.sponsorship!, institutionId)).id,
    requester,
    subject: null,
    department,
    status: sponsorshipStatus,
    title: `Sponsorship request: ${names.firstName} ${names.lastName}`,
    data: { scholarName: `${names.firstName} ${names.lastName}`, scholarEmail: names.email, departmentName: dept?.name ?? '', ...proposed },
    ...(sponsorshipStatus === 'rejected' ? { statusMessage: 'Not eligible for sponsorship.' } : {}),
  });
  const applicationRequest = processed
    ? await buildRequest(t, {
        institutionId,
        requestTypeId: (await requestTypeOf(t, PROGRAM_CODE[processedState]!, institutionId)).id,
        // The office opens the program's request about the scholar.
        requester: 'admin',
        subject: account ? account.userName : null,
        department,
        site: null,
        status: applicationState === 'submitted' ? 'submitted' : applicationState === 'returned' ? 'clarification_requested' : 'draft',
        title: `${processedState}: ${names.firstName} ${names.lastName}`,
      })
    : null;
  const submitted = applicationState === 'submitted';
  const application = only(
    await db
      .insert(scholarApplications)
      .values({
        phase: submitted ? 'isss_review' : processed ? 'application' : processedState === 'Ineligible' ? 'closed' : 'sponsorship_request',
        status: processedState === 'Ineligible' ? 'ineligible' : 'pending',
        processedStartDate: processed ? '2027-01-04' : null,
        processedEndDate: processed ? '2029-12-31' : null,
        isLocked: submitted || processedState === 'Ineligible',
        submittedToIsssAt: sponsorshipState === 'draft' ? null : new Date(),
        ...proposed,
        ...rest,
        sponsorshipState,
        processedState,
        applicationState,
        data,
        institutionId,
        scholarId: scholar.id,
        departmentId,
        sponsorshipRequestId: sponsorshipRequest.id,
        applicationRequestId: applicationRequest?.id ?? null,
        createdBy: (await userOf(t, requester, institutionId)).id,
      })
      .returning(),
    'scholar application',
  );
  // The status history each step on the way wrote: processing, the scholar's submit, the office's unlock.
  const history: Omit<typeof scholarStatusHistory.$inferInsert, 'institutionId' | 'applicationId' | 'changeDate' | 'visaCode'>[] = [];
  if (processedState === 'Ineligible') history.push({ phase: 'closed', status: 'ineligible', changeReason: 'Not eligible' });
  if (processed) history.push({ phase: 'application', status: 'pending', changeReason: `Processed as ${processedState}` });
  if (applicationState === 'submitted' || applicationState === 'returned')
    history.push({ phase: 'isss_review', status: 'pending', changeReason: 'Application submitted' });
  if (applicationState === 'returned')
    history.push({ phase: 'application', status: 'pending', changeReason: 'Returned for changes', isUnlocked: true });
  for (const h of history)
    await db
      .insert(scholarStatusHistory)
      .values({ ...h, institutionId, applicationId: application.id, changeDate: daysFromToday(0), visaCode: processedState });
  const current = only(
    await db
      .update(scholars)
      .set({ currentApplicationId: application.id, processedState: processed ? processedState : '' })
      .where(eq(scholars.id, scholar.id))
      .returning(),
    'scholar',
  );
  return {
    application,
    scholar: current,
    sponsorshipRequest,
    applicationRequest,
    applicationId: application.id,
    scholarId: current.id,
    scholarUserId: current.userId,
    sponsorshipRequestId: sponsorshipRequest.id,
    applicationRequestId: applicationRequest?.id ?? null,
  };
}

/** Changes fields of a case the way the office's case pages save them (or time passes: `updatedAt`). */
export async function updateScholarCase(
  t: TTestApp,
  applicationId: string,
  change: Partial<Omit<typeof scholarApplications.$inferInsert, 'id' | 'institutionId'>>,
): Promise<TScholarApplicationRow> {
  return only(
    await owner(t)
      .update(scholarApplications)
      .set({ updatedAt: new Date(), ...change })
      .where(eq(scholarApplications.id, applicationId))
      .returning(),
    `scholar application ${applicationId}`,
  );
}

/** Changes a scholar's own details (what the department's edit saves). */
export async function updateScholar(
  t: TTestApp,
  scholarId: string,
  change: Partial<Pick<typeof scholars.$inferInsert, 'firstName' | 'lastName' | 'email' | 'middleName'>>,
): Promise<TScholarRow> {
  return only(
    await owner(t)
      .update(scholars)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(scholars.id, scholarId))
      .returning(),
    `scholar ${scholarId}`,
  );
}

/** A department's configuration (contacts, sites of activity, sponsorship workflow), created or replaced. */
export async function buildDepartmentConfig(
  t: TTestApp,
  departmentId: string,
  o: Partial<Omit<typeof departmentConfigs.$inferInsert, 'departmentId' | 'institutionId'>> & { institutionId?: string | undefined } = {},
): Promise<typeof departmentConfigs.$inferSelect> {
  const { institutionId = t.institutionA, ...values } = o;
  return only(
    await owner(t)
      .insert(departmentConfigs)
      .values({ ...values, departmentId, institutionId })
      .onConflictDoUpdate({ target: departmentConfigs.departmentId, set: { ...values, updatedAt: new Date() } })
      .returning(),
    'department config',
  );
}

/** The institution's Scholar Account Settings, created or replaced. */
export async function setScholarAccountSettings(
  t: TTestApp,
  settings: TScholarAccountSettings,
  institutionId = t.institutionA,
): Promise<void> {
  await owner(t)
    .insert(scholarAccountSettings)
    .values({ institutionId, settings })
    .onConflictDoUpdate({ target: scholarAccountSettings.institutionId, set: { settings, updatedAt: new Date() } });
}

/** Back to the default Scholar Account Settings (none saved). */
export async function clearScholarAccountSettings(t: TTestApp, institutionId = t.institutionA): Promise<void> {
  await owner(t).delete(scholarAccountSettings).where(eq(scholarAccountSettings.institutionId, institutionId));
}

/** The demo seed's H-1B application form as the scholar submits it (countries by ISO code, from the office's lists). */
export const h1bApplicationData = (o: Record<string, unknown> = {}): Record<string, unknown> => ({
  firstName: 'Hiro',
  lastName: 'Tanaka',
  dateOfBirth: '1990-04-01',
  countryOfBirth: 'JP',
  countryOfCitizenship: 'JP',
  email: 'hiro@example.edu',
  phone: '+81 3 1234 5678',
  foreignAddressStreet: '1-2-3 Hongo',
  foreignAddressCity: 'Tokyo',
  foreignAddressCountry: 'JP',
  highestEducation: '3',
  highestDegreeDate: '2020-06-30',
  fieldOfStudy: 'Physics',
  immigrationHistory: [{ subjectName: 'Hiro Tanaka', status: 'J-1', periodofStayFromDate: '2020-09-01', periodofStayToDate: '2022-08-31' }],
  tripsOutsideUs: [{ departureDate: '2021-12-20', returnDate: '2022-01-05' }],
  isHavingFamily: false,
  h1bCapOut: false,
  i140Flag: false,
  cnmiFlag: false,
  offsiteWorkFlag: false,
  beneficiaryStatusFlag: true,
  currentEmployeeFlag: false,
  actualWages: [{ name: 'Research Associate', wages: '$65,000 per year' }],
  documentType: 'passport',
  documentNumber: 'TK1234567',
  documentIssueDate: '2020-01-10',
  documentExpiryDate: '2030-01-09',
  ...o,
});

/** A research scholar's J-1 application (draft): program, site of activity, funding and U.S. address; names from the scholar unless given. */
export const j1ApplicationData = (o: Record<string, unknown> = {}): Record<string, unknown> => ({
  dateOfBirth: '1988-03-14',
  countryOfBirth: 'NO',
  countryOfCitizenship: 'NO',
  phone: '+47 22 12 34 56',
  usAddressStreet: '12 Oxford Street',
  usAddressCity: 'Cambridge',
  usAddressState: 'MA',
  usAddressZip: '02138',
  category: 'RESEARCH SCHOLAR',
  subjectFieldCode: '40.0801',
  siteOfActivityName: 'Jefferson Physical Laboratory',
  siteOfActivityAddress1: '17 Oxford Street',
  siteOfActivityCity: 'Cambridge',
  siteOfActivityState: 'MA',
  siteOfActivityPostalCode: '02138',
  fundingProgramSponsor: '60000',
  fundingPersonal: '5000',
  ...o,
});
