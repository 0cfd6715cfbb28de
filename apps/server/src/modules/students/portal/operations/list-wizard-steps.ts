import type { studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { orderedWizardSteps, presentWizardStep } from '../wizard-steps.js';

/** The Welcome Wizard's steps in order. */
export async function listWizardSteps(ctx: TContext): Promise<studentsApi.TWizardStep[]> {
  requireActor(ctx);
  return ctx.db(async (tx) => Promise.all((await orderedWizardSteps(tx)).map((r) => presentWizardStep(tx, r))));
}
