import { and, eq, sql } from 'drizzle-orm';
import { isLookupValueActive, type lookupsApi, type TLookupKey } from '@meridian/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { TTx } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { TContext } from '../../platform/http/context.js';
import { lookupLists, lookupValues } from './schema.js';
import { ensureLookupCatalog } from './seed.js';

export type TLookupListRow = typeof lookupLists.$inferSelect;
export type TLookupValueRow = typeof lookupValues.$inferSelect;

/**
 * The list of the context's institution (row-level security), seeding the institution's lists first when it
 * has none yet (an institution made after the server started). 404 for a key the catalog does not know is
 * left to the contract, which only takes known keys.
 */
export async function loadList(tx: TTx, ctx: TContext, key: TLookupKey): Promise<TLookupListRow> {
  const find = async () => (await tx.select().from(lookupLists).where(eq(lookupLists.key, key)))[0];
  let list = await find();
  if (!list) {
    await ensureLookupCatalog(tx, ctx.institutionId, ctx.today());
    list = await find();
  }
  if (!list) throw notFound();
  return list;
}

/** A value of the list, locked for a change when asked; 404 when it is another list's (or institution's). */
export async function loadValue(tx: TTx, list: TLookupListRow, valueId: string, lock = false): Promise<TLookupValueRow> {
  const q = tx
    .select()
    .from(lookupValues)
    .where(and(eq(lookupValues.id, valueId), eq(lookupValues.listId, list.id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** Where a value stands on a day: offered, retired, or not offered yet. */
export function valueState(v: Pick<TLookupValueRow, 'activeFrom' | 'activeUntil'>, today: string): lookupsApi.TLookupValueState {
  if (v.activeUntil && today >= v.activeUntil) return 'retired';
  return isLookupValueActive(v, today) ? 'active' : 'scheduled';
}

export function presentValue(v: TLookupValueRow, today: string): lookupsApi.TLookupValue {
  return {
    id: v.id,
    code: v.code,
    label: v.label,
    officialLabel: v.officialLabel,
    attributes: v.attributes,
    sortOrder: v.sortOrder,
    activeFrom: v.activeFrom,
    activeUntil: v.activeUntil,
    isOfficial: v.isOfficial,
    state: valueState(v, today),
  };
}

/** A value as forms read it (lookupsApi.ZLookupChoice): the days only when set. */
export function presentChoice(v: TLookupValueRow, today: string): lookupsApi.TLookupChoice {
  return {
    code: v.code,
    label: v.label,
    attributes: v.attributes,
    ...(v.activeFrom ? { activeFrom: v.activeFrom } : {}),
    ...(v.activeUntil ? { activeUntil: v.activeUntil } : {}),
    state: valueState(v, today),
  };
}

const attributeFields = (list: TLookupListRow) =>
  list.attributes.map((a) => ({ key: a.key, label: a.label, required: !!a.required, list: a.list ?? null }));

/** A list with its counts on the day: offered now, retired, and the office's own values. */
export async function presentList(tx: TTx, list: TLookupListRow, today: string): Promise<lookupsApi.TLookupList> {
  const [counts] = await tx
    .select({
      active: sql<number>`count(*) filter (where (${lookupValues.activeFrom} is null or ${lookupValues.activeFrom} <= ${today}) and (${lookupValues.activeUntil} is null or ${lookupValues.activeUntil} > ${today}))::int`,
      retired: sql<number>`count(*) filter (where ${lookupValues.activeUntil} <= ${today})::int`,
      office: sql<number>`count(*) filter (where not ${lookupValues.isOfficial})::int`,
    })
    .from(lookupValues)
    .where(eq(lookupValues.listId, list.id));
  return {
    key: list.key as TLookupKey,
    name: list.name,
    description: list.description,
    source: list.source,
    allowsOfficeValues: list.allowsOfficeValues,
    attributes: attributeFields(list),
    activeCount: counts?.active ?? 0,
    retiredCount: counts?.retired ?? 0,
    officeCount: counts?.office ?? 0,
  };
}

const shown = (v: TLookupValueRow) => ({
  code: v.code,
  label: v.label,
  attributes: v.attributes,
  sortOrder: v.sortOrder,
  activeFrom: v.activeFrom,
  activeUntil: v.activeUntil,
});

/** The Logs' record of a change to a value (Configuration log type). */
export async function auditValue(
  tx: TTx,
  ctx: TContext,
  action: string,
  list: TLookupListRow,
  before: TLookupValueRow | null,
  after: TLookupValueRow | null,
): Promise<void> {
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'lookup-value',
    entityId: (after ?? before)!.id,
    action,
    before: before ? { list: list.key, ...shown(before) } : null,
    after: after ? { list: list.key, ...shown(after) } : null,
    ip: ctx.ip,
  });
}
