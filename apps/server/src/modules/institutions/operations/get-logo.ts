import { notFound } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { logoServedName, type TStoredLogo } from '../logo-file.js';
import { loadSettings } from '../settings.js';

/** The uploaded logo the address names (its content's hash): anyone may read it, as the login page shows it. */
export async function getLogo(ctx: TContext, file: string): Promise<TStoredLogo> {
  const s = await ctx.db((tx) => loadSettings(tx, ctx.institutionId));
  if (!s.logoFile || logoServedName(s.logoFile) !== file) throw notFound();
  return s.logoFile;
}
