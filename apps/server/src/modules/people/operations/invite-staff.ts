import { and, eq, sql } from 'drizzle-orm';
import { MSG, type TInviteStaffInput, type TStaffMember } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { accountAccess } from '../account-access.js';
import { users } from '../schema.js';
import { assertCanGrant } from '../staff.policy.js';
import { auditShape, presentStaff } from '../staff.presenter.js';

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
