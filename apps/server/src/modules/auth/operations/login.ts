import { authApi, MSG, type TLoginInput, type TSession } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { verifyPassword } from '../../../platform/auth/passwords.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { issueDeviceToken, recognisedDevice } from '../devices.js';
import { openSession } from '../session.service.js';
import { hasTwoSteps, openChallenge } from '../mfa/mfa.js';
import { findAccountByUserName, PORTAL_ROLES } from '../sign-in-account.js';
import { passwordSignInOff } from '../sso/sso-config.js';
import { clearTries, recordAddressFailure, reserveTry, throttleScope } from '../throttle.js';

export interface TLoginResult {
  /** The session, or the second step when the account has two-step sign-in on. */
  session: TSession | authApi.TMfaChallenge;
  /** This browser's fresh device token for the account (the route keeps it in the device cookie). */
  deviceToken: string;
}

/** The answer to a try that opens no session: one message, whatever the reason. */
const notFound = () => new AppError(401, 'INVALID_CREDENTIALS', MSG.loginNotFound);

/**
 * Signs a user in (docs/product/auth.md#sign-in-throttling, docs/decisions/020-sign-in-throttling.md):
 * throttled per (account, address), per account from unrecognised places and per address, with a
 * recognised device subject only to its own pair; the same answer and timing for an unknown user, a
 * wrong password, and a right password of an account that may hold no session (unless the browser
 * is that account's recognised device, which is told why).
 */
export async function login(ctx: TContext, input: TLoginInput, heldDevices: string[]): Promise<TLoginResult> {
  const { institutionId, ip } = ctx;
  const user = await ctx.db((tx) => findAccountByUserName(tx, input.userName));
  const device = user ? recognisedDevice(ctx.services.tokens, institutionId, user, heldDevices) : null;
  const scope = await ctx.db((tx) => throttleScope(tx, input.userName, ip, user?.id ?? null, device));
  // Counts this try before the password is checked, so parallel guesses cannot outrun the throttle.
  const wait = await ctx.db(async (tx) => {
    const w = await reserveTry(tx, institutionId, scope);
    if (w > 0)
      await writeAudit(tx, {
        institutionId,
        actorUserId: null,
        entityType: user ? 'user' : 'login',
        entityId: user ? user.id : input.userName.toLowerCase().slice(0, 64),
        action: 'auth.login.throttled',
        after: { waitS: w, recognised: scope.recognised ?? 'none' },
        ip,
      });
    return w;
  });
  if (wait > 0) throw new AppError(429, 'TOO_MANY_ATTEMPTS', MSG.tooManyAttempts, undefined, { 'Retry-After': String(wait) });

  const ok = await verifyPassword(user?.isActive ? user.passwordHash : null, input.password);
  if (!ok || !user) {
    await ctx.db(async (tx) => {
      await recordAddressFailure(tx, institutionId, scope);
      await writeAudit(tx, {
        institutionId,
        actorUserId: null,
        entityType: user ? 'user' : 'login',
        entityId: user ? user.id : input.userName.toLowerCase().slice(0, 64),
        action: 'auth.login.failed',
        ip,
      });
    });
    throw notFound();
  }
  if (!PORTAL_ROLES.has(user.role)) {
    // A right password that opens no session (an advisor's) counts like any other such try: it stays
    // counted, and only the account's own recognised device learns why (docs/decisions/020-sign-in-throttling.md).
    await ctx.db(async (tx) => {
      await recordAddressFailure(tx, institutionId, scope);
      await writeAudit(tx, {
        institutionId,
        actorUserId: null,
        entityType: 'user',
        entityId: user.id,
        action: 'auth.login.role-refused',
        after: { recognised: scope.recognised ?? 'none' },
        ip,
      });
    });
    if (device) throw new AppError(403, 'ROLE_NOT_ALLOWED', MSG.roleNotAllowed);
    throw notFound();
  }
  // The institution may send a kind of account to single sign-on only (docs/product/single-sign-on.md#local-passwords);
  // told only after the right password, so the answer reveals nothing to someone guessing.
  if (await ctx.db((tx) => passwordSignInOff(tx, user.role))) {
    await ctx.db(async (tx) => {
      await clearTries(tx, institutionId, scope);
      await writeAudit(tx, {
        institutionId,
        actorUserId: null,
        entityType: 'user',
        entityId: user.id,
        action: 'auth.login.password-off',
        ip,
      });
    });
    throw new AppError(400, 'PASSWORD_SIGN_IN_OFF', authApi.MSG_SSO.passwordOff);
  }
  const session = await ctx.db(async (tx) => {
    await clearTries(tx, institutionId, scope);
    // A right password of an account with two steps opens only the second step (docs/product/two-step-sign-in.md).
    if (await hasTwoSteps(tx, user.id)) return openChallenge(tx, ctx, user);
    return openSession(tx, ctx, user, { via: 'password', recognised: scope.recognised ?? 'none' });
  });
  return { session, deviceToken: issueDeviceToken(ctx.services.tokens, institutionId, user.id, device?.deviceId) };
}
