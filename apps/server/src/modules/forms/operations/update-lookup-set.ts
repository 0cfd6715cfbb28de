import { eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { lookupSets } from '../schema.js';
import { assertUniqueValues, presentLookupSet, type TLookupSetFields } from '../lookup-set-fields.js';

/** Renames a lookup set and replaces its options. */
export async function updateLookupSet(ctx: TContext, lookupSetId: string, input: TLookupSetFields): Promise<formsApi.TLookupSet> {
  const actor = requireActor(ctx);
  assertUniqueValues(input);
  return ctx.db(async (tx) => {
    const [row] = await tx.select().from(lookupSets).where(eq(lookupSets.id, lookupSetId)).for('update');
    if (!row) throw notFound();
    const [updated] = await tx
      .update(lookupSets)
      .set({ name: input.name, options: input.options, updatedAt: new Date() })
      .where(eq(lookupSets.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'lookup_set',
      entityId: row.id,
      action: 'lookup-set.updated',
      before: presentLookupSet(row),
      after: presentLookupSet(updated!),
      ip: ctx.ip,
    });
    return presentLookupSet(updated!);
  });
}
