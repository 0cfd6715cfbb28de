import { eq } from 'drizzle-orm';
import type { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { welcomeWizardSteps } from '../../schema.js';
import { orderedWizardSteps, presentWizardStep } from '../wizard-steps.js';

/** The order given must name every step exactly once (a stale page cannot drop steps from the order). */
export async function reorderWizardSteps(ctx: TContext, ids: string[]): Promise<studentsApi.TWizardStep[]> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx.select().from(welcomeWizardSteps).for('update');
    const known = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== rows.length || !ids.every((i) => known.has(i))) {
      throw badRequest('The steps changed meanwhile: reload the page and try again.', {
        ids: ['The steps changed meanwhile: reload the page and try again.'],
      });
    }
    const before = [...rows].sort((a, b) => a.ordinal - b.ordinal).map((r) => r.id);
    for (const [i, id] of ids.entries()) {
      await tx
        .update(welcomeWizardSteps)
        .set({ ordinal: i + 1, updatedAt: new Date() })
        .where(eq(welcomeWizardSteps.id, id));
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'welcome_wizard',
      entityId: ctx.institutionId,
      action: 'welcome-wizard.reordered',
      before: { order: before },
      after: { order: ids },
      ip: ctx.ip,
    });
    return Promise.all((await orderedWizardSteps(tx)).map((r) => presentWizardStep(tx, r)));
  });
}
