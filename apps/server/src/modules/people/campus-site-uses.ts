import { eq, isNotNull, sql } from 'drizzle-orm';
import { ZStaffPermissions, type peopleApi } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { users } from './schema.js';

/** How many rows of one kind refer to one campus site. */
export interface TCampusSiteUse {
  siteId: number;
  kind: peopleApi.TCampusSiteUseKind;
  count: number;
}

/** Counts, per campus site, the rows of a higher module that refer to one (its records, requests, settings). */
export type TCampusSiteUsesProvider = (tx: TTx) => Promise<TCampusSiteUse[]>;

const providers = new Map<string, TCampusSiteUsesProvider>();

/** Registers a module whose rows refer to campus sites (idempotent per name: the last registration wins). */
export function provideCampusSiteUses(name: string, provider: TCampusSiteUsesProvider): void {
  providers.set(name, provider);
}

/** Rows of a site-grouped count, as uses of one kind (sites with none are left out). */
export function usesOf(kind: peopleApi.TCampusSiteUseKind, rows: Array<{ siteId: number | null; count: number }>): TCampusSiteUse[] {
  return rows.filter((r): r is { siteId: number; count: number } => r.siteId !== null && r.count > 0).map((r) => ({ ...r, kind }));
}

/** The sites a staff profile names: officer and assistant sites and per-site assistant settings (0, every site, is not a site). */
function profileSites(raw: unknown): Set<number> {
  const parsed = ZStaffPermissions.safeParse(raw ?? {});
  if (!parsed.success) return new Set();
  const p = parsed.data;
  const ids = [...p.officerSites, ...p.assistantSites, ...Object.keys(p.assistantSettings).map(Number)];
  return new Set(ids.filter((id) => id > 0));
}

/** The people module's own uses: accounts made for a site, and staff profiles naming it. */
async function peopleUses(tx: TTx): Promise<TCampusSiteUse[]> {
  const accounts = await tx
    .select({ siteId: users.campusSiteId, count: sql<number>`count(*)::int` })
    .from(users)
    .where(isNotNull(users.campusSiteId))
    .groupBy(users.campusSiteId);
  const staff = new Map<number, number>();
  const profiles = await tx.select({ p: users.staffPermissions }).from(users).where(eq(users.role, 'isssAdmin'));
  for (const { p } of profiles) for (const id of profileSites(p)) staff.set(id, (staff.get(id) ?? 0) + 1);
  return [
    ...usesOf('accounts', accounts),
    ...usesOf(
      'staff',
      [...staff].map(([siteId, count]) => ({ siteId, count })),
    ),
  ];
}

/** Everything that refers to each campus site of the institution, by site id and kind. */
export async function campusSiteUses(tx: TTx): Promise<Map<number, peopleApi.TCampusSiteUses>> {
  const all = [...(await peopleUses(tx))];
  for (const provider of providers.values()) all.push(...(await provider(tx)));
  const bySite = new Map<number, peopleApi.TCampusSiteUses>();
  for (const u of all) {
    const uses = bySite.get(u.siteId) ?? {};
    uses[u.kind] = (uses[u.kind] ?? 0) + u.count;
    bySite.set(u.siteId, uses);
  }
  return bySite;
}

export const totalUses = (uses: peopleApi.TCampusSiteUses): number => Object.values(uses).reduce((a, b) => a + (b ?? 0), 0);
