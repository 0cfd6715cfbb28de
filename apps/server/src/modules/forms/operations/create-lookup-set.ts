import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { lookupSets } from '../schema.js';
import { assertUniqueValues, presentLookupSet, type TLookupSetFields } from '../lookup-set-fields.js';

/** Adds a lookup set: options that questions may offer. */
export async function createLookupSet(ctx: TContext, input: TLookupSetFields): Promise<formsApi.TLookupSet> {
  const actor = requireActor(ctx);
  assertUniqueValues(input);
  return ctx.db(async (tx) => {
    const [row] = await tx
      .insert(lookupSets)
      .values({ institutionId: ctx.institutionId, name: input.name, options: input.options })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'lookup_set',
      entityId: row!.id,
      action: 'lookup-set.created',
      after: presentLookupSet(row!),
      ip: ctx.ip,
    });
    return presentLookupSet(row!);
  });
}
