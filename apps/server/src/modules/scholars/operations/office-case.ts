import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { can, scholarsApi, type TAuditEvent } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { conflict } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { auditPage } from '../../audit/index.js';
import { attachments } from '../../attachments/index.js';
import { customDocuments } from '../../forms/index.js';
import { departments, users } from '../../people/index.js';
import { requests, requestTypes, staffReaches } from '../../requests/index.js';
import { auditEvents } from '../../audit/index.js';
import { getAccessibleCase, type TCaseRow, type TScholarRow } from '../scholar.policy.js';
import { scholarApplications, scholarStatusHistory, type scholars } from '../schema.js';

type TOfficeCase = scholarsApi.TOfficeCase;

/** The states a sponsorship request may be processed (or converted) from: with the office, or already processed. */
export const PROCESSABLE = new Set(['submitted', 'processed', 'ineligible']);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Saved jsonb parsed with today's schema: a field added later reads as its default, never as a 500. */
function parsed<T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, v: unknown, fallback: T): T {
  const r = schema.safeParse(v ?? {});
  return r.success ? r.data! : fallback;
}
export const officeDataOf = (c: TCaseRow) => parsed(scholarsApi.ZOfficeData, c.officeData, scholarsApi.ZOfficeData.parse({}));
export const premiumOf = (c: TCaseRow) =>
  parsed(
    scholarsApi.ZPremiumProcessing,
    { ...c.premiumProcessing, premiumProcessFlag: c.premiumProcessFlag },
    scholarsApi.ZPremiumProcessing.parse({ premiumProcessFlag: c.premiumProcessFlag }),
  );
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
    .orderBy(desc(scholarStatusHistory.createdAt), desc(scholarStatusHistory.id));
  const petitions = await tx
    .select({ a: scholarApplications, departmentName: departments.name })
    .from(scholarApplications)
    .innerJoin(departments, eq(departments.id, scholarApplications.departmentId))
    .where(eq(scholarApplications.scholarId, scholar.id))
    .orderBy(desc(scholarApplications.createdAt));
  const [account] = scholar.userId
    ? await tx.select({ passwordHash: users.passwordHash, lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, scholar.userId))
    : [];
  const canManage = can(actor, 'scholars.manage');
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
    submittedToIsssAt: iso(c.submittedToIsssAt),
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
    canProcess: canManage && PROCESSABLE.has(c.sponsorshipState),
    canOpenRequests: staffReaches(actor, { campusSiteId: c.campusSiteId }),
  };
}

/**
 * The case for an office change: 404 unless the caller may read it, 403 unless they process it, its
 * row locked for the transaction, and 409 when the caller's version is older than the saved one
 * (someone else changed it since they opened it: nothing is overwritten silently).
 */
export async function lockCaseForOffice(
  tx: TTx,
  ctx: TContext,
  applicationId: string,
  version: number,
): Promise<{ c: TCaseRow; scholar: TScholarRow }> {
  const { scholar } = await getAccessibleCase(tx, ctx, applicationId, 'process');
  const [c] = await tx.select().from(scholarApplications).where(eq(scholarApplications.id, applicationId)).for('update');
  if (c!.version !== version) throw conflict(scholarsApi.STALE_CASE);
  return { c: c!, scholar };
}

/** One case for the office (Review Sponsorship Request and the scholar profile). */
export async function getOfficeCase(ctx: TContext, applicationId: string): Promise<TOfficeCase> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'process');
    return presentOfficeCase(tx, actor, c, scholar);
  });
}

/**
 * The engine requests of cases: their sponsorship and program requests, and the program requests a
 * conversion left behind (named before/after in the cases' audit events).
 */
async function caseRequestIds(tx: TTx, applicationIds: string[]): Promise<string[]> {
  if (applicationIds.length === 0) return [];
  const cur = await tx
    .select({ s: scholarApplications.sponsorshipRequestId, a: scholarApplications.applicationRequestId })
    .from(scholarApplications)
    .where(inArray(scholarApplications.id, applicationIds));
  const earlier = await tx
    .select({
      b: sql<string | null>`${auditEvents.before}->>'applicationRequestId'`,
      a: sql<string | null>`${auditEvents.after}->>'applicationRequestId'`,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'scholar_application'),
        inArray(auditEvents.entityId, applicationIds),
        inArray(auditEvents.action, ['scholar.processed', 'scholar.converted']),
      ),
    );
  return [...new Set([...cur.flatMap((r) => [r.s, r.a]), ...earlier.flatMap((r) => [r.b, r.a])].filter((x): x is string => !!x))];
}

/** The engine requests of a scholar: those of any of their cases, and those about their portal account. */
async function scholarRequestsWhere(tx: TTx, scholar: Pick<typeof scholars.$inferSelect, 'id' | 'userId'>) {
  const cases = await tx
    .select({ id: scholarApplications.id })
    .from(scholarApplications)
    .where(eq(scholarApplications.scholarId, scholar.id));
  const ids = await caseRequestIds(
    tx,
    cases.map((x) => x.id),
  );
  const ofCases = ids.length ? inArray(requests.id, ids) : undefined;
  return (scholar.userId ? or(ofCases, eq(requests.subjectUserId, scholar.userId)) : ofCases) ?? sql`false`;
}

/** Requests tab: the scholar's engine requests, newest first. */
export async function listCaseRequests(ctx: TContext, applicationId: string): Promise<scholarsApi.TCaseRequest[]> {
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'process');
    const rows = await tx
      .select({
        r: requests,
        typeCode: requestTypes.code,
        typeName: requestTypes.name,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(requests)
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .leftJoin(users, eq(users.id, requests.requesterUserId))
      .where(await scholarRequestsWhere(tx, scholar))
      .orderBy(desc(requests.createdAt), desc(requests.number));
    return rows.map(({ r, typeCode, typeName, firstName, lastName }) => ({
      id: r.id,
      number: r.number,
      typeCode,
      typeName,
      status: r.status,
      requesterName: firstName ? `${firstName} ${lastName}` : null,
      submittedAt: iso(r.submittedAt),
      updatedAt: r.updatedAt.toISOString(),
      isOfThisCase: r.id === c.sponsorshipRequestId || r.id === c.applicationRequestId,
    }));
  });
}

/** Documents tab: the files on the scholar's engine requests (deleted files left out), newest first. */
export async function listCaseDocuments(ctx: TContext, applicationId: string): Promise<scholarsApi.TCaseDocument[]> {
  return ctx.db(async (tx) => {
    const { scholar } = await getAccessibleCase(tx, ctx, applicationId, 'process');
    const rows = await tx
      .select({
        a: attachments,
        number: requests.number,
        typeName: requestTypes.name,
        documentName: customDocuments.name,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(attachments)
      .innerJoin(requests, eq(requests.id, attachments.requestId))
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .leftJoin(customDocuments, eq(customDocuments.id, attachments.customDocumentId))
      .leftJoin(users, eq(users.id, attachments.uploadedBy))
      .where(and(await scholarRequestsWhere(tx, scholar), ne(attachments.status, 'deleted')))
      .orderBy(desc(attachments.createdAt));
    return rows.map(({ a, number, typeName, documentName, firstName, lastName }) => ({
      id: a.id,
      requestId: a.requestId!,
      requestNumber: number,
      requestTypeName: typeName,
      fileName: a.fileName,
      description: a.description,
      documentName: documentName ?? null,
      status: a.status,
      rejectReason: a.rejectReason,
      sizeBytes: a.sizeBytes,
      uploadedByName: firstName ? `${firstName} ${lastName}` : null,
      createdAt: a.createdAt.toISOString(),
      isVisibleToRequester: a.isVisibleToRequester,
      isVisibleToDepartment: a.isVisibleToDepartment,
    }));
  });
}

/** History Log: the case's own events and those of its engine requests (files and comments included), newest first. */
export async function getCaseHistory(
  ctx: TContext,
  applicationId: string,
  page: number,
  pageSize: number,
): Promise<{ items: TAuditEvent[]; total: number; page: number; pageSize: number }> {
  return ctx.db(async (tx) => {
    const { c } = await getAccessibleCase(tx, ctx, applicationId, 'process');
    const all = await caseRequestIds(tx, [c.id]);
    const where = or(
      and(eq(auditEvents.entityType, 'scholar_application'), eq(auditEvents.entityId, c.id)),
      all.length ? and(eq(auditEvents.entityType, 'request'), inArray(auditEvents.entityId, all)) : undefined,
      all.length
        ? and(
            eq(auditEvents.entityType, 'attachment'),
            inArray(
              auditEvents.entityId,
              sql`(select ${attachments.id}::text from ${attachments} where ${inArray(attachments.requestId, all)})`,
            ),
          )
        : undefined,
    )!;
    return auditPage(tx, where, page, pageSize);
  });
}
