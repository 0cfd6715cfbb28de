import type { studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { loadWizardStep, presentWizardStep } from '../wizard-steps.js';

/** One step of the Welcome Wizard. */
export async function getWizardStep(ctx: TContext, id: string): Promise<studentsApi.TWizardStep> {
  requireActor(ctx);
  return ctx.db(async (tx) => presentWizardStep(tx, await loadWizardStep(tx, id)));
}
