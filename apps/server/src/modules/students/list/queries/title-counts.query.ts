import { sql } from 'drizzle-orm';
import { STUDENT_LIST_TITLES, type TStudentListTitle } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { siteFilter } from '../../student.policy.js';
import { studentProfiles as p, studentTitleCountChanges as c, studentTitleCounts as s } from '../../schema.js';
import { titleCondition } from './list-students.query.js';

/** The stored counts of an institution as one caller reads them (docs/decisions/025). */
export interface TTitleCountsReading {
  /** When the records were counted (the counting statement's start). */
  countedAt: Date;
  /** The office's day (YYYY-MM-DD) the date-bound titles were counted for. */
  countedFor: string;
  /** The database's clock when this reading was taken (the age of the counts is measured on one clock). */
  readAt: Date;
  /** A statement wrote student records, employments or corrections since the count. */
  isChanged: boolean;
  /** Every title of today's catalogue was counted (false after a release added a title). */
  isComplete: boolean;
  /** The sum over the campus sites the caller reaches (and site-less records as the list's reach says). */
  counts: Record<TStudentListTitle, number>;
}

const KEYS = STUDENT_LIST_TITLES.map((t) => t.key);
/** The stored sites, one row each: site (null: records without a site) and counts ({ title: n }). */
const sitesOf = sql`jsonb_to_recordset(${s.sites}) as x(site integer, counts jsonb)`;
const keyArray = sql`array[${sql.join(
  KEYS.map((k) => sql`${k}`),
  sql`, `,
)}]::text[]`;
const complete = sql`not exists (select 1 from ${sitesOf} where not (x.counts ?& ${keyArray}))`;
const changed = (institutionId: string) => sql`exists (select 1 from ${c} where ${c.institutionId} = ${institutionId})`;

/**
 * The institution's stored counts summed over the sites the caller reaches, with the same site filter
 * as the list itself (siteFilter), in one statement; null when none are stored.
 */
export async function readTitleCounts(tx: TTx, actor: TAuthenticatedActor, institutionId: string): Promise<TTitleCountsReading | null> {
  const { rows } = await tx.execute(sql`
    select ${s.countedAt} as counted_at, ${s.countedFor}::text as counted_for, statement_timestamp() as read_at,
           ${changed(institutionId)} as is_changed, ${complete} as is_complete,
           coalesce((select jsonb_agg(x.counts) from ${sitesOf} where ${siteFilter(actor, sql`x.site`)}), '[]'::jsonb) as reached
      from ${s} where ${s.institutionId} = ${institutionId}`);
  const row = rows[0] as
    | { counted_at: Date; counted_for: string; read_at: Date; is_changed: boolean; is_complete: boolean; reached: Record<string, number>[] }
    | undefined;
  if (!row) return null;
  const counts = Object.fromEntries(KEYS.map((k) => [k, 0])) as Record<TStudentListTitle, number>;
  for (const site of row.reached) for (const k of KEYS) counts[k] += Number(site[k] ?? 0);
  return {
    countedAt: new Date(row.counted_at),
    countedFor: row.counted_for,
    readAt: new Date(row.read_at),
    isChanged: row.is_changed,
    isComplete: row.is_complete,
    counts,
  };
}

/** One recount of an institution at a time across all servers: a transaction-scoped advisory lock. */
const lockKey = (institutionId: string) => sql`25025, hashtext(${institutionId})`;

/** Waits for the institution's recount lock (held until the transaction ends). */
export async function lockTitleCounts(tx: TTx, institutionId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(institutionId)})`);
}

/** Takes the recount lock if no other transaction holds it; false when another is recounting. */
export async function tryLockTitleCounts(tx: TTx, institutionId: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(institutionId)}) as got`);
  return (rows[0] as { got: boolean }).got;
}

/** The stored counts' state as the recount sees it, after taking the lock (another server may just have counted). */
export async function titleCountsState(
  tx: TTx,
  institutionId: string,
): Promise<{ countedFor: string; ageMs: number; isChanged: boolean; isComplete: boolean } | null> {
  const { rows } = await tx.execute(sql`
    select ${s.countedFor}::text as counted_for, extract(epoch from statement_timestamp() - ${s.countedAt}) * 1000 as age_ms,
           ${changed(institutionId)} as is_changed, ${complete} as is_complete
      from ${s} where ${s.institutionId} = ${institutionId}`);
  const row = rows[0] as { counted_for: string; age_ms: string; is_changed: boolean; is_complete: boolean } | undefined;
  return row ? { countedFor: row.counted_for, ageMs: Number(row.age_ms), isChanged: row.is_changed, isComplete: row.is_complete } : null;
}

/**
 * Counts every title of every record of the institution by campus site in one pass and stores the result,
 * in ONE statement: the count, the removal of the change marks it saw and the stored row share one
 * snapshot, so a write that committed after the count began keeps its mark and is counted next time.
 */
export async function recountTitles(tx: TTx, institutionId: string, today: string): Promise<void> {
  const pairs = STUDENT_LIST_TITLES.map((t) => sql`${t.key}::text, count(*) filter (where ${titleCondition(t.key, today)})`);
  await tx.execute(sql`
    with counted as (
      select ${p.campusSiteId} as site, jsonb_build_object(${sql.join(pairs, sql`, `)}) as counts
        from ${p} where ${p.institutionId} = ${institutionId} group by ${p.campusSiteId}
    ), seen as (
      delete from ${c} where ${c.institutionId} = ${institutionId}
    )
    insert into ${s} (institution_id, counted_at, counted_for, sites)
    select ${institutionId}, statement_timestamp(), ${today}::date,
           coalesce((select jsonb_agg(jsonb_build_object('site', site, 'counts', counts)) from counted), '[]'::jsonb)
    on conflict (institution_id) do update set counted_at = excluded.counted_at, counted_for = excluded.counted_for, sites = excluded.sites`);
}
