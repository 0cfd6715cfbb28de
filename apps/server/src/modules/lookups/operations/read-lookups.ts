import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { can, LOOKUP_LISTS, LOOKUP_MSG, type lookupsApi, type TLookupKey } from '@meridian/domain';
import { forbidden } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { loadList, presentChoice, presentList, presentValue } from '../lookup-store.js';
import { lookupLists, lookupValues } from '../schema.js';
import { ensureLookupCatalog } from '../seed.js';

const ORDER = [asc(lookupValues.sortOrder), asc(lookupValues.code)];

/** Every list of the office, in the catalog's order, with its counts (docs/product/lookups.md#the-lists). */
export async function listLookups(ctx: TContext): Promise<lookupsApi.TLookupListList> {
  return ctx.db(async (tx) => {
    let rows = await tx.select().from(lookupLists);
    if (rows.length < LOOKUP_LISTS.length) {
      await ensureLookupCatalog(tx, ctx.institutionId, ctx.today());
      rows = await tx.select().from(lookupLists);
    }
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const today = ctx.today();
    const items: lookupsApi.TLookupList[] = [];
    for (const def of LOOKUP_LISTS) {
      const row = byKey.get(def.key);
      if (row) items.push(await presentList(tx, row, today));
    }
    return { items };
  });
}

/**
 * One list with the values a form offers today, in the office's order (docs/product/lookups.md#reading-a-list).
 * `keep`: values a form already holds come too, retired or not, so an old record still shows its label.
 * `includeRetired`: every value, for those who manage the lists.
 */
export async function getLookup(
  ctx: TContext,
  key: TLookupKey,
  query: { includeRetired: boolean; keep: string[] },
): Promise<lookupsApi.TLookupWithValues> {
  if (query.includeRetired && !can(ctx.actor, 'lookups.manage')) throw forbidden(LOOKUP_MSG.includeRetiredManagers);
  return ctx.db(async (tx) => {
    const list = await loadList(tx, ctx, key);
    const today = ctx.today();
    const offered = and(
      or(isNull(lookupValues.activeFrom), lte(lookupValues.activeFrom, today)),
      or(isNull(lookupValues.activeUntil), sql`${lookupValues.activeUntil} > ${today}`),
    );
    const kept: SQL[] = [];
    if (query.keep.length) {
      kept.push(inArray(lookupValues.code, query.keep));
      const byAttribute = list.attributes.some((a) => a.key === 'iso');
      if (byAttribute)
        kept.push(
          inArray(
            sql`${lookupValues.attributes}->>'iso'`,
            query.keep.map((k) => k.toUpperCase()),
          ),
        );
    }
    const where = query.includeRetired ? undefined : kept.length ? or(offered, ...kept) : offered;
    const rows = await tx
      .select()
      .from(lookupValues)
      .where(and(eq(lookupValues.listId, list.id), where))
      .orderBy(...ORDER);
    return { list: await presentList(tx, list, today), values: rows.map((r) => presentChoice(r, today)) };
  });
}

/** A page of a list's values for the admin page: searched by code or label, filtered by state, sorted on the server. */
export async function listLookupValues(
  ctx: TContext,
  key: TLookupKey,
  query: ReturnType<typeof lookupsApi.ZListLookupValuesQuery.parse>,
): Promise<lookupsApi.TLookupValuePage> {
  return ctx.db(async (tx) => {
    const list = await loadList(tx, ctx, key);
    const today = ctx.today();
    const conds: (SQL | undefined)[] = [eq(lookupValues.listId, list.id)];
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(or(ilike(lookupValues.code, like), ilike(lookupValues.label, like), ilike(lookupValues.officialLabel, like)));
    }
    if (query.filter === 'active')
      conds.push(
        or(isNull(lookupValues.activeFrom), lte(lookupValues.activeFrom, today)),
        or(isNull(lookupValues.activeUntil), sql`${lookupValues.activeUntil} > ${today}`),
      );
    if (query.filter === 'retired') conds.push(isNotNull(lookupValues.activeUntil), lte(lookupValues.activeUntil, today));
    if (query.filter === 'office') conds.push(eq(lookupValues.isOfficial, false));
    const where = and(...conds);
    const dir = query.order === 'desc' ? desc : asc;
    const orderBy =
      query.sort === 'code'
        ? [dir(lookupValues.code)]
        : query.sort === 'label'
          ? [dir(lookupValues.label), asc(lookupValues.code)]
          : [dir(lookupValues.sortOrder), dir(lookupValues.code)];
    const [{ total } = { total: 0 }] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(lookupValues)
      .where(where);
    const rows = await tx
      .select()
      .from(lookupValues)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { items: rows.map((r) => presentValue(r, today)), total, page: query.page, pageSize: query.pageSize };
  });
}
