import type { TScholarApplicationForm } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { readApplicationForm } from '../application-form.js';

/** The scholar reads their application form in the portal (office staff may read any; 404 otherwise). */
export function getPortalApplication(ctx: TContext, applicationId: string): Promise<TScholarApplicationForm> {
  return readApplicationForm(ctx, applicationId);
}
