import { and, isNotNull, eq, sql } from 'drizzle-orm';
import { MSG, type TInviteStaffInput, type TListStaffQuery, type TStaffMember, type TStaffPermissions } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError, badRequest, forbidden, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { accountAccess } from '../account-access.js';
import { listStaffQuery } from '../queries/list-staff.query.js';
import { users } from '../schema.js';
import { assertCanGrant, canManageStaff, parseStaff } from '../staff.policy.js';
import { auditShape, presentStaff } from '../staff.presenter.js';

async function loadStaff(tx: TTx, userId: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'isssAdmin')));
  if (!row) throw notFound();
  return row;
}

export async function listStaff(ctx: TContext, q: TListStaffQuery) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { rows, total } = await listStaffQuery(tx, q);
    return { items: rows.map((r) => presentStaff(r, actor)), total, page: q.page, pageSize: q.pageSize };
  });
}

export async function getStaffMember(ctx: TContext, userId: string): Promise<TStaffMember> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => presentStaff(await loadStaff(tx, userId), actor));
}

/** Creates a staff account without a password and e-mails a set-password link. */
export async function inviteStaff(ctx: TContext, input: TInviteStaffInput): Promise<TStaffMember> {
  const actor = requireActor(ctx);
  assertCanGrant(actor, input.permissions);
  return ctx.db(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.userName})`, input.userName.toLowerCase()));
    if (taken) throw new AppError(409, 'CONFLICT', MSG.userNameTaken, { userName: [MSG.userNameTaken] });
    const [emailTaken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), eq(users.role, 'isssAdmin')));
    if (emailTaken) throw new AppError(409, 'CONFLICT', MSG.emailTaken, { email: [MSG.emailTaken] });
    const [row] = await tx
      .insert(users)
      .values({
        institutionId: ctx.institutionId,
        userName: input.userName,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'isssAdmin',
        staffPermissions: input.permissions,
      })
      .returning()
      .catch((e: unknown) => {
        // A double submit: the other request took the name between our check and this insert.
        if (isUniqueViolation(e, 'users_user_name_uq'))
          throw new AppError(409, 'CONFLICT', MSG.userNameTaken, { userName: [MSG.userNameTaken] });
        throw e;
      });
    await accountAccess().sendInviteLink(tx, ctx, row!);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: row!.id,
      action: 'staff.invited',
      after: auditShape(row!),
      ip: ctx.ip,
    });
    return presentStaff(row!, actor);
  });
}

const LAST_SUPER = 'At least one active super user must remain.';

/**
 * Refuses a change that would leave the institution without an active super user other than
 * `userId`. The super users' rows are locked in one order, so two such changes at the same moment
 * (two super users stepping down, or demoting each other) queue instead of both passing the check.
 */
async function assertAnotherSuperRemains(tx: TTx, userId: string, fieldErrors?: Record<string, string[]>): Promise<void> {
  const supers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, true), isNotNull(users.passwordHash), sql`(${users.staffPermissions}->>'isSuper')::boolean is true`))
    .orderBy(users.id)
    .for('update');
  if (!supers.some((s) => s.id !== userId)) throw badRequest(LAST_SUPER, fieldErrors);
}

async function manageable(ctx: TContext, tx: TTx, userId: string) {
  const actor = requireActor(ctx);
  const row = await loadStaff(tx, userId);
  if (!canManageStaff(actor, row.id, parseStaff(row.staffPermissions))) throw forbidden(MSG.cannotGrant, 'CANNOT_GRANT');
  return { actor, row };
}

export async function updateStaffPermissions(ctx: TContext, userId: string, permissions: TStaffPermissions): Promise<TStaffMember> {
  return ctx.db(async (tx) => {
    const { actor, row } = await manageable(ctx, tx, userId);
    assertCanGrant(actor, permissions);
    if (parseStaff(row.staffPermissions).isSuper && !permissions.isSuper) {
      await assertAnotherSuperRemains(tx, row.id, { 'permissions.isSuper': [LAST_SUPER] });
    }
    const [updated] = await tx
      .update(users)
      .set({ staffPermissions: permissions, updatedAt: new Date() })
      .where(eq(users.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: row.id,
      action: 'staff.permissions.updated',
      before: auditShape(row),
      after: auditShape(updated!),
      ip: ctx.ip,
    });
    return presentStaff(updated!, actor);
  });
}

/** Deactivates a staff member; every session they hold ends at once. */
export async function deactivateStaff(ctx: TContext, userId: string): Promise<TStaffMember> {
  return ctx.db(async (tx) => {
    const { actor, row } = await manageable(ctx, tx, userId);
    if (row.id === actor.userId) throw badRequest('You cannot deactivate your own account.');
    if (parseStaff(row.staffPermissions).isSuper) await assertAnotherSuperRemains(tx, row.id);
    const [updated] = await tx.update(users).set({ isActive: false, updatedAt: new Date() }).where(eq(users.id, row.id)).returning();
    await accountAccess().revokeAllSessions(tx, row.id, 'deactivated');
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: row.id,
      action: 'staff.deactivated',
      before: auditShape(row),
      after: auditShape(updated!),
      ip: ctx.ip,
    });
    return presentStaff(updated!, actor);
  });
}

export async function reactivateStaff(ctx: TContext, userId: string): Promise<TStaffMember> {
  return ctx.db(async (tx) => {
    const { actor, row } = await manageable(ctx, tx, userId);
    const [updated] = await tx.update(users).set({ isActive: true, updatedAt: new Date() }).where(eq(users.id, row.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: row.id,
      action: 'staff.reactivated',
      before: auditShape(row),
      after: auditShape(updated!),
      ip: ctx.ip,
    });
    return presentStaff(updated!, actor);
  });
}

export async function resendStaffInvitation(ctx: TContext, userId: string): Promise<TStaffMember> {
  return ctx.db(async (tx) => {
    const { actor, row } = await manageable(ctx, tx, userId);
    if (row.passwordHash !== null) throw badRequest('This staff member has already set a password.');
    if (!row.isActive) throw badRequest('Reactivate this staff member before sending an invitation.');
    await accountAccess().sendInviteLink(tx, ctx, row);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: row.id,
      action: 'staff.invitation.resent',
      ip: ctx.ip,
    });
    return presentStaff(row, actor);
  });
}
