import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashPassword, isGuessablePassword } from '../../../platform/auth/passwords.js';
import { AppError, fieldError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { passwordLinks } from '../schema.js';
import { revokeAllSessions } from '../session.service.js';
import { setPasswordHash } from '../../people/index.js';
import { findLivePasswordLink } from '../live-password-link.js';

/** Sets the password through a live link, once; ends every session the user had. */
export async function usePasswordLink(ctx: TContext, input: { token: string; password: string }): Promise<{ message: string }> {
  return ctx.db(async (tx) => {
    const found = await findLivePasswordLink(tx, input.token);
    if (!found) throw new AppError(400, 'LINK_INVALID', MSG.resetLinkInvalid);
    const settings = await loadSettings(tx, ctx.institutionId);
    const personal = [found.user.userName, found.user.firstName, found.user.lastName];
    if (isGuessablePassword(input.password, settings.accountName, personal)) throw fieldError('password', MSG.commonPassword);
    const claimed = await tx
      .update(passwordLinks)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordLinks.id, found.link.id), isNull(passwordLinks.usedAt)))
      .returning({ id: passwordLinks.id });
    if (claimed.length === 0) throw new AppError(400, 'LINK_INVALID', MSG.resetLinkInvalid);
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
    return { message: MSG.passwordUpdated };
  });
}
