import { and, eq, isNull } from 'drizzle-orm';
import { MSG, SESSION, type TSession } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashToken } from '../../../platform/auth/tokens.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { refreshTokens, sessions } from '../schema.js';
import { issueRefreshToken, presentSession } from '../session.service.js';

const expired = () => new AppError(401, 'SESSION_EXPIRED', MSG.sessionExpiredSnackbar);

/**
 * Rotates a refresh token. Using one twice means it was stolen or replayed: the whole session
 * (every token of the family) is revoked.
 */
export async function refreshSession(ctx: TContext, refreshToken: string): Promise<TSession> {
  const outcome = await ctx.db(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    if (!row) return { error: 'unknown' as const };
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId));
    if (!session || session.revokedAt) return { error: 'revoked' as const };
    // Claim the token atomically: of two parallel uses only one wins.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: 'refresh-token-reuse' }).where(eq(sessions.id, session.id));
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: session.userId,
        entityType: 'user',
        entityId: session.userId,
        action: 'auth.refresh.reuse-detected',
        ip: ctx.ip,
      });
      return { error: 'reuse' as const };
    }
    if (row.expiresAt.getTime() < Date.now()) return { error: 'expired' as const };
    if (session.createdAt.getTime() + SESSION.absoluteLifetimeS * 1000 < Date.now()) {
      await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: 'absolute-lifetime' }).where(eq(sessions.id, session.id));
      return { error: 'expired' as const };
    }
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId));
    if (!user || !user.isActive) return { error: 'inactive' as const };
    await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, session.id));
    const next = await issueRefreshToken(tx, ctx.institutionId, session.id);
    return { session: await presentSession(tx, ctx, user, session.id, next) };
  });
  if ('error' in outcome) throw expired();
  return outcome.session;
}
