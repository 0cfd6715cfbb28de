import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { SCHOLAR_PROGRAM_TYPES, scholarsApi, textOf } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import { auditEvents } from '../../../platform/audit/schema.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, conflict, forbidden, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { departments, users } from '../../people/index.js';
import { openRequest, requestTypes, updateOwnedRequestContent } from '../../requests/index.js';
import { getAccessibleCase, getOwnCurrentCase, type TCaseRow } from '../scholar.policy.js';
import { scholarApplications, scholars } from '../schema.js';
import { presentDeptCase } from './sponsorship-present.js';

type TInput = z.output<typeof scholarsApi.ZSponsorshipInput>;
type TUpdateInput = z.output<typeof scholarsApi.ZSponsorshipUpdateInput>;
const M = scholarsApi.DEPT_MSG;

/** The case fields a sponsorship request sets (and the audit compares). */
const caseFields = (i: TInput) => ({
  proposedStatus: i.proposedStatus,
  proposedStartDate: i.proposedStartDate,
  proposedEndDate: i.proposedEndDate,
  position: i.position,
  hiringAuthorityName: i.hiringAuthorityName,
  hiringAuthorityEmail: i.hiringAuthorityEmail,
});
const auditShape = (
  c: Pick<
    TCaseRow,
    | 'proposedStatus'
    | 'proposedStartDate'
    | 'proposedEndDate'
    | 'position'
    | 'hiringAuthorityName'
    | 'hiringAuthorityEmail'
    | 'sponsorshipState'
  >,
  s: { firstName: string; lastName: string; email: string },
) => ({
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  proposedStatus: c.proposedStatus,
  proposedStartDate: c.proposedStartDate,
  proposedEndDate: c.proposedEndDate,
  position: c.position,
  hiringAuthorityName: c.hiringAuthorityName,
  hiringAuthorityEmail: c.hiringAuthorityEmail,
  sponsorshipState: c.sponsorshipState,
});

/** What the engine request carries of the sponsorship (the approver's page shows it). */
const requestData = (i: TInput, departmentName: string) => ({
  scholarName: `${i.firstName} ${i.lastName}`,
  scholarEmail: i.email,
  departmentName,
  ...caseFields(i),
});
async function departmentNameOf(tx: TTx, departmentId: string): Promise<string> {
  const [d] = await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, departmentId));
  return d?.name ?? '';
}

export function departmentOf(actor: TAuthenticatedActor): string {
  if (actor.role !== 'department' || !actor.departmentId) throw forbidden(M.noDepartment);
  return actor.departmentId;
}

/**
 * The institution has one scholar per e-mail address: a second sponsorship request for the same
 * person is refused on the e-mail field. Serialised per address so two saves at once cannot both pass.
 */
async function assertEmailFree(tx: TTx, ctx: TContext, email: string, exceptScholarId: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ctx.institutionId} || ':scholar-email:' || ${email.toLowerCase()}))`);
  const [taken] = await tx
    .select({ id: scholars.id })
    .from(scholars)
    .where(and(eq(sql`lower(${scholars.email})`, email.toLowerCase()), exceptScholarId ? ne(scholars.id, exceptScholarId) : undefined))
    .limit(1);
  if (taken) throw conflict(M.duplicateEmail, { email: [M.duplicateEmail] });
}

/** Saves a new sponsorship request as a draft: the scholar, the case and its engine request, in one transaction. */
export async function createSponsorship(ctx: TContext, input: TInput): Promise<scholarsApi.TDeptCase> {
  const actor = requireActor(ctx);
  const departmentId = departmentOf(actor);
  return ctx.db(async (tx) => {
    await assertEmailFree(tx, ctx, input.email, null);
    const [type] = await tx.select().from(requestTypes).where(eq(requestTypes.code, SCHOLAR_PROGRAM_TYPES.sponsorship));
    const departmentName = await departmentNameOf(tx, departmentId);
    if (!type)
      throw new AppError(500, 'INTERNAL', 'The sponsorship request type is missing: the office must set up the scholar program types.');
    const [s] = await tx
      .insert(scholars)
      .values({
        institutionId: ctx.institutionId,
        departmentId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
      })
      .returning();
    const r = await openRequest(tx, ctx, {
      type: { id: type.id },
      requesterUserId: actor.userId,
      subjectUserId: null,
      departmentId,
      title: `Sponsorship request: ${input.firstName} ${input.lastName}`,
      data: requestData(input, departmentName),
    });
    const [c] = await tx
      .insert(scholarApplications)
      .values({
        institutionId: ctx.institutionId,
        scholarId: s!.id,
        departmentId,
        ...caseFields(input),
        sponsorshipState: 'draft',
        sponsorshipRequestId: r.id,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    const [scholar] = await tx.update(scholars).set({ currentApplicationId: c!.id }).where(eq(scholars.id, s!.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: r.id,
      action: 'request.created',
      after: { type: type.code, number: r.number },
      ip: ctx.ip,
    });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c!.id,
      action: 'sponsorship.created',
      after: auditShape(c!, scholar!),
      ip: ctx.ip,
    });
    return presentDeptCase(tx, c!, scholar!);
  });
}

/** Changes a draft (or rejected) sponsorship request; an older version than the stored one answers 409. */
export async function updateSponsorship(ctx: TContext, applicationId: string, input: TUpdateInput): Promise<scholarsApi.TDeptCase> {
  const actor = requireActor(ctx);
  departmentOf(actor);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    if (c.sponsorshipState !== 'draft' && c.sponsorshipState !== 'rejected') throw new AppError(409, 'NOT_EDITABLE', M.notEditable);
    if (c.version !== input.version) throw new AppError(409, 'STALE', M.staleVersion);
    if (input.email.toLowerCase() !== scholar.email.toLowerCase()) {
      if (scholar.userId) {
        const msg = 'The scholar was invited with this e-mail address (it is their user name); it cannot be changed here.';
        throw conflict(msg, { email: [msg] });
      }
      await assertEmailFree(tx, ctx, input.email, scholar.id);
    }
    const [updated] = await tx
      .update(scholarApplications)
      .set({ ...caseFields(input), version: c.version + 1, updatedBy: actor.userId, updatedAt: new Date() })
      .where(and(eq(scholarApplications.id, c.id), eq(scholarApplications.version, input.version)))
      .returning();
    if (!updated) throw new AppError(409, 'STALE', M.staleVersion);
    const [s] = await tx
      .update(scholars)
      .set({ firstName: input.firstName, lastName: input.lastName, email: input.email, updatedAt: new Date() })
      .where(eq(scholars.id, scholar.id))
      .returning();
    if (c.sponsorshipRequestId) {
      const departmentName = await departmentNameOf(tx, c.departmentId);
      await updateOwnedRequestContent(tx, c.sponsorshipRequestId, {
        title: `Sponsorship request: ${input.firstName} ${input.lastName}`,
        data: requestData(input, departmentName),
      });
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: 'sponsorship.updated',
      before: auditShape(c, scholar),
      after: auditShape(updated, s!),
      ip: ctx.ip,
    });
    return presentDeptCase(tx, updated, s!);
  });
}

/** The department's view of one case (404 for another department's). */
export async function getDeptCase(ctx: TContext, applicationId: string): Promise<scholarsApi.TDeptCase> {
  departmentOf(requireActor(ctx));
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    return presentDeptCase(tx, c, scholar);
  });
}

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  proposedStatus: 'Proposed status',
  proposedStartDate: 'Proposed start date',
  proposedEndDate: 'Proposed end date',
  position: 'Position',
  hiringAuthorityName: 'Hiring authority',
  hiringAuthorityEmail: 'Hiring authority e-mail',
  sponsorshipState: 'Sponsorship',
  userName: 'Portal user name',
  workflow: 'Approval workflow',
  reason: 'Reason',
  approverName: 'Approver',
};
const usDate = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}` : v;
function show(k: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (k === 'sponsorshipState')
    return scholarsApi.SPONSORSHIP_STATE_LABELS[v as keyof typeof scholarsApi.SPONSORSHIP_STATE_LABELS] ?? textOf(v);
  return String(usDate(v));
}
function detailsOf(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  for (const k of Object.keys(FIELD_LABELS)) {
    if (!(k in a) && !(k in b)) continue;
    if (JSON.stringify(a[k]) === JSON.stringify(b[k])) continue;
    out.push(k in b ? `${FIELD_LABELS[k]}: ${show(k, b[k])} → ${show(k, a[k])}` : `${FIELD_LABELS[k]}: ${show(k, a[k])}`);
  }
  return out;
}

/** The case's own History Log, newest first, in words (the engine request's log holds documents and comments). */
export async function listDeptCaseEvents(ctx: TContext, applicationId: string, page: number, pageSize: number) {
  departmentOf(requireActor(ctx));
  return ctx.db(async (tx) => {
    await getAccessibleCase(tx, ctx, applicationId, 'read');
    const where = and(eq(auditEvents.entityType, 'scholar_application'), eq(auditEvents.entityId, applicationId));
    const [{ total }] = (await tx.select({ total: count() }).from(auditEvents).where(where)) as [{ total: number }];
    const rows = await tx
      .select({ e: auditEvents, firstName: users.firstName, lastName: users.lastName })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const items: scholarsApi.TCaseEvent[] = rows.map(({ e, firstName, lastName }) => ({
      id: String(e.id),
      at: e.at.toISOString(),
      actorName: firstName ? `${firstName} ${lastName}` : ((e.after as { approverName?: string } | null)?.approverName ?? null),
      action: e.action,
      details: detailsOf(e.before, e.after),
    }));
    return { items, total: Number(total), page, pageSize };
  });
}

/** A scholar's own sponsorship request, read-only. */
export async function getMySponsorshipRequest(ctx: TContext): Promise<scholarsApi.TMySponsorshipRequest> {
  return ctx.db(async (tx) => {
    const { c, scholar } = await getOwnCurrentCase(tx, ctx).catch(() => {
      throw notFound('No sponsorship request has been made for you yet.');
    });
    const [dept] = await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, c.departmentId));
    return {
      firstName: scholar.firstName,
      lastName: scholar.lastName,
      email: scholar.email,
      departmentName: dept?.name ?? '',
      proposedStatus: c.proposedStatus,
      proposedStartDate: c.proposedStartDate,
      proposedEndDate: c.proposedEndDate,
      position: c.position,
      hiringAuthorityName: c.hiringAuthorityName,
      sponsorshipState: c.sponsorshipState,
      processedState: c.processedState,
      statusText: scholarsApi.caseStatusInWords(c),
      isProcessed: c.processedState !== '',
    };
  });
}
