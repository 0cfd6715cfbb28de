import type { TTestApp } from '../app.js';

/**
 * What every factory shares: the owner connection (factories set up state behind the API, so they
 * write as the database owner, past row-level security) and a counter for unique names.
 */
export const owner = (t: TTestApp) => t.database.owner;

let n = 0;
/** A number unique in this test process (names, e-mail addresses, codes). */
export function nextSeq(): number {
  n += 1;
  return n;
}

/** A suffix unique across test processes too (parallel files share one PostgreSQL server). */
export const uniqueSuffix = () => `${process.pid}_${Date.now().toString(36)}_${nextSeq()}`;

/** The one row a lookup or an insert ... returning gave; a missing one is a broken fixture, said loudly. */
export function only<R>(rows: R[], what: string): R {
  const [row] = rows;
  if (row === undefined) throw new Error(`factory: no ${what}`);
  return row;
}

/** ISO date (YYYY-MM-DD) n days from today (UTC), for records whose rules compare with today. */
export const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
