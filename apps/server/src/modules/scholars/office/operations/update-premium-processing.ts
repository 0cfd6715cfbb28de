import { scholarsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { savePart } from '../office-details.js';

/** Premium processing of the petition (the flag is its own column: the dashboard and export read it). */
export async function updatePremiumProcessing(ctx: TContext, applicationId: string, input: scholarsApi.TPremiumProcessingInput) {
  const body = scholarsApi.ZPremiumProcessingInput.parse(input);
  return savePart(ctx, applicationId, body.version, 'premiumProcessing', body.premiumProcessing);
}
