import { eq } from 'drizzle-orm';
import { authApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { conflict } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { twoStepPolicies } from '../schema.js';
import { hasTwoSteps } from './mfa.js';

/** The institution's two-step sign-in policy (docs/product/two-step-sign-in.md#required-for-office-staff); off until turned on. */
export async function getTwoStepPolicy(ctx: TContext): Promise<authApi.TTwoStepPolicy> {
  return ctx.db(async (tx) => {
    const [row] = await tx.select().from(twoStepPolicies).where(eq(twoStepPolicies.institutionId, ctx.institutionId));
    return { staffRequired: row?.staffRequired ?? false };
  });
}

/**
 * Requires (or stops requiring) a second step of office staff; audited with before and after. Staff
 * signed in without one are held to setting it up from their next call on.
 */
export async function updateTwoStepPolicy(ctx: TContext, input: authApi.TTwoStepPolicy): Promise<authApi.TTwoStepPolicy> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    // Whoever requires it has it: they are office staff too, and would otherwise be the first one held.
    if (input.staffRequired && !(await hasTwoSteps(tx, actor.userId))) throw conflict(authApi.MSG_MFA.policyNeedsOwnStep);
    const [before] = await tx.select().from(twoStepPolicies).where(eq(twoStepPolicies.institutionId, ctx.institutionId));
    const values = { staffRequired: input.staffRequired, updatedAt: new Date(), updatedBy: actor.userId };
    await tx
      .insert(twoStepPolicies)
      .values({ institutionId: ctx.institutionId, ...values })
      .onConflictDoUpdate({ target: twoStepPolicies.institutionId, set: values });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'institution',
      entityId: ctx.institutionId,
      action: 'auth.mfa.policy-updated',
      before: { staffRequired: before?.staffRequired ?? false },
      after: { staffRequired: input.staffRequired },
      ip: ctx.ip,
    });
    return { staffRequired: input.staffRequired };
  });
}
