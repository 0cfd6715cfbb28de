import { scholarsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { savePart } from '../office-details.js';

/** Employment details and flags of a case (the OPT export reads the flags). */
export async function updateEmploymentDetails(ctx: TContext, applicationId: string, input: scholarsApi.TEmploymentDetailsInput) {
  const body = scholarsApi.ZEmploymentDetailsInput.parse(input);
  return savePart(ctx, applicationId, body.version, 'employment', body.employment);
}
