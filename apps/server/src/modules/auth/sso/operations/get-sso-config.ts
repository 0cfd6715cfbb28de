import type { authApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { loadSsoRow, presentSso, redirectUri } from '../sso-config.js';

/** The single sign-on settings (docs/product/single-sign-on.md#settings), without the client secret. */
export function getSsoConfig(ctx: TContext): Promise<authApi.TSsoConfig> {
  return ctx.db(async (tx) => presentSso(await loadSsoRow(tx), await redirectUri(tx, ctx.institutionId)));
}
