import { scholarsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { savePart } from '../office-details.js';

/** The office's H-1B / O-1 information or J-1 program data of a case. */
export async function updateOfficeData(ctx: TContext, applicationId: string, input: scholarsApi.TOfficeDataInput) {
  const body = scholarsApi.ZOfficeDataInput.parse(input);
  return savePart(ctx, applicationId, body.version, 'officeData', body.officeData);
}
