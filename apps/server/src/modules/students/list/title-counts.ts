import type { TStudentListTitle } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TAuthenticatedActor, TContext } from '../../../platform/http/context.js';
import {
  lockTitleCounts,
  readTitleCounts,
  recountTitles,
  titleCountsState,
  tryLockTitleCounts,
  type TTitleCountsReading,
} from './queries/title-counts.query.js';

/**
 * The Student List's title counts, kept per institution (docs/decisions/025). Counting all 24 titles over
 * every record costs a pass over the institution's records (about 150–300 ms at 100 000), so the counts
 * are stored by campus site and each caller gets the sum over the sites they reach:
 *
 * - current (counted for the office's today, no student record, employment or correction written since:
 *   the triggers of migration 0027 mark every such statement) and under a minute old: served as they are;
 * - current but older, or counted for an earlier day: served with their time, and recounted in the
 *   background (isRefreshing), at most one recount per institution at a time on all servers;
 * - none stored, an older catalogue, or a write since: recounted before answering, so whoever just added
 *   a student sees it counted; callers of one server share one recount.
 */
export const TITLE_COUNTS_FRESH_MS = 60_000;

export interface TTitleCounts {
  counts: Record<TStudentListTitle, number>;
  countedAt: Date;
  isRefreshing: boolean;
}

/** Counted for today, every title, nothing written since: the counts equal what the list shows. */
const isCurrent = (r: TTitleCountsReading, today: string) => r.countedFor === today && !r.isChanged && r.isComplete;
const ageOf = (r: TTitleCountsReading) => r.readAt.getTime() - r.countedAt.getTime();

interface TFlight {
  mode: 'inline' | 'background';
  /** This server's clock when the recount began; null while it waits for the one before it. */
  startedAt: number | null;
  done: Promise<void>;
}
/** The latest recount of each institution on this server (earlier ones, if any, run before it). */
const flights = new Map<string, TFlight>();

function startRecount(ctx: TContext, today: string, mode: TFlight['mode']): TFlight {
  const institutionId = ctx.institutionId;
  const before = flights.get(institutionId)?.done.catch(() => {}) ?? Promise.resolve();
  const flight: TFlight = { mode, startedAt: null, done: Promise.resolve() };
  flight.done = before
    .then(async () => {
      flight.startedAt = Date.now();
      await ctx.services.database.tenant(institutionId, async (tx) => {
        if (mode === 'inline') await lockTitleCounts(tx, institutionId);
        // Another server is recounting: its counts will do.
        else if (!(await tryLockTitleCounts(tx, institutionId))) return;
        // Another server may have counted while this one waited for the lock.
        const state = await titleCountsState(tx, institutionId);
        const current = !!state && state.countedFor === today && !state.isChanged && state.isComplete;
        if (current && (mode === 'inline' || state.ageMs < TITLE_COUNTS_FRESH_MS)) return;
        await recountTitles(tx, institutionId, today);
      });
    })
    .finally(() => {
      if (flights.get(institutionId) === flight) flights.delete(institutionId);
    });
  flights.set(institutionId, flight);
  return flight;
}

/** Recounts before answering: joins this server's recount if it began after `since` (or has yet to begin). */
function recountNow(ctx: TContext, today: string, since: number): Promise<void> {
  const current = flights.get(ctx.institutionId);
  if (current?.mode === 'inline' && (current.startedAt === null || current.startedAt >= since)) return current.done;
  return startRecount(ctx, today, 'inline').done;
}

/** Recounts after answering, unless this server is recounting already. A failure waits for the next caller. */
function recountLater(ctx: TContext, today: string): void {
  if (flights.has(ctx.institutionId)) return;
  startRecount(ctx, today, 'background').done.catch(() => {});
}

/** The caller's count of every title, and when it was counted. */
export async function titleCountsFor(ctx: TContext, actor: TAuthenticatedActor, today: string): Promise<TTitleCounts> {
  const since = Date.now();
  const reading = await ctx.db((tx) => readTitleCounts(tx, actor, ctx.institutionId));
  if (reading && reading.isComplete && !reading.isChanged) {
    const isRefreshing = reading.countedFor !== today || ageOf(reading) >= TITLE_COUNTS_FRESH_MS;
    if (isRefreshing) recountLater(ctx, today);
    return { counts: reading.counts, countedAt: reading.countedAt, isRefreshing };
  }
  await recountNow(ctx, today, since);
  const counted = await ctx.db((tx) => readTitleCounts(tx, actor, ctx.institutionId));
  if (!counted) throw new Error('title counts were not stored');
  return { counts: counted.counts, countedAt: counted.countedAt, isRefreshing: false };
}

/**
 * The caller's exact count of one title when the stored counts are current and under a minute old (the
 * list's total without counting its records again); null otherwise, and a recount starts if they are
 * merely old or of an earlier day.
 */
export async function currentTitleTotal(
  ctx: TContext,
  tx: TTx,
  actor: TAuthenticatedActor,
  title: TStudentListTitle,
  today: string,
): Promise<number | null> {
  const reading = await readTitleCounts(tx, actor, ctx.institutionId);
  if (!reading) return null;
  if (isCurrent(reading, today) && ageOf(reading) < TITLE_COUNTS_FRESH_MS) return reading.counts[title];
  if (reading.isComplete && !reading.isChanged) recountLater(ctx, today);
  return null;
}
