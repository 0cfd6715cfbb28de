import { eq, sql } from 'drizzle-orm';
import type { TDatabase, TTx } from '../db/database.js';
import { institutions } from './schema.js';

export type TInstitutionRow = typeof institutions.$inferSelect;

/**
 * The tenant registry belongs to the platform: tenancy resolves hosts from it and every tenant-owned
 * table points at it. Modules read and change an institution only through these functions.
 */
export async function readInstitution(tx: TTx, institutionId: string): Promise<TInstitutionRow | null> {
  const [row] = await tx.select().from(institutions).where(eq(institutions.id, institutionId));
  return row ?? null;
}

/** Stores an institution's settings (branding, texts, flags); the caller validates and audits. */
export async function storeInstitutionSettings(tx: TTx, institutionId: string, settings: Record<string, unknown>): Promise<void> {
  await tx.update(institutions).set({ settings, updatedAt: new Date() }).where(eq(institutions.id, institutionId));
}

/** How many institutions exist (owner access: the first set-up runs before any exists). */
export async function countInstitutions(tx: TTx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(institutions);
  return row?.n ?? 0;
}

/** Adds an institution (owner access: set-up and the demo seed). */
export async function createInstitution(
  tx: TTx,
  input: { name: string; hosts?: string[] | undefined; settings: Record<string, unknown> },
): Promise<TInstitutionRow> {
  const [row] = await tx
    .insert(institutions)
    .values({ name: input.name, hosts: input.hosts ?? [], settings: input.settings })
    .returning();
  return row!;
}

/** Every institution's id, for work that runs for each tenant (daily jobs), as the owner. */
export async function listInstitutionIds(database: TDatabase): Promise<string[]> {
  return (await database.owner.select({ id: institutions.id }).from(institutions)).map((r) => r.id);
}
