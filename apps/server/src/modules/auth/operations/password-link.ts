import { and, eq, isNull } from 'drizzle-orm';
import { MSG, type TPasswordLinkInfo, type TRole } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashPassword, isGuessablePassword } from '../../../platform/auth/passwords.js';
import { hashToken } from '../../../platform/auth/tokens.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, fieldError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { users } from '../../people/index.js';
import { passwordLinks } from '../schema.js';
import { revokeAllSessions } from '../session.service.js';
import { setPasswordHash } from '../../people/index.js';

async function findLiveLink(tx: TTx, token: string) {
  const [link] = await tx
    .select()
    .from(passwordLinks)
    .where(eq(passwordLinks.tokenHash, hashToken(token)));
  if (!link || link.usedAt || link.expiresAt.getTime() < Date.now()) return null;
  const [user] = await tx.select().from(users).where(eq(users.id, link.userId));
  if (!user || !user.isActive) return null;
  return { link, user };
}

/** Opening a link changes nothing: this only reads (mail scanners prefetch links). */
export async function inspectPasswordLink(ctx: TContext, token: string): Promise<TPasswordLinkInfo> {
  return ctx.db(async (tx) => {
    const found = await findLiveLink(tx, token);
    if (!found) return { valid: false, purpose: null, userName: null, userRole: null };
    return {
      valid: true,
      purpose: found.link.purpose as 'reset' | 'invite',
      userName: found.user.userName,
      userRole: found.user.role as TRole,
    };
  });
}

/** Sets the password through a live link, once; ends every session the user had. */
export async function usePasswordLink(ctx: TContext, input: { token: string; password: string }): Promise<{ message: string }> {
  return ctx.db(async (tx) => {
    const found = await findLiveLink(tx, input.token);
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
