import { eq } from 'drizzle-orm';
import { type TStaffMember, type TStaffPermissions } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { type TContext } from '../../../platform/http/context.js';
import { users } from '../schema.js';
import { assertCanGrant, parseStaff } from '../staff.policy.js';
import { auditShape, presentStaff } from '../staff.presenter.js';
import { LAST_SUPER, assertAnotherSuperRemains, loadManageableStaff } from '../staff-rules.js';

/** Changes a staff member's permissions; no one grants more than they hold, and a super user always remains. */
export async function updateStaffPermissions(ctx: TContext, userId: string, permissions: TStaffPermissions): Promise<TStaffMember> {
  return ctx.db(async (tx) => {
    const { actor, row } = await loadManageableStaff(ctx, tx, userId);
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
