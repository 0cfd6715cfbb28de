import { eq } from 'drizzle-orm';
import { type TStaffMember } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { accountAccess } from '../account-access.js';
import { users } from '../schema.js';
import { parseStaff } from '../staff.policy.js';
import { auditShape, presentStaff } from '../staff.presenter.js';
import { assertAnotherSuperRemains, loadManageableStaff } from '../staff-rules.js';

/** Deactivates a staff member; every session they hold ends at once. */
export async function deactivateStaff(ctx: TContext, userId: string): Promise<TStaffMember> {
  return ctx.db(async (tx) => {
    const { actor, row } = await loadManageableStaff(ctx, tx, userId);
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
