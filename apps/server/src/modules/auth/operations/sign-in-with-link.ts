import { authApi, MSG, type TSession } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { issueDeviceToken, recognisedDevice } from '../devices.js';
import { claimPasswordLink, findLivePasswordLink } from '../live-password-link.js';
import { openSession } from '../session.service.js';
import { hasTwoSteps, openChallenge } from '../mfa/mfa.js';
import { PORTAL_ROLES } from '../sign-in-account.js';
import { passwordSignInOff } from '../sso/sso-config.js';

const invalid = () => new AppError(400, 'LINK_INVALID', MSG.signInLinkInvalid);

/**
 * Signs in through an e-mailed sign-in link, once (docs/product/auth.md#sign-in-throttling). The link
 * shows the browser reaches the account's mailbox, so it becomes a recognised device of the account.
 * The throttle counters stay as they are: whoever is guessing is still slowed down.
 */
export async function signInWithLink(
  ctx: TContext,
  token: string,
  heldDevices: string[],
): Promise<{ session: TSession | authApi.TMfaChallenge; userId: string; deviceToken: string }> {
  return ctx.db(async (tx) => {
    const found = await findLivePasswordLink(tx, token, ['sign-in']);
    if (!found || !PORTAL_ROLES.has(found.user.role)) throw invalid();
    // A sign-in link stands in for the password: not for a kind of account sent to single sign-on only.
    if (await passwordSignInOff(tx, found.user.role)) throw new AppError(400, 'PASSWORD_SIGN_IN_OFF', authApi.MSG_SSO.passwordOff);
    if (!(await claimPasswordLink(tx, found.link.id))) throw invalid();
    const device = recognisedDevice(ctx.services.tokens, ctx.institutionId, found.user, heldDevices);
    // The link stands in for the password only: an account with two steps is asked for the second (docs/product/two-step-sign-in.md#signing-in).
    const session = (await hasTwoSteps(tx, found.user.id))
      ? await openChallenge(tx, ctx, found.user)
      : await openSession(tx, ctx, found.user, { via: 'sign-in-link' });
    return {
      session,
      userId: found.user.id,
      deviceToken: issueDeviceToken(ctx.services.tokens, ctx.institutionId, found.user.id, device?.deviceId),
    };
  });
}
