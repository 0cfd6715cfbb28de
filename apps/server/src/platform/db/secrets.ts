import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDatabase } from './database.js';
import { platformSecrets } from './secrets-schema.js';

/** Reads a secret, creating it once; every server sharing the database gets the same one. */
export async function getOrCreateSecret(db: TDatabase, key: string): Promise<Uint8Array> {
  const fresh = randomBytes(32).toString('base64');
  await db.owner.insert(platformSecrets).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await db.owner.select().from(platformSecrets).where(eq(platformSecrets.key, key));
  return Buffer.from(row!.value, 'base64');
}
