import type { authApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { selectTokens } from '../presenter.js';

/** The institution's integration tokens, newest first; never a secret or its hash. */
export function listIntegrationTokens(ctx: TContext): Promise<{ items: authApi.TIntegrationToken[] }> {
  return ctx.db(async (tx) => ({ items: await selectTokens(tx) }));
}
