import type { authApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { loadSsoRow, portalBase, presentSso } from '../sso-config.js';
import { ensureSpKeys } from './saml-sign-in.js';

/** The single sign-on settings (docs/product/single-sign-on.md#settings), without secrets or private keys. */
export async function getSsoConfig(ctx: TContext): Promise<authApi.TSsoConfig> {
  await ensureSpKeys(ctx);
  return ctx.db(async (tx) => presentSso(await loadSsoRow(tx), await portalBase(tx, ctx.institutionId)));
}
