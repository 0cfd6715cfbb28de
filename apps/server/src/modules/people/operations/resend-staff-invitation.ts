import { type TStaffMember } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { accountAccess } from '../account-access.js';
import { presentStaff } from '../staff.presenter.js';
import { loadManageableStaff } from '../staff-rules.js';

/** Sends a staff member who has not signed in yet a fresh invitation. */
export async function resendStaffInvitation(ctx: TContext, userId: string): Promise<TStaffMember> {
  return ctx.db(async (tx) => {
    const { actor, row } = await loadManageableStaff(ctx, tx, userId);
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
