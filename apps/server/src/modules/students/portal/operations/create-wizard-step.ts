import type { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { welcomeWizardSteps } from '../../schema.js';
import { orderedWizardSteps, prepareWizardStep, presentWizardStep, type TWizardStepFields } from '../wizard-steps.js';

/** Adds a step at the end of the wizard. */
export async function createWizardStep(ctx: TContext, input: TWizardStepFields): Promise<studentsApi.TWizardStep> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const values = await prepareWizardStep(tx, input);
    const rows = await orderedWizardSteps(tx);
    const ordinal = rows.length ? Math.max(...rows.map((r) => r.ordinal)) + 1 : 1;
    const [row] = await tx
      .insert(welcomeWizardSteps)
      .values({ institutionId: ctx.institutionId, ...values, ordinal })
      .returning();
    const out = await presentWizardStep(tx, row!);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'welcome_wizard_step',
      entityId: row!.id,
      action: 'welcome-wizard-step.created',
      after: out,
      ip: ctx.ip,
    });
    return out;
  });
}
