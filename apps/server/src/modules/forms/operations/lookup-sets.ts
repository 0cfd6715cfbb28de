import { asc, eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { lookupSets } from '../schema.js';

type TInput = { name: string; options: formsApi.TLookupSet['options'] };
type TRow = typeof lookupSets.$inferSelect;

const present = (r: TRow): formsApi.TLookupSet => ({ id: r.id, name: r.name, options: r.options });
const DUPLICATE = 'Each option needs a value of its own.';

function assertUniqueValues(input: TInput) {
  const values = input.options.map((o) => o.value);
  if (new Set(values).size !== values.length) throw fieldError('options', DUPLICATE);
}

export async function listLookupSets(ctx: TContext): Promise<formsApi.TLookupSet[]> {
  requireActor(ctx);
  return ctx.db(async (tx) => (await tx.select().from(lookupSets).orderBy(asc(lookupSets.name), asc(lookupSets.id))).map(present));
}

export async function createLookupSet(ctx: TContext, input: TInput): Promise<formsApi.TLookupSet> {
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
      after: present(row!),
      ip: ctx.ip,
    });
    return present(row!);
  });
}

export async function updateLookupSet(ctx: TContext, lookupSetId: string, input: TInput): Promise<formsApi.TLookupSet> {
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
      before: present(row),
      after: present(updated!),
      ip: ctx.ip,
    });
    return present(updated!);
  });
}
