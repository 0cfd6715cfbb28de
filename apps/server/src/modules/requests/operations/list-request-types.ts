import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { type TContext } from '../../../platform/http/context.js';
import { requestTypes } from '../schema.js';
import { presentType } from '../request-type.presenter.js';

/** The request types of Request Configuration, by name, filtered by text and enabled state. */
export async function listRequestTypes(ctx: TContext, q: { q?: string | undefined; enabled: 'all' | 'enabled' | 'disabled' }) {
  return ctx.db(async (tx) => {
    const where = [];
    if (q.enabled !== 'all') where.push(eq(requestTypes.isEnabled, q.enabled === 'enabled'));
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(or(ilike(requestTypes.name, like), ilike(requestTypes.code, like))!);
    }
    return (
      await tx
        .select()
        .from(requestTypes)
        .where(and(...where))
        .orderBy(asc(requestTypes.name))
    ).map(presentType);
  });
}
