import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  lookupCheckerOf,
  lookupIssue,
  type TLookupChecker,
  type TLookupKey,
  type TLookupRef,
  type TLookupValueLike,
} from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors/app-error.js';
import type { TContext } from '../../platform/http/context.js';
import { lookupLists, lookupValues } from './schema.js';
import { ensureLookupCatalog } from './seed.js';

/** What a reader needs of a value: its code and words, its attributes, and the days it is offered. */
const VALUE_COLUMNS = {
  code: lookupValues.code,
  label: lookupValues.label,
  attributes: lookupValues.attributes,
  activeFrom: lookupValues.activeFrom,
  activeUntil: lookupValues.activeUntil,
};

/** A value a form gives for a field that draws its choices from a list. */
export interface TLookupCheck {
  ref: TLookupRef;
  value: string;
}

/**
 * The server's reader for validation (docs/product/lookups.md#how-forms-use-the-lists): reads, in one query per
 * list, the values the checks name, and answers for each whether it is offered on the office's today, retired,
 * or not on the list, with the same rule the browser applies to the lists it loaded (lookupCheckerOf).
 */
export async function lookupStatuses(tx: TTx, ctx: TContext, checks: readonly TLookupCheck[]): Promise<TLookupChecker> {
  const wanted = checks.filter((c) => c.value.trim() !== '');
  if (!wanted.length) return () => undefined;
  const keys = [...new Set(wanted.map((c) => c.ref.key))];
  let lists = await tx.select({ id: lookupLists.id, key: lookupLists.key }).from(lookupLists).where(inArray(lookupLists.key, keys));
  if (lists.length < keys.length) {
    await ensureLookupCatalog(tx, ctx.institutionId, ctx.today());
    lists = await tx.select({ id: lookupLists.id, key: lookupLists.key }).from(lookupLists).where(inArray(lookupLists.key, keys));
  }
  const held: Partial<Record<TLookupKey, TLookupValueLike[]>> = {};
  for (const list of lists) {
    const mine = wanted.filter((c) => c.ref.key === list.key);
    const codes = [...new Set(mine.filter((c) => !c.ref.by).map((c) => c.value.trim().toUpperCase()))];
    const byAttribute = new Map<string, string[]>();
    for (const c of mine.filter((x) => x.ref.by))
      byAttribute.set(c.ref.by!, [...(byAttribute.get(c.ref.by!) ?? []), c.value.trim().toUpperCase()]);
    const matches = [
      ...(codes.length ? [inArray(sql`upper(${lookupValues.code})`, codes)] : []),
      ...[...byAttribute].map(([attr, vals]) => inArray(sql`upper(${lookupValues.attributes}->>${attr})`, vals)),
    ];
    const rows = await tx
      .select(VALUE_COLUMNS)
      .from(lookupValues)
      .where(and(eq(lookupValues.listId, list.id), or(...matches)));
    held[list.key as TLookupKey] = rows;
  }
  return lookupCheckerOf(held, ctx.today());
}

/** A field of a record whose value comes from a list, with what the record held before the change. */
export interface TLookupFieldChange extends TLookupCheck {
  field: string;
  /** The record's value before (undefined for a new record): kept as it is, it is never refused. */
  before?: string | null | undefined;
}

/**
 * Refuses, on their fields, values a change gives that the lists do not offer today: not on the list, or
 * retired. A value the record already holds stays valid even when it has been retired since
 * (docs/product/lookups.md#retiring-a-value); an emptied field is left to the form's own required rules.
 */
export async function assertLookupFields(tx: TTx, ctx: TContext, changes: readonly TLookupFieldChange[]): Promise<void> {
  const given = changes.filter((c) => c.value.trim() !== '' && c.value.trim().toUpperCase() !== (c.before ?? '').trim().toUpperCase());
  if (!given.length) return;
  const check = await lookupStatuses(tx, ctx, given);
  const errors: Record<string, string[]> = {};
  for (const c of given) {
    const issue = lookupIssue(check(c.ref, c.value));
    if (issue && !errors[c.field]) errors[c.field] = [issue];
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
}

/**
 * The values of one list that have these codes, retired or not, by code in capitals: for read views that show a
 * code a record holds in the office's words (its label, or an attribute such as a J-1 scholar category's program
 * category). A code the list lacks is absent: the reader shows the code itself. One query, whatever the number.
 */
export async function lookupValuesByCode(
  tx: TTx,
  ctx: TContext,
  key: TLookupKey,
  codes: readonly string[],
): Promise<Map<string, TLookupValueLike>> {
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  const out = new Map<string, TLookupValueLike>();
  if (!wanted.length) return out;
  const listOf = () => tx.select({ id: lookupLists.id }).from(lookupLists).where(eq(lookupLists.key, key));
  let [list] = await listOf();
  if (!list) {
    await ensureLookupCatalog(tx, ctx.institutionId, ctx.today());
    [list] = await listOf();
  }
  if (!list) return out;
  const rows = await tx
    .select(VALUE_COLUMNS)
    .from(lookupValues)
    .where(and(eq(lookupValues.listId, list.id), inArray(sql`upper(${lookupValues.code})`, wanted)));
  for (const r of rows) out.set(r.code.toUpperCase(), r);
  return out;
}
