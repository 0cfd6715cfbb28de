import type { authApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { loadExternalLoginRow, portalAddress, presentExternalLogin } from '../external-config.js';

/** The campus web sign-in settings (docs/product/external-login.md#settings), without the shared secret. */
export function getExternalLoginConfig(ctx: TContext): Promise<authApi.TExternalLoginConfig> {
  return ctx.db(async (tx) => presentExternalLogin(await loadExternalLoginRow(tx), await portalAddress(tx, ctx.institutionId)));
}
