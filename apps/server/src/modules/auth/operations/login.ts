import { eq, sql } from 'drizzle-orm';
import { MSG, type TLoginInput, type TSession } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { verifyPassword } from '../../../platform/auth/passwords.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { sessions } from '../schema.js';
import { issueRefreshToken, presentSession } from '../session.service.js';
import { clearAccount, recordAddressFailure, reserveTry } from '../throttle.js';
import { recordSignIn } from '../../people/index.js';

/** Roles that may hold a portal session; advisors act only through their signed links. */
const PORTAL_ROLES = new Set(['scholar', 'department', 'ISSSstudent', 'isssAdmin']);

/** Signs a user in: throttled, same answer and timing for unknown user and wrong password. */
export async function login(ctx: TContext, input: TLoginInput): Promise<TSession> {
  const { institutionId, ip } = ctx;
  // Counts this try before the password is checked, so parallel guesses cannot outrun the throttle.
  const wait = await ctx.db((tx) => reserveTry(tx, institutionId, input.userName, ip));
  if (wait > 0) {
    await ctx.db((tx) =>
      writeAudit(tx, {
        institutionId,
        actorUserId: null,
        entityType: 'login',
        entityId: input.userName.toLowerCase().slice(0, 64),
        action: 'auth.login.throttled',
        ip,
      }),
    );
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', MSG.tooManyAttempts);
  }
  const user = await ctx.db(async (tx) => {
    const [u] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.userName})`, input.userName.toLowerCase()));
    return u ?? null;
  });
  const ok = await verifyPassword(user?.isActive ? user.passwordHash : null, input.password);
  if (!ok || !user) {
    await ctx.db(async (tx) => {
      await recordAddressFailure(tx, institutionId, ip);
      await writeAudit(tx, {
        institutionId,
        actorUserId: null,
        entityType: user ? 'user' : 'login',
        entityId: user ? user.id : input.userName.toLowerCase().slice(0, 64),
        action: 'auth.login.failed',
        ip,
      });
    });
    throw new AppError(401, 'INVALID_CREDENTIALS', MSG.loginNotFound);
  }
  if (!PORTAL_ROLES.has(user.role)) {
    await ctx.db(async (tx) => {
      // The password was right: this is no guess to count against the account.
      await clearAccount(tx, institutionId, input.userName);
      await writeAudit(tx, {
        institutionId,
        actorUserId: user.id,
        entityType: 'user',
        entityId: user.id,
        action: 'auth.login.role-refused',
        ip,
      });
    });
    throw new AppError(403, 'ROLE_NOT_ALLOWED', MSG.roleNotAllowed);
  }
  return ctx.db(async (tx) => {
    await clearAccount(tx, institutionId, input.userName);
    const [s] = await tx.insert(sessions).values({ institutionId, userId: user.id, ip, userAgent: ctx.userAgent }).returning();
    await recordSignIn(tx, user.id);
    await writeAudit(tx, {
      institutionId,
      actorUserId: user.id,
      entityType: 'user',
      entityId: user.id,
      action: 'auth.login.succeeded',
      ip,
    });
    const refreshToken = await issueRefreshToken(tx, institutionId, s!.id);
    return presentSession(tx, ctx, user, s!.id, refreshToken);
  });
}
