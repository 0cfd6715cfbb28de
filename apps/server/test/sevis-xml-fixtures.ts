import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { schemaMainPath, type TBatchKind } from '../src/modules/sevis/xml/index.js';
import type {
  TBatchRecordInput,
  TDependent,
  TEmployment,
  TProfile,
  TSite,
  TTippData,
  TTippPhase,
  TTippPlan,
  TTippSite,
} from '../src/modules/sevis/xml/types.js';

/** Realistic records for the SEVIS XML tests (in memory: the builder works on loaded rows). */
let seq = 0;
const uuid = () => {
  seq += 1;
  return `${(0x1a2b0000 + seq).toString(16).padStart(8, '0')}-4c5d-4e6f-8a9b-${String(seq).padStart(12, '0')}`;
};
const now = new Date('2026-11-02T15:04:05Z');

export function profile(o: Partial<TProfile> = {}): TProfile {
  return {
    id: uuid(),
    institutionId: '00000000-0000-4000-8000-000000000001',
    userId: null,
    currentStage: 'continuing',
    campusSiteId: 1,
    sevisId: 'N0031234567',
    campusId: 'S1024587',
    firstName: 'Priya',
    middleName: 'Lakshmi',
    lastName: 'Raman',
    suffix: '',
    email: 'priya.raman@example.edu',
    gender: 'F',
    birthDate: '1999-04-12',
    birthCity: 'Mumbai',
    birthCountryCode: 'IN',
    citizenshipCountryCode: 'IN',
    permanentResidenceCountryCode: 'IN',
    visaType: 'F-1',
    sevisStatus: 'Active',
    sevisStatusDate: '2025-08-25',
    educationLevel: '05',
    major1Code: '11.0701',
    major2Code: '',
    minorCode: '27.0101',
    programStartDate: '2025-08-25',
    programEndDate: '2027-05-15',
    documentIssueDate: '2025-04-02',
    documentIssueReason: 'Initial',
    evCategoryCode: '',
    subjectFieldCode: '',
    sessionStartDate: '2026-08-24',
    sessionEndDate: '2026-12-18',
    isLastSession: false,
    isRegistered: false,
    englishRequired: null,
    englishRequirementsMet: null,
    englishNotRequiredReason: '',
    academicTermMonths: 9,
    evPositionCode: '',
    receivedUsGovtFunds: null,
    portOfEntry: 'Newark',
    entryDate: '2025-08-18',
    transferDirection: '',
    transferSchool: '',
    transferReleaseDate: null,
    usAddress: {
      line1: '77 Massachusetts Ave',
      line2: 'Apt 4B',
      city: 'Cambridge',
      state: 'MA',
      postalCode: '02139-4307',
      countryCode: 'US',
    },
    foreignAddress: { line1: '12 Marine Drive', city: 'Mumbai', state: 'Maharashtra', postalCode: '400020', countryCode: 'IN' },
    phone: '6175550142',
    foreignPhoneCountryCode: '91',
    foreignPhone: '22 2281 0001',
    financials: {
      tuition: 58240,
      living: 21500,
      dependents: 6000,
      personalFunds: 45000,
      schoolFunds: 30000,
      schoolFundsRemarks: 'Graduate research assistantship',
      otherFunds: 10740,
      otherFundsRemarks: 'Tata Trusts scholarship',
    },
    portalAccess: 1,
    tags: [],
    isArchived: false,
    createdAt: now,
    updatedAt: now,
    ...o,
  };
}

export function dependent(p: TProfile, o: Partial<TDependent> = {}): TDependent {
  return {
    id: uuid(),
    institutionId: p.institutionId,
    profileId: p.id,
    sevisId: 'N0031234568',
    firstName: 'Arjun',
    lastName: 'Raman',
    relationshipCode: '01',
    email: 'arjun.raman@example.com',
    gender: 'M',
    birthDate: '1997-11-03',
    birthCity: 'Pune',
    birthCountryCode: 'IN',
    citizenshipCountryCode: 'IN',
    permanentResidenceCountryCode: 'IN',
    needsSevisUpdate: true,
    status: 'Active',
    terminationReasonCode: '',
    createdAt: now,
    updatedAt: now,
    ...o,
  };
}

export function site(p: TProfile, o: Partial<TSite> = {}): TSite {
  return {
    id: uuid(),
    institutionId: p.institutionId,
    profileId: p.id,
    name: 'Broad Institute',
    address: { line1: '415 Main Street', city: 'Cambridge', state: 'MA', postalCode: '02142', countryCode: 'US' },
    isPrimary: true,
    sevisSiteId: '',
    isActive: true,
    createdAt: now,
    updatedAt: now,
    ...o,
  };
}

export function employment(p: TProfile, o: Partial<TEmployment> = {}): TEmployment {
  return {
    id: uuid(),
    institutionId: p.institutionId,
    profileId: p.id,
    kind: 'opt',
    optPhase: '02',
    status: 'approved',
    authorizedStartDate: '2027-06-01',
    authorizedEndDate: '2028-05-31',
    employerName: '',
    employerEin: '',
    jobTitle: '',
    employerAddress: {},
    startDate: null,
    endDate: null,
    fullOrPartTime: '01',
    hoursPerWeek: null,
    i983AttachmentId: null,
    requestId: null,
    details: {},
    createdAt: now,
    updatedAt: now,
    ...o,
  };
}

/** A J-1 student (exchange visitor) record with its category, subject field and a site of activity. */
export function evProfile(o: Partial<TProfile> = {}): TProfile {
  return profile({
    firstName: 'Lukas',
    middleName: '',
    lastName: 'Schneider',
    email: 'lukas.schneider@example.edu',
    gender: 'M',
    birthDate: '1998-02-27',
    birthCity: 'Munich',
    birthCountryCode: 'DE',
    citizenshipCountryCode: 'DE',
    permanentResidenceCountryCode: 'DE',
    visaType: 'J-1',
    sevisId: 'N0045678901',
    evCategoryCode: '1A',
    subjectFieldCode: '26.0102',
    educationLevel: '',
    major1Code: '',
    programStartDate: '2026-08-24',
    programEndDate: '2027-05-21',
    foreignAddress: { line1: 'Leopoldstrasse 12', city: 'Munich', postalCode: '80802', countryCode: 'DE' },
    financials: { personalFunds: 12000, schoolFunds: 18000, otherFunds: 5000, otherFundsRemarks: 'DAAD' },
    receivedUsGovtFunds: false,
    ...o,
  });
}

/** A trainee's T/IPP participant information (EV schema 6.27 ParticipantInfo). */
export function tippPlan(p: TProfile, o: Partial<TTippPlan> = {}): TTippPlan {
  return {
    id: uuid(),
    institutionId: p.institutionId,
    profileId: p.id,
    exemptProgram: '',
    isIwt: null,
    email: 'lukas.schneider@example.edu',
    fieldOfStudy: 'Mechanical engineering',
    yearsOfExperience: 3,
    typeOfDegree: 'Master of Science',
    degreeDate: '2025-06-30',
    createdAt: now,
    updatedAt: now,
    ...o,
  };
}

/** A T/IPP placement site (EV schema 6.27 TippSite). */
export function tippSite(p: TProfile, o: Partial<TTippSite> = {}): TTippSite {
  return {
    id: uuid(),
    institutionId: p.institutionId,
    profileId: p.id,
    name: 'Fraunhofer USA',
    address: { line1: '5 Channel Center Street', city: 'Boston', state: 'MA', postalCode: '02210' },
    isPrimary: true,
    employerEin: '382345678',
    fullTimeEmployees: 240,
    annualRevenue: '03',
    websiteUrl: 'https://www.fraunhofer.org',
    workersComp: 'Y',
    workersCompCarrier: 'Liberty Mutual',
    workersCompForEv: 'Y',
    evHoursPerWeek: 40,
    stipend: 'Y',
    stipendAmount: '3200.00',
    stipendFrequency: '04',
    nonMonetaryComp: 'Housing allowance',
    supervisorLastName: 'Whitfield',
    supervisorFirstName: 'Karen',
    supervisorTitle: 'Director of Research',
    supervisorPhone: '6175550190',
    supervisorPhoneExt: '12',
    supervisorEmail: 'k.whitfield@example.org',
    supervisorFax: '',
    officialUserName: '',
    officialSignatureDate: null,
    evSignatureDate: null,
    isActive: true,
    sevisSiteId: '',
    sentAt: null,
    createdAt: now,
    updatedAt: now,
    ...o,
  };
}

/** A phase of a T/IPP site (EV schema 6.27 TippPhase): the whole program by default. */
export function tippPhase(s: TTippSite, o: Partial<TTippPhase> = {}): TTippPhase {
  return {
    id: uuid(),
    institutionId: s.institutionId,
    profileId: s.profileId,
    siteId: s.id,
    name: 'Orientation and laser optics',
    startDate: '2026-08-24',
    endDate: '2027-05-21',
    trainingField: 'Applied laser technology',
    supervisorLastName: 'Okafor',
    supervisorFirstName: 'Daniel',
    supervisorMiddleInitial: 'A',
    supervisorTitle: 'Senior Engineer',
    supervisorEmail: 'd.okafor@example.org',
    supervisorPhone: '6175550191',
    supervisorPhoneExt: '',
    supervisorSignatureDate: null,
    evRole: 'Assist in the design of laser cladding experiments.',
    goalsAndObjectives: 'Learn the lab safety rules and the operation of industrial lasers.',
    supervisorQualifications: 'Daniel Okafor has led the laser group for ten years.',
    culturalActivities: 'Lab outings, the Boston Science Museum, team dinners.',
    skillsLearned: 'Laser cladding, process monitoring, experiment design.',
    teachingMethod: 'Hands-on training beside the supervisor, weekly reviews.',
    competencyMeasurement: 'Monthly evaluation against the phase goals.',
    additionalRemarks: '',
    isActive: true,
    sevisPhaseId: '',
    sentAt: null,
    createdAt: now,
    updatedAt: now,
    ...o,
  };
}

export function event(
  p: TProfile,
  eventType: string,
  action: string,
  payload: Record<string, unknown> = {},
  rest: {
    dependents?: TDependent[] | undefined;
    sites?: TSite[] | undefined;
    employments?: TEmployment[] | undefined;
    dependentId?: string | null | undefined;
    tipp?: TTippData | null | undefined;
  } = {},
): TBatchRecordInput {
  return {
    eventId: uuid(),
    profileId: p.id,
    eventType,
    action,
    payload,
    dependentId: rest.dependentId ?? null,
    profile: p,
    dependents: rest.dependents ?? [],
    sites: rest.sites ?? [],
    employments: rest.employments ?? [],
    tipp: rest.tipp ?? null,
  };
}

export const ORG = { student: 'BOS214F00123000', ev: 'P-1-12345' } as const;
export const SENDER = 'jdoe123456';
/** The office's today the builder is given (ctx.today() in the app): a form issued in the batch carries it. */
export const ISSUED_ON = '2026-11-02';
export const batchId = (n: number) => `MER${String(n).padStart(11, '0')}`;

/** Debian's xmllint (libxml2-utils) on the produced file: the check SEVIS's own tooling would make. */
export function debianXmllint(kind: TBatchKind, xml: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sevis-xml-'));
  const file = path.join(dir, 'batch.xml');
  writeFileSync(file, xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', schemaMainPath(kind), file], { encoding: 'utf8' });
  if (r.error)
    throw new Error(`Debian's xmllint is needed for this check (apt-get install libxml2-utils; .ci/run installs it): ${r.error.message}`);
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/** The XML of one record (by requestID) out of a batch. */
export function recordXml(xml: string, requestId: string): string {
  const start = xml.indexOf(`requestID="${requestId}"`);
  if (start < 0) return '';
  const open = xml.lastIndexOf('<', start);
  const tag = /^<(\w+)/.exec(xml.slice(open))![1]!;
  return xml.slice(open, xml.indexOf(`</${tag}>`, start) + tag.length + 3);
}
