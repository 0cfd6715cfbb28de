import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@meridian/domain';
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

/**
 * The demo institutions' today: the calendar day in their time zone (America/Chicago), which is what the
 * server's ctx.today() answers; UTC's day is already tomorrow there from 6 or 7 pm.
 */
export const officeToday = (now: Date = new Date()) => todayIn(DEFAULT_TIME_ZONE, now);

/** ISO date (YYYY-MM-DD) n days from the office's today, for records whose rules compare with today. */
export const daysFromToday = (days: number) => addDays(officeToday(), days);
