import type { TContext } from '../../../platform/http/context.js';

/** Whether this server still waits for its first institution: the setup page shows only then. */
export async function getSetupStatus(ctx: TContext): Promise<{ setupRequired: boolean }> {
  return { setupRequired: (await ctx.services.tenancy.count()) === 0 };
}
