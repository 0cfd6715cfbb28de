import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { welcomeWizardSteps } from '../../schema.js';
import { loadWizardStep, presentWizardStep } from '../wizard-steps.js';

/** Removes a step; students who already did it keep its id in their progress, which no longer counts. */
export async function deleteWizardStep(ctx: TContext, id: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadWizardStep(tx, id);
    const before = await presentWizardStep(tx, row);
    await tx.delete(welcomeWizardSteps).where(eq(welcomeWizardSteps.id, row.id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'welcome_wizard_step',
      entityId: row.id,
      action: 'welcome-wizard-step.deleted',
      before,
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}
