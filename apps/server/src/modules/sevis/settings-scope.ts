import { and, eq, sql } from 'drizzle-orm';
import { canActOnSite } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { TAuthenticatedActor } from '../../platform/http/context.js';
import { reachableSites } from '../students/index.js';
import { sevisBatches, sevisSettings } from './schema.js';

export type TSettingsRow = typeof sevisSettings.$inferSelect;

/** Staff see the SEVIS settings of the campus sites they reach in the student area. */
export function reachesSite(actor: TAuthenticatedActor, siteId: number): boolean {
  const reach = reachableSites(actor);
  return reach === 'all' || reach.includes(siteId);
}

/** Super users and officers of the site change its SEVIS settings (the route needs sevis.configure too). */
export function configuresSite(actor: TAuthenticatedActor, siteId: number): boolean {
  return actor.role === 'isssAdmin' && !!actor.staff && (actor.staff.isSuper || actor.staff.isOfficer) && canActOnSite(actor.staff, siteId);
}

/** Super users, officers of the site, and assistants with the sevisBatch flag for it prepare its batches. */
export function batchesSite(actor: TAuthenticatedActor, siteId: number): boolean {
  return actor.role === 'isssAdmin' && canActOnSite(actor.staff, siteId, 'sevisBatch');
}

/** A settings row the actor reaches (404 otherwise: existence must not leak). */
export async function getReachableSettings(
  tx: TTx,
  actor: TAuthenticatedActor,
  settingsId: string,
  may: (a: TAuthenticatedActor, site: number) => boolean,
): Promise<TSettingsRow> {
  const [row] = await tx.select().from(sevisSettings).where(eq(sevisSettings.id, settingsId));
  if (!row || !may(actor, row.campusSiteId)) throw notFound();
  return row;
}

/** Batch ids are 14 digits: the number, zero-padded. */
export const formatBatchId = (n: number): string => String(n).padStart(14, '0');

/**
 * The next batch number of an OrgID: one past the highest batch id it has used, and never below
 * the settings' starting number. Callers hold the OrgID's advisory lock (lockOrg) when they use it.
 */
export async function nextBatchNumber(tx: TTx, institutionId: string, orgId: string, starting: number): Promise<number> {
  const [r] = await tx
    .select({ max: sql<string | null>`max(${sevisBatches.batchId})` })
    .from(sevisBatches)
    .where(and(eq(sevisBatches.institutionId, institutionId), eq(sevisBatches.orgId, orgId), sql`${sevisBatches.batchId} ~ '^[0-9]{14}$'`));
  const used = r?.max ? Number(r.max) : 0;
  return Math.max(used + 1, starting);
}

/** Serialises batch creation per OrgID (transaction-scoped advisory lock): concurrent requests get distinct batch ids. */
export async function lockOrg(tx: TTx, institutionId: string, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sevis-batch:${institutionId}:${orgId}`}))`);
}
