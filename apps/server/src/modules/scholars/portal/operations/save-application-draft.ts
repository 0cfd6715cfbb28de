import type { TSaveApplicationInput, TScholarApplicationForm } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { saveApplicationForm } from '../application-form.js';

/** The scholar saves a draft of their application form: whatever was typed is kept. */
export function saveApplicationDraft(ctx: TContext, applicationId: string, input: TSaveApplicationInput): Promise<TScholarApplicationForm> {
  return saveApplicationForm(ctx, applicationId, input);
}
