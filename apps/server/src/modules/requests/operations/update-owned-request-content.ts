import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import type { TRequestRow } from '../request.policy.js';
import { requests } from '../schema.js';

/** Replaces what an owned request says (its title, its own form's data); the owner audits the change on its record. */
export async function updateOwnedRequestContent(
  tx: TTx,
  requestId: string,
  content: { title?: string | undefined; data?: Record<string, unknown> | undefined },
): Promise<TRequestRow> {
  const [updated] = await tx
    .update(requests)
    .set({
      ...(content.title !== undefined ? { title: content.title } : {}),
      ...(content.data !== undefined ? { data: content.data } : {}),
      updatedAt: new Date(),
    })
    .where(eq(requests.id, requestId))
    .returning();
  return updated!;
}
