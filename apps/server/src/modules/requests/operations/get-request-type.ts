import { eq } from 'drizzle-orm';
import { notFound } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import { requestTypes } from '../schema.js';
import { presentType } from '../request-type.presenter.js';

/** One request type of Request Configuration. */
export async function getRequestType(ctx: TContext, id: string) {
  return ctx.db(async (tx) => {
    const [row] = await tx.select().from(requestTypes).where(eq(requestTypes.id, id));
    if (!row) throw notFound();
    return presentType(row);
  });
}
