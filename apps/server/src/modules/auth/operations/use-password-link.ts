import { MSG } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashPassword, isGuessablePassword } from '../../../platform/auth/passwords.js';
import { AppError, fieldError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { issueDeviceToken } from '../devices.js';
import { claimPasswordLink, findLivePasswordLink } from '../live-password-link.js';
import type { TLinkPurpose } from '../password-links.js';
import { revokeAllSessions } from '../session.service.js';
import { setPasswordHash } from '../../people/index.js';

/** The links that set a password (a sign-in link does not). */
export const PASSWORD_PURPOSES: readonly TLinkPurpose[] = ['reset', 'invite'];

/**
 * Sets the password through a live link, once; ends every session the user had. The browser that
 * used the link has shown it reaches the account's mailbox: it becomes the account's recognised
 * device (the route keeps the token in the device cookie), and every other device is forgotten with
 * the old password.
 */
export async function usePasswordLink(
  ctx: TContext,
  input: { token: string; password: string },
): Promise<{ message: string; userId: string; deviceToken: string }> {
  return ctx.db(async (tx) => {
    const found = await findLivePasswordLink(tx, input.token, PASSWORD_PURPOSES);
    if (!found) throw new AppError(400, 'LINK_INVALID', MSG.resetLinkInvalid);
    const settings = await loadSettings(tx, ctx.institutionId);
    const personal = [found.user.userName, found.user.firstName, found.user.lastName];
    if (isGuessablePassword(input.password, settings.accountName, personal)) throw fieldError('password', MSG.commonPassword);
    if (!(await claimPasswordLink(tx, found.link.id))) throw new AppError(400, 'LINK_INVALID', MSG.resetLinkInvalid);
    await setPasswordHash(tx, found.user.id, await hashPassword(input.password));
    await revokeAllSessions(tx, found.user.id, 'password-changed');
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: found.user.id,
      entityType: 'user',
      entityId: found.user.id,
      action: found.link.purpose === 'invite' ? 'auth.password.set-by-invitation' : 'auth.password.reset',
      ip: ctx.ip,
    });
    return {
      message: MSG.passwordUpdated,
      userId: found.user.id,
      // Issued after the new password's time, so the token outlives the change that forgets older ones.
      deviceToken: issueDeviceToken(ctx.services.tokens, ctx.institutionId, found.user.id),
    };
  });
}
