import { and, eq, inArray, isNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { identityLinksApi, scholarAreaAllows, type TScholarAreaAction } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError, conflict, forbidden, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { scholars } from '../schema.js';
import type { TScholarRow } from '../scholar.policy.js';

/*
 * What the Integrated User Tool (docs/product/integrated-user-tool.md) changes of a scholar record (the person,
 * not a case): their HR employee id and which portal account they are. A scholar has no campus site; office
 * staff reach a scholar through their scholar area (docs/product/people.md#scholar-area-permission): the action,
 * and the scholar's hiring department among the area's departments. Each runs in the caller's transaction.
 */

const M = identityLinksApi.MSG_IDENTITY_LINKS;

/** May this staff member take the scholar-area action on a scholar of this department? */
export function staffReachesScholar(
  actor: TAuthenticatedActor,
  s: { departmentId: string | null },
  action: Extract<TScholarAreaAction, 'view' | 'edit'>,
): boolean {
  const p = actor.staff;
  if (actor.role !== 'isssAdmin' || !scholarAreaAllows(p, action)) return false;
  if (p!.isSuper) return true;
  const departments = p!.scholarArea.departmentIds;
  return departments.length === 0 || (s.departmentId !== null && departments.includes(s.departmentId));
}

/** The same reach as SQL over a department column (a scholar's, or an account's), for lists. */
export function scholarReachFilter(actor: TAuthenticatedActor, department: SQLWrapper, action: 'view' | 'edit'): SQL {
  const p = actor.staff;
  if (actor.role !== 'isssAdmin' || !scholarAreaAllows(p, action)) return sql`false`;
  if (p!.isSuper || p!.scholarArea.departmentIds.length === 0) return sql`true`;
  return inArray(department, p!.scholarArea.departmentIds);
}

const nameOf = (s: Pick<TScholarRow, 'firstName' | 'lastName'>) => [s.firstName, s.lastName].filter(Boolean).join(' ') || 'a scholar';

const taken = (field: string, message: string) => new AppError(409, 'CONFLICT', message, { [field]: [message] });

/** The scholar the actor may change, locked until the transaction ends (404 out of reach, 403 view only). */
async function lockForEdit(tx: TTx, ctx: TContext, scholarId: string): Promise<TScholarRow> {
  const actor = requireActor(ctx);
  const [row] = await tx.select().from(scholars).where(eq(scholars.id, scholarId)).for('update');
  if (!row || !staffReachesScholar(actor, row, 'view')) throw notFound();
  if (!staffReachesScholar(actor, row, 'edit')) throw forbidden();
  return row;
}

/**
 * The scholar who already has this HR employee id, other than `exceptId`, as a 409 on `field`: named only to
 * staff whose scholar area reaches them (docs/product/integrated-user-tool.md#ids-are-unique).
 */
export async function assertEmployeeIdFree(
  tx: TTx,
  ctx: TContext,
  employeeId: string,
  exceptId: string | null,
  field: string,
): Promise<void> {
  const [other] = await tx
    .select({ id: scholars.id, firstName: scholars.firstName, lastName: scholars.lastName, departmentId: scholars.departmentId })
    .from(scholars)
    .where(and(eq(scholars.employeeId, employeeId), exceptId ? ne(scholars.id, exceptId) : undefined))
    .limit(1);
  if (!other) return;
  throw taken(field, M.scholarIdTaken(staffReachesScholar(requireActor(ctx), other, 'view') ? nameOf(other) : null));
}

/** Sets, changes or (null) removes a scholar's HR employee id; unchanged, it writes nothing. */
export async function setScholarEmployeeId(
  tx: TTx,
  ctx: TContext,
  scholarId: string,
  employeeId: string | null,
  opts: { field?: string; source?: string } = {},
): Promise<TScholarRow> {
  const field = opts.field ?? 'externalId';
  const before = await lockForEdit(tx, ctx, scholarId);
  if ((before.employeeId ?? null) === employeeId) return before;
  if (employeeId) await assertEmployeeIdFree(tx, ctx, employeeId, before.id, field);
  const [after] = await tx
    .update(scholars)
    .set({ employeeId, updatedAt: new Date() })
    .where(eq(scholars.id, scholarId))
    .returning()
    .catch((e: unknown) => {
      // scholars_employee_id_uq: another officer gave the same id a moment ago.
      if (isUniqueViolation(e)) throw taken(field, M.scholarIdTaken(null));
      throw e;
    });
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'scholar',
    entityId: scholarId,
    action: 'scholar.employee-id.changed',
    before: { employeeId: before.employeeId },
    after: { employeeId, source: opts.source ?? 'integrated-user-tool' },
    ip: ctx.ip,
  });
  return after!;
}

/** Makes a portal account (a scholar account, checked by the caller) the scholar's; the scholar must have none. */
export async function linkScholarAccount(
  tx: TTx,
  ctx: TContext,
  scholarId: string,
  account: { id: string; userName: string },
  opts: { source?: string } = {},
): Promise<TScholarRow> {
  const before = await lockForEdit(tx, ctx, scholarId);
  if (before.userId) throw conflict(M.recordTaken, { recordId: [M.recordTaken] });
  const [after] = await tx
    .update(scholars)
    .set({ userId: account.id, updatedAt: new Date() })
    .where(and(eq(scholars.id, scholarId), isNull(scholars.userId)))
    .returning()
    .catch((e: unknown) => {
      // scholars_user_uq: the account is another scholar's.
      if (isUniqueViolation(e)) throw conflict(M.alreadyLinked, { recordId: [M.alreadyLinked] });
      throw e;
    });
  if (!after) throw conflict(M.changedMeanwhile);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'scholar',
    entityId: scholarId,
    action: 'scholar.account.linked',
    before: { userId: null },
    after: { userId: account.id, userName: account.userName, source: opts.source ?? 'integrated-user-tool' },
    ip: ctx.ip,
  });
  return after;
}

/** Ends the link between a scholar and their portal account (both stay). */
export async function unlinkScholarAccount(tx: TTx, ctx: TContext, scholarId: string): Promise<TScholarRow> {
  const before = await lockForEdit(tx, ctx, scholarId);
  if (!before.userId) return before;
  const [after] = await tx.update(scholars).set({ userId: null, updatedAt: new Date() }).where(eq(scholars.id, scholarId)).returning();
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'scholar',
    entityId: scholarId,
    action: 'scholar.account.unlinked',
    before: { userId: before.userId },
    after: { userId: null, source: 'integrated-user-tool' },
    ip: ctx.ip,
  });
  return after!;
}
