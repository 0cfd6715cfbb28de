import { type TPasswordLinkInfo, type TRole } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { findLivePasswordLink } from '../live-password-link.js';
import { PASSWORD_PURPOSES } from './use-password-link.js';

/** Opening a link changes nothing: this only reads (mail scanners prefetch links). */
export async function inspectPasswordLink(ctx: TContext, token: string): Promise<TPasswordLinkInfo> {
  return ctx.db(async (tx) => {
    const found = await findLivePasswordLink(tx, token, PASSWORD_PURPOSES);
    if (!found) return { valid: false, purpose: null, userName: null, userRole: null };
    return {
      valid: true,
      purpose: found.link.purpose as 'reset' | 'invite',
      userName: found.user.userName,
      userRole: found.user.role as TRole,
    };
  });
}
