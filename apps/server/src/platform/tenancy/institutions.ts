import { eq, sql } from 'drizzle-orm';
import type { TDatabase, TTx } from '../db/database.js';
import { institutions } from './schema.js';

export type TInstitutionRow = typeof institutions.$inferSelect;

/** The time zone is the institution's own column (tenancy reads it for every request), never a copy in the settings. */
const settingsOnly = (settings: Record<string, unknown>) => Object.fromEntries(Object.entries(settings).filter(([k]) => k !== 'timeZone'));

/**
 * The tenant registry belongs to the platform: tenancy resolves hosts from it and every tenant-owned
 * table points at it. Modules read and change an institution only through these functions.
 */
export async function readInstitution(tx: TTx, institutionId: string): Promise<TInstitutionRow | null> {
  const [row] = await tx.select().from(institutions).where(eq(institutions.id, institutionId));
  return row ?? null;
}

/**
 * Stores an institution's settings (branding, texts, flags) and, when given, its time zone; the caller
 * validates, audits and invalidates the tenancy cache (which carries the zone).
 */
export async function storeInstitutionSettings(
  tx: TTx,
  institutionId: string,
  settings: Record<string, unknown>,
  timeZone?: string,
): Promise<void> {
  await tx
    .update(institutions)
    .set({ settings: settingsOnly(settings), ...(timeZone ? { timeZone } : {}), updatedAt: new Date() })
    .where(eq(institutions.id, institutionId));
}

/** How many institutions exist (owner access: the first set-up runs before any exists). */
export async function countInstitutions(tx: TTx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(institutions);
  return row?.n ?? 0;
}

/** Adds an institution (owner access: set-up and the demo seed). */
export async function createInstitution(
  tx: TTx,
  input: { name: string; hosts?: string[] | undefined; timeZone: string; settings: Record<string, unknown> },
): Promise<TInstitutionRow> {
  const [row] = await tx
    .insert(institutions)
    .values({ name: input.name, hosts: input.hosts ?? [], timeZone: input.timeZone, settings: settingsOnly(input.settings) })
    .returning();
  return row!;
}

/** Every institution's id and time zone, for work that runs for each tenant (daily jobs), as the owner. */
export async function listInstitutions(database: TDatabase): Promise<Array<{ id: string; timeZone: string }>> {
  return database.owner.select({ id: institutions.id, timeZone: institutions.timeZone }).from(institutions);
}
