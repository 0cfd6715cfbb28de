import { and, eq, type SQL } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../platform/http/context.js';
import { scholarApplications, scholars } from './schema.js';

export type TCaseRow = typeof scholarApplications.$inferSelect;
export type TScholarRow = typeof scholars.$inferSelect;
/**
 * read: see the case; sponsor: the department changes its sponsorship request (while a draft or
 * sent back); apply: the scholar fills in the application (processed, not submitted, not locked);
 * process: the office reviews, processes and moves it.
 */
export type TCaseAccess = 'read' | 'sponsor' | 'apply' | 'process';

const SPONSOR_EDITABLE = new Set(['draft', 'rejected']);
const APPLY_EDITABLE = new Set(['not_started', 'draft', 'returned']);

/**
 * Who reaches a case: office staff (any scholar-area user of the institution; row-level security keeps
 * it to the tenant), department users of its hiring department, and the scholar it is about.
 */
export function canAccessCase(actor: TAuthenticatedActor, c: TCaseRow, scholar: Pick<TScholarRow, 'userId'>, mode: TCaseAccess): boolean {
  const staff = actor.role === 'isssAdmin';
  const dept = actor.role === 'department' && !!actor.departmentId && c.departmentId === actor.departmentId;
  const own = actor.role === 'scholar' && scholar.userId === actor.userId;
  switch (mode) {
    case 'read':
      return staff || dept || own;
    case 'sponsor':
      return dept && SPONSOR_EDITABLE.has(c.sponsorshipState);
    case 'apply':
      return (
        (own || staff) &&
        c.processedState !== '' &&
        c.processedState !== 'Ineligible' &&
        APPLY_EDITABLE.has(c.applicationState) &&
        !c.isLocked
      );
    case 'process':
      return staff;
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
    throw forbidden(mode === 'process' ? undefined : 'This application cannot be changed now.');
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

/** SQL filter of the cases an actor may list: staff all, a department user only their department's. */
export function caseListFilter(actor: TAuthenticatedActor): SQL | undefined {
  if (actor.role === 'isssAdmin') return undefined;
  if (actor.role === 'department' && actor.departmentId) return and(eq(scholarApplications.departmentId, actor.departmentId));
  return eq(scholarApplications.id, '00000000-0000-0000-0000-000000000000');
}
