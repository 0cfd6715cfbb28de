import { asc } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { userGroups } from '../schema.js';
import { presentGroups } from '../user-groups.js';

/** The user groups with their members, by name. */
export async function listUserGroups(ctx: TContext) {
  return ctx.db(async (tx) => presentGroups(tx, await tx.select().from(userGroups).orderBy(asc(userGroups.name))));
}
