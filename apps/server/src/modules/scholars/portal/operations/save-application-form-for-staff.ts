import type { TSaveApplicationInput, TScholarApplicationForm } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { saveApplicationForm } from '../application-form.js';

/** Office staff correct a scholar's application form, under the same rules as the scholar's draft; audited as a correction. */
export function saveApplicationFormForStaff(
  ctx: TContext,
  applicationId: string,
  input: TSaveApplicationInput,
): Promise<TScholarApplicationForm> {
  return saveApplicationForm(ctx, applicationId, input);
}
