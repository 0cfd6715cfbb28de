import { MSG } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { recognisedDevice } from '../devices.js';
import { sendPasswordLink } from '../password-links.js';
import { findAccountByUserName, PORTAL_ROLES } from '../sign-in-account.js';
import { addressNet, hitWithinLimit, isSlowedDown, throttleScope } from '../throttle.js';

/** Links per account in 15 minutes, beyond which nothing more is sent (quietly). */
export const SIGN_IN_LINKS_PER_ACCOUNT = 3;
/** Requests per address in 15 minutes, beyond which the address is refused openly. */
export const SIGN_IN_LINK_REQUESTS_PER_ADDRESS = 20;
const WINDOW_S = 15 * 60;

/**
 * E-mails a one-time sign-in link (docs/product/auth.md#sign-in-throttling) to the owner of an account
 * whose sign-ins are being slowed down for this caller, so the owner gets in while someone else is
 * guessing. The answer is the same whether or not the account exists, may sign in, or is slowed down.
 */
export async function requestSignInLink(
  ctx: TContext,
  input: { userName: string; portal: 'scholar' | 'student' },
  heldDevices: string[],
): Promise<{ message: string }> {
  const { institutionId, ip } = ctx;
  const addressOk = await ctx.db((tx) =>
    hitWithinLimit(tx, institutionId, `sign-in-link-ip:${addressNet(ip)}`, SIGN_IN_LINK_REQUESTS_PER_ADDRESS, WINDOW_S),
  );
  if (!addressOk) throw new AppError(429, 'TOO_MANY_ATTEMPTS', MSG.tooManyAttempts, undefined, { 'Retry-After': String(WINDOW_S) });
  await ctx.db(async (tx) => {
    const user = await findAccountByUserName(tx, input.userName);
    const device = user ? recognisedDevice(ctx.services.tokens, institutionId, user, heldDevices) : null;
    const scope = await throttleScope(tx, input.userName, ip, user?.id ?? null, device);
    if (!user || !user.isActive || !PORTAL_ROLES.has(user.role)) return;
    // The student page serves students only, the other page everyone else (as the reset pages do).
    if ((input.portal === 'student') !== (user.role === 'ISSSstudent')) return;
    if (!(await isSlowedDown(tx, institutionId, scope))) return;
    if (!(await hitWithinLimit(tx, institutionId, `sign-in-link:${user.id}`, SIGN_IN_LINKS_PER_ACCOUNT, WINDOW_S))) return;
    await sendPasswordLink(tx, ctx, user, 'sign-in');
    await writeAudit(tx, {
      institutionId,
      actorUserId: null,
      entityType: 'user',
      entityId: user.id,
      action: 'auth.sign-in-link.requested',
      ip,
    });
  });
  return { message: MSG.signInLinkSent };
}
