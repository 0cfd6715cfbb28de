import { eq } from 'drizzle-orm';
import type { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { welcomeWizardSteps } from '../../schema.js';
import { loadWizardStep, prepareWizardStep, presentWizardStep, type TWizardStepFields } from '../wizard-steps.js';

/** Changes a step of the Welcome Wizard. */
export async function updateWizardStep(ctx: TContext, id: string, input: TWizardStepFields): Promise<studentsApi.TWizardStep> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadWizardStep(tx, id);
    const values = await prepareWizardStep(tx, input);
    const [updated] = await tx
      .update(welcomeWizardSteps)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(welcomeWizardSteps.id, row.id))
      .returning();
    const out = await presentWizardStep(tx, updated!);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'welcome_wizard_step',
      entityId: row.id,
      action: 'welcome-wizard-step.updated',
      before: await presentWizardStep(tx, row),
      after: out,
      ip: ctx.ip,
    });
    return out;
  });
}
