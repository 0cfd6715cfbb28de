import { and, eq, sql } from 'drizzle-orm';
import { LOOKUP_LISTS, todayIn, type TLookupKey } from '@meridian/domain';
import type { TDatabase, TTx } from '../../platform/db/database.js';
import { listInstitutions } from '../../platform/tenancy/institutions.js';
import { CATALOG_VERSION, seedCatalog } from './catalog/seed-catalog.js';
import { lookupLists, lookupValues } from './schema.js';

/** Values per insert statement. */
const CHUNK = 5000;

/**
 * Brings an institution's lists up to the seed catalog (docs/product/lookups.md#where-the-values-come-from):
 * lists it lacks are made, and codes a list lacks are added; a value already there keeps whatever the office
 * made of it (its label, order, retirement). Idempotent and cheap once done (one read); works in a tenant
 * transaction and in the owner's (the demo seed), as every read names the institution. `today` is the
 * institution's: values SEVIS no longer accepts are seeded retired from it.
 */
export async function ensureLookupCatalog(tx: TTx, institutionId: string, today: string): Promise<void> {
  const have = await tx
    .select({ key: lookupLists.key, seedVersion: lookupLists.seedVersion })
    .from(lookupLists)
    .where(eq(lookupLists.institutionId, institutionId));
  const current = new Map(have.map((l) => [l.key, l.seedVersion]));
  const stale = LOOKUP_LISTS.filter((d) => (current.get(d.key) ?? -1) < CATALOG_VERSION);
  if (!stale.length) return;
  const catalog = seedCatalog();
  const fields = (def: (typeof stale)[number]) => ({
    name: def.name,
    description: def.description,
    source: def.source,
    allowsOfficeValues: def.allowsOfficeValues,
    attributes: [...def.attributes],
    seedVersion: CATALOG_VERSION,
  });
  const lists = await tx
    .insert(lookupLists)
    .values(stale.map((def) => ({ institutionId, key: def.key, ...fields(def) })))
    .onConflictDoUpdate({
      target: [lookupLists.institutionId, lookupLists.key],
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        source: sql`excluded.source`,
        allowsOfficeValues: sql`excluded.allows_office_values`,
        attributes: sql`excluded.attributes`,
        seedVersion: sql`excluded.seed_version`,
        updatedAt: new Date(),
      },
    })
    .returning({ id: lookupLists.id, key: lookupLists.key });
  // New codes of a list seeded before go after the values already there, in the catalog's order.
  const last = new Map<string, number>();
  if (lists.some((l) => current.has(l.key))) {
    const rows = await tx
      .select({ listId: lookupValues.listId, max: sql<number>`max(${lookupValues.sortOrder})` })
      .from(lookupValues)
      .where(eq(lookupValues.institutionId, institutionId))
      .groupBy(lookupValues.listId);
    for (const r of rows) last.set(r.listId, r.max);
  }
  const rows = lists.flatMap((l) =>
    catalog[l.key as TLookupKey].map((v, i) => ({
      list_id: l.id,
      code: v.code,
      label: v.label,
      official_label: v.officialLabel,
      attributes: v.attributes,
      sort_order: (last.get(l.id) ?? -1) + 1 + i,
      active_until: v.retired ? today : null,
    })),
  );
  // One statement for the whole catalog (some three thousand values): the rows travel as one JSON parameter.
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.execute(sql`
      insert into lookup_values (institution_id, list_id, code, label, official_label, attributes, sort_order, active_until, is_official)
      select ${institutionId}::uuid, x.list_id, x.code, x.label, x.official_label, x.attributes, x.sort_order, x.active_until, true
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + CHUNK))}::jsonb)
        as x(list_id uuid, code text, label text, official_label text, attributes jsonb, sort_order integer, active_until date)
      on conflict (list_id, code) do nothing`);
  }
}

/** Whether every list of the catalog exists for the institution (the readers' cheap check before seeding one made later). */
export async function hasLookupList(tx: TTx, institutionId: string, key: TLookupKey): Promise<boolean> {
  const [row] = await tx
    .select({ id: lookupLists.id })
    .from(lookupLists)
    .where(and(eq(lookupLists.institutionId, institutionId), eq(lookupLists.key, key)));
  return !!row;
}

/** At start-up: every institution's lists brought up to the catalog, each in its own transaction. */
export async function seedLookupCatalogs(database: TDatabase): Promise<void> {
  for (const inst of await listInstitutions(database)) {
    await database.tenant(inst.id, (tx) => ensureLookupCatalog(tx, inst.id, todayIn(inst.timeZone)));
  }
}
