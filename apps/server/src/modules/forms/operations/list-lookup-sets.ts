import { asc } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { lookupSets } from '../schema.js';
import { presentLookupSet } from '../lookup-set-fields.js';

/** The lookup sets by name. */
export async function listLookupSets(ctx: TContext): Promise<formsApi.TLookupSet[]> {
  requireActor(ctx);
  return ctx.db(async (tx) => (await tx.select().from(lookupSets).orderBy(asc(lookupSets.name), asc(lookupSets.id))).map(presentLookupSet));
}
