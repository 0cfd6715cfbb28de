import { and, asc, count, eq } from 'drizzle-orm';
import type { studentsApi as S } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../platform/http/context.js';
import { campusSites } from '../people/index.js';
import { sevisPendingEvents, studentDependents, studentEmployments, studentProfileCorrections, studentSitesOfActivity } from './schema.js';
import { staffReachesProfile, type TProfileRow } from './student.policy.js';

type TDependentRow = typeof studentDependents.$inferSelect;
type TSiteRow = typeof studentSitesOfActivity.$inferSelect;

export const presentDependent = (d: TDependentRow) => ({
  id: d.id,
  sevisId: d.sevisId,
  firstName: d.firstName,
  lastName: d.lastName,
  relationshipCode: d.relationshipCode,
  email: d.email,
  gender: d.gender,
  birthDate: d.birthDate,
  birthCity: d.birthCity,
  birthCountryCode: d.birthCountryCode,
  citizenshipCountryCode: d.citizenshipCountryCode,
  permanentResidenceCountryCode: d.permanentResidenceCountryCode,
  needsSevisUpdate: d.needsSevisUpdate,
  status: d.status,
  terminationReasonCode: d.terminationReasonCode,
  updatedAt: d.updatedAt.toISOString(),
});

export const presentSite = (s: TSiteRow) => ({
  id: s.id,
  name: s.name,
  address: s.address ?? {},
  isPrimary: s.isPrimary,
  isActive: s.isActive,
  updatedAt: s.updatedAt.toISOString(),
});

/** The record's own fields as the API shows them (no joins). */
export function presentProfileFields(p: TProfileRow) {
  return {
    id: p.id,
    userId: p.userId,
    currentStage: p.currentStage,
    campusSiteId: p.campusSiteId,
    sevisId: p.sevisId,
    campusId: p.campusId,
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    suffix: p.suffix,
    email: p.email,
    gender: p.gender,
    birthDate: p.birthDate,
    birthCity: p.birthCity,
    birthCountryCode: p.birthCountryCode,
    citizenshipCountryCode: p.citizenshipCountryCode,
    permanentResidenceCountryCode: p.permanentResidenceCountryCode,
    visaType: p.visaType,
    sevisStatus: p.sevisStatus,
    sevisStatusDate: p.sevisStatusDate,
    educationLevel: p.educationLevel,
    major1Code: p.major1Code,
    major2Code: p.major2Code,
    minorCode: p.minorCode,
    programStartDate: p.programStartDate,
    programEndDate: p.programEndDate,
    documentIssueDate: p.documentIssueDate,
    documentIssueReason: p.documentIssueReason,
    evCategoryCode: p.evCategoryCode,
    subjectFieldCode: p.subjectFieldCode,
    englishRequired: p.englishRequired,
    englishRequirementsMet: p.englishRequirementsMet,
    englishNotRequiredReason: p.englishNotRequiredReason,
    academicTermMonths: p.academicTermMonths,
    evPositionCode: p.evPositionCode,
    receivedUsGovtFunds: p.receivedUsGovtFunds,
    sessionStartDate: p.sessionStartDate,
    sessionEndDate: p.sessionEndDate,
    isLastSession: p.isLastSession,
    isRegistered: p.isRegistered,
    portOfEntry: p.portOfEntry,
    entryDate: p.entryDate,
    transferDirection: p.transferDirection,
    transferSchool: p.transferSchool,
    transferReleaseDate: p.transferReleaseDate,
    usAddress: p.usAddress ?? {},
    foreignAddress: p.foreignAddress ?? {},
    phone: p.phone,
    foreignPhoneCountryCode: p.foreignPhoneCountryCode,
    foreignPhone: p.foreignPhone,
    financials: p.financials ?? {},
    portalAccess: p.portalAccess,
    tags: p.tags,
    isArchived: p.isArchived,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The full record: the profile, its site, dependents, sites of activity, employments, and the caller's abilities. */
export async function presentStudentRecord(tx: TTx, actor: TAuthenticatedActor | null, p: TProfileRow): Promise<S.TStudentRecord> {
  const [site] = p.campusSiteId
    ? await tx.select({ name: campusSites.name }).from(campusSites).where(eq(campusSites.id, p.campusSiteId))
    : [];
  const dependents = await tx
    .select()
    .from(studentDependents)
    .where(eq(studentDependents.profileId, p.id))
    .orderBy(asc(studentDependents.status), asc(studentDependents.createdAt));
  const sites = await tx
    .select()
    .from(studentSitesOfActivity)
    .where(eq(studentSitesOfActivity.profileId, p.id))
    .orderBy(asc(studentSitesOfActivity.createdAt));
  const employments = await tx
    .select()
    .from(studentEmployments)
    .where(eq(studentEmployments.profileId, p.id))
    .orderBy(asc(studentEmployments.authorizedStartDate));
  const [{ n: pendingSevisEvents }] = (await tx
    .select({ n: count() })
    .from(sevisPendingEvents)
    .where(and(eq(sevisPendingEvents.profileId, p.id), eq(sevisPendingEvents.status, 'pending')))) as [{ n: number }];
  const [{ n: pendingCorrections }] = (await tx
    .select({ n: count() })
    .from(studentProfileCorrections)
    .where(and(eq(studentProfileCorrections.profileId, p.id), eq(studentProfileCorrections.status, 'pending')))) as [{ n: number }];
  return {
    ...presentProfileFields(p),
    campusSiteName: site?.name ?? null,
    dependents: dependents.map(presentDependent),
    sitesOfActivity: sites.map(presentSite),
    employments: employments.map((e) => ({
      id: e.id,
      kind: e.kind,
      optPhase: e.optPhase,
      status: e.status,
      authorizedStartDate: e.authorizedStartDate,
      authorizedEndDate: e.authorizedEndDate,
      employerName: e.employerName,
      jobTitle: e.jobTitle,
      startDate: e.startDate,
      endDate: e.endDate,
      fullOrPartTime: e.fullOrPartTime,
      requestId: e.requestId,
    })),
    pendingSevisEvents: Number(pendingSevisEvents),
    pendingCorrections: Number(pendingCorrections),
    canEdit: !!actor && staffReachesProfile(actor, p, 'edit'),
  };
}
