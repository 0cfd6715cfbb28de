import { inArray } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { requests } from '../schema.js';

/** Makes a person the subject of requests (a scholar who now has a portal account fills their case's requests). */
export async function setRequestSubject(tx: TTx, requestIds: string[], subjectUserId: string): Promise<void> {
  if (requestIds.length) await tx.update(requests).set({ subjectUserId }).where(inArray(requests.id, requestIds));
}
