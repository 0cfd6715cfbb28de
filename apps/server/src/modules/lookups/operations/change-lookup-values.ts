import { and, eq, inArray, sql } from 'drizzle-orm';
import { LOOKUP_MSG, type lookupsApi, type TLookupKey } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError, badRequest, conflict, fieldError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { auditValue, loadList, loadValue, presentValue, type TLookupListRow } from '../lookup-store.js';
import { lookupStatuses } from '../lookup-reader.js';
import { lookupValues } from '../schema.js';

type TAddInput = { code: string; label: string; attributes: Record<string, string>; activeFrom?: string | null | undefined };

/**
 * The attributes an office value gives, checked against its list: only the list's own attributes, the required
 * ones filled in, one that names another list's value naming one offered there (a local major's CIP code).
 */
async function checkAttributes(
  tx: TTx,
  ctx: TContext,
  list: TLookupListRow,
  given: Record<string, string>,
): Promise<Record<string, string>> {
  const fields = list.attributes;
  const out: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const f of fields) {
    const v = (given[f.key] ?? '').trim();
    if (!v) {
      if (f.required) errors[`attributes.${f.key}`] = [LOOKUP_MSG.attributeRequired(f.label)];
      continue;
    }
    out[f.key] = v;
  }
  for (const k of Object.keys(given))
    if (!fields.some((f) => f.key === k) && given[k]) errors[`attributes.${k}`] = ['This list has no such attribute.'];
  const linked = fields.filter((f) => f.list && out[f.key]);
  if (linked.length) {
    const check = await lookupStatuses(
      tx,
      ctx,
      linked.map((f) => ({ ref: { key: f.list! }, value: out[f.key]! })),
    );
    for (const f of linked)
      if (check({ key: f.list! }, out[f.key]!) !== 'active') errors[`attributes.${f.key}`] = [LOOKUP_MSG.attributeNotInList(f.label)];
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  return out;
}

/** Adds a value of the office's own, last in the list's order (docs/product/lookups.md#adding-a-value). */
export async function addLookupValue(ctx: TContext, key: TLookupKey, input: TAddInput): Promise<lookupsApi.TLookupValue> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const list = await loadList(tx, ctx, key);
    if (!list.allowsOfficeValues) throw new AppError(409, 'LIST_CLOSED', LOOKUP_MSG.listClosed);
    const attributes = await checkAttributes(tx, ctx, list, input.attributes);
    const [taken] = await tx
      .select({ id: lookupValues.id })
      .from(lookupValues)
      .where(and(eq(lookupValues.listId, list.id), sql`lower(${lookupValues.code}) = lower(${input.code})`));
    if (taken) throw fieldError('code', LOOKUP_MSG.codeTaken, 409);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${lookupValues.sortOrder})` })
      .from(lookupValues)
      .where(eq(lookupValues.listId, list.id));
    const [row] = await tx
      .insert(lookupValues)
      .values({
        institutionId: ctx.institutionId,
        listId: list.id,
        code: input.code,
        label: input.label,
        officialLabel: null,
        attributes,
        sortOrder: (last?.max ?? -1) + 1,
        activeFrom: input.activeFrom ?? null,
        isOfficial: false,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning()
      .catch((e: unknown) => {
        if (isUniqueViolation(e, 'lookup_values_code_uq')) throw fieldError('code', LOOKUP_MSG.codeTaken, 409);
        throw e;
      });
    await auditValue(tx, ctx, 'lookup.value.added', list, null, row!);
    return presentValue(row!, ctx.today());
  });
}

/** Relabels a value; the office's own values may change their attributes too. Codes never change. */
export async function updateLookupValue(
  ctx: TContext,
  key: TLookupKey,
  valueId: string,
  input: { label: string; attributes?: Record<string, string> | undefined },
): Promise<lookupsApi.TLookupValue> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const list = await loadList(tx, ctx, key);
    const before = await loadValue(tx, list, valueId, true);
    let attributes = before.attributes;
    if (input.attributes !== undefined && JSON.stringify(input.attributes) !== JSON.stringify(before.attributes)) {
      if (before.isOfficial) throw fieldError('attributes', LOOKUP_MSG.attributesOfficial, 409);
      attributes = await checkAttributes(tx, ctx, list, input.attributes);
    }
    if (input.label === before.label && attributes === before.attributes) return presentValue(before, ctx.today());
    const [row] = await tx
      .update(lookupValues)
      .set({ label: input.label, attributes, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(lookupValues.id, before.id))
      .returning();
    await auditValue(tx, ctx, 'lookup.value.relabeled', list, before, row!);
    return presentValue(row!, ctx.today());
  });
}

/** Retires a value from a day on (the office's today when not given): forms stop offering it, records keep it. */
export async function retireLookupValue(
  ctx: TContext,
  key: TLookupKey,
  valueId: string,
  input: { activeUntil?: string | null | undefined },
): Promise<lookupsApi.TLookupValue> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const list = await loadList(tx, ctx, key);
    const before = await loadValue(tx, list, valueId, true);
    const until = input.activeUntil ?? ctx.today();
    if (before.activeFrom && until <= before.activeFrom) throw fieldError('activeUntil', LOOKUP_MSG.retireBeforeStart);
    if (before.activeUntil === until) return presentValue(before, ctx.today());
    const [row] = await tx
      .update(lookupValues)
      .set({ activeUntil: until, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(lookupValues.id, before.id))
      .returning();
    await auditValue(tx, ctx, 'lookup.value.retired', list, before, row!);
    return presentValue(row!, ctx.today());
  });
}

/** Offers a retired value again. */
export async function restoreLookupValue(ctx: TContext, key: TLookupKey, valueId: string): Promise<lookupsApi.TLookupValue> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const list = await loadList(tx, ctx, key);
    const before = await loadValue(tx, list, valueId, true);
    if (!before.activeUntil) throw conflict(LOOKUP_MSG.notRetired);
    const [row] = await tx
      .update(lookupValues)
      .set({ activeUntil: null, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(lookupValues.id, before.id))
      .returning();
    await auditValue(tx, ctx, 'lookup.value.restored', list, before, row!);
    return presentValue(row!, ctx.today());
  });
}

/**
 * Puts values in a new order among themselves: they take, in the order given, the places they held (the
 * rest of the list stays where it is), so a page of a long list can be reordered on its own.
 */
export async function reorderLookupValues(ctx: TContext, key: TLookupKey, valueIds: string[]): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  const ids = [...new Set(valueIds)];
  return ctx.db(async (tx) => {
    const list = await loadList(tx, ctx, key);
    const rows = await tx
      .select()
      .from(lookupValues)
      .where(and(eq(lookupValues.listId, list.id), inArray(lookupValues.id, ids)))
      .for('update');
    if (rows.length !== ids.length) throw fieldError('valueIds', LOOKUP_MSG.reorderOther);
    const places = rows.map((r) => r.sortOrder).sort((a, b) => a - b);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const moved: { code: string; from: number; to: number }[] = [];
    for (const [i, id] of ids.entries()) {
      const r = byId.get(id)!;
      if (r.sortOrder === places[i]) continue;
      moved.push({ code: r.code, from: r.sortOrder, to: places[i]! });
      await tx
        .update(lookupValues)
        .set({ sortOrder: places[i]!, updatedBy: actor.userId, updatedAt: new Date() })
        .where(eq(lookupValues.id, id));
    }
    if (moved.length) {
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'lookup-list',
        entityId: list.id,
        action: 'lookup.values.reordered',
        before: { list: list.key, order: moved.map((m) => ({ code: m.code, sortOrder: m.from })) },
        after: { list: list.key, order: moved.map((m) => ({ code: m.code, sortOrder: m.to })) },
        ip: ctx.ip,
      });
    }
    return { ok: true as const };
  });
}
