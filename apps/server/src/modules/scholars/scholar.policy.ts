import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { scholarCaseInReach, scholarAreaAllows, type TScholarAreaAction } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../platform/http/context.js';
import { scholarApplications, scholars } from './schema.js';

export type TCaseRow = typeof scholarApplications.$inferSelect;
export type TScholarRow = typeof scholars.$inferSelect;
/**
 * read: see the case; sponsor: the department changes its sponsorship request (while a draft or
 * sent back); apply: the scholar (or office staff who edit cases) fills in the application (processed,
 * not submitted, not locked); office: the office's own view of the case; edit: the office changes its
 * data; process: the office processes and moves it.
 */
export type TCaseAccess = 'read' | 'sponsor' | 'apply' | 'office' | 'edit' | 'process';

const SPONSOR_EDITABLE = new Set(['draft', 'rejected']);
const APPLY_EDITABLE = new Set(['not_started', 'draft', 'returned']);

/**
 * Office staff's reach over a case (docs/product/people.md#scholar-area-permission): the scholar area's
 * action, on a case of their visa types and departments. Row-level security keeps it to the tenant.
 */
export function staffReachesCase(
  actor: TAuthenticatedActor,
  c: Pick<TCaseRow, 'processedState' | 'proposedStatus' | 'departmentId'>,
  action: TScholarAreaAction,
): boolean {
  return actor.role === 'isssAdmin' && scholarCaseInReach(actor.staff, c, action);
}

/**
 * Who reaches a case: office staff within their scholar-area permission, department users of its
 * hiring department, and the scholar it is about.
 */
export function canAccessCase(actor: TAuthenticatedActor, c: TCaseRow, scholar: Pick<TScholarRow, 'userId'>, mode: TCaseAccess): boolean {
  const staff = staffReachesCase(actor, c, 'view');
  const dept = actor.role === 'department' && !!actor.departmentId && c.departmentId === actor.departmentId;
  const own = actor.role === 'scholar' && scholar.userId === actor.userId;
  switch (mode) {
    case 'read':
      return staff || dept || own;
    case 'sponsor':
      return dept && SPONSOR_EDITABLE.has(c.sponsorshipState);
    case 'apply':
      return (
        (own || staffReachesCase(actor, c, 'edit')) &&
        c.processedState !== '' &&
        c.processedState !== 'Ineligible' &&
        APPLY_EDITABLE.has(c.applicationState) &&
        !c.isLocked
      );
    case 'office':
      return staff;
    case 'edit':
      return staffReachesCase(actor, c, 'edit');
    case 'process':
      return staffReachesCase(actor, c, 'process');
  }
}

/**
 * Loads a case the actor may access in the given mode, with its scholar. 404 when they may not
 * even read it (another department's scholar is not found), 403 when they may read but not act.
 */
export async function getAccessibleCase(
  tx: TTx,
  ctx: TContext,
  applicationId: string,
  mode: TCaseAccess,
): Promise<{ c: TCaseRow; scholar: TScholarRow }> {
  const actor = requireActor(ctx);
  const [row] = await tx
    .select({ c: scholarApplications, scholar: scholars })
    .from(scholarApplications)
    .innerJoin(scholars, eq(scholars.id, scholarApplications.scholarId))
    .where(eq(scholarApplications.id, applicationId));
  if (!row || !canAccessCase(actor, row.c, row.scholar, 'read')) throw notFound();
  if (mode !== 'read' && !canAccessCase(actor, row.c, row.scholar, mode)) {
    throw forbidden(mode === 'office' || mode === 'edit' || mode === 'process' ? undefined : 'This application cannot be changed now.');
  }
  return row;
}

/** The case a signed-in scholar works on now (their current application), or 404. */
export async function getOwnCurrentCase(tx: TTx, ctx: TContext): Promise<{ c: TCaseRow; scholar: TScholarRow }> {
  const actor = requireActor(ctx);
  const [scholar] = await tx.select().from(scholars).where(eq(scholars.userId, actor.userId));
  if (!scholar?.currentApplicationId) throw notFound('No application has been opened for you yet.');
  return getAccessibleCase(tx, ctx, scholar.currentApplicationId, 'read');
}

/**
 * The visa type family of a case in SQL, as scholarVisaFamily says it: the processed visa type's, else the
 * department's proposed status ('' when neither is known).
 */
const caseVisaFamily = sql`case
  when ${scholarApplications.processedState} like 'H-1B%' then 'H-1B'
  when ${scholarApplications.processedState} in ('O-1', 'O-1Amendment', 'o1Extension') then 'O-1'
  when ${scholarApplications.processedState} in ('J-1', 'F-1 OPT/STEM') then ${scholarApplications.processedState}
  when ${scholarApplications.proposedStatus} in ('H-1B', 'O-1', 'J-1', 'F-1 OPT/STEM') then ${scholarApplications.proposedStatus}
  else '' end`;

const NO_CASE = eq(scholarApplications.id, '00000000-0000-0000-0000-000000000000');

/**
 * SQL filter of the cases an actor may list: staff those of their visa types and departments (all of them
 * unless the office narrowed their scholar area), a department user only their department's.
 */
export function caseListFilter(actor: TAuthenticatedActor): SQL | undefined {
  if (actor.role === 'isssAdmin') {
    const p = actor.staff;
    if (!scholarAreaAllows(p, 'view')) return NO_CASE;
    if (p!.isSuper) return undefined;
    const { visaTypes, departmentIds } = p!.scholarArea;
    return and(
      departmentIds.length > 0 ? inArray(scholarApplications.departmentId, departmentIds) : undefined,
      // A case whose visa type is not known yet is the whole office's to see.
      visaTypes.length > 0 ? or(eq(caseVisaFamily, ''), inArray(caseVisaFamily, visaTypes)) : undefined,
    );
  }
  if (actor.role === 'department' && actor.departmentId) return and(eq(scholarApplications.departmentId, actor.departmentId));
  return NO_CASE;
}
