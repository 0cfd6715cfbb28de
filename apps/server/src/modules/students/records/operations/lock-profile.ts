import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import { studentProfiles } from '../../schema.js';
import { type TProfileRow } from '../../student.policy.js';
import { MSG_STALE } from '../record-rules.js';

/** Locks the record for a change and refuses a stale form (409 on updatedAt). */
export async function lockProfile(tx: TTx, profileId: string, updatedAt?: string): Promise<TProfileRow> {
  const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId)).for('update');
  if (updatedAt !== undefined && row!.updatedAt.toISOString() !== new Date(updatedAt).toISOString())
    throw new AppError(409, 'STALE_RECORD', MSG_STALE);
  return row!;
}
