import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { hitWithinLimit } from '../throttle.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { sendPasswordLink } from '../password-links.js';
import { passwordSignInOff } from '../sso/sso-config.js';

/** Sends a reset link when an active account has this e-mail; the answer never tells which. */
export async function forgotPassword(ctx: TContext, input: { email: string; portal: 'scholar' | 'student' }): Promise<{ message: string }> {
  // Per address: refuse a flood openly. Per e-mail: quietly send no more than three links in 15
  // minutes, so nobody can fill a person's inbox, and the answer still does not tell who exists.
  const addressOk = await ctx.db((tx) => hitWithinLimit(tx, ctx.institutionId, `forgot-ip:${ctx.ip}`, 20, 15 * 60));
  if (!addressOk) throw new AppError(429, 'TOO_MANY_ATTEMPTS', MSG.tooManyResetRequests);
  await ctx.db(async (tx) => {
    if (!(await hitWithinLimit(tx, ctx.institutionId, `forgot:${input.email.toLowerCase()}`, 3, 15 * 60))) return;
    const roleFilter = input.portal === 'student' ? eq(users.role, 'ISSSstudent') : ne(users.role, 'ISSSstudent');
    const matches = await tx
      .select()
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), eq(users.isActive, true), roleFilter));
    for (const user of matches) {
      // A kind of account that signs in only through the campus provider gets no password to reset
      // (docs/product/single-sign-on.md#local-passwords); the answer is the same either way.
      if (await passwordSignInOff(tx, user.role)) continue;
      await sendPasswordLink(tx, ctx, user, 'reset');
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: null,
        entityType: 'user',
        entityId: user.id,
        action: 'auth.password-reset.requested',
        ip: ctx.ip,
      });
    }
  });
  return { message: MSG.resetLinkSent };
}
