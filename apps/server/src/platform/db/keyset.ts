import { count, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP, MSG } from '@meridian/domain';
import { fieldError } from '../errors/app-error.js';
import type { TTx } from './database.js';

/**
 * Keyset paging ("seek"): the next page is the rows after the last one shown, in the list's order,
 * found by an index walk that starts there, instead of counting and skipping every row before it.
 * A page ten thousand rows deep costs what the first one does. See
 * docs/decisions/024-lists-page-by-keyset-and-count-to-a-cap.md.
 *
 * A cursor is the sort keys of one row as PostgreSQL prints them (`::text`, so timestamps keep their
 * microseconds), base64url-encoded JSON; the browser never reads it, only hands it back.
 */

/** How a sort key is compared: the SQL type its text is cast back to. */
export type TKeyKind = 'text' | 'int' | 'bigint' | 'timestamptz' | 'date' | 'uuid';

export interface TSeekKey {
  expr: SQL | AnyColumn;
  kind: TKeyKind;
  /** Only the first key may be nullable; its nulls sort as one group (see `nulls`). */
  nullable?: boolean;
}

export interface TSeekOrder {
  /** The sort keys, the last one unique and never null (a tie-breaker such as a number or an id). */
  keys: TSeekKey[];
  order: 'asc' | 'desc';
  /** Where the first key's nulls go in this order (PostgreSQL's default: last ascending, first descending). */
  nulls?: 'first' | 'last';
}

/** What the caller asked for: the rows after one cursor, or before one, or the first page. */
export interface TSeekAt {
  after?: string | undefined;
  before?: string | undefined;
  /** Without a cursor, rows to skip first (a link to page 3): the only walk whose cost grows with depth. */
  offset?: number | undefined;
}

export interface TSeekResult<R> {
  rows: R[];
  /** The cursor of the last row shown, when more rows follow; else null. */
  next: string | null;
  /** The cursor of the first row shown, when rows come before it; else null (the first page). */
  prev: string | null;
}

type TCursorValue = string | null;

export function encodeCursor(values: TCursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

const KIND_CHECK: Record<TKeyKind, RegExp> = {
  text: /^[\s\S]{0,400}$/,
  int: /^-?\d{1,10}$/,
  bigint: /^-?\d{1,19}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/**
 * A cursor read back and checked against the order's keys: a hand-edited or stale one (another sort)
 * is a field error on the parameter that carried it, never a database error.
 */
export function decodeCursor(cursor: string, order: TSeekOrder, field: string): TCursorValue[] {
  const bad = () => fieldError(field, MSG.invalidValue);
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(values) || values.length !== order.keys.length) throw bad();
  values.forEach((v, i) => {
    const key = order.keys[i]!;
    if (v === null) {
      if (i === 0 && key.nullable) return;
      throw bad();
    }
    if (typeof v !== 'string' || !KIND_CHECK[key.kind].test(v)) throw bad();
    // The checks above leave impossible dates and out-of-range numbers; PostgreSQL would refuse them.
    if ((key.kind === 'date' || key.kind === 'timestamptz') && Number.isNaN(Date.parse(v.slice(0, 10)))) throw bad();
    if (key.kind === 'int' && Math.abs(Number(v)) > 2_147_483_647) throw bad();
  });
  return values as TCursorValue[];
}

/** The sort keys of a row, selected as text, named k0, k1, … for the page query's select list. */
export function keyColumns(order: TSeekOrder): Record<string, SQL<string | null>> {
  return Object.fromEntries(order.keys.map((k, i) => [`k${i}`, sql<string | null>`(${k.expr})::text`]));
}

export function cursorOfRow(order: TSeekOrder, row: Record<string, unknown>): string {
  return encodeCursor(order.keys.map((_, i) => (row[`k${i}`] ?? null) as TCursorValue));
}

const cast = (v: string, kind: TKeyKind) => sql`${v}::${sql.raw(kind)}`;

function rowCompare(keys: TSeekKey[], values: string[], op: '<' | '>'): SQL {
  if (keys.length === 1) return sql`${keys[0]!.expr} ${sql.raw(op)} ${cast(values[0]!, keys[0]!.kind)}`;
  // A row comparison, which a b-tree index in the same column order answers as one range.
  const left = sql.join(
    keys.map((k) => sql`${k.expr}`),
    sql`, `,
  );
  const right = sql.join(
    keys.map((k, i) => cast(values[i]!, k.kind)),
    sql`, `,
  );
  return sql`(${left}) ${sql.raw(op)} (${right})`;
}

/**
 * One page by keyset. `fetch` runs the list's own query with the extra condition, the order and the
 * limit given (it adds its filters, selects `keyColumns(order)` beside what it needs, and returns
 * the rows in that order). A nullable first key takes at most two queries: its values, then its nulls.
 */
export async function seekPage<R extends Record<string, unknown>>(
  order: TSeekOrder,
  at: TSeekAt,
  pageSize: number,
  fetch: (cond: SQL | undefined, orderBy: SQL[], limit: number, offset?: number) => Promise<R[]>,
): Promise<TSeekResult<R>> {
  if (!at.after && !at.before && at.offset) {
    const nulls = order.nulls ?? (order.order === 'asc' ? 'last' : 'first');
    const orderBy = order.keys.map((k, i) =>
      i === 0 && k.nullable ? sql`${k.expr} ${sql.raw(order.order)} nulls ${sql.raw(nulls)}` : sql`${k.expr} ${sql.raw(order.order)}`,
    );
    const got = await fetch(undefined, orderBy, pageSize + 1, at.offset);
    const rows = got.slice(0, pageSize);
    return {
      rows,
      next: got.length > pageSize ? cursorOfRow(order, rows[rows.length - 1]!) : null,
      prev: rows.length ? cursorOfRow(order, rows[0]!) : null,
    };
  }
  const backwards = !!at.before && !at.after;
  const cursorText = at.after ?? at.before;
  const cursor = cursorText ? decodeCursor(cursorText, order, at.after ? 'after' : 'before') : null;
  // The direction of the walk: the list's order, or its reverse for the page before a cursor.
  const dir: 'asc' | 'desc' = backwards ? (order.order === 'asc' ? 'desc' : 'asc') : order.order;
  const nullsLastInList = (order.nulls ?? (order.order === 'asc' ? 'last' : 'first')) === 'last';
  const nullsLastInWalk = backwards ? !nullsLastInList : nullsLastInList;
  const op = dir === 'asc' ? '>' : '<';
  // The nullable key keeps its nulls' place in the ORDER BY although a segment holds no nulls: an index
  // built `desc nulls last` serves `desc nulls last` (or its reverse), not `desc` (which means nulls first).
  const nullsInWalk = nullsLastInWalk ? 'nulls last' : 'nulls first';
  const orderBy = (keys: TSeekKey[]) =>
    keys.map((k) => (k.nullable ? sql`${k.expr} ${sql.raw(dir)} ${sql.raw(nullsInWalk)}` : sql`${k.expr} ${sql.raw(dir)}`));

  const first = order.keys[0]!;
  type TSegment = 'values' | 'nulls';
  const segments: TSegment[] = first.nullable ? (nullsLastInWalk ? ['values', 'nulls'] : ['nulls', 'values']) : ['values'];
  const startIn: TSegment = cursor && cursor[0] === null ? 'nulls' : 'values';
  const from = cursor ? segments.indexOf(startIn) : 0;

  const want = pageSize + 1;
  const got: R[] = [];
  for (const segment of segments.slice(from)) {
    const keys = segment === 'nulls' ? order.keys.slice(1) : order.keys;
    const parts: SQL[] = [];
    if (first.nullable) parts.push(segment === 'nulls' ? sql`${first.expr} is null` : sql`${first.expr} is not null`);
    if (cursor && segment === startIn) {
      const values = (segment === 'nulls' ? cursor.slice(1) : cursor) as string[];
      parts.push(rowCompare(keys, values, op));
    }
    const cond = parts.length ? sql.join(parts, sql` and `) : undefined;
    got.push(...(await fetch(cond, orderBy(keys), want - got.length)));
    if (got.length >= want) break;
  }

  const more = got.length > pageSize;
  const rows = got.slice(0, pageSize);
  if (backwards) rows.reverse();
  const firstCursor = rows.length ? cursorOfRow(order, rows[0]!) : null;
  const lastCursor = rows.length ? cursorOfRow(order, rows[rows.length - 1]!) : null;
  if (backwards) return { rows, prev: more ? firstCursor : null, next: lastCursor ?? cursorText ?? null };
  // Walking forwards from a cursor, the rows before it (at least the cursor's own) make a page before.
  return { rows, next: more ? lastCursor : null, prev: cursor ? (firstCursor ?? cursorText ?? null) : null };
}

/**
 * How many rows a list's filter matches, counted up to a cap: an exact figure for any list a person
 * reads through, and "more than" beyond it, so a broad filter costs a bounded walk instead of a count
 * of the whole table on every page.
 */
export async function countUpTo(tx: TTx, matches: PgSelect, cap = LIST_COUNT_CAP): Promise<{ total: number; totalCapped: boolean }> {
  const sub = matches.limit(cap + 1).as('capped');
  const [row] = await tx.select({ n: count() }).from(sub);
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}
