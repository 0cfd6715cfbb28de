import type { TScholarApplicationForm } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { readApplicationForm } from '../application-form.js';

/** Office staff read a scholar's application form as the scholar filled it; the read is audited. */
export function getApplicationFormForStaff(ctx: TContext, applicationId: string): Promise<TScholarApplicationForm> {
  return readApplicationForm(ctx, applicationId);
}
