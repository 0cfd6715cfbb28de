import { type TScholarAccountSettings } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { readAccountSettings } from '../../account-settings.js';

/** Account Settings for H-1B and O-1 as the page reads them. */
export async function getScholarAccountSettings(ctx: TContext): Promise<TScholarAccountSettings> {
  return ctx.db((tx) => readAccountSettings(tx));
}
