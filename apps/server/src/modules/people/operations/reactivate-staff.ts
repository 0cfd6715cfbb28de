import { eq } from 'drizzle-orm';
import { type TStaffMember } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { type TContext } from '../../../platform/http/context.js';
import { users } from '../schema.js';
import { auditShape, presentStaff } from '../staff.presenter.js';
import { loadManageableStaff } from '../staff-rules.js';

/** Lets a deactivated staff member sign in again. */
export async function reactivateStaff(ctx: TContext, userId: string): Promise<TStaffMember> {
  return ctx.db(async (tx) => {
    const { actor, row } = await loadManageableStaff(ctx, tx, userId);
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
