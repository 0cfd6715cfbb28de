import { and, eq, ne, sql } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../platform/db/database.js';
import { conflict, forbidden } from '../../../platform/errors/app-error.js';
import { type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { departments } from '../../people/index.js';
import { type TCaseRow } from '../scholar.policy.js';
import { scholars } from '../schema.js';

export type TInput = z.output<typeof scholarsApi.ZSponsorshipInput>;

export type TUpdateInput = z.output<typeof scholarsApi.ZSponsorshipUpdateInput>;

/** The department portal's messages. */
export const DEPT_MSG = scholarsApi.DEPT_MSG;

/** The case fields a sponsorship request sets (and the audit compares). */
export const caseFields = (i: TInput) => ({
  proposedStatus: i.proposedStatus,
  proposedStartDate: i.proposedStartDate,
  proposedEndDate: i.proposedEndDate,
  position: i.position,
  hiringAuthorityName: i.hiringAuthorityName,
  hiringAuthorityEmail: i.hiringAuthorityEmail,
});

/** A sponsorship request's fields as the History Log records them. */
export const sponsorshipAuditShape = (
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
export const requestData = (i: TInput, departmentName: string) => ({
  scholarName: `${i.firstName} ${i.lastName}`,
  scholarEmail: i.email,
  departmentName,
  ...caseFields(i),
});

/** A department's name. */
export async function departmentNameOf(tx: TTx, departmentId: string): Promise<string> {
  const [d] = await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, departmentId));
  return d?.name ?? '';
}

/** The department user's own department (403 otherwise). */
export function departmentOf(actor: TAuthenticatedActor): string {
  if (actor.role !== 'department' || !actor.departmentId) throw forbidden(DEPT_MSG.noDepartment);
  return actor.departmentId;
}

/**
 * The institution has one scholar per e-mail address: a second sponsorship request for the same
 * person is refused on the e-mail field. Serialised per address so two saves at once cannot both pass.
 */
export async function assertEmailFree(tx: TTx, ctx: TContext, email: string, exceptScholarId: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ctx.institutionId} || ':scholar-email:' || ${email.toLowerCase()}))`);
  const [taken] = await tx
    .select({ id: scholars.id })
    .from(scholars)
    .where(and(eq(sql`lower(${scholars.email})`, email.toLowerCase()), exceptScholarId ? ne(scholars.id, exceptScholarId) : undefined))
    .limit(1);
  if (taken) throw conflict(DEPT_MSG.duplicateEmail, { email: [DEPT_MSG.duplicateEmail] });
}
