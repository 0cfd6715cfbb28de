import { desc, eq } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { conflict } from '../../../platform/errors/app-error.js';
import { type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { departments, users } from '../../people/index.js';
import { requests, requestTypes, staffReaches } from '../../requests/index.js';
import { getExchangeVisitorSummary, staffReachesProfile } from '../../students/index.js';
import { getAccessibleCase, staffReachesCase, type TCaseRow, type TScholarRow } from '../scholar.policy.js';
import { scholarApplications, scholarStatusHistory } from '../schema.js';
import { STATUS_HISTORY_ORDER } from '../status-history-order.js';

export type TOfficeCase = scholarsApi.TOfficeCase;

/** The states a sponsorship request may be processed (or converted) from: with the office, or already processed. */
export const PROCESSABLE = new Set(['submitted', 'processed', 'ineligible']);

/** A timestamp as ISO text, or null. */
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** Saved jsonb parsed with today's schema: a field added later reads as its default, never as a 500. */
function parsed<T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, v: unknown, fallback: T): T {
  const r = schema.safeParse(v ?? {});
  return r.success ? r.data! : fallback;
}

/** The office's own data of a case, defaults where none was saved. */
export const officeDataOf = (c: TCaseRow) => parsed(scholarsApi.ZOfficeData, c.officeData, scholarsApi.ZOfficeData.parse({}));

/** The case's premium processing details, defaults where none were saved. */
export const premiumOf = (c: TCaseRow) =>
  parsed(
    scholarsApi.ZPremiumProcessing,
    { ...c.premiumProcessing, premiumProcessFlag: c.premiumProcessFlag },
    scholarsApi.ZPremiumProcessing.parse({ premiumProcessFlag: c.premiumProcessFlag }),
  );

/** The case's employment details, defaults where none were saved. */
export const employmentOf = (c: TCaseRow) => parsed(scholarsApi.ZEmploymentDetails, c.employment, scholarsApi.ZEmploymentDetails.parse({}));

async function engineRef(tx: TTx, id: string | null) {
  if (!id) return null;
  const [r] = await tx
    .select({ id: requests.id, number: requests.number, status: requests.status, typeName: requestTypes.name })
    .from(requests)
    .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
    .where(eq(requests.id, id));
  return r ?? null;
}

/** The case as the office reads it, with its status history and the scholar's other cases (Petitions). */
export async function presentOfficeCase(tx: TTx, actor: TAuthenticatedActor, c: TCaseRow, scholar: TScholarRow): Promise<TOfficeCase> {
  const [dept] = await tx.select().from(departments).where(eq(departments.id, c.departmentId));
  const [creator] = c.createdBy
    ? await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, c.createdBy))
    : [];
  const history = await tx
    .select({ h: scholarStatusHistory, firstName: users.firstName, lastName: users.lastName })
    .from(scholarStatusHistory)
    .leftJoin(users, eq(users.id, scholarStatusHistory.changedBy))
    .where(eq(scholarStatusHistory.applicationId, c.id))
    .orderBy(...STATUS_HISTORY_ORDER);
  const petitions = await tx
    .select({ a: scholarApplications, departmentName: departments.name })
    .from(scholarApplications)
    .innerJoin(departments, eq(departments.id, scholarApplications.departmentId))
    .where(eq(scholarApplications.scholarId, scholar.id))
    .orderBy(desc(scholarApplications.createdAt));
  const [account] = scholar.userId
    ? await tx.select({ passwordHash: users.passwordHash, lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, scholar.userId))
    : [];
  const canManage = staffReachesCase(actor, c, 'edit');
  const canMove = staffReachesCase(actor, c, 'process');
  return {
    id: c.id,
    version: c.version,
    scholar: {
      id: scholar.id,
      firstName: scholar.firstName,
      lastName: scholar.lastName,
      email: scholar.email,
      userId: scholar.userId,
      processedState: scholar.processedState,
      currentApplicationId: scholar.currentApplicationId,
      hasAccount: !!account && (account.passwordHash !== null || account.lastLoginAt !== null),
    },
    department: { id: c.departmentId, name: dept?.name ?? '', code: dept?.code ?? '' },
    campusSiteId: c.campusSiteId,
    createdByName: creator ? `${creator.firstName} ${creator.lastName}` : null,
    proposedStatus: c.proposedStatus,
    proposedStartDate: c.proposedStartDate,
    proposedEndDate: c.proposedEndDate,
    position: c.position,
    hiringAuthorityName: c.hiringAuthorityName,
    hiringAuthorityEmail: c.hiringAuthorityEmail,
    sponsorshipState: c.sponsorshipState,
    processedState: c.processedState,
    processedStartDate: c.processedStartDate,
    processedEndDate: c.processedEndDate,
    applicationState: c.applicationState,
    submittedToIsssAt: isoOrNull(c.submittedToIsssAt),
    phase: c.phase,
    status: c.status,
    statusChangeDate: c.statusChangeDate,
    isLocked: c.isLocked,
    premiumProcessing: premiumOf(c),
    employment: employmentOf(c),
    officeData: officeDataOf(c),
    data: c.data ?? {},
    sponsorshipRequest: await engineRef(tx, c.sponsorshipRequestId),
    applicationRequest: await engineRef(tx, c.applicationRequestId),
    history: history.map(({ h, firstName, lastName }) => ({
      id: h.id,
      phase: h.phase,
      status: h.status,
      notes: h.notes,
      changeDate: h.changeDate,
      referenceNumber: h.referenceNumber,
      referenceDate: h.referenceDate,
      changeReason: h.changeReason,
      isUnlocked: h.isUnlocked,
      visaCode: h.visaCode,
      changedByName: firstName ? `${firstName} ${lastName}` : null,
      createdAt: h.createdAt.toISOString(),
    })),
    petitions: petitions.map(({ a, departmentName }) => ({
      id: a.id,
      proposedStatus: a.proposedStatus,
      processedState: a.processedState,
      phase: a.phase,
      status: a.status,
      processedStartDate: a.processedStartDate,
      processedEndDate: a.processedEndDate,
      departmentName,
      createdAt: a.createdAt.toISOString(),
      isCurrent: a.id === scholar.currentApplicationId,
    })),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    canManage,
    canMove,
    canProcess: canMove && PROCESSABLE.has(c.sponsorshipState),
    canOpenRequests: staffReaches(actor, { campusSiteId: c.campusSiteId }),
    exchangeVisitor: c.exchangeVisitorProfileId ? await getExchangeVisitorSummary(tx, c.exchangeVisitorProfileId) : null,
    canCreateExchangeVisitor:
      canMove &&
      c.processedState === 'J-1' &&
      !c.exchangeVisitorProfileId &&
      staffReachesProfile(actor, { campusSiteId: c.campusSiteId }, 'edit'),
  };
}

/**
 * The case for an office change: 404 unless the caller may read it, 403 unless they may edit (or process) it, its
 * row locked for the transaction, and 409 when the caller's version is older than the saved one
 * (someone else changed it since they opened it: nothing is overwritten silently).
 */
export async function lockCaseForOffice(
  tx: TTx,
  ctx: TContext,
  applicationId: string,
  version: number,
  mode: 'edit' | 'process',
): Promise<{ c: TCaseRow; scholar: TScholarRow }> {
  const { scholar } = await getAccessibleCase(tx, ctx, applicationId, mode);
  const [c] = await tx.select().from(scholarApplications).where(eq(scholarApplications.id, applicationId)).for('update');
  if (c!.version !== version) throw conflict(scholarsApi.STALE_CASE);
  return { c: c!, scholar };
}
