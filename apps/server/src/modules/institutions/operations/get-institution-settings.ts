import type { TInstitutionSettings } from '@meridian/domain';
import { type TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../settings.js';

/** The institution's settings for the settings page. */
export async function getInstitutionSettings(ctx: TContext): Promise<TInstitutionSettings> {
  return ctx.db((tx) => loadSettings(tx, ctx.institutionId));
}
