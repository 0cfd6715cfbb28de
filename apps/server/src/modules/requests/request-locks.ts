import { eq } from 'drizzle-orm';
import { MSG } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { getAccessibleRequest, staffReaches, type TRequestRow } from './request.policy.js';
import { requests, requestTypes } from './schema.js';

/**
 * Loads a request the caller may read (404 otherwise) and locks its row for the rest of the
 * transaction: double submits and parallel actions queue here and see the status the first left.
 */
export async function lockRequest(tx: TTx, ctx: TContext, requestId: string, mode: 'read' | 'process' = 'read'): Promise<TRequestRow> {
  await getAccessibleRequest(tx, ctx, requestId, 'read');
  const [row] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!row) throw notFound();
  if (mode === 'process' && !staffReaches(requireActor(ctx), row)) throw new AppError(403, 'FORBIDDEN', MSG.noAccessPage);
  return row;
}

/** The request type of a request (the row must exist: the request references it). */
export async function typeOf(tx: TTx, r: TRequestRow) {
  const [t] = await tx.select().from(requestTypes).where(eq(requestTypes.id, r.requestTypeId));
  return t!;
}
